import { Check, Info } from "lucide-react";
import { useId } from "react";
import { cn } from "#app/lib/utils.ts";
import type { CategoryOption, TerritoryView } from "#kernel/catalogue.ts";
import { cardStatus, statusDotClass } from "#kernel/territory-status.ts";
import { CATEGORY_SECTION_ID } from "./card-actions.ts";
import { categoryStatusIn } from "./territory-views.ts";

const CATEGORY_SECTION_TITLE = "Choose a #Code category";

export type CategorySectionProps = {
  categories: readonly CategoryOption[];
  value: string | null;
  onChange: (categoryId: string) => void;
  /** The selected territory: each #Code shows its status there. */
  territory: TerritoryView | null;
  /** 'Please choose a category below for … before reserving.' */
  prompt: string | null;
  className?: string;
};

/**
 * 'Choose a #Code category' (vanity and all-numbers pages): a radio group of the #Codes; the chosen one is what
 * a reservation is for. The reserve action scrolls here (id "category-section") when none is chosen.
 */
export function CategorySection({ categories, value, onChange, territory, prompt, className }: CategorySectionProps) {
  const uid = useId();
  const titleId = `${uid}-title`;
  const descId = `${uid}-desc`;
  const name = `${uid}-category`;

  return (
    <section
      id={CATEGORY_SECTION_ID}
      aria-labelledby={titleId}
      className={cn("scroll-mt-24 rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8", className)}
    >
      <h2 id={titleId} className="text-xl font-bold tracking-tight text-foreground sm:text-2xl">
        {CATEGORY_SECTION_TITLE}
      </h2>
      <p id={descId} className="mt-2 max-w-2xl text-sm leading-relaxed text-muted-foreground sm:text-base">
        Each #Code is licensed separately. Select a territory and each card shows whether that #Code is available there.
      </p>

      <div aria-live="polite" className="min-h-0">
        {prompt ? (
          <p className="mt-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
            <Info className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
            {prompt}
          </p>
        ) : null}
      </div>

      <fieldset aria-describedby={descId} className="mt-6">
        <legend className="sr-only">#Code category</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {categories.map((c) => {
            const checked = c.id === value;
            const status = territory ? cardStatus(categoryStatusIn(territory, c.id)) : null;
            return (
              <label
                key={c.id}
                className={cn(
                  "relative flex cursor-pointer flex-col gap-1.5 rounded-xl border bg-background px-4 py-3.5 transition-[border-color,box-shadow,background-color] duration-150 hover:border-navy-300 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring dark:bg-navy-950/30 dark:hover:border-navy-500",
                  checked
                    ? "border-gold-400 bg-gold-50/60 shadow-card ring-1 ring-gold-400 dark:border-gold-400 dark:bg-gold-900/15"
                    : "border-border",
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={c.id}
                  checked={checked}
                  onChange={() => onChange(c.id)}
                  className="sr-only"
                />
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-base font-bold tracking-tight text-foreground">{c.name}</span>
                  <span
                    aria-hidden="true"
                    className={cn(
                      "grid size-5 shrink-0 place-items-center rounded-full border",
                      checked ? "border-gold-500 bg-accent text-accent-foreground" : "border-input bg-background",
                    )}
                  >
                    {checked ? <Check className="size-3" strokeWidth={3} /> : null}
                  </span>
                </span>
                <span className="flex h-5 items-center gap-1.5 text-xs text-muted-foreground">
                  {status ? (
                    <>
                      <span aria-hidden="true" className={cn("size-2 rounded-full", statusDotClass(status.key))} />
                      <span>
                        <span className="sr-only">{territory?.name}: </span>
                        {status.label}
                      </span>
                    </>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </section>
  );
}
