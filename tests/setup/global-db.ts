/**
 * Vitest global setup: the migrated templates test databases are made from (server/db/test-utils.ts), once per run.
 * - PGlite: a migrated data dir dumped to a file each worker loads (~0.6 s against ~4 s for initdb and migrations).
 * - PostgreSQL: a migrated database on TEST_DATABASE_URL's server that each worker's databases are created from
 *   (`create database … template`, ~0.1 s against ~0.4 s with migrations); the run drops them all at its end.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { testDatabaseUrl } from "#server/config.ts";
import { openPglite, openPostgres } from "#server/db/client.ts";
import { TEST_DATABASE_PREFIX } from "#server/db/test-utils.ts";

async function dropTestDatabases(admin: pg.Client, pattern: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
    pattern,
  ]);
  for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
}

export default async function setup(project: TestProject) {
  const driver = project.config.env?.DB_DRIVER === "postgres" ? "postgres" : "pglite";
  project.provide("dbDriver", driver);
  if (driver === "postgres") {
    const base = testDatabaseUrl();
    if (!base) throw new Error("TEST_DATABASE_URL is required for the postgres project");
    // This run's databases share a prefix (the workers' are named after the template), so that the end of the run
    // drops its own and never those of another run on the same server.
    const run = `${TEST_DATABASE_PREFIX}${randomBytes(4).toString("hex")}_`;
    const template = `${run}template`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const url = new URL(base);
    url.pathname = `/${template}`;
    const handle = await openPostgres(url.toString());
    await handle.close();
    project.provide("postgresTemplate", url.toString());
    project.provide("postgresAdmin", base);
    project.provide("pgliteTemplate", "");
    return async () => {
      await dropTestDatabases(admin, `${run.replace(/_/g, "\\_")}%`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), "pc-pglite-template-"));
  const file = path.join(dir, "template.tar");
  const handle = await openPglite(undefined);
  const client = (handle.db as unknown as { $client: { dumpDataDir: (c: "none") => Promise<Blob> } }).$client;
  const blob = await client.dumpDataDir("none");
  await writeFile(file, Buffer.from(await blob.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", "");
  project.provide("postgresAdmin", "");
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
