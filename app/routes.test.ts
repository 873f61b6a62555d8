/**
 * The route table keeps the signed-in areas closed: every /dashboard route hangs under the portal layout and
 * every /admin route under the admin layout, whose middleware runs the area's guard for every child loader and
 * action. A route added beside its layout fails here. The areas' navigation points only at routes of its area.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { adminMiddleware, portalMiddleware } from "#server/auth/guards.ts";
import { ADMIN_NAV, PORTAL_NAV } from "./components/area/nav-items.ts";
import * as adminLayout from "./routes/admin/layout.tsx";
import * as portalLayout from "./routes/portal/layout.tsx";
import routes from "./routes.ts";

type Flat = { path: string; file: string; layouts: string[] };

function flatten(entries: RouteConfigEntry[], base = "", layouts: string[] = []): Flat[] {
  return entries.flatMap((e) => {
    const path = [base, e.path ?? ""].filter(Boolean).join("/");
    const isLayout = !e.path && !e.index && e.children?.length;
    const here = isLayout ? [...layouts, e.file] : layouts;
    const self = isLayout ? [] : [{ path: `/${path}`, file: e.file, layouts: here }];
    return [...self, ...flatten(e.children ?? [], path, here)];
  });
}

const all = flatten(routes);
const AREAS = [
  { prefix: "/dashboard", layout: "routes/portal/layout.tsx", folder: "routes/portal/", nav: PORTAL_NAV },
  { prefix: "/admin", layout: "routes/admin/layout.tsx", folder: "routes/admin/", nav: ADMIN_NAV },
] as const;

describe("the route table", () => {
  it("has routes in each area (the walk found them)", () => {
    for (const area of AREAS) expect(all.filter((r) => r.path.startsWith(area.prefix)).length).toBeGreaterThan(1);
  });

  for (const area of AREAS) {
    it(`puts every ${area.prefix} route, and every module of ${area.folder}, under ${area.layout}`, () => {
      const inArea = all.filter(
        (r) => r.path === area.prefix || r.path.startsWith(`${area.prefix}/`) || r.file.startsWith(area.folder),
      );
      const outside = inArea.filter((r) => !r.layouts.includes(area.layout)).map((r) => `${r.path} (${r.file})`);
      expect(outside).toEqual([]);
    });

    it(`answers unknown ${area.prefix} paths inside the area (guard first, then 404)`, () => {
      const splat = all.find((r) => r.path === `${area.prefix}/*`);
      expect(splat?.layouts).toContain(area.layout);
    });

    it(`links the ${area.prefix} navigation only to routes of the area`, () => {
      for (const item of area.nav) {
        const target = all.find((r) => r.path === item.to);
        expect(target, item.to).toBeDefined();
        expect(target!.layouts, item.to).toContain(area.layout);
      }
    });
  }

  it("runs the portal guard and the admin guard in the layouts' middleware", () => {
    expect(portalLayout.middleware).toContain(portalMiddleware);
    expect(adminLayout.middleware).toContain(adminMiddleware);
  });
});
