/**
 * Load shedding: a bound on the requests one server process works on at once (MAX_IN_FLIGHT). One process renders
 * on one core, so past what it can serve, more requests at once only make each wait longer: at 25 times the load a
 * machine serves, p99 rose 25 times, to 4–7 s, and a proxy with a 5 s timeout would have failed those requests late.
 * Past the bound the process answers 503 at once (`Retry-After`, a short page, `Cache-Control: no-store`), so a
 * client or a proxy can retry elsewhere or later while the requests already admitted finish in time.
 *
 * The bound sits inside the page cache: a page the cache answers costs no rendering and is never refused. Build
 * assets (`/assets/…`) are exempt too: they are files, and a page admitted without its scripts and styles would be
 * broken. A request counts from when it passes the cache until its answer is ready (pages are compressed whole,
 * so rendered); health, readiness and metrics answer before any of this.
 */
import type { Context, MiddlewareHandler } from "hono";

/** What a refused client is told to wait, in seconds. */
export const SHED_RETRY_AFTER_SECONDS = 2;

const SHED_PAGE =
  "<!doctype html><title>Too busy</title><h1>Too busy right now</h1><p>Please try again in a moment.</p>";

export type LoadSheddingOptions = {
  /** Requests worked on at once; 0 for no limit. */
  limit: number;
  /** Requests that neither count nor are ever refused. */
  exempt?: (c: Context) => boolean;
};

export type LoadShedding = MiddlewareHandler & {
  readonly limit: number;
  /** Requests being worked on now. */
  inFlight: () => number;
  /** Requests refused since the process started. */
  shed: () => number;
};

/** The answer to a request over the limit: fast, short, never stored, with no script to run. */
export function overloadedResponse(): Response {
  return new Response(SHED_PAGE, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(SHED_RETRY_AFTER_SECONDS),
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}

export function loadShedding({ limit, exempt }: LoadSheddingOptions): LoadShedding {
  let inFlight = 0;
  let shed = 0;
  const mw: MiddlewareHandler = async (c, next) => {
    if (exempt?.(c)) return next();
    if (limit > 0 && inFlight >= limit) {
      shed++;
      return overloadedResponse();
    }
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };
  return Object.assign(mw, { limit, inFlight: () => inFlight, shed: () => shed });
}
