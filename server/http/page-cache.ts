/**
 * A small in-memory cache of server-rendered pages for anonymous visitors: server rendering costs ~40x a static
 * response. Only the routes that declare themselves cacheable are cached (`export const pageCache = cacheable(…)`,
 * server/web/page-cache.ts): `policyFor` finds the declaration of the route a URL reaches. Only GET and HEAD without
 * any auth or flash cookie, and only 200 answers that set no cookie. The key is the path, the query parameters the
 * route reads (others are ignored), the theme and the encoding; a path keeps at most `maxVariantsPerPath` variants,
 * so neither a query nor a cookie can churn the cache.
 *
 * Each entry carries the change keys of what its page shows and its own `path:/…`. A write that changes something
 * drops every page showing it ({@link PageCache.invalidate}, fed by the writes' own change records); nothing else
 * empties the cache, and entries expire after `ttlMs` (for what changes with the clock alone, such as a post
 * scheduled for later). The cache stores the whole response, headers included: a cached page keeps the
 * Content-Security-Policy nonce it was rendered with, so the nonce in its HTML and in its header always match.
 */
import type { MiddlewareHandler } from "hono";
import type { PageCachePolicy } from "../web/page-cache.ts";
import { readTheme } from "../web/theme.ts";
import { negotiateEncoding, recompressBest } from "./compression.ts";

type Entry = { body: ArrayBuffer; headers: [string, string][]; expires: number; tags: Set<string>; path: string };

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

/** Cookies that make an answer someone's own: any of the auth library's (session, two-factor, …) and the flash. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?(?:better-auth\.[^=]*|pc_flash)=/;

export function pageCache(opts: PageCacheOptions): PageCache {
  const ttl = opts.ttlMs ?? 5 * 60_000;
  const max = opts.maxEntries ?? 500;
  const maxVariants = opts.maxVariantsPerPath ?? 20;
  const entries = new Map<string, Entry>();
  const variants = new Map<string, number>();

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const n = (variants.get(entry.path) ?? 1) - 1;
    if (n > 0) variants.set(entry.path, n);
    else variants.delete(entry.path);
  };

  const mw: MiddlewareHandler = async (c, next) => {
    const req = c.req.raw;
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const cookie = req.headers.get("cookie") ?? "";
    if (PERSONAL_COOKIE.test(cookie)) return next();
    const url = new URL(req.url);
    // A client navigation's data (`/page.data?_routes=…`) is answered per route and revalidation, not cached.
    if (url.pathname.endsWith(".data")) return next();
    const found = opts.policyFor(url);
    if (!found) return next();
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

    await next();
    const res = c.res;
    // A HEAD answer has no body to keep.
    if (req.method !== "GET" || res.status !== 200 || res.headers.has("set-cookie")) return;
    // A path with its variants used up is served, not stored: requests that differ only in what a route reads
    // (a search) cannot push the other pages out.
    if ((variants.get(path) ?? 0) >= maxVariants) return;
    const body = await res.clone().arrayBuffer();
    if (entries.size >= max) forget(entries.keys().next().value!);
    const tags = new Set([`path:${path}`, ...policy.keys({ params, url })]);
    const entry: Entry = { body, headers: [...res.headers.entries()], expires: Date.now() + ttl, tags, path };
    entries.set(key, entry);
    variants.set(path, (variants.get(path) ?? 0) + 1);
    c.res = new Response(body, { status: 200, headers: res.headers });
    c.res.headers.set("x-page-cache", "miss");
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
    let dropped = 0;
    for (const [key, entry] of entries) {
      if (tags.some((t) => entry.tags.has(t))) {
        forget(key);
        dropped++;
      }
    }
    return dropped;
  };
  const clear = () => {
    entries.clear();
    variants.clear();
  };
  return Object.assign(mw, { invalidate, clear, size: () => entries.size });
}
