/**
 * Several server processes on one machine (WEB_CONCURRENCY, PostgreSQL only). One Node process renders pages on one
 * core; this supervisor forks `processes` workers that share the listening port (Node's cluster module hands each
 * new connection to the next worker), so a machine's cores all serve. Each worker is an ordinary server
 * (server/main.ts): its own pool, page cache, read models and session cache, kept coherent with the others by the
 * PostgreSQL LISTEN/NOTIFY signal (ADR 008); jobs are pg-boss's, which shares work between processes itself.
 *
 * - The first worker starts alone: it migrates, seeds an empty database and prepares the administrators. The others
 *   start once it listens, on a database that is ready.
 * - If the first worker fails before it listens (bad configuration, port taken, database down), the supervisor
 *   exits with its code: starting more of them would fail the same way.
 * - Any other worker that exits is replaced, unless workers keep dying (more than 5 within a minute): then
 *   everything stops with exit code 1, for the service manager to see.
 * - A worker that exits because the database became unavailable while it started (exit code 75,
 *   DATABASE_UNAVAILABLE_EXIT_CODE) has not crashed: another is started after a delay that doubles while this goes
 *   on (at most 30 s), the first worker included, and it does not count towards the crash loop. (A worker that is
 *   running never exits because of the database, and one that starts while the database is down waits for it.)
 * - SIGTERM or SIGINT is passed on; each worker finishes its requests and jobs (its own graceful shutdown), and the
 *   supervisor exits 0 when all have, 1 if one did not stop cleanly.
 */
import cluster, { type Worker } from "node:cluster";
import { DATABASE_UNAVAILABLE_EXIT_CODE } from "./db/availability.ts";
import { answerMetricsRequests } from "./http/cluster-metrics.ts";
import type { Logger } from "./logger.ts";

export type SuperviseOptions = {
  processes: number;
  logger: Logger;
  /** How long to wait before replacing a worker that exited (ms). */
  restartDelayMs?: number;
  /** How long the workers get to stop before they are killed (ms). */
  stopTimeoutMs?: number;
};

/** More than this many unexpected exits within {@link CRASH_WINDOW_MS} stops the service. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
/** The longest wait before starting a worker again after one found the database unavailable. */
const MAX_UNAVAILABLE_DELAY_MS = 30_000;

export function supervise({ processes, logger, restartDelayMs = 1_000, stopTimeoutMs = 15_000 }: SuperviseOptions) {
  let listening = false;
  let crashes: number[] = [];
  /** Workers in a row that exited because the database was unavailable (none since one listened). */
  let unavailable = 0;
  let stopping = false;
  let exitCode = 0;

  const fork = () => cluster.fork();
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());

  const stop = (signal: NodeJS.Signals, code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    logger.info({ signal, processes: alive().length }, "stopping the server processes");
    for (const worker of alive()) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of alive()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, stopTimeoutMs).unref();
    if (alive().length === 0) process.exit(exitCode);
  };

  cluster.on("listening", (worker) => {
    unavailable = 0;
    if (listening) return;
    listening = true;
    logger.debug({ worker: worker.id }, "the first server process listens; starting the others");
    if (!stopping) for (let i = 1; i < processes; i++) fork();
  });

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    if (code === DATABASE_UNAVAILABLE_EXIT_CODE) {
      unavailable++;
      const delay = Math.min(MAX_UNAVAILABLE_DELAY_MS, restartDelayMs * 2 ** (unavailable - 1));
      logger.warn(
        { worker: worker.id, code, retryInMs: delay },
        "a server process could not reach the database; starting another",
      );
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
      return;
    }
    if (!listening) {
      logger.error({ worker: worker.id, code, signal }, "the first server process failed to start; stopping");
      stop("SIGTERM", code || 1);
      return;
    }
    const now = Date.now();
    crashes = [...crashes.filter((t) => now - t < CRASH_WINDOW_MS), now];
    if (crashes.length > MAX_CRASHES) {
      logger.error({ worker: worker.id, code, signal }, "server processes keep exiting; stopping");
      stop("SIGTERM", 1);
      return;
    }
    logger.error({ worker: worker.id, code, signal }, "a server process exited; starting another");
    // Not unref'd: with no worker left, this timer is what keeps the supervisor alive.
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelayMs);
  });

  process.on("SIGTERM", () => stop("SIGTERM", 0));
  process.on("SIGINT", () => stop("SIGINT", 0));
  // A worker asked for /metrics answers for every worker: this gathers them (server/http/cluster-metrics.ts).
  answerMetricsRequests();
  logger.info({ processes }, "starting the server processes");
  fork();
}
