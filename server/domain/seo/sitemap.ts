/**
 * What search engines are told about: every public page a visitor can land on (not sign-in, confirmation or
 * unsubscribe pages), every #Code and vanity number page, every published post and support topic, and every
 * live licensee landing page, with the date each last changed where it is known. Served as one urlset at
 * `/sitemap.xml` while it fits in one under the protocol's limits, else as an index of urlset parts.
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

/**
 * The sitemaps.org protocol's limits on one urlset: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. Past
 * either, `/sitemap.xml` is an index of parts (`/sitemap/1.xml`, `/sitemap/2.xml`, …), each a urlset under both.
 */
export type SitemapLimits = { maxUrls: number; maxBytes: number };
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 };

const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const URLSET_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n`;
const URLSET_TAIL = "</urlset>\n";

/** The protocol's entity escapes, for every data value (URLs included). */
const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const bytes = (s: string) => Buffer.byteLength(s, "utf8");
/** The W3C date of a last change: its day. */
const day = (lastModified: string) => lastModified.slice(0, 10);
const originOf = (publicUrl: string) => publicUrl.replace(/\/+$/, "");

function urlLine(origin: string, e: SitemapEntry): string {
  const lastmod = e.lastModified ? `<lastmod>${day(e.lastModified)}</lastmod>` : "";
  return `  <url><loc>${esc(origin + e.path)}</loc>${lastmod}</url>\n`;
}

/** One urlset of the entries, locs absolute on `publicUrl`. */
export function urlsetXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const origin = originOf(publicUrl);
  return URLSET_HEAD + entries.map((e) => urlLine(origin, e)).join("") + URLSET_TAIL;
}

/**
 * The entries in order, cut into as few urlsets as keep each under both limits: at most `maxUrls` entries and at
 * most `maxBytes` bytes of serialized XML (`urlsetXml` of the part, UTF-8). Always at least one part (empty when
 * there are no entries). Limits too small to hold a single entry are refused: under the protocol's own this cannot
 * happen, since a loc is at most 2,048 characters and one entry's XML a few kilobytes against 50 MB.
 */
export function splitSitemap(
  publicUrl: string,
  entries: readonly SitemapEntry[],
  limits: SitemapLimits = SITEMAP_LIMITS,
): SitemapEntry[][] {
  if (!Number.isInteger(limits.maxUrls) || limits.maxUrls < 1) {
    throw new RangeError(`A sitemap part must hold at least one URL (maxUrls ${limits.maxUrls}).`);
  }
  const origin = originOf(publicUrl);
  const envelope = bytes(URLSET_HEAD) + bytes(URLSET_TAIL);
  const parts: SitemapEntry[][] = [[]];
  let size = envelope;
  for (const e of entries) {
    const line = bytes(urlLine(origin, e));
    if (envelope + line > limits.maxBytes) {
      throw new RangeError(`The sitemap entry ${e.path} alone is larger than ${limits.maxBytes} bytes.`);
    }
    let part = parts[parts.length - 1]!;
    if (part.length >= limits.maxUrls || size + line > limits.maxBytes) {
      part = [];
      parts.push(part);
      size = envelope;
    }
    part.push(e);
    size += line;
  }
  return parts;
}

/** The address of part `n` (from 1) of a sitemap split into parts. */
export function sitemapPartUrl(publicUrl: string, n: number): string {
  return `${originOf(publicUrl)}/sitemap/${n}.xml`;
}

/** The sitemap index of the parts: each part's absolute URL and, when its entries carry any, their newest day. */
export function sitemapIndexXml(publicUrl: string, parts: readonly (readonly SitemapEntry[])[]): string {
  const lines = parts.map((part, i) => {
    const days = part.flatMap((e) => (e.lastModified ? [day(e.lastModified)] : []));
    const newest = days.reduce<string | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);
    const lastmod = newest ? `<lastmod>${newest}</lastmod>` : "";
    return `  <sitemap><loc>${esc(sitemapPartUrl(publicUrl, i + 1))}</loc>${lastmod}</sitemap>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${lines.join("")}</sitemapindex>\n`;
}

/**
 * Every document of the sitemap: `root` is `/sitemap.xml`, the one urlset while every entry fits in one, else the
 * index of its parts; `parts[n - 1]` is `/sitemap/{n}.xml`, none while the sitemap fits in one urlset (one document
 * has one address).
 */
export type SitemapDocuments = { root: string; parts: string[] };

/** The headers of every sitemap document: XML, which crawlers may keep for an hour. */
export const SITEMAP_HEADERS: Record<string, string> = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

export async function sitemapDocuments(
  db: DbOrTx,
  publicUrl: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<SitemapDocuments> {
  const parts = splitSitemap(publicUrl, await sitemap(db), limits);
  if (parts.length === 1) return { root: urlsetXml(publicUrl, parts[0]!), parts: [] };
  return { root: sitemapIndexXml(publicUrl, parts), parts: parts.map((part) => urlsetXml(publicUrl, part)) };
}

/** Part `n` (from 1) of the documents, or null when there is no such part (any `n` but a whole number in range). */
export function sitemapPart(documents: SitemapDocuments, n: number): string | null {
  return (Number.isInteger(n) && n >= 1 && documents.parts[n - 1]) || null;
}
