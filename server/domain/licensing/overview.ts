/**
 * The licensee dashboard overview: profile summary and financial overview, always read through the owner.
 * The usage rates shown are the product's fixed rates; add-ons cost nothing.
 */
import { and, eq } from "drizzle-orm";
import { USAGE_BASE_RATES_CENTS, type UsageRatesCents } from "#kernel/pricing-rates.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { Actor } from "../actor.ts";
import { licensees, territories, territoryLicenses, user } from "../../db/schema/index.ts";

/**
 * The profile overview: the licensee record's fields, each falling back to what the account holds (the name,
 * email and company typed at sign-up) while the record is missing or that field is empty.
 */
export type ProfileSummary = {
  companyName: string | null;
  contactName: string | null;
  email: string | null;
  phone: string | null;
};

export type DashboardOverview = {
  profile: ProfileSummary;
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
    rates: UsageRatesCents;
  } | null;
};

const EMPTY_PROFILE: ProfileSummary = { companyName: null, contactName: null, email: null, phone: null };

/** Blank text counts as missing. */
function present(value: string | null | undefined): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** The signed-in user's own overview (a visitor has none). */
export async function getDashboardOverview(db: DbOrTx, actor: Actor): Promise<DashboardOverview> {
  if (!actor.userId) return { profile: EMPTY_PROFILE, licensee: null, financial: null };
  const [account] = await db
    .select({ name: user.name, email: user.email, companyName: user.companyName })
    .from(user)
    .where(eq(user.id, actor.userId));
  const [lic] = await db.select().from(licensees).where(eq(licensees.userId, actor.userId));
  const profile: ProfileSummary = {
    companyName: present(lic?.companyName) ?? present(account?.companyName),
    contactName: present(lic?.contactName) ?? present(account?.name),
    email: present(lic?.email) ?? present(account?.email),
    phone: present(lic?.phone),
  };
  if (!lic) return { profile, licensee: null, financial: null };
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
  // The monthly total sums each licence's final calculated fee, or its monthly fee when it has none.
  const activeLicenses = rows.map((r) => ({
    id: r.id,
    territoryName: r.territoryName,
    monthlyCents: r.final ?? r.monthly,
    setupCents: r.setup,
  }));
  return {
    profile,
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
      rates: USAGE_BASE_RATES_CENTS,
    },
  };
}
