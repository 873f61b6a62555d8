import { ConfirmDeleteButton } from "#app/components/data-table/confirm-delete.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Hash, Tags } from "#app/components/ui/icons.tsx";
import { CATEGORY_TEXT, CATEGORY_TYPE_LABELS } from "#kernel/schemas/categories.ts";
import { EditCategoryButton } from "./category-dialog.tsx";
import type { CategoryCardData } from "./types.ts";

function plural(n: number, one: string, other: string) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : other}`;
}

/** The pricing line of a card: the fee percentage of a #Code, the multiplier of a keyword group. */
function pricing(c: CategoryCardData): { label: string; value: string } {
  if (c.categoryType === "standard") {
    return {
      label: "Fee of base",
      value: c.feePercentageOfBase === null ? "Not set" : `${c.feePercentageOfBase.toLocaleString("en-US")}%`,
    };
  }
  return {
    label: "Keyword multiplier",
    value: c.keywordBaseMultiplier === null ? "Not set" : `×${c.keywordBaseMultiplier.toLocaleString("en-US")}`,
  };
}

/** One category in the grid: type, name, slug, description, pricing, territory links, Edit and Delete. */
export function CategoryCard({ category }: { category: CategoryCardData }) {
  const price = pricing(category);
  const Icon = category.categoryType === "standard" ? Hash : Tags;
  return (
    <li className="group flex min-w-0 flex-col rounded-xl border border-border bg-card text-card-foreground shadow-card transition-shadow hover:shadow-lift">
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-navy-950 text-gold-300 dark:bg-navy-800"
            >
              <Icon className="size-5" />
            </span>
            <div className="min-w-0">
              <h3 className="text-lg leading-snug font-semibold tracking-tight break-words">{category.name}</h3>
              <p className="truncate font-mono text-xs text-muted-foreground">/{category.slug}</p>
            </div>
          </div>
          <Badge variant={category.categoryType === "standard" ? "gold" : "secondary"}>
            {category.categoryType === "standard" ? "#Code" : CATEGORY_TYPE_LABELS.keyword_group}
          </Badge>
        </div>
        {category.description ? (
          <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">{category.description}</p>
        ) : (
          <p className="text-sm text-muted-foreground italic">No description.</p>
        )}
        <dl className="mt-auto grid grid-cols-2 gap-3 rounded-lg bg-muted/60 px-4 py-3 text-sm">
          <div>
            <dt className="text-xs font-medium text-muted-foreground">{price.label}</dt>
            <dd className="font-semibold tabular-nums">{price.value}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-muted-foreground">Territory links</dt>
            <dd className="font-semibold tabular-nums">{category.territoryLinks.toLocaleString("en-US")}</dd>
          </div>
        </dl>
      </div>
      <div className="flex items-center justify-end gap-2 border-t border-border px-5 py-3">
        <EditCategoryButton category={category} />
        <ConfirmDeleteButton
          intent="delete-category"
          id={category.id}
          itemName={category.name}
          title={category.inUse ? `${category.name} is in use` : `Delete ${category.name}?`}
          warning={CATEGORY_TEXT.deleteWarning}
          blockedBy={category.inUse ? CATEGORY_TEXT.inUse(category.name, category.inUse) : null}
          detail={
            category.territoryLinks > 0 ? (
              <>
                {plural(category.territoryLinks, "territory link", "territory links")} of {category.name} will be
                removed with it.
              </>
            ) : (
              <>{category.name} has no territory links.</>
            )
          }
        />
      </div>
    </li>
  );
}
