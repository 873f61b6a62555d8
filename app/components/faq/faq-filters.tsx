import { Link } from "react-router";
import { cn } from "#app/lib/utils.ts";
import { FAQ_TEXT, faqHref } from "#kernel/content.ts";

/** The category filter: one link per category (plus All), so filtering is a plain page load without JavaScript. */
export function FaqFilters({ categories, selected }: { categories: string[]; selected: string | null }) {
  const options: { label: string; value: string | null }[] = [
    { label: FAQ_TEXT.allCategories, value: null },
    ...categories.map((c) => ({ label: c, value: c })),
  ];
  return (
    <nav aria-label={FAQ_TEXT.filterLabel}>
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => {
          const active = o.value === selected;
          return (
            <li key={o.label}>
              <Link
                to={faqHref(o.value)}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  active
                    ? "border-primary bg-primary text-primary-foreground shadow-sm"
                    : "border-border bg-card text-foreground hover:border-gold-300 hover:bg-muted dark:hover:border-gold-600",
                )}
              >
                {o.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
