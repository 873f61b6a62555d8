/**
 * The demo licensee and everything it owns: its licenses and agreements, wallet ledger, web form submissions,
 * support tickets and landing page.
 */
import type { Tx } from "../../client.ts";
import { licensees } from "../../schema/index.ts";
import { DEMO_LICENSEE, demoLastMonthDepositCents, demoWalletBalanceCents } from "../data/demo-licensee.ts";
import type { CatalogueIds } from "./catalogue.ts";
import { seedLandingPage } from "./landing-page.ts";
import { seedLicenseeActivity } from "./licensee-activity.ts";
import { seedLicenses } from "./licenses.ts";
import { seedSupportTickets } from "./support-tickets.ts";

async function insertLicensee(tx: Tx, userId: string): Promise<string> {
  const [licensee] = await tx
    .insert(licensees)
    .values({
      ...DEMO_LICENSEE,
      userId,
      minutesSmsWalletCents: demoWalletBalanceCents(),
      lastMonthDepositCents: demoLastMonthDepositCents(),
      createdAt: new Date("2026-02-20T15:00:00Z"),
    })
    .returning({ id: licensees.id });
  if (!licensee) throw new Error("Seed: licensee insert returned no row");
  return licensee.id;
}

export async function seedDemoLicensee(tx: Tx, ids: CatalogueIds, userId: string): Promise<void> {
  const licenseeId = await insertLicensee(tx, userId);
  await seedLicenses(tx, ids, licenseeId);
  await seedLicenseeActivity(tx, licenseeId);
  await seedSupportTickets(tx, userId, licenseeId);
  await seedLandingPage(tx, ids, licenseeId);
}
