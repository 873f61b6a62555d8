import { NavLink } from "react-router";
import { cn } from "#app/lib/utils.ts";
import type { AreaNavItem } from "./nav-items.ts";

/** The bar of links under the site header in the portal and the admin area. */
export function AreaNav({ label, items, isAdmin }: { label: string; items: readonly AreaNavItem[]; isAdmin: boolean }) {
  const visible = items.filter((i) => !i.adminOnly || isAdmin);
  return (
    <nav aria-label={label} className="border-b border-border bg-background/95">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 sm:px-6 lg:px-8">
        {visible.map(({ to, label: text, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  isActive
                    ? "border-gold-500 text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {text}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
