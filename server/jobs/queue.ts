/**
 * Durable background jobs on pg-boss, one instance per process, over the application's own database (embedded
 * PGlite or PostgreSQL). Jobs are enqueued inside the transaction that causes the work (kept on commit, gone on
 * rollback), workers poll their queues, and recurring work is a pg-boss schedule (cron), which pg-boss runs once
 * across every instance sharing the database. See docs/decisions (jobs on pg-boss).
 *
 * The runtime is created with the services (not started: tests and scripts never touch pg-boss's schema) and
 * started by server/main.ts after migrations; `stop()` waits for running handlers.
 */
import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, type Db as IDatabase, type PGliteLike, PgBoss } from "pg-boss";
import { isDatabaseUnavailable } from "../db/availability.ts";
import type { Database, DbOrTx } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** Every queue. A new kind of background work adds its name here, and its handler in ./workers.ts. */
export const JOB_NAMES = [
  "email.deliver",
  "reservations.expire",
  "maintenance",
  "newsletter.batch",
  "licenses.dunning",
  "wallet.recharge",
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export type JobQueue = {
  /**
   * Enqueue inside the caller's transaction or database handle (Drizzle): kept on commit, gone on rollback. Returns the job id, or null when deduplicated.
   * `singletonKey`: at most one waiting (created or retry) job per queue and key; a job that is running does not
   * count, so a handler may enqueue its own successor under its key. `startAfterSeconds` delays the job.
   */
  enqueue(
    tx: DbOrTx,
    name: JobName,
    data: Record<string, unknown>,
    options?: { singletonKey?: string; startAfterSeconds?: number; retryLimit?: number },
  ): Promise<string | null>;
  /** Register the handler of a queue (each process that runs workers). */
  work(
    name: JobName,
    handler: (data: Record<string, unknown>) => Promise<void>,
    options?: { batchSize?: number },
  ): Promise<void>;
};

/** A recurring job: pg-boss creates one job per occurrence, whichever instances are running. */
export type JobSchedule = { name: JobName; cron: string; description: string };

/** The recurring work of the platform (UTC). */
export const JOB_SCHEDULES: readonly JobSchedule[] = [
  { name: "reservations.expire", cron: "* * * * *", description: "Release lapsed reservations" },
  { name: "email.deliver", cron: "* * * * *", description: "Deliver due and retried emails" },
  { name: "maintenance", cron: "7 * * * *", description: "Prune rate limits and old emails" },
  {
    name: "licenses.dunning",
    cron: "17 * * * *",
    description: "Suspend and end licenses left unpaid; end licenses canceled at period end",
  },
];

/** How jobs are retried when a handler throws (per queue; enqueue may lower retryLimit). */
const QUEUE_RETRY = { retryLimit: 3, retryDelay: 10, retryBackoff: true, retryDelayMax: 600 } as const;
/** A handler gets this long before pg-boss counts the attempt as failed. */
const EXPIRE_SECONDS = 15 * 60;
/** Completed jobs are kept this long (the admin screen shows recent work); failed ones as long. */
const DELETE_AFTER_SECONDS = 7 * 24 * 60 * 60;

export type JobRuntimeOptions = {
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** Seconds between polls of each queue (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Seconds between pg-boss's cron passes (tests shorten it). */
  cronIntervalSeconds?: number;
  /** Install the platform's schedules on start (JOB_SCHEDULES). */
  schedules?: boolean;
  /** First retry delay of a failed job, in seconds, doubling after each attempt (tests shorten it). */
  retryDelaySeconds?: number;
};

export type JobRuntime = JobQueue & {
  readonly started: boolean;
  /** Installs or updates pg-boss's schema, creates the queues and (unless disabled) the schedules. */
  start(): Promise<void>;
  /**
   * Stops polling and waits for handlers in progress, at most `timeoutMs` (default 8 s, at least 1 s): the jobs of
   * handlers still running then are failed, and retried later by whichever process runs.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** The jobs this process's handlers are running now, by queue (for the shutdown log). */
  running(): { queue: string; jobs: number }[];
  /** pg-boss itself, for the admin read model (counts, schedules, retry). */
  boss: PgBoss;
  /** pg-boss's view of a Drizzle transaction or database handle. */
  dbOf(tx: DbOrTx): IDatabase;
  /**
   * The jobs this process's handlers completed and failed since it started, by queue (a failed attempt is retried
   * by pg-boss until its retry limit); read by /metrics.
   */
  readonly runs: ReadonlyMap<string, JobRuns>;
};

export type JobRuns = { completed: number; failed: number };

/** How often an outage of the database is logged by the job runtime, at most. */
const OUTAGE_LOG_EVERY_MS = 30_000;

/** pg-boss's schema in the application database. */
export const JOBS_SCHEMA = "pgboss";

export function createJobRuntime(db: Database, driver: "pglite" | "postgres", opts: JobRuntimeOptions): JobRuntime {
  const client = (db as unknown as { $client: unknown }).$client;
  const cron = opts.cronIntervalSeconds ?? 30;
  const common = {
    schema: JOBS_SCHEMA,
    // pg-boss's own housekeeping (expiring, archiving, deleting) and queue statistics.
    superviseIntervalSeconds: 60,
    cronMonitorIntervalSeconds: cron,
    cronWorkerIntervalSeconds: cron,
    persistWarnings: false,
    monitorVacuum: driver === "postgres",
    reindex: false,
  };
  const boss =
    driver === "pglite"
      ? new PgBoss({ ...common, db: fromPglite(client as PGliteLike), backend: "pglite" })
      : new PgBoss({ ...common, db: poolDatabase(client as PgPoolLike) });
  // While the database is away every worker's poll fails, every second: one line per outage, not one per poll.
  // pg-boss goes on polling on its own, and its pool reconnects when the database is back.
  let outageLoggedAt = 0;
  boss.on("error", (err) => {
    if (!isDatabaseUnavailable(err)) return opts.logger.error({ err }, "background jobs: pg-boss error");
    if (Date.now() - outageLoggedAt < OUTAGE_LOG_EVERY_MS) return;
    outageLoggedAt = Date.now();
    const { code, message } = err as Error & { code?: string };
    opts.logger.warn({ err: { code, message } }, "background jobs: the database is unavailable; retrying");
  });
  boss.on("warning", (w) => opts.logger.warn({ warning: w }, "background jobs: pg-boss warning"));

  const polling = opts.pollingIntervalSeconds ?? 1;
  let started = false;
  let starting: Promise<void> | undefined;
  const dbOf = (tx: DbOrTx): IDatabase => fromDrizzle(tx as never, sql as never);

  const runs = new Map<string, JobRuns>();
  const count = (name: string, outcome: keyof JobRuns, jobs: number) => {
    const r = runs.get(name) ?? { completed: 0, failed: 0 };
    r[outcome] += jobs;
    runs.set(name, r);
  };

  let bossRunning = false;
  async function doStart() {
    await boss.start();
    bossRunning = true;
    for (const name of JOB_NAMES) {
      const existing = await boss.getQueue(name);
      const options = {
        ...QUEUE_RETRY,
        ...(opts.retryDelaySeconds ? { retryDelay: opts.retryDelaySeconds } : {}),
        expireInSeconds: EXPIRE_SECONDS,
        deleteAfterSeconds: DELETE_AFTER_SECONDS,
      };
      if (existing) await boss.updateQueue(name, options);
      else await boss.createQueue(name, options);
      // Warms pg-boss's queue cache: an enqueue inside an application transaction must not have to look the
      // queue up on pg-boss's own connection, which on PGlite (one connection) waits for that transaction.
      await boss.findJobs(name, { id: "00000000-0000-0000-0000-000000000000" });
    }
    if (opts.schedules !== false) {
      for (const s of JOB_SCHEDULES) {
        await boss.schedule(s.name, s.cron, {}, { tz: "UTC", retryLimit: 1 });
      }
    }
    started = true;
  }

  return {
    boss,
    dbOf,
    runs,
    get started() {
      return started;
    },
    start() {
      starting ??= doStart();
      return starting;
    },
    async stop(stopOpts = {}) {
      if (starting) await starting.catch(() => {});
      started = false;
      if (!bossRunning) return;
      bossRunning = false;
      // close: false — the database belongs to the application, which closes it after this.
      await boss.stop({ graceful: true, close: false, timeout: stopOpts.timeoutMs ?? 8_000 });
    },
    running() {
      return boss
        .getWipData()
        .filter((w) => w.count > 0)
        .map((w) => ({ queue: w.name, jobs: w.count }));
    },
    async enqueue(tx, name, data, options = {}) {
      const send = (db: DbOrTx) =>
        boss.send(name, data, {
          db: dbOf(db),
          ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
          ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
          ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
        });
      const key = options.singletonKey;
      if (!key) return send(tx);
      // At most one waiting job per queue and key: pg-boss's standard queues do not deduplicate on the key
      // alone, so the check runs under a transaction-scoped advisory lock on (queue, key).
      const dedupe = async (t: DbOrTx) => {
        await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`${name}:${key}`}))`);
        const waiting = await t.execute(
          sql`select 1 from ${sql.raw(JOBS_SCHEMA)}.job
              where name = ${name} and singleton_key = ${key} and state in ('created', 'retry') limit 1`,
        );
        return waiting.rows.length ? null : send(t);
      };
      return isTransaction(tx) ? dedupe(tx) : (tx as Database).transaction(dedupe);
    },
    async work(name, handler, options = {}) {
      await boss.work<Record<string, unknown>>(
        name,
        { batchSize: options.batchSize ?? 1, pollingIntervalSeconds: polling },
        async (jobs) => {
          // A handler that throws fails the whole batch: pg-boss records each of its jobs as failed (and retries it).
          try {
            for (const job of jobs) await handler(job.data ?? {});
          } catch (err) {
            count(name, "failed", jobs.length);
            throw err;
          }
          count(name, "completed", jobs.length);
        },
      );
    },
  };
}

/** Whether a Drizzle handle is a transaction (it has rollback) rather than the database. */
function isTransaction(tx: DbOrTx): boolean {
  return typeof (tx as { rollback?: unknown }).rollback === "function";
}

type PgPoolLike = { query: (text: string, values?: unknown[]) => Promise<unknown> };

/** The application's node-postgres pool as pg-boss's database (no connections of its own). */
function poolDatabase(pool: PgPoolLike): IDatabase {
  return {
    async executeSql(text, values) {
      const result = (await pool.query(text, values)) as { rows: unknown[] } | { rows: unknown[] }[];
      if (Array.isArray(result)) return { rows: result.flatMap((r) => r.rows ?? []) };
      return result as { rows: unknown[] };
    },
  };
}
