/**
 * What search engines are told about: every public page a visitor can land on (not sign-in, confirmation or
 * unsubscribe pages), every #Code and vanity number page, every published post and support topic, and every
 * live licensee landing page, with the date each last changed where it is known.
 */
import type { DbOrTx } from "#server/db/client.ts";
import { sitemapEntries as catalogueEntries } from "#server/domain/catalogue/sitemap.ts";
import { publishedPostSlugs } from "#server/domain/content/blog.ts";
import { publishedTopicSlugs } from "#server/domain/content/support-topics.ts";
import { listLandingPages } from "#server/domain/landing-pages/landing-pages.ts";

export type SitemapEntry = { path: string; lastModified?: string };

/** Public pages with fixed paths (the home page and the number pages come from the catalogue). */
export const STATIC_PUBLIC_PATHS: readonly string[] = [
  "/products-services",
  "/about",
  "/team",
  "/marketing-agency",
  "/philanthropy",
  "/services",
  "/services/instant-caller-data-enrich",
  "/virtual-pbx-features",
  "/licensing/by-state",
  "/licensing/by-state-category",
  "/licensing/by-state-keyword",
  "/legal/adjunct-marketing-agreement",
  "/terms",
  "/terms-of-use",
  "/disclaimers",
  "/privacy",
  "/contact",
  "/blog",
  "/faq",
  "/support-topics",
];

export async function sitemap(db: DbOrTx): Promise<SitemapEntry[]> {
  const [catalogue, posts, topics, pages] = [
    await catalogueEntries(db),
    await publishedPostSlugs(db),
    await publishedTopicSlugs(db),
    await listLandingPages(db),
  ];
  return [
    ...catalogue.map((path) => ({ path })),
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...posts.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastModified: p.updatedAt })),
    ...topics.map((t) => ({ path: `/support-topics/${encodeURIComponent(t.slug)}`, lastModified: t.updatedAt })),
    ...pages.map((p) => ({ path: p.path, lastModified: p.updatedAt.toISOString() })),
  ];
}
