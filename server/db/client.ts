/**
 * One Drizzle database over either embedded PGlite (default, under DATA_DIR) or a PostgreSQL server
 * (DATABASE_URL). Same schema, same migrations, same query code on both.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Logger } from "../logger.ts";
import { retryWhileUnavailable, watchAvailability } from "./availability.ts";
import { acquireLock } from "./lock.ts";
import { preparingClient } from "./prepared.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/**
 * Typed as the node-postgres flavour: PGlite's results have the same `{ rows }` shape for `db.execute`,
 * and the query builder is identical.
 */
export type Database = PgDatabase<NodePgQueryResultHKT, Schema>;
/** What `db.transaction(fn)` hands to fn. Domain functions accept either. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
};

/**
 * PGlite's own defaults (they are replaced, not extended, by startParams) plus a smaller buffer pool (~100 MiB less RSS).
 * `-F` (fsync off) stays: PGlite's Node file system never syncs, so fsync on would cost nothing and change nothing
 * (ADR 030; the embedded database is for demos and development).
 */
export const PGLITE_START_PARAMS = [
  "--single",
  "-F",
  "-O",
  "-j",
  "-c",
  "search_path=public",
  "-c",
  "exit_on_error=false",
  "-c",
  "log_checkpoints=false",
  "-c",
  "max_worker_processes=0",
  "-c",
  "max_parallel_workers=0",
  "-c",
  "max_parallel_workers_per_gather=0",
  "-c",
  "io_method=sync",
  "-c",
  "max_parallel_maintenance_workers=0",
  "-c",
  "shared_buffers=16MB",
];

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** A connection that PostgreSQL has not accepted by then fails (and with it the query that wanted it). */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool on PostgreSQL, migrated. The database may come and go (server/db/availability.ts): every connection's
 * errors are heard, checked-out ones included, so an outage fails queries (answered 503) and never the process; a
 * connection that cannot be made fails within {@link CONNECT_TIMEOUT_MS}; and the migration at start-up waits for
 * the database, with backoff, while it is unavailable.
 */
/** The pool's session setting: a prepared statement's one generic plan, made at its first run (ADR 035). */
export const PLAN_ONCE = "-c plan_cache_mode=force_generic_plan";

export async function openPostgres(
  url: string,
  opts: {
    max?: number;
    idleTimeoutMillis?: number;
    migrate?: boolean;
    logger?: Pick<Logger, "warn" | "info">;
    /** The first wait before trying a database that is unavailable again (doubling, at most 5 s). */
    retryMs?: number;
  } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    idleTimeoutMillis: opts.idleTimeoutMillis,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // A statement the pool runs again is prepared once per connection (server/db/prepared.ts), and planned once
    // too: by default PostgreSQL plans a prepared statement afresh for its first five runs on each connection, and
    // for ever when it guesses a plan for the values at hand is cheaper (ADR 035). A connection string's own
    // `options` parameter takes precedence over this one.
    Client: preparingClient(),
    options: PLAN_ONCE,
  });
  watchAvailability(pool, opts.logger);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  if (opts.migrate ?? true) {
    try {
      await retryWhileUnavailable(() => migratePg(db as never, { migrationsFolder }), {
        logger: opts.logger,
        initialMs: opts.retryMs,
      });
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
  }
  return { db, driver: "postgres", close: () => pool.end() };
}

/** PGlite in `dir` (or in memory when dir is undefined), migrated. Locks `dir` against other processes. */
export async function openPglite(dir: string | undefined, opts: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  let release = () => {};
  if (dir) {
    mkdirSync(path.dirname(dir), { recursive: true }); // PGlite's own mkdir is not recursive
    release = acquireLock(`${dir}.lock`);
  }
  try {
    const client = new PGlite({ dataDir: dir, loadDataDir: opts.loadDataDir, startParams: PGLITE_START_PARAMS });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      driver: "pglite",
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

export async function openDatabase(
  cfg: { databaseUrl: string | undefined; dataDir: string },
  opts: { logger?: Pick<Logger, "warn" | "info"> } = {},
): Promise<DatabaseHandle> {
  if (cfg.databaseUrl) return openPostgres(cfg.databaseUrl, { logger: opts.logger });
  return openPglite(path.join(cfg.dataDir, "pglite"));
}
