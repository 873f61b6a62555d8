import { sitemapView } from "#server/domain/read-models/catalogue-views.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/sitemap";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({ keys: () => shows.sitemap });

/** The one urlset while the sitemap fits in one, else the index of its parts (`/sitemap/{n}.xml`). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const body = (await sitemapView(db, config.publicUrl, config.sitemapLimits)).root;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
