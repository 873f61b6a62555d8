import { sitemapView } from "#server/domain/read-models/catalogue-views.ts";
import { SITEMAP_HEADERS, sitemapPart } from "#server/domain/seo/sitemap.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { keptTextResponse } from "#server/web/respond.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/sitemap-part";

/** Cached for anonymous visitors, dropped by the same writes as the sitemap itself (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => shows.sitemap });

const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * `/sitemap/{n}.xml`: one urlset part of a sitemap too large for one (`/sitemap.xml` is then their index). A part
 * that does not exist, any other name included, is 404; while the sitemap fits in one urlset there are no parts.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const n = /^([1-9]\d{0,8})\.xml$/.exec(params.part)?.[1];
  if (!n) return notFound();
  const { db, config } = services(context);
  const documents = await sitemapView(db, config.publicUrl, config.sitemapLimits);
  const text = sitemapPart(documents, Number(n));
  if (text === null) return notFound();
  return keptTextResponse(request, { owner: documents, name: `part ${n}`, text }, SITEMAP_HEADERS);
}
