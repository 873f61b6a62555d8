import { Link, useLocation } from "react-router";
import { cn } from "#app/lib/utils.ts";
import type { AreaNavItem } from "./nav-items.ts";

/**
 * The bar of links under the site header in the portal and the admin area. The current page's link is marked
 * (`aria-current="page"`) from one read of the location, rather than a `NavLink` per item matching it again.
 */
export function AreaNav({ label, items, isAdmin }: { label: string; items: readonly AreaNavItem[]; isAdmin: boolean }) {
  const pathname = useLocation()
    .pathname.replace(/(.)\/+$/, "$1")
    .toLowerCase();
  const visible = items.filter((i) => !i.adminOnly || isAdmin);
  return (
    <nav aria-label={label} className="border-b border-border bg-background/95">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 sm:px-6 lg:px-8">
        {visible.map(({ to, label: text, icon: Icon }) => {
          const current = pathname === to.toLowerCase();
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  current
                    ? "border-gold-500 text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {text}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
