import { Outlet } from "react-router";
import { AreaNav } from "#app/components/area/area-nav.tsx";
import { PORTAL_NAV } from "#app/components/area/nav-items.ts";
import { areaUser, portalMiddleware } from "#server/auth/guards.ts";
import type { Route } from "./+types/layout";

/** Every /dashboard loader and action runs behind the portal guard. */
export const middleware: Route.MiddlewareFunction[] = [portalMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return { isAdmin: areaUser(context).role === "admin" };
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AreaNav label="Your account" items={PORTAL_NAV} isAdmin={loaderData.isAdmin} />
      <Outlet />
    </>
  );
}
