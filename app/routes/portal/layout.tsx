import { Outlet } from "react-router";
import { AppShell } from "#app/components/area/app-shell.tsx";
import { type NavGroup, PORTAL_NAV_GROUPS } from "#app/components/area/nav-groups.ts";
import { LayoutDashboard } from "#app/components/ui/icons.tsx";
import type { RouteChrome } from "#app/root.tsx";
import { areaUser, portalMiddleware } from "#server/auth/guards.ts";
import type { Route } from "./+types/layout";

/** Every /dashboard loader and action runs behind the portal guard. */
export const middleware: Route.MiddlewareFunction[] = [portalMiddleware];

/** The portal wears the application shell, not the marketing site's header and footer. */
export const handle: RouteChrome = { chrome: "app" };

export function loader({ context }: Route.LoaderArgs) {
  const { name, email, role } = areaUser(context);
  return { user: { name, email, role }, isAdmin: role === "admin" };
}

/** An administrator in the portal keeps a way back to the admin area. */
const WITH_ADMIN: NavGroup[] = [
  ...PORTAL_NAV_GROUPS,
  { label: "Administration", items: [{ to: "/admin/dashboard", label: "Admin dashboard", icon: LayoutDashboard }] },
];

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell
      label="Your account"
      home="/dashboard"
      groups={loaderData.isAdmin ? WITH_ADMIN : PORTAL_NAV_GROUPS}
      user={loaderData.user}
      search={false}
    >
      <Outlet />
    </AppShell>
  );
}
