/**
 * A link crawler: from a starting page, fetch every internal page reachable through `<a href>` (as the server
 * renders it) and report any that answers 404 or 5xx, naming the page that linked it. Signed-in variants pass
 * their own request context (with the session cookie) and starting points.
 *
 * Every path is followed, but only the first few query strings of each: a list links every sort of every page of
 * itself, and an admin area with a few hundred wallets, contacts and territories would otherwise be crawled once per
 * combination (908 pages on a fresh database, more with each spec's rows; 324 with six query strings a path) to find the same links again. The sort and
 * page links themselves are the list kit's, tested once in its own tests.
 */
import type { APIRequestContext } from "@playwright/test";

export type Broken = { url: string; status: number; from: string };
export type CrawlResult = { visited: string[]; broken: Broken[] };

/** Paths a crawler must not follow: actions, sign-out, API endpoints and files that are not pages. */
const SKIP = [/^\/api\//, /^\/logout/, /^\/resources\//, /\.(png|jpe?g|gif|svg|webp|pdf|css|js|ico|xml|txt)$/i];

function internalPath(href: string, base: URL): string | null {
  if (!href || href.startsWith("mailto:") || href.startsWith("tel:") || href.startsWith("javascript:")) return null;
  let u: URL;
  try {
    u = new URL(href, base);
  } catch {
    return null;
  }
  if (u.origin !== base.origin) return null;
  const path = `${u.pathname}${u.search}`;
  return SKIP.some((re) => re.test(u.pathname)) ? null : path;
}

const HREF = /<a\b[^>]*?\shref="([^"]*)"/gi;
const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

export async function crawl(
  request: APIRequestContext,
  baseURL: string,
  start: string[],
  opts: { limit?: number; queriesPerPath?: number } = {},
): Promise<CrawlResult> {
  const base = new URL(baseURL);
  const limit = opts.limit ?? 1500;
  const queriesPerPath = opts.queriesPerPath ?? 6;
  const seen = new Map<string, string>(start.map((p) => [p, "(start)"]));
  const queries = new Map<string, number>();
  /** Whether `path` is new and within its pathname's share of query strings; counts it if so. */
  const take = (path: string): boolean => {
    if (seen.has(path)) return false;
    const [pathname, query] = path.split("?", 2) as [string, string | undefined];
    if (query === undefined) return true;
    const n = queries.get(pathname) ?? 0;
    if (n >= queriesPerPath) return false;
    queries.set(pathname, n + 1);
    return true;
  };
  const queue = [...start];
  const visited: string[] = [];
  const broken: Broken[] = [];
  while (queue.length && visited.length < limit) {
    const path = queue.shift()!;
    const res = await request.get(path, { maxRedirects: 5 });
    visited.push(path);
    if (res.status() === 404 || res.status() >= 500) {
      broken.push({ url: path, status: res.status(), from: seen.get(path) ?? "?" });
      continue;
    }
    if (!(res.headers()["content-type"] ?? "").includes("text/html")) continue;
    const html = await res.text();
    for (const m of html.matchAll(HREF)) {
      const next = internalPath(decode(m[1]!), new URL(path, base));
      if (next && take(next)) {
        seen.set(next, path);
        queue.push(next);
      }
    }
  }
  return { visited, broken };
}

/** Every <loc> of the sitemap, as paths; through each part when the sitemap is an index of parts. */
export async function sitemapPaths(request: APIRequestContext, at = "/sitemap.xml"): Promise<string[]> {
  const xml = await (await request.get(at)).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const u = new URL(decode(m[1]!));
    return `${u.pathname}${u.search}`;
  });
  if (!xml.includes("<sitemapindex")) return locs;
  return (await Promise.all(locs.map((part) => sitemapPaths(request, part)))).flat();
}
