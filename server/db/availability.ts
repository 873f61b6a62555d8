/**
 * The database may come and go (a restart, a crash, a failover, maintenance): what the server does about it
 * (docs/decisions, "the database may come and go").
 *
 * - {@link isDatabaseUnavailable} tells an error that means "the database cannot be reached right now" (refused or
 *   dropped connections, a server shutting down or starting up) from a failed query: the first is answered 503 with
 *   Retry-After and retried, the second is a bug or a refusal like any other.
 * - {@link watchAvailability} hears every pooled connection's errors, the checked-out ones included (an 'error' event
 *   nobody listens to would end the process), and records when the database last failed, which the HTTP app reads
 *   ({@link databaseFailedSince}) to answer 503 rather than 500 for a request the outage broke. It logs once when the
 *   database goes away and once when it is back.
 * - {@link retryWhileUnavailable} is how start-up waits for the database, with backoff, saying so in the log.
 * - {@link DATABASE_UNAVAILABLE_EXIT_CODE} is the exit code of a process that lost the database during start-up: the
 *   supervisor (server/cluster.ts) starts another after a delay and does not count it as a crash.
 */
import type pg from "pg";
import type { Logger } from "../logger.ts";

/** EX_TEMPFAIL (sysexits.h): "try again later". */
export const DATABASE_UNAVAILABLE_EXIT_CODE = 75;

/** What a 503 answered during an outage tells clients to wait (seconds). */
export const RETRY_AFTER_SECONDS = 5;

/** Node's socket errors that mean the server is not there (or not reachable) now. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 57P01 admin_shutdown (a fast
 * shutdown terminates every session), 57P02 crash_shutdown, 57P03 cannot_connect_now (shutting down, starting up,
 * recovering), 53300 too_many_connections.
 */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres's and pg-pool's own messages for a connection that is gone or could not be made. */
const MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

/** Whether `err` (or what it wraps: Drizzle's query errors keep the driver's as their cause) means the database is away. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 8; depth++) {
    const { code, message, errors, cause } = e as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08")))
      return true;
    if (typeof message === "string" && MESSAGES.some((m) => message.startsWith(m))) return true;
    // A connection to a host name with several addresses fails with every address's error.
    if (Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable)) return true;
    e = cause;
  }
  return false;
}

/** When this process last saw the database fail (ms since the epoch); 0: never. */
let lastFailureAt = 0;
let down = false;

/** Whether the database failed at or after `since` (ms since the epoch): a request that started then may have met it. */
export function databaseFailedSince(since: number): boolean {
  return lastFailureAt >= since;
}

/** Records that the database could not be reached (and logs the first time of an outage). */
export function noteDatabaseUnavailable(err: unknown, logger?: Pick<Logger, "warn">): void {
  lastFailureAt = Date.now();
  if (down) return;
  down = true;
  logger?.warn({ err: describe(err) }, "the database is unavailable: answering 503 until it is back");
}

function noteDatabaseAvailable(logger?: Pick<Logger, "info">): void {
  if (!down) return;
  down = false;
  logger?.info("the database is available again");
}

/** The parts of a connection error worth a log line (its code and message, without a stack per failure). */
function describe(err: unknown): { code?: string; message?: string } {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  return {
    ...(typeof e?.code === "string" ? { code: e.code } : {}),
    ...(typeof e?.message === "string" ? { message: e.message } : {}),
  };
}

/**
 * Listens to every connection of `pool`: an idle one that drops is the pool's ('error' on the pool), a checked-out
 * one's is heard here ('error' on the client, which nothing else listens to between its queries: unheard, it would
 * end the process). A connection that could not be made, and one that drops, record an outage; a new connection
 * ends it.
 */
export function watchAvailability(pool: pg.Pool, logger?: Pick<Logger, "warn" | "info">): void {
  const failed = (err: unknown) => noteDatabaseUnavailable(err, logger);
  const note = (err: unknown) => {
    if (isDatabaseUnavailable(err)) failed(err);
  };
  pool.on("error", failed);
  pool.on("connect", (client) => {
    client.on("error", failed);
    noteFailedQueries(client, note);
    noteDatabaseAvailable(logger);
  });
  // A connection that cannot be made emits nothing: its error reaches only the caller of connect (pool.query calls
  // connect too), so the outage is recorded there.
  const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: typeof connect }).connect = (cb) => {
    if (cb) {
      return connect((err, client, ...rest) => {
        if (err) note(err);
        if (client) giveBackWhenLost(client as pg.PoolClient);
        cb(err, client, ...(client ? [(client as pg.PoolClient).release] : rest));
      });
    }
    const p = connect() as Promise<pg.PoolClient>;
    p.catch(note);
    return p.then((client) => {
      giveBackWhenLost(client);
      return client;
    });
  };
}

/**
 * A checked-out connection that drops is given back to the pool at once, as broken, and its holder's own release
 * later does nothing. Without this a holder that never releases it keeps its place in the pool for good: Drizzle's
 * transaction does not release its connection when `begin` itself fails, which is what happens when the connection
 * drops between checkout and `begin`, so every outage took a place or two, until no connection was left.
 */
function giveBackWhenLost(client: pg.PoolClient): void {
  const release = client.release;
  let released = false;
  const lost = (err: Error) => client.release(err);
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("error", lost);
    release(err);
  };
  client.once("error", lost);
}

/**
 * A query whose connection drops fails before the connection's own 'error' event is heard (PostgreSQL's "terminating
 * connection" reaches the query first): its failure is recorded as it reaches the caller, so the request that made it
 * is answered as an outage.
 */
function noteFailedQueries(client: pg.PoolClient, note: (err: unknown) => void): void {
  type Query = (...args: unknown[]) => unknown;
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args) => {
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (err: unknown, ...rest: unknown[]) => {
        if (err) note(err);
        return (last as Query)(err, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(note);
    return result;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` until it succeeds, waiting between attempts (from `initialMs`, doubling, at most `maxMs`) while it fails
 * because the database is unavailable; any other error is thrown at once. Each wait is logged as "waiting for the
 * database".
 */
export async function retryWhileUnavailable<T>(
  fn: () => Promise<T>,
  opts: { logger?: Pick<Logger, "warn" | "info">; initialMs?: number; maxMs?: number } = {},
): Promise<T> {
  const initial = opts.initialMs ?? 250;
  const max = opts.maxMs ?? 5_000;
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await fn();
      if (attempt > 1) opts.logger?.info({ attempts: attempt, waitedMs: waited }, "the database is available");
      return result;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const delay = Math.min(max, initial * 2 ** (attempt - 1));
      opts.logger?.warn({ attempt, retryInMs: delay, err: describe(err) }, "waiting for the database");
      await sleep(delay);
      waited += delay;
    }
  }
}
