/**
 * /admin/search?q=: what the command palette finds by name (server/domain/admin/search.ts), as data for its fetcher.
 * Behind the admin layout's guard like every admin route; GET only, it changes nothing.
 */
import { areaUser } from "#server/auth/guards.ts";
import { searchRecords } from "#server/domain/admin/search.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const hits = await searchRecords(services(context).db, actorFor(areaUser(context), context), q).catch(
    throwAsRouteError,
  );
  return { q, hits };
}
