/**
 * The signed-in areas' navigation grouped by the work, as the application shell's sidebar, drawer and command
 * palette show it. The items are those of nav-items.ts (one definition each), placed here by path; an item no group
 * names still shows, under "More", so a new screen is never unreachable.
 */
import { BadgeCheck, type IconComponent } from "#app/components/ui/icons.tsx";
import { ADMIN_NAV, type AreaNavItem, PORTAL_NAV } from "./nav-items.ts";

export type NavGroup = { label: string; items: AreaNavItem[] };

/** Screens of an area that its flat list does not carry, with where they belong. */
const EXTRA: Record<string, { label: string; icon: IconComponent }> = {
  "/admin/licenses": { label: "Licenses", icon: BadgeCheck },
};

const ADMIN_GROUPS: [string, string[]][] = [
  ["Today", ["/admin/dashboard", "/admin/analytics"]],
  ["Sales", ["/admin/reservations", "/admin/licenses", "/admin/contacts", "/admin/lead-disputes"]],
  [
    "Catalog",
    [
      "/admin/territories",
      "/admin/categories",
      "/admin/vanity-numbers",
      "/admin/featured-numbers",
      "/admin/pricing-upload",
    ],
  ],
  ["Customers", ["/admin/users", "/admin/support-tickets"]],
  [
    "Content",
    [
      "/admin/dynamic-pages",
      "/admin/content-approval",
      "/admin/content-editor",
      "/admin/blog",
      "/admin/faq",
      "/admin/support-topics",
      "/admin/newsletter",
    ],
  ],
  ["Billing", ["/admin/billing"]],
  ["System", ["/admin/audit", "/admin/emails", "/admin/jobs", "/admin/assistant-guide"]],
];

const PORTAL_GROUPS: [string, string[]][] = [
  ["Your business", ["/dashboard", "/dashboard/submissions", "/dashboard/page-content"]],
  ["Money and contracts", ["/dashboard/billing", "/dashboard/agreements"]],
  ["Account", ["/dashboard/profile", "/dashboard/support-tickets"]],
];

function grouped(items: readonly AreaNavItem[], groups: [string, string[]][]): NavGroup[] {
  const byPath = new Map(items.map((i) => [i.to, i]));
  for (const [to, extra] of Object.entries(EXTRA)) {
    if (!byPath.has(to) && groups.some(([, paths]) => paths.includes(to))) byPath.set(to, { to, ...extra });
  }
  const placed = new Set<string>();
  const out: NavGroup[] = groups.map(([label, paths]) => ({
    label,
    items: paths.flatMap((p) => {
      const item = byPath.get(p);
      if (!item) return [];
      placed.add(p);
      return [item];
    }),
  }));
  const rest = [...byPath.values()].filter((i) => !placed.has(i.to));
  if (rest.length) out.push({ label: "More", items: rest });
  return out.filter((g) => g.items.length);
}

export const ADMIN_NAV_GROUPS: NavGroup[] = grouped(ADMIN_NAV, ADMIN_GROUPS);
export const PORTAL_NAV_GROUPS: NavGroup[] = grouped(PORTAL_NAV, PORTAL_GROUPS);
