/**
 * A small in-memory cache of server-rendered pages for anonymous visitors: server rendering costs ~40x a static
 * response. Only the routes that declare themselves cacheable are cached (`export const pageCache = cacheable(…)`,
 * server/web/page-cache.ts): `policyFor` finds the declaration of the route a URL reaches. Only GET and HEAD without
 * any auth or flash cookie, and only 200 answers that set no cookie. A cacheable page has one URL: another spelling
 * of its path (letter case, escaped letters, a trailing slash; the router takes them all) is redirected to it, never
 * kept apart. The key is the path, the query parameters the route reads (others are ignored), the theme as the page
 * reads it and the encoding. The page without a query is always kept (one entry per theme and encoding); a path
 * keeps at most `maxVariantsPerPath` variants with a query, and expired ones make room, so neither a query, a
 * cookie nor a spelling can churn the cache or keep a page out of it.
 *
 * Each entry carries the change keys of what its page shows and its own `path:/…`. A write that changes something
 * drops every page showing it ({@link PageCache.invalidate}, fed by the writes' own change records); nothing else
 * empties the cache, and entries expire after `ttlMs` (for what changes with the clock alone, such as a post
 * scheduled for later). A page whose render was under way when a write dropped what it shows is served but not
 * kept: it may have read the data before the write committed, and kept it would outlive the write until `ttlMs`.
 * The cache stores the whole response, headers included: a cached page keeps the Content-Security-Policy nonce it
 * was rendered with, so the nonce in its HTML and in its header always match.
 */
import type { MiddlewareHandler } from "hono";
import type { PageCachePolicy } from "../web/page-cache.ts";
import { readTheme } from "../web/theme.ts";
import { negotiateEncoding, recompressBest } from "./compression.ts";

type Entry = { body: ArrayBuffer; headers: [string, string][]; expires: number; tags: Set<string>; path: string };
/** An invalidation, numbered in order; `tags` null: everything was dropped. */
type Drop = { n: number; tags: readonly string[] | null };

/** How many recent invalidations are remembered for the renders under way (an older render is not kept at all). */
const REMEMBERED_DROPS = 256;

/** The declaration of the route a URL reaches, with the route's parameters; null when it declares none. */
export type PolicyFor = (url: URL) => { policy: PageCachePolicy; params: Record<string, string | undefined> } | null;

export type PageCacheOptions = {
  policyFor: PolicyFor;
  ttlMs?: number;
  maxEntries?: number;
  maxVariantsPerPath?: number;
};

export type PageCache = MiddlewareHandler & {
  /** Drops every entry carrying one of these change keys (a coarse key drops every page showing that data). */
  invalidate: (tags: readonly string[]) => number;
  clear: () => void;
  size: () => number;
};

/**
 * How long a page is kept (ADR 008 §5): writes drop what they change at once, so this bounds only what changes with
 * the clock alone, and how long a cached page's CSP nonce is replayed (ADR 004 §6).
 */
export const PAGE_CACHE_TTL_MS = 5 * 60_000;

/** Cookies that make an answer someone's own: any of the auth library's (session, two-factor, …) and the flash. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?(?:better-auth\.[^=]*|pc_flash)=/;

/**
 * The one URL path of a cacheable page: each segment decoded once, in lower case (every cacheable page's address
 * is: slugs, #Codes and territories are written in lower case), escaped again as a URL writes it, without trailing
 * slashes. `/All-Numbers/` and `/all%2Dnumbers` → `/all-numbers`. A malformed escape is left as sent.
 */
export function canonicalPagePath(pathname: string): string {
  const segments = pathname.split("/").map((segment) => {
    try {
      return encodeURIComponent(decodeURIComponent(segment).toLowerCase());
    } catch {
      return segment;
    }
  });
  return segments.join("/").replace(/\/+$/, "") || "/";
}

