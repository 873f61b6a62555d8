/**
 * What every request passes at the edge, before any route sees it: the client's address (from the socket, or from
 * X-Forwarded-For as far as the configured proxies vouch for it), internal headers set from the connection only,
 * input no route can accept (NUL, malformed escapes) refused with 400, cross-site writes refused with 403, and the
 * response headers that depend on the request: the Content-Security-Policy nonce and no-store for signed-in pages.
 */
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import type { Context, MiddlewareHandler } from "hono";

/** Headers only the server may set; any a client sends are dropped. */
export const INTERNAL_HEADER_PREFIX = "x-poundcodes-";

/**
 * The one form of a URL path the edge's rules match, so that every spelling the router takes for one route meets
 * the same rule: each segment decoded once (an encoded slash stays one, as the router keeps it), lower case (routes
 * match in any letter case), without trailing slashes (the router ignores them). `/Resources/%74heme/` →
 * `/resources/theme`. A malformed escape leaves its segment as sent (the edge answers such a path 400 anyway).
 *
 * Rules that restrict (rate limits, no-store, body limits) match this form; an exemption from a rule (the signed
 * webhooks) matches only the exact path its own route answers, so another spelling is never exempt.
 */
export function canonicalPath(pathname: string): string {
  const segments = pathname.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment).replaceAll("/", "%2F");
    } catch {
      return segment;
    }
  });
  const path = segments.join("/").toLowerCase().replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

/**
 * The client's address. Each trusted proxy appends the address it received the request from to X-Forwarded-For,
 * so with `hops` trusted proxies the client is the entry `hops` places from the right; everything left of it was
 * written by the client and proves nothing. With fewer entries than hops the leftmost one is taken; a value that
 * is not an IP address falls back to the socket's.
 */
export function clientAddress(forwardedFor: string | undefined, socketAddress: string, hops: number): string {
  if (hops <= 0 || !forwardedFor) return socketAddress;
  const entries = forwardedFor
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return socketAddress;
  const candidate = entries[Math.max(0, entries.length - hops)]!;
  return isIP(candidate) ? candidate : socketAddress;
}

/**
 * Removes every internal header the client sent and sets `set` (e.g. the client address) from what the server
 * determined. The request is rebuilt only when something changes.
 */
export function internalHeaders(set: (c: Context) => Record<string, string>): MiddlewareHandler {
  return async (c, next) => {
    const wanted = set(c);
    const incoming = c.req.raw.headers;
    let changed = false;
    for (const name of incoming.keys()) if (name.startsWith(INTERNAL_HEADER_PREFIX)) changed = true;
    for (const [name, value] of Object.entries(wanted)) if (incoming.get(name) !== value) changed = true;
    if (changed) {
      const headers = new Headers();
      for (const [name, value] of incoming) if (!name.startsWith(INTERNAL_HEADER_PREFIX)) headers.append(name, value);
      for (const [name, value] of Object.entries(wanted)) headers.set(name, value);
      c.req.raw = new Request(c.req.raw, { headers });
    }
    await next();
  };
}

const badRequest = (c: Context) => c.text("Bad Request", 400, { "Cache-Control": "no-store" });

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v, depth + 1));
}

/**
 * A NUL can never be valid input here (PostgreSQL refuses it in text), and a path with a malformed escape names
 * no page: both answer 400 once, here, for every request: the path (decoded once, as the router decodes it),
 * the query, and urlencoded, multipart text, JSON and plain-text bodies. Requests under `skipBodies` (signed
 * webhooks, which must see their raw body untouched) have their bodies left alone.
 */
