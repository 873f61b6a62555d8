import { Outlet } from "react-router";
import { AreaNav } from "#app/components/area/area-nav.tsx";
import { ADMIN_NAV } from "#app/components/area/nav-items.ts";
import { adminMiddleware } from "#server/auth/guards.ts";
import type { Route } from "./+types/layout";

/** Every /admin loader and action runs behind the admin guard. */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export default function AdminLayout() {
  return (
    <>
      <AreaNav label="Administration" items={ADMIN_NAV} isAdmin />
      <Outlet />
    </>
  );
}
