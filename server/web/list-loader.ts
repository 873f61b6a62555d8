/**
 * The read step of an admin list loader: the list's query from the URL (`defineList`'s parse never throws: bad
 * values fall back to their defaults), one domain read as the area's admitted user, and a DomainError as the
 * route's error boundary. The loader then shapes what the screen shows (dates as ISO strings, the columns it needs):
 *
 *   export async function loader(args: Route.LoaderArgs) {
 *     const { query, page } = await loadList(args, postList, listPostsForAdmin);
 *     return { query, total: page.total, posts: page.rows.map(…) };
 *   }
 *
 * A screen that reads more than one thing passes a function that reads them together
 * (`(db, actor, query) => Promise.all([…])`). It runs behind an area layout's guard (`areaUser`).
 */
import { areaUser } from "#server/auth/guards.ts";
import type { Database } from "#server/db/client.ts";
import type { Actor } from "#server/domain/actor.ts";
import { throwAsRouteError } from "./respond.ts";
import { actorFor, type RouteArgs, services } from "./route-kit.ts";

export async function loadList<Q, P>(
  { request, context }: RouteArgs,
  list: { parse(params: URLSearchParams): Q },
  read: (db: Database, actor: Actor, query: NoInfer<Q>) => Promise<P>,
): Promise<{ query: Q; page: P }> {
  const query = list.parse(new URL(request.url).searchParams);
  const page = await read(services(context).db, actorFor(areaUser(context), context), query).catch(throwAsRouteError);
  return { query, page };
}
