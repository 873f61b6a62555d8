import { CHANGE } from "#server/domain/changes.ts";
import { sitemap } from "#server/domain/seo/sitemap.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/sitemap";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({
  keys: () => [...shows.catalogOverview, CHANGE.blog, CHANGE.supportTopics, CHANGE.landingPages],
});

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function loader({ context }: Route.LoaderArgs) {
  const s = services(context);
  const origin = s.config.publicUrl.replace(/\/+$/, "");
  const entries = await sitemap(s.db);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) =>
        `  <url><loc>${esc(origin + e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified.slice(0, 10)}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