export function rejectBadInput(opts: { skipBodies?: (path: string) => boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return badRequest(c);
    }
    if (path.includes("\u0000")) return badRequest(c);
    for (const [k, v] of url.searchParams) if (k.includes("\u0000") || v.includes("\u0000")) return badRequest(c);

    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || !c.req.raw.body || opts.skipBodies?.(url.pathname)) return next();
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (type.startsWith("multipart/form-data")) {
      let form: FormData | undefined;
      try {
        form = await c.req.raw.clone().formData();
      } catch {
        // malformed: the route reads it as an empty form
      }
      if (form) {
        for (const [k, v] of form)
          if (k.includes("\u0000") || (typeof v === "string" && v.includes("\u0000"))) {
            return badRequest(c);
          }
      }
      return next();
    }
    const textual =
      type === "" ||
      type.startsWith("application/x-www-form-urlencoded") ||
      type.startsWith("text/") ||
      /^application\/([\w.+-]*\+)?json\b/.test(type);
    if (!textual) return next();
    const text = await c.req.raw.clone().text();
    if (text.includes("\u0000")) return badRequest(c);
    if (type.startsWith("application/x-www-form-urlencoded") || type === "") {
      for (const [k, v] of new URLSearchParams(text))
        if (k.includes("\u0000") || v.includes("\u0000")) {
          return badRequest(c);
        }
    } else if (type.includes("json") && text.includes("\\u0000")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return next(); // not JSON: the endpoint answers its own 400
      }
      if (hasNul(parsed)) return badRequest(c);
    }
    return next();
  };
}

/**
 * Every write must come from this site: a request that is not GET/HEAD/OPTIONS and names another origin (Origin)
 * or says it is cross-site (Sec-Fetch-Site) is refused, whatever its content type, so a JSON or plain-text POST
 * cannot sign a visitor out or act for them. Requests with neither header do not come from a browser, which
 * always sends one of them on a write, so they carry no visitor's cookies to abuse. Only the paths `exempt`
 * names (signed webhooks, which are cross-site by design and prove themselves by signature) skip the check.
 */
export function sameOriginWrites(opts: {
  trustedOrigins: readonly string[];
  exempt: (path: string) => boolean;
}): MiddlewareHandler {
  const trusted = new Set(opts.trustedOrigins);
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS" || opts.exempt(c.req.path)) return next();
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      if (origin === new URL(c.req.url).origin || trusted.has(origin)) return next();
      return c.text("Forbidden", 403, { "Cache-Control": "no-store" });
    }
    const site = c.req.header("sec-fetch-site");
    if (site !== undefined && site !== "same-origin" && site !== "none") {
      return c.text("Forbidden", 403, { "Cache-Control": "no-store" });
    }
    return next();
  };
}

/**
 * Pages for a signed-in visitor are nobody else's: signed-in areas (`isPrivate`, matched on the request's
 * {@link canonicalPath}), any request carrying a session and any response setting one get
 * `Cache-Control: private, no-store`, so no shared cache or back button keeps them. Static files (`isStatic`) keep
 * their own caching.
 */
export function privateWhenSignedIn(opts: {
  isPrivate: (c: Context) => boolean;
  isStatic: (c: Context) => boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (opts.isStatic(c)) return;
    const session =
      opts.isPrivate(c) ||
      (c.req.header("cookie") ?? "").includes("session_token") ||
      (c.res.headers.get("set-cookie") ?? "").includes("session_token");
    if (session) c.res.headers.set("Cache-Control", "private, no-store");
  };
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The Content-Security-Policy for a response whose inline scripts carry `nonce`. */
export function contentSecurityPolicy(
  nonce: string,
  opts: { https: boolean; formTargets?: readonly string[] },
): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React and Radix set style attributes and the toast library adds a <style> element at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${(opts.formTargets ?? []).map((t) => ` ${t}`).join("")}`,
    "frame-ancestors 'none'",
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/**
 * A fresh nonce per request (`c.get("cspNonce")`, handed to the renderer) and the policy that names it, unless the
 * response already has one (a cached page keeps the policy it was rendered with). `reportOnly` sends it as
 * Content-Security-Policy-Report-Only (development: Vite's client must run).
 */
export function cspNonce(opts: {
  https: boolean;
  reportOnly?: boolean;
  formTargets?: readonly string[];
}): MiddlewareHandler<{ Variables: { cspNonce: string } }> {
  const header = opts.reportOnly ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    await next();
    if (!c.res.headers.has(header)) c.res.headers.set(header, contentSecurityPolicy(nonce, opts));
  };
}
