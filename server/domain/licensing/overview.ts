/**
 * The licensee dashboard overview: profile summary and financial overview, always read through the owner.
 * Constants from spec 1 §9: per web-form submission $0.50, per minute $0.05, per SMS $0.02, add-ons 0.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { licensees, territories, territoryLicenses } from "../../db/schema/index.ts";

export const USAGE_RATES_CENTS = { perWebFormSubmission: 50, perMinute: 5, perSms: 2 } as const;

export type Actor = { id: string; role: "admin" | "user" };

export type DashboardOverview = {
  licensee: {
    id: string;
    companyName: string | null;
    contactName: string | null;
    email: string;
    phone: string | null;
    city: string | null;
    stateProvince: string | null;
  } | null;
  financial: {
    activeLicenses: { id: string; territoryName: string; monthlyCents: number; setupCents: number }[];
    monthlyTotalCents: number;
    provisioningTotalCents: number;
    walletCents: number;
    lastMonthDepositCents: number;
    rates: typeof USAGE_RATES_CENTS;
  } | null;
};

export async function getDashboardOverview(db: DbOrTx, actor: Actor): Promise<DashboardOverview> {
  const [lic] = await db.select().from(licensees).where(eq(licensees.userId, actor.id));
  if (!lic) return { licensee: null, financial: null };
  const rows = await db
    .select({
      id: territoryLicenses.id,
      territoryName: territories.name,
      monthly: territoryLicenses.monthlyFeeCents,
      final: territoryLicenses.finalCalculatedFeeCents,
      setup: territoryLicenses.setupFeeCents,
    })
    .from(territoryLicenses)
    .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
    .where(and(eq(territoryLicenses.licenseeId, lic.id), eq(territoryLicenses.status, "active")));
  // Monthly total sums final_calculated_fee, or monthly_fee when absent (spec 1 §9).
  const activeLicenses = rows.map((r) => ({
    id: r.id,
    territoryName: r.territoryName,
    monthlyCents: r.final ?? r.monthly,
    setupCents: r.setup,
  }));
  return {
    licensee: {
      id: lic.id,
      companyName: lic.companyName,
      contactName: lic.contactName,
      email: lic.email,
      phone: lic.phone,
      city: lic.city,
      stateProvince: lic.stateProvince,
    },
    financial: {
      activeLicenses,
      monthlyTotalCents: activeLicenses.reduce((a, l) => a + l.monthlyCents, 0),
      provisioningTotalCents: activeLicenses.reduce((a, l) => a + l.setupCents, 0),
      walletCents: lic.minutesSmsWalletCents,
      lastMonthDepositCents: lic.lastMonthDepositCents,
      rates: USAGE_RATES_CENTS,
    },
  };
}
