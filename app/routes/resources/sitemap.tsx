import { sitemapView } from "#server/domain/read-models/catalogue-views.ts";
import { SITEMAP_HEADERS } from "#server/domain/seo/sitemap.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { keptTextResponse } from "#server/web/respond.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/sitemap";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => shows.sitemap });

/** The one urlset while the sitemap fits in one, else the index of its parts (`/sitemap/{n}.xml`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const documents = await sitemapView(db, config.publicUrl, config.sitemapLimits);
  return keptTextResponse(request, { owner: documents, name: "root", text: documents.root }, SITEMAP_HEADERS);
}
