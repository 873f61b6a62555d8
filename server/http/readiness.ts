/**
 * Readiness, `GET /api/ready`: whether to send this process traffic. `/api/health` is liveness (the process answers;
 * restart it if not) and reads nothing; readiness asks the database for `select 1` and answers 503 while no answer
 * comes within a short time, so a load balancer stops sending requests that would fail, without restarting a
 * process that will recover when the database does.
 *
 * A process that is shutting down (SIGTERM, server/main.ts) answers 503 "draining" at once: the balancer takes it out
 * while it answers what it still has, on connections that stay open until their last answer.
 *
 * One query at a time: a probe arriving while the last one's query is still out (a database that hangs rather than
 * refuses) waits on that same query, so probes never pile up connections or queries.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";

/** How long the database gets to answer `select 1` before the process reports itself not ready. */
export const READY_TIMEOUT_MS = 2_000;

const HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export function readiness(
  db: Pick<Database, "execute">,
  opts: { timeoutMs?: number; isDraining?: () => boolean } = {},
): () => Promise<Response> {
  const timeoutMs = opts.timeoutMs ?? READY_TIMEOUT_MS;
  let pending: Promise<boolean> | undefined;
  const ping = () => {
    pending ??= Promise.resolve()
      .then(() => db.execute(sql`select 1`))
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  return async () => {
    if (opts.isDraining?.()) return Response.json({ status: "draining" }, { status: 503, headers: HEADERS });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const ok = await Promise.race([ping(), late]).finally(() => clearTimeout(timer));
    return ok
      ? Response.json({ status: "ready" }, { headers: HEADERS })
      : Response.json({ status: "unavailable", database: "unreachable" }, { status: 503, headers: HEADERS });
  };
}
