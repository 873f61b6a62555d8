/**
 * The navigation of the signed-in areas, one definition each: the area layouts render it, and the route-table
 * test checks every entry points at a route of its area. A screen joins its area's list when it is built.
 */
import { History, LayoutDashboard, type LucideIcon, Mail, Upload } from "lucide-react";

export type AreaNavItem = { to: string; label: string; icon: LucideIcon /** Only for admins. */; adminOnly?: boolean };

export const PORTAL_NAV: readonly AreaNavItem[] = [{ to: "/dashboard", label: "Overview", icon: LayoutDashboard }];

export const ADMIN_NAV: readonly AreaNavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/pricing-upload", label: "Pricing Upload", icon: Upload },
  { to: "/admin/audit", label: "Audit Log", icon: History },
  { to: "/admin/emails", label: "Mailbox", icon: Mail },
];
