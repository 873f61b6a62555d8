/**
 * Seeds the demo catalogue (server/db/seed/data/*) into an EMPTY database.
 *
 * - Does nothing (returns null) when the territories table has a row.
 * - The demo licensee's user is created before the transaction (demo-user.ts).
 * - Everything else is inserted in ONE transaction, one step per concern (steps/*), using only `tx` inside it (a
 *   query on `db` there would deadlock PGlite), with one multi-row insert per table.
 */
import type { Database } from "../client.ts";
import { territories } from "../schema/index.ts";
import { type SeedCounts, seedCounts } from "./counts.ts";
import { demoUserId, type SeedDemoOptions } from "./demo-user.ts";
import { seedCatalogue } from "./steps/catalogue.ts";
import { seedContent } from "./steps/content.ts";
import { seedDemoLicensee } from "./steps/demo-licensee.ts";
import { seedLeads } from "./steps/leads.ts";

/** What a seed that ran inserted; seedDemo returns null instead when the database already had territories. */
export interface SeedResult {
  demoUserId: string;
  counts: SeedCounts;
}

async function isEmpty(db: Pick<Database, "select">): Promise<boolean> {
  const rows = await db.select({ id: territories.id }).from(territories).limit(1);
  return rows.length === 0;
}

/** Seeds the demo data into an empty database; returns null (and does nothing) when territories already exist. */
export async function seedDemo(db: Database, opts: SeedDemoOptions): Promise<SeedResult | null> {
  if (!(await isEmpty(db))) return null;
  const userId = await demoUserId(db, opts);

  return db.transaction(async (tx): Promise<SeedResult | null> => {
    if (!(await isEmpty(tx))) return null;
    const ids = await seedCatalogue(tx);
    await seedContent(tx);
    await seedDemoLicensee(tx, ids, userId);
    await seedLeads(tx, ids);
    return { demoUserId: userId, counts: seedCounts() };
  });
}
