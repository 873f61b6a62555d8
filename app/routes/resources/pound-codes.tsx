import { codePickerPage } from "#server/domain/catalogue/code-picker.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/pound-codes";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => shows.catalogOverview, query: ["q", "page", "territory", "only"] });

/**
 * A page of the all-numbers explorer's #Code picker, as JSON:
 * /resources/pound-codes?q=law&page=2&territory=georgia&only=available. Every parameter is optional; what cannot be
 * read (a page that is not a number, an unknown territory) reads as its default, so a typed URL never fails.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = await codePickerPage(services(context).db, {
    q: params.get("q"),
    page: Number.parseInt(params.get("page") ?? "1", 10),
    territory: params.get("territory"),
    onlyAvailable: params.get("only") === "available",
  });
  return Response.json(page, { headers: { "Cache-Control": "public, max-age=10" } });
}
