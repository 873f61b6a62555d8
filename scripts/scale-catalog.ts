/**
 * `npm run scale -- --scale=50 [--seed=27]`: grows the demo catalog of the database the server uses by that factor
 * (server/db/seed/scale.ts): #Codes, vanity numbers and their territory rows, some held and some licensed. For
 * measuring a large catalog (`npm run bench -- --scale=50` does the same on its own database), never for a
 * database that serves visitors.
 *
 * - With DATABASE_URL, that PostgreSQL database; a server running on it is told to drop its cached pages and read
 *   models (the shared cache signal, server/http/cache-signal.ts).
 * - Without it, the embedded database in DATA_DIR (./data by default), refused while a server has it open (stop the
 *   server first; it starts with the grown catalog).
 * - The database must hold the demo seed (start the server once on it). A catalog already grown is left as it is.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openPglite, openPostgres } from "#server/db/client.ts";
import { DataDirLockedError } from "#server/db/lock.ts";
import { type GrowthCounts, growCatalogue } from "#server/db/seed/scale.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { CACHE_CHANNEL } from "#server/http/cache-signal.ts";

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const USAGE = "Usage: npm run scale -- --scale=<whole number ≥ 2> [--seed=<whole number>]   (e.g. --scale=50)";

const scale = Number(option("scale"));
const seedOption = option("seed");
const seed = seedOption === undefined ? undefined : Number(seedOption);
if (!Number.isInteger(scale) || scale < 2 || (seed !== undefined && !Number.isInteger(seed))) {
  console.error(USAGE);
  process.exit(2);
}

function report(c: GrowthCounts, ms: number): string {
  const share = (s: { available: number; negotiations: number; licensed: number }) => {
    const total = s.available + s.negotiations + s.licensed;
    const pct = (n: number) => `${((100 * n) / Math.max(1, total)).toFixed(1)}%`;
    return `${pct(s.negotiations)} in negotiations, ${pct(s.licensed)} licensed`;
  };
  const n = (x: number) => x.toLocaleString("en-US");
  return [
    `Grew the catalog by --scale=${c.scale} (seed ${c.seed}) in ${(ms / 1000).toFixed(1)} s:`,
    `  #Codes: +${n(c.added.poundCodes)} → ${n(c.totals.poundCodes)} (${n(c.totals.categories)} categories with the keyword groups)`,
    `  territory × category rows: +${n(c.added.territoryCategories)} → ${n(c.totals.territoryCategories)} (new: ${share(c.statuses.poundCodes)})`,
    `  vanity numbers: +${n(c.added.vanityNumbers)} → ${n(c.totals.vanityNumbers)}`,
    `  territory × vanity number rows: +${n(c.added.territoryVanityNumbers)} → ${n(c.totals.territoryVanityNumbers)} (new: ${share(c.statuses.vanityNumbers)})`,
  ].join("\n");
}

const databaseUrl = process.env.DATABASE_URL?.trim();
let handle: DatabaseHandle;
try {
  if (databaseUrl) {
    handle = await openPostgres(databaseUrl, { max: 2 });
  } else {
    const dir = path.join(path.resolve(process.env.DATA_DIR?.trim() || "./data"), "pglite");
    if (!existsSync(path.join(dir, "PG_VERSION"))) {
      console.error(`No embedded database in ${dir}: start the server once on it (it seeds the demo catalog).`);
      process.exit(1);
    }
    handle = await openPglite(dir);
  }
} catch (err) {
  console.error(err instanceof DataDirLockedError ? err.message : `Could not open the database: ${err}`);
  process.exit(1);
}

let exitCode = 0;
try {
  const started = performance.now();
  const counts = await growCatalogue(handle.db, { scale, seed });
  if (counts) {
    console.log(report(counts, performance.now() - started));
    if (handle.driver === "postgres") {
      // Servers on this database keep pages and read models of the old catalog: tell them, as a write of theirs would.
      const payload = JSON.stringify({ origin: "scale-catalog", tags: [CHANGE.catalog] });
      await handle.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`);
    }
  } else {
    console.log("The catalog was already grown: nothing was added (start from a fresh database to grow it again).");
  }
} catch (err) {
  console.error(`Growing the catalog failed: ${(err as Error).message}`);
  exitCode = 1;
} finally {
  await handle.close();
}
process.exit(exitCode);
