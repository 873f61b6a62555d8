/**
 * What a visitor gets while the database is away (server/db/availability.ts): 503 with Retry-After and a short page
 * that says to try again, in place of the 500 "something went wrong" a failed query would otherwise become. Never
 * stored (the page cache keeps only 200s, and the page says `no-store`), and no script to run.
 */
import { databaseFailedSince, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/availability.ts";

export const UNAVAILABLE_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Temporarily unavailable</title><h1>Temporarily unavailable</h1><p>PoundCodes cannot reach its database right now. Please try again in a moment.</p></html>';

const headers = () => ({
  "Retry-After": String(RETRY_AFTER_SECONDS),
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
});

/** The 503 page. */
export function databaseUnavailableResponse(): Response {
  return new Response(UNAVAILABLE_PAGE, {
    status: 503,
    headers: { ...headers(), "Content-Type": "text/html; charset=utf-8" },
  });
}

/** For the app's error handler: the 503 page when `err` means the database is away, else null. */
export function outageAnswer(err: unknown): Response | null {
  return isDatabaseUnavailable(err) ? databaseUnavailableResponse() : null;
}

/**
 * The React Router handler's answer to a request that started at `since` (ms since the epoch): as it is, unless it
 * is a server error and the database failed meanwhile (the route's loader or action met the outage, and the router
 * made it a 500). A document becomes the 503 page. Two keep their body, with the status and Retry-After of an
 * outage: a data request (`.data`, read by the router in the browser, which decodes it into its error boundary), and
 * a page that answered 503 itself (a route that shows a failed read on the page, as the FAQ does).
 */
export function unlessDatabaseFailed(res: Response, since: number, path: string): Response {
  if (res.status < 500 || !databaseFailedSince(since)) return res;
  if (res.status !== 503 && !path.endsWith(".data")) {
    void res.body?.cancel().catch(() => {});
    return databaseUnavailableResponse();
  }
  const answer = new Response(res.body, { status: 503, headers: res.headers });
  for (const [name, value] of Object.entries(headers())) answer.headers.set(name, value);
  return answer;
}
