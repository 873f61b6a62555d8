import { type MouseEvent, useMemo } from "react";
import { Link } from "react-router";
import { formatAreaCodes } from "#app/components/territory-map/format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { ChevronRight } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import { type NumberContext, type TerritoryView, territoryCardHref } from "#kernel/catalogue.ts";
import { formatCents } from "#kernel/format.ts";
import { cardStatus } from "#kernel/territory-status.ts";
import { staggerDelay } from "./format.ts";
import { monthlyFigure } from "./price-story.ts";
import { sortedByName } from "./territory-views.ts";

const LIST_TITLE = "Available States & Portions";
const LIST_LOADING = "Loading Available Territories...";
const LIST_EMPTY = "No territories available at this time.";

export type TerritoryListProps = {
  territories: readonly TerritoryView[];
  context: NumberContext;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onHover?: (id: string | null) => void;
  /** The #Code chosen on vanity and all-numbers pages: each card shows its price, as the detail card does. */
  categoryId?: string | null;
  loading?: boolean;
  /** id of the title, for aria-labelledby. */
  titleId?: string;
};

function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * 'Available States & Portions': one card per territory in name order, each a real link to its page, entering
 * 20 ms apart. A plain click also selects the territory in place.
 */
export function TerritoryList({
  territories,
  context,
  selectedId,
  onSelect,
  onHover,
  categoryId = null,
  loading = false,
  titleId,
}: TerritoryListProps) {
  const ordered = useMemo(() => sortedByName(territories), [territories]);
  return (
    <section aria-labelledby={titleId} className="grid gap-5">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold tracking-tight text-foreground sm:text-2xl">
          {LIST_TITLE}
        </h2>
        {!loading && territories.length > 0 ? (
          <p className="shrink-0 text-sm text-muted-foreground">
            {territories.length} {territories.length === 1 ? "territory" : "territories"}
          </p>
        ) : null}
      </div>

      {loading ? (
        <p
          role="status"
          className="grid min-h-48 place-items-center rounded-2xl border border-dashed border-border bg-subtle px-6 text-sm font-medium text-muted-foreground motion-safe:animate-pulse"
        >
          {LIST_LOADING}
        </p>
      ) : territories.length === 0 ? (
        <p className="grid min-h-48 place-items-center rounded-2xl border border-dashed border-border bg-subtle px-6 text-center text-sm text-muted-foreground">
          {LIST_EMPTY}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {ordered.map((t, i) => {
            const status = cardStatus(t.listStatus);
            const selected = t.id === selectedId;
            const figure = monthlyFigure(t, categoryId);
            return (
              <li
                key={t.id}
                className="motion-safe:animate-fade-up"
                style={{ animationDelay: staggerDelay(i), animationDuration: "450ms" }}
              >
                <Link
                  to={territoryCardHref(t.slug, context)}
                  preventScrollReset
                  state={{ preventScrollReset: true }}
                  aria-current={selected ? "true" : undefined}
                  onClick={(e) => {
                    if (isPlainClick(e)) onSelect(t.id);
                  }}
                  onMouseEnter={() => onHover?.(t.id)}
                  onMouseLeave={() => onHover?.(null)}
                  onFocus={() => onHover?.(t.id)}
                  onBlur={() => onHover?.(null)}
                  className={cn(
                    "group flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs transition-[border-color,box-shadow,transform] duration-150 hover:-translate-y-px hover:border-navy-300 hover:shadow-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring dark:hover:border-navy-500",
                    selected
                      ? "border-gold-400 shadow-card ring-1 ring-gold-400 dark:border-gold-400"
                      : "border-border",
                  )}
                >
                  <span className="min-w-0">
                    <span className="block font-semibold leading-snug text-foreground">{t.name}</span>
                    <span className="mt-1 block truncate text-xs text-muted-foreground">
                      {t.areaCodes.length > 0
                        ? `Area codes ${formatAreaCodes(t.areaCodes, 4)}`
                        : "Area codes on request"}
                    </span>
                  </span>
                  <span className="mt-auto flex items-end justify-between gap-3 border-t border-border/70 pt-3">
                    <span>
                      <span className="block text-[0.7rem] font-medium tracking-wide text-muted-foreground uppercase">
                        {figure.categoryName ? `${figure.categoryName} monthly` : "Base monthly"}
                      </span>
                      <span className="text-base font-bold tracking-tight text-foreground tabular-nums">
                        {formatCents(figure.cents)}/mo
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      <Badge variant={status.badge}>{status.label}</Badge>
                      <ChevronRight
                        className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-accent-text"
                        aria-hidden="true"
                      />
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
