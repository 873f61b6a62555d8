/**
 * What turning fsync on costs the embedded database (ADR 030): single-row inserts, each its own commit, into a fresh
 * PGlite data directory, with the start parameters the server uses and with the same parameters less `-F` (fsync
 * off). `npx node scripts/bench/pglite-fsync.ts [rows] [dir]`; rows defaults to 500, dir to a temporary folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_START_PARAMS } from "#server/db/client.ts";

const rows = Number(process.argv[2] ?? 500);
const base = process.argv[3] ?? tmpdir();

async function run(label: string, startParams: string[]): Promise<void> {
  const dir = mkdtempSync(path.join(base, "pglite-fsync-"));
  try {
    const db = new PGlite({ dataDir: path.join(dir, "db"), startParams });
    await db.waitReady;
    const fsync = await db.query<{ fsync: string }>("show fsync");
    await db.exec("create table t (id serial primary key, body text not null)");
    const started = performance.now();
    for (let i = 0; i < rows; i++) await db.query("insert into t (body) values ($1)", [`row ${i}`]);
    const ms = performance.now() - started;
    await db.close();
    console.log(
      `${label} (fsync=${fsync.rows[0]?.fsync}): ${rows} inserts in ${ms.toFixed(0)} ms, ${(ms / rows).toFixed(2)} ms each`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await run("current parameters", PGLITE_START_PARAMS);
await run(
  "without -F",
  PGLITE_START_PARAMS.filter((p) => p !== "-F"),
);
