/**
 * Each test file gets a fresh database: PGlite in memory (loaded from a migrated template made once per run
 * by tests/setup/global-db.ts), or, in the "postgres" Vitest project, a new database on TEST_DATABASE_URL.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { testDatabaseUrl } from "../config.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "./client.ts";

export type TestDb = DatabaseHandle;

export function testDriver(): "pglite" | "postgres" {
  return inject("dbDriver") === "postgres" ? "postgres" : "pglite";
}

export async function createTestDb(): Promise<TestDb> {
  if (testDriver() === "postgres") {
    const base = testDatabaseUrl();
    if (!base) throw new Error("TEST_DATABASE_URL is not set");
    const name = `pc_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), { max: 20 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const template = inject("pgliteTemplate");
  const blob = template ? new Blob([await readFile(template)]) : undefined;
  return openPglite(undefined, { loadDataDir: blob });
}

declare module "vitest" {
  export interface ProvidedContext {
    dbDriver: "pglite" | "postgres";
    pgliteTemplate: string;
  }
}
