/**
 * A small in-memory cache of server-rendered pages (and listed public JSON) for anonymous visitors: server
 * rendering costs ~40x a static response. Only GET documents without a session or flash cookie are cached, only
 * 200 responses that set no cookie, keyed by URL, theme cookie and encoding. Entries expire after `ttlMs`, which
 * bounds the staleness of writes that signal nothing (background jobs); writes in other processes on the same
 * PostgreSQL arrive through the shared signal (cache-signal.ts).
 *
 * Each entry carries tags: what public data the page shows (`tagsFor`: coarse tags such as "catalogue" and
 * "content", and finer keys such as "territory:georgia" or "number:4law") and its own `path:/…`. A write that
 * changes public data invalidates by what it changed ({@link PageCache.invalidate}); nothing else empties the
 * cache, so an anonymous POST (sign-in, theme, a refused form) cannot be used to keep it cold. The cache stores the whole response, headers included: a cached page keeps the Content-Security-Policy nonce it
 * was rendered with, so the nonce in its HTML and in its header always match.
 */
import type { MiddlewareHandler } from "hono";
import { negotiateEncoding, recompressBest } from "./compression.ts";

type Entry = { body: ArrayBuffer; headers: [string, string][]; expires: number; tags: Set<string> };

export type PageCacheOptions = {
  ttlMs?: number;
  maxEntries?: number;
  bypass?: (path: string) => boolean;
  /** Public JSON endpoints that may be cached like pages (same rules: anonymous, 200, no cookie set). */
  jsonPaths?: string[];
  /**
   * The public data a page shows, as tags and keys (`PUBLIC_TAGS`, `PUBLIC_KEYS`); every entry is also tagged
   * `path:<pathname>`.
   */
  tagsFor?: (path: string, url: URL) => readonly string[];
};

export type PageCache = MiddlewareHandler & {
  /** Drops every entry carrying one of these tags or keys (a coarse tag drops every page showing that data). */
  invalidate: (tags: readonly string[]) => number;
  clear: () => void;
  size: () => number;
};

export function pageCache(opts: PageCacheOptions = {}): PageCache {
  // Every write that changes public data invalidates what it changed: the TTL only bounds what changes with the clock
  // alone (a post scheduled for later), so it is long enough for a popular page to be rendered once per change.
  const ttl = opts.ttlMs ?? 5 * 60_000;
  const max = opts.maxEntries ?? 500;
  const entries = new Map<string, Entry>();
  const jsonPaths = opts.jsonPaths ?? [];
  const isJsonPath = (p: string) => jsonPaths.includes(p);

  const mw: MiddlewareHandler = async (c, next) => {
    const req = c.req.raw;
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = new URL(req.url);
    const cookie = req.headers.get("cookie") ?? "";
    const cacheable =
      !cookie.includes("session_token") &&
      !cookie.includes("pc_flash=") &&
      !url.pathname.startsWith("/api/") &&
      !url.pathname.startsWith("/assets/") &&
      !(opts.bypass?.(url.pathname) ?? false) &&
      ((req.headers.get("accept") ?? "").includes("text/html") || isJsonPath(url.pathname));
    if (!cacheable) return next();

    const theme = /(?:^|;\s*)pc_theme=([^;]*)/.exec(cookie)?.[1] ?? "";
    // The encoding the compression inside answers with (compression.ts), so an entry is only sent to a client that
    // accepts it.
    const enc = negotiateEncoding(req.headers.get("accept-encoding"));
    const key = `${url.pathname}${url.search}|${theme}|${enc}`;
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      const headers = new Headers(hit.headers);
      headers.set("x-page-cache", "hit");
      // The body may have been recompressed since it was stored: its length is the body's own.
      headers.set("content-length", String(hit.body.byteLength));
      return new Response(req.method === "HEAD" ? null : hit.body, { status: 200, headers });
    }

    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const okType = type.includes("text/html") || (isJsonPath(url.pathname) && type.includes("application/json"));
    if (res.status !== 200 || res.headers.has("set-cookie") || !okType) return;
    const body = await res.clone().arrayBuffer();
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    const tags = new Set([`path:${url.pathname}`, ...(opts.tagsFor?.(url.pathname, url) ?? [])]);
    const entry: Entry = { body, headers: [...res.headers.entries()], expires: Date.now() + ttl, tags };
    entries.set(key, entry);
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
        entries.delete(key);
        dropped++;
      }
    }
    return dropped;
  };
  return Object.assign(mw, { invalidate, clear: () => entries.clear(), size: () => entries.size });
}