export function pageCache(opts: PageCacheOptions): PageCache {
  const ttl = opts.ttlMs ?? PAGE_CACHE_TTL_MS;
  const max = opts.maxEntries ?? 500;
  const maxVariants = opts.maxVariantsPerPath ?? 20;
  const entries = new Map<string, Entry>();
  /** The keys of each path's entries with a query (the page itself is never counted). */
  const queried = new Map<string, Set<string>>();
  /** The invalidations so far, and the most recent ones, oldest first. */
  let dropsSoFar = 0;
  const drops: Drop[] = [];
  const dropped = (tags: readonly string[] | null) => {
    drops.push({ n: ++dropsSoFar, tags });
    if (drops.length > REMEMBERED_DROPS) drops.shift();
  };
  /** Whether an invalidation since the `since`-th dropped one of these keys (or everything). */
  const droppedSince = (since: number, tags: Set<string>): boolean => {
    if (dropsSoFar === since) return false;
    if (drops[0]!.n > since + 1) return true;
    return drops.some((d) => d.n > since && (d.tags === null || d.tags.some((t) => tags.has(t))));
  };

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = queried.get(entry.path);
    if (keys?.delete(key) && keys.size === 0) queried.delete(entry.path);
  };
  /** Whether `path` may keep one more variant with a query: its expired ones are dropped to make room first. */
  const roomFor = (path: string, now: number): boolean => {
    const keys = queried.get(path);
    if (!keys || keys.size < maxVariants) return true;
    for (const key of [...keys]) if ((entries.get(key)?.expires ?? 0) <= now) forget(key);
    return (queried.get(path)?.size ?? 0) < maxVariants;
  };

  const mw: MiddlewareHandler = async (c, next) => {
    const req = c.req.raw;
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = new URL(req.url);
    // A client navigation's data (`/page.data?_routes=…`) is answered per route and revalidation, not cached.
    if (url.pathname.endsWith(".data")) return next();
    const found = opts.policyFor(url);
    if (!found) return next();
    // One URL per page, for every visitor: another spelling of the path is sent to the page's own.
    const canonical = canonicalPagePath(url.pathname);
    if (canonical !== url.pathname) {
      return new Response(null, { status: 301, headers: { location: `${canonical}${url.search}` } });
    }
    const cookie = req.headers.get("cookie") ?? "";
    if (PERSONAL_COOKIE.test(cookie)) return next();
    const { policy, params } = found;

    const query = policy.query
      .map((name) => [name, url.searchParams.getAll(name)] as const)
      .filter(([, values]) => values.length > 0)
      .map(([name, values]) => `${name}=${values.map(encodeURIComponent).join(",")}`)
      .join("&");
    // The theme as the page reads it (a signed-out visitor's choice renders into the page); anything else is none.
    const theme = (await readTheme(req)) ?? "";
    // The encoding the compression inside answers with (compression.ts), so an entry is only sent to a client that
    // accepts it.
    const enc = negotiateEncoding(req.headers.get("accept-encoding"));
    const path = url.pathname;
    const key = `${path}?${query}|${theme}|${enc}`;
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      const headers = new Headers(hit.headers);
      headers.set("x-page-cache", "hit");
      // The body may have been recompressed since it was stored: its length is the body's own.
      headers.set("content-length", String(hit.body.byteLength));
      return new Response(req.method === "HEAD" ? null : hit.body, { status: 200, headers });
    }
    if (hit) forget(key);

    const renderedAfter = dropsSoFar;
    await next();
    const res = c.res;
    // A HEAD answer has no body to keep.
    if (req.method !== "GET" || res.status !== 200 || res.headers.has("set-cookie")) return;
    // A path with its query variants used up (and none expired) serves a new one without keeping it: requests that
    // differ only in what a route reads (a search) can neither push the other pages out nor the page itself.
    const now = Date.now();
    if (query !== "" && !roomFor(path, now)) return;
    const body = await res.clone().arrayBuffer();
    const tags = new Set([`path:${path}`, ...policy.keys({ params, url })]);
    c.res = new Response(body, { status: 200, headers: res.headers });
    c.res.headers.set("x-page-cache", "miss");
    // A write that changed what the page shows committed while it rendered: this visitor gets it, no one else.
    if (droppedSince(renderedAfter, tags)) return;
    if (entries.size >= max) forget(entries.keys().next().value!);
    const entry: Entry = { body, headers: [...res.headers.entries()], expires: now + ttl, tags, path };
    forget(key);
    entries.set(key, entry);
    if (query !== "") {
      const keys = queried.get(path) ?? new Set<string>();
      keys.add(key);
      queried.set(path, keys);
    }
    // This visitor got the fast compression; the visitors after get the smallest (unless a write dropped it).
    if (res.headers.get("content-encoding") === "br") {
      recompressBest(body).then(
        (best) => {
          if (entries.get(key) === entry && best.byteLength < entry.body.byteLength) entry.body = best;
        },
        () => {
          // The entry keeps its first compression.
        },
      );
    }
  };

  const invalidate = (tags: readonly string[]): number => {
    dropped(tags);
    let count = 0;
    for (const [key, entry] of entries) {
      if (tags.some((t) => entry.tags.has(t))) {
        forget(key);
        count++;
      }
    }
    return count;
  };
  const clear = () => {
    dropped(null);
    entries.clear();
    queried.clear();
  };
  return Object.assign(mw, { invalidate, clear, size: () => entries.size });
}
