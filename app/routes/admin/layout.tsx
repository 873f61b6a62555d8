import { Outlet } from "react-router";
import { AppShell } from "#app/components/area/app-shell.tsx";
import { ADMIN_NAV_GROUPS } from "#app/components/area/nav-groups.ts";
import { RowActionsHost } from "#app/components/data-table/row-action-form.tsx";
import type { RouteChrome } from "#app/root.tsx";
import { adminMiddleware, areaUser } from "#server/auth/guards.ts";
import type { Route } from "./+types/layout";

/** Every /admin loader and action runs behind the admin guard. */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

/** The admin area wears the application shell, not the marketing site's header and footer. */
export const handle: RouteChrome = { chrome: "app" };

export function loader({ context }: Route.LoaderArgs) {
  const { name, email, role } = areaUser(context);
  return { user: { name, email, role } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell label="Administration" home="/admin/dashboard" groups={ADMIN_NAV_GROUPS} user={loaderData.user} search>
      <RowActionsHost>
        <Outlet />
      </RowActionsHost>
    </AppShell>
  );
}
