/**
 * The navigation of the signed-in areas, one definition each: the area layouts render it, and the route-table
 * test checks every entry points at a route of its area. A screen joins its area's list when it is built.
 */
import { LayoutDashboard, type LucideIcon, Mail } from "lucide-react";

export type AreaNavItem = { to: string; label: string; icon: LucideIcon /** Only for admins. */; adminOnly?: boolean };

export const PORTAL_NAV: readonly AreaNavItem[] = [{ to: "/dashboard", label: "Overview", icon: LayoutDashboard }];

export const ADMIN_NAV: readonly AreaNavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/emails", label: "Mailbox", icon: Mail },
];
