import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresInstance, postgresAvailable, startPostgres } from "#tests/support/postgres-instance.ts";
import { createJobRuntime } from "../jobs/queue.ts";
import { databaseFailedSince, isDatabaseUnavailable, retryWhileUnavailable } from "./availability.ts";
import { type DatabaseHandle, openPostgres } from "./client.ts";
import { testDriver } from "./test-utils.ts";

/**
 * The database may come and go (server/db/availability.ts). The pool-level faults run on a PostgreSQL server of this
 * file's own (port 31432), which they terminate, stop and restart: a connection dropped while checked out for a
 * transaction must fail that transaction and never the process (an 'error' event nobody hears ends it); queries while
 * the server is down fail at once, recognizably; the same pool serves again once it is back; and opening the database
 * waits for it, saying so.
 */

const PG_PORT = 31432;

describe("telling an outage from a failed query", () => {
  const system = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
  const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code, severity: "FATAL" });

  it("recognizes refused and dropped connections, a server shutting down or starting, and pool timeouts", () => {
    for (const err of [
      system("ECONNREFUSED"),
      system("ECONNRESET"),
      system("ETIMEDOUT"),
      system("ENOTFOUND"),
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("57P03", "the database system is starting up"),
      pgError("08006"),
      pgError("53300", "sorry, too many clients already"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Client has encountered a connection error and is not queryable"),
      new AggregateError([system("ECONNREFUSED"), system("ECONNREFUSED")], "connect failed"),
      // Drizzle's wrapper keeps the driver's error as its cause.
      new Error("Failed query: select 1", { cause: system("ECONNREFUSED") }),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
  });

  it("leaves every other error alone", () => {
    for (const err of [
      new Error("boom"),
      pgError("23505", "duplicate key value violates unique constraint"),
      pgError("42601", "syntax error"),
      pgError("3D000", "database does not exist"),
      pgError("28P01", "password authentication failed"),
      new Error("Failed query: select 1", { cause: pgError("42P01", "relation does not exist") }),
      null,
      "ECONNREFUSED",
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });

  it("start-up retries only while the database is unavailable", async () => {
    let calls = 0;
    await expect(
      retryWhileUnavailable(
        async () => {
          calls++;
          throw pgError("42P01", "relation does not exist");
        },
        { initialMs: 1 },
      ),
    ).rejects.toThrow("relation does not exist");
    expect(calls).toBe(1);
    const warned: unknown[] = [];
    const logger = { warn: (o: unknown, m?: string) => warned.push([o, m]), info: () => {} };
    calls = 0;
    const value = await retryWhileUnavailable(
      async () => {
        if (++calls < 4) throw system("ECONNREFUSED");
        return "ready";
      },
      { initialMs: 1, logger },
    );
    expect(value).toBe("ready");
    expect(calls).toBe(4);
    expect(warned).toHaveLength(3);
    expect(warned[0]).toEqual([
      { attempt: 1, retryInMs: 1, err: { code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:5432" } },
      "waiting for the database",
    ]);
  });
});

// The server is this file's own: run once (the pglite project), never on the shared test database.
describe.runIf(testDriver() === "pglite" && postgresAvailable())("a pool whose PostgreSQL comes and goes", () => {
  let pg: PostgresInstance;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    pg = await startPostgres(PG_PORT);
    await pg.query("create database app");
    handle = await openPostgres(pg.urlOf("app"), { max: 4 });
  }, 120_000);
  afterAll(async () => {
    await handle?.close().catch(() => {});
    await pg?.remove();
  });

  const terminateOthers = () =>
    pg.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'app' and pid <> pg_backend_pid()",
    );

  it("a connection dropped while checked out for a transaction fails the transaction, not the process", async () => {
    const since = Date.now();
    let resume!: () => void;
    const paused = new Promise<void>((r) => {
      resume = r;
    });
    let inside!: () => void;
    const entered = new Promise<void>((r) => {
      inside = r;
    });
    const tx = handle.db.transaction(async (t) => {
      await t.execute(sql`select 1`);
      inside();
      // PostgreSQL drops the connection here, between two statements: only the client hears it.
      await paused;
      await t.execute(sql`select 2`);
    });
    const outcome = tx.then(
      () => null,
      (e: unknown) => e,
    );
    await entered;
    await terminateOthers();
    await expect.poll(() => databaseFailedSince(since), { timeout: 5_000 }).toBe(true);
    resume();
    const err = await outcome;
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
    // The pool replaced the connection.
    expect((await handle.db.execute<{ n: number }>(sql`select 3 as n`)).rows[0]?.n).toBe(3);
  });

  it("a checked-out connection that drops goes back to the pool even if its holder never releases it", async () => {
    // One connection: a place kept by a dead one would leave none.
    const small = await openPostgres(pg.urlOf("app"), { max: 1, migrate: false });
    const pool = (small.db as unknown as { $client: pg.Pool }).$client;
    try {
      // As Drizzle's transaction does when `begin` fails on a dropped connection: checked out, never released.
      const held = await pool.connect();
      const dropped = new Promise((r) => held.once("error", r));
      await terminateOthers();
      await dropped;
      expect(pool.totalCount).toBe(0);
      // The holder's own release, late, changes nothing.
      held.release();
      expect((await small.db.execute<{ n: number }>(sql`select 5 as n`)).rows[0]?.n).toBe(5);
    } finally {
      await small.close();
    }
  });

  it("while PostgreSQL is down a query fails at once, recognizably, and the same pool serves once it is back", async () => {
    await handle.db.execute(sql`select 1`);
    await pg.stop("fast");
    try {
      const since = Date.now();
      const started = performance.now();
      const err = await handle.db.execute(sql`select 1`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(databaseFailedSince(since)).toBe(true);
    } finally {
      await pg.start();
    }
    expect((await handle.db.execute<{ n: number }>(sql`select 4 as n`)).rows[0]?.n).toBe(4);
  });

  it("a restart under a stream of queries and transactions: each fails or succeeds, the process goes on", async () => {
    const failures: unknown[] = [];
    let ok = 0;
    let running = true;
    const loops = Array.from({ length: 6 }, async (_, i) => {
      while (running) {
        try {
          if (i % 2) await handle.db.execute(sql`select pg_sleep(0.01)`);
          else
            await handle.db.transaction(async (t) => {
              await t.execute(sql`select 1`);
              await t.execute(sql`select pg_sleep(0.01)`);
            });
          ok++;
        } catch (err) {
          failures.push(err);
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    await pg.restart();
    const okBefore = ok;
    await expect.poll(() => ok, { timeout: 5_000 }).toBeGreaterThan(okBefore + 20);
    running = false;
    await Promise.all(loops);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.filter((e) => !isDatabaseUnavailable(e))).toEqual([]);
    // Every connection came back: none is held by a transaction that failed (the pool has four places).
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    expect(pool.totalCount).toBe(pool.idleCount);
  });

  it("background jobs go on after a restart: pg-boss polls through the outage and reconnects with the pool", async () => {
    const warned: string[] = [];
    const logger = {
      info: () => {},
      warn: (_: unknown, m?: string) => warned.push(m ?? ""),
      error: (_: unknown, m?: string) => warned.push(`error: ${m}`),
    };
    const jobs = createJobRuntime(handle.db, "postgres", { logger, pollingIntervalSeconds: 0.5, schedules: false });
    const done: unknown[] = [];
    try {
      await jobs.start();
      await jobs.work("maintenance", async (data) => {
        done.push(data.n);
      });
      await jobs.enqueue(handle.db, "maintenance", { n: 1 });
      await expect.poll(() => done, { timeout: 10_000 }).toEqual([1]);

      await pg.stop("fast");
      // Its workers poll while the database is away: one warning, no error, no exit.
      await new Promise((r) => setTimeout(r, 1_500));
      await pg.start();
      await retryWhileUnavailable(() => jobs.enqueue(handle.db, "maintenance", { n: 2 }), { initialMs: 100 });
      await expect.poll(() => done, { timeout: 10_000 }).toEqual([1, 2]);
      expect(warned).toContain("background jobs: the database is unavailable; retrying");
      expect(warned.filter((m) => m.startsWith("error"))).toEqual([]);
    } finally {
      await jobs.stop({ timeoutMs: 1_000 });
    }
  }, 60_000);

  it("opening the database while PostgreSQL is down waits for it, saying so, then migrates", async () => {
    await pg.query("create database later");
    await pg.stop("fast");
    const logged: string[] = [];
    const logger = {
      warn: (_: unknown, m?: string) => logged.push(m ?? ""),
      info: (_: unknown, m?: string) => logged.push(m ?? ""),
    };
    let opened: DatabaseHandle | undefined;
    const opening = openPostgres(pg.urlOf("later"), { logger, retryMs: 100 }).then((h) => {
      opened = h;
      return h;
    });
    try {
      await new Promise((r) => setTimeout(r, 1_500));
      expect(opened).toBeUndefined();
      expect(logged.filter((m) => m === "waiting for the database").length).toBeGreaterThanOrEqual(2);
    } finally {
      await pg.start();
    }
    const later = await opening;
    try {
      expect(logged).toContain("the database is available");
      const migrated = await later.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(migrated.rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await later.close();
    }
  }, 60_000);
});
