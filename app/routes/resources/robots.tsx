import { cacheable } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/robots";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable();

/** Only the production site is open to crawlers; every other deployment asks them to stay out entirely. */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl, isProduction } = services(context).config;
  const rules = isProduction
    ? [
        "Disallow: /dashboard",
        "Disallow: /admin",
        "Disallow: /api/",
        "Disallow: /resources/",
        "Disallow: /reservations/",
        "Disallow: /newsletter/",
      ]
    : ["Disallow: /", "Disallow: /dashboard", "Disallow: /admin"];
  const body = ["User-agent: *", ...rules, `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
