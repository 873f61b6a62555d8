/**
 * A small in-memory cache of server-rendered pages (and listed public JSON) for anonymous visitors (server rendering costs ~40x a static
 * response, STACK-NOTES). Only GET documents without a session or flash cookie are cached, only 200 HTML
 * responses that set no cookie, keyed by URL, theme cookie and encoding. Any accepted write (a non-GET request
 * answered below 400) anywhere in this process empties it, and entries expire after `ttlMs`, which bounds staleness across instances.
 */
import type { MiddlewareHandler } from "hono";

type Entry = { body: ArrayBuffer; headers: [string, string][]; expires: number };

export type PageCacheOptions = {
  ttlMs?: number;
  maxEntries?: number;
  bypass?: (path: string) => boolean;
  /** Public JSON endpoints that may be cached like pages (same rules: anonymous, 200, no cookie set). */
  jsonPaths?: string[];
};

export function pageCache(opts: PageCacheOptions = {}): MiddlewareHandler & { clear: () => void; size: () => number } {
  const ttl = opts.ttlMs ?? 30_000;
  const max = opts.maxEntries ?? 500;
  const entries = new Map<string, Entry>();
  const jsonPaths = opts.jsonPaths ?? [];
  const isJsonPath = (p: string) => jsonPaths.includes(p);

  const mw: MiddlewareHandler = async (c, next) => {
    const req = c.req.raw;
    if (req.method !== "GET" && req.method !== "HEAD") {
      await next();
      // Refused requests (403 cross-site, 413, 429 …) change nothing, so they do not get to empty the cache.
      if (c.res.status < 400) entries.clear();
      return;
    }
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
    const enc = /\bgzip\b/.test(req.headers.get("accept-encoding") ?? "") ? "gzip" : "identity";
    const key = `${url.pathname}${url.search}|${theme}|${enc}`;
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      const headers = new Headers(hit.headers);
      headers.set("x-page-cache", "hit");
      return new Response(req.method === "HEAD" ? null : hit.body, { status: 200, headers });
    }

    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const okType = type.includes("text/html") || (isJsonPath(url.pathname) && type.includes("application/json"));
    if (res.status !== 200 || res.headers.has("set-cookie") || !okType) return;
    const body = await res.clone().arrayBuffer();
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, { body, headers: [...res.headers.entries()], expires: Date.now() + ttl });
    c.res = new Response(body, { status: 200, headers: res.headers });
    c.res.headers.set("x-page-cache", "miss");
  };
  return Object.assign(mw, { clear: () => entries.clear(), size: () => entries.size });
}
