/**
 * Test databases. Each test file sees an empty, migrated database, but opening one costs 0.6 s on PGlite (2 s with
 * both cores busy) and 0.4 s on PostgreSQL (create + migrate), more than most files' tests. So a test worker keeps
 * the databases it opened and hands them out again, emptied: every table truncated (identities restarted) and the job
 * queue's schema dropped, ~30 ms. Vitest runs files without isolation (vitest.config.ts), so this module, and the
 * databases it keeps, live as long as the worker.
 *
 * - PGlite: loaded from the migrated template made once per run by tests/setup/global-db.ts.
 * - PostgreSQL ("postgres" project): created from the migrated template database made by the same setup
 *   (`create database … template …`, no migrations per file); the setup drops them all at the end of the run.
 *
 * `close()` hands the database back. A test that needs a database it can really close (to see what a failed read
 * does) asks for `createTestDb({ dedicated: true })`.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { unwatchChanges } from "../domain/changes.ts";
import { disableReadModels } from "../domain/read-models/catalogue-views.ts";
import { JOBS_SCHEMA } from "../jobs/queue.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "./client.ts";

export type TestDb = DatabaseHandle;

/** Test databases on PostgreSQL are named with this prefix (the global setup drops them all). */
export const TEST_DATABASE_PREFIX = "pc_test_";

export function testDriver(): "pglite" | "postgres" {
  return inject("dbDriver") === "postgres" ? "postgres" : "pglite";
}

type Kept = { handle: DatabaseHandle; busy: boolean };
const kept: Kept[] = [];

export async function createTestDb(opts: { dedicated?: boolean } = {}): Promise<TestDb> {
  if (opts.dedicated) return openFresh();
  let slot = kept.find((k) => !k.busy);
  if (slot) {
    slot.busy = true;
    // The last file's services no longer hear this database's writes (their mailer would send this file's mail), and
    // the views its HTTP app kept of the last file's catalog are dropped: nothing would drop them on this file's writes.
    unwatchChanges(slot.handle.db);
    disableReadModels(slot.handle.db);
    await emptyDatabase(slot.handle);
  } else {
    slot = { handle: await openFresh(), busy: true };
    kept.push(slot);
  }
  const taken = slot;
  return {
    ...taken.handle,
    close: async () => {
      taken.busy = false;
    },
  };
}

/** Every table of the application's schema truncated, and pg-boss's schema gone (a runtime started later makes it). */
async function emptyDatabase(handle: DatabaseHandle): Promise<void> {
  const { rows } = await handle.db.execute<{ name: string }>(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  if (rows.length > 0) {
    await handle.db.execute(sql.raw(`truncate ${rows.map((r) => r.name).join(", ")} restart identity cascade`));
  }
  await handle.db.execute(sql.raw(`drop schema if exists ${JOBS_SCHEMA} cascade`));
}

async function openFresh(): Promise<DatabaseHandle> {
  if (testDriver() === "postgres") {
    const template = inject("postgresTemplate");
    if (!template) throw new Error("TEST_DATABASE_URL is not set");
    const url = new URL(template);
    // Named after the template ("pc_test_<run>_template"), so that the run's end drops it with the template.
    const name = `${url.pathname.slice(1).replace(/template$/, "")}${randomBytes(6).toString("hex")}`;
    // Connected to TEST_DATABASE_URL's own database, never to the template: PostgreSQL refuses to copy a database
    // anyone is connected to, so two workers opening databases at once would refuse each other.
    const admin = new pg.Client({ connectionString: inject("postgresAdmin") });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${url.pathname.slice(1)}`);
    } finally {
      await admin.end();
    }
    url.pathname = `/${name}`;
    // Idle connections are let go, so the databases a worker keeps do not hold the server's connections.
    return openPostgres(url.toString(), { max: 20, idleTimeoutMillis: 1_000, migrate: false });
  }
  return openPglite(undefined, { loadDataDir: await pgliteTemplate() });
}

/**
 * The migrated PGlite database this run's setup made, to load into a new data directory (`openPglite(dir,
 * { loadDataDir })`) instead of running initdb and the migrations again; undefined outside a Vitest run.
 */
export async function pgliteTemplate(): Promise<Blob | undefined> {
  const template = inject("pgliteTemplate");
  return template ? new Blob([await readFile(template)]) : undefined;
}

declare module "vitest" {
  export interface ProvidedContext {
    dbDriver: "pglite" | "postgres";
    pgliteTemplate: string;
    /** The migrated template database on TEST_DATABASE_URL's server (postgres project). */
    postgresTemplate: string;
    /** TEST_DATABASE_URL itself: where a worker connects to copy the template. */
    postgresAdmin: string;
  }
}
