/** Rows for the wallet tests, inserted directly (tests only). */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { licensees, territories, territoryLicenses } from "../../db/schema/index.ts";
import { seedLicensee } from "../landing-pages/test-fixtures.ts";
import { seedCategory, seedTerritory } from "../reservations/test-fixtures.ts";
import type { LedgerOptions } from "./ledger.ts";

export { seedLicensee };

export const LEDGER_OPTS: LedgerOptions = { lowBalanceCents: 1_000, publicUrl: "https://poundcodes.example" };

export async function balanceOf(db: Database, licenseeId: string): Promise<number> {
  const [row] = await db
    .select({ cents: licensees.minutesSmsWalletCents })
    .from(licensees)
    .where(eq(licensees.id, licenseeId));
  return row!.cents;
}

/** An active licence of `licenseeId` in a fresh territory with the given usage multipliers. */
export async function seedLicence(
  db: Database,
  licenseeId: string,
  multipliers: { minutes?: number; sms?: number } = {},
): Promise<{ id: string; territoryId: string }> {
  const territory = await seedTerritory(db);
  await db
    .update(territories)
    .set({ minutesMultiplier: multipliers.minutes ?? 1, smsMultiplier: multipliers.sms ?? 1 })
    .where(eq(territories.id, territory.id));
  const category = await seedCategory(db);
  const [row] = await db
    .insert(territoryLicenses)
    .values({ licenseeId, territoryId: territory.id, categoryId: category.id, monthlyFeeCents: 50_000 })
    .returning({ id: territoryLicenses.id });
  return { id: row!.id, territoryId: territory.id };
}
