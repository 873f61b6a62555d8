/**
 * The licensee dashboard overview: profile summary and financial overview, always read through the owner.
 * The usage rates shown are the product's fixed rates; additional monthly fees and add-ons cost nothing
 * (spec 1 §9).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { LICENSE_HOLDING_STATUSES } from "#kernel/enums.ts";
import { USAGE_BASE_RATES_CENTS, type UsageRatesCents } from "#kernel/pricing-rates.ts";
import type { DbOrTx } from "../../db/client.ts";
import { builtOnce } from "../../db/prepared.ts";
import {
  auditLog,
  categories,
  licensees,
  session,
  territories,
  territoryLicenses,
  user,
  vanityNumbers,
} from "../../db/schema/index.ts";
import type { Actor } from "../actor.ts";

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
  financial: FinancialOverview | null;
};

/** What a licence is for: a #Code (category) or a vanity number, by its display name. */
export type LicensedOffering = { kind: "code" | "vanity"; label: string };

export type ActiveLicense = {
  id: string;
  territoryName: string;
  offering: LicensedOffering;
  /** final_calculated_fee, or monthly_fee when the licence has none. */
  monthlyCents: number;
  setupCents: number;
};

/** Spec 1 §9: every figure of the financial overview. */
export type FinancialOverview = {
  activeLicenses: ActiveLicense[];
  /** Sum of the active licences' monthly fees (each its final calculated fee, else its monthly fee). */
  monthlyTotalCents: number;
  /** Sum of the active licences' setup fees. */
  provisioningTotalCents: number;
  walletCents: number;
  lastMonthDepositCents: number;
  rates: UsageRatesCents;
  /** Fixed at zero by the product. */
  additionalMonthlyCents: number;
  addOnCents: number;
};

const EMPTY_PROFILE: ProfileSummary = { companyName: null, contactName: null, email: null, phone: null };

/** Blank text counts as missing. */
function present(value: string | null | undefined): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** The account's own name, email and company: the profile's fallbacks. */
const accountOfUser = builtOnce((db) =>
  db
    .select({ name: user.name, email: user.email, companyName: user.companyName })
    .from(user)
    .where(eq(user.id, sql.placeholder("userId")))
    .prepare("overview_account_of_user"),
);

/**
 * The licensee row of an account (none until a reservation is approved for it), read on every visit of the
 * dashboard and of Billing & Wallet, so built once.
 */
export const licenseeOfUser = builtOnce((db) =>
  db
    .select()
    .from(licensees)
    .where(eq(licensees.userId, sql.placeholder("userId")))
    .prepare("licensee_of_user"),
);

/** The signed-in user's own overview (a visitor has none). */
export async function getDashboardOverview(db: DbOrTx, actor: Actor): Promise<DashboardOverview> {
  if (!actor.userId) return { profile: EMPTY_PROFILE, licensee: null, financial: null };
  const [[account], [lic]] = await Promise.all([
    accountOfUser(db).execute({ userId: actor.userId }),
    licenseeOfUser(db).execute({ userId: actor.userId }),
  ]);
  const profile: ProfileSummary = {
    companyName: present(lic?.companyName) ?? present(account?.companyName),
    contactName: present(lic?.contactName) ?? present(account?.name),
    email: present(lic?.email) ?? present(account?.email),
    phone: present(lic?.phone),
  };
  if (!lic) return { profile, licensee: null, financial: null };
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
    financial: await financialOverview(db, lic),
  };
}

/** The licensee's holding licenses by territory, each naming its #Code or vanity number (read on every visit). */
const activeLicensesOfLicensee = builtOnce((db) =>
  db
    .select({
      id: territoryLicenses.id,
      territoryName: territories.name,
      code: categories.name,
      vanity: vanityNumbers.numberText,
      monthlyFeeCents: territoryLicenses.monthlyFeeCents,
      finalCalculatedFeeCents: territoryLicenses.finalCalculatedFeeCents,
      subscriptionAmountCents: territoryLicenses.subscriptionAmountCents,
      setupCents: territoryLicenses.setupFeeCents,
    })
    .from(territoryLicenses)
    .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
    .leftJoin(categories, eq(categories.id, territoryLicenses.categoryId))
    .leftJoin(vanityNumbers, eq(vanityNumbers.id, territoryLicenses.vanityNumberId))
    .where(
      and(
        eq(territoryLicenses.licenseeId, sql.placeholder("licenseeId")),
        inArray(territoryLicenses.status, [...LICENSE_HOLDING_STATUSES]),
      ),
    )
    .orderBy(asc(territories.name), asc(categories.name), asc(vanityNumbers.numberText), asc(territoryLicenses.id))
    .prepare("overview_active_licenses_of_licensee"),
);

/**
 * The monthly fee a license counts for: what its subscription charges (ADR 015: a later fee change leaves it), else
 * its final calculated fee, else its monthly fee. The dashboard and the billing screens both show this figure.
 */
export function licenseMonthlyCents(l: {
  subscriptionAmountCents?: number | null;
  finalCalculatedFeeCents: number | null;
  monthlyFeeCents: number;
}): number {
  return l.subscriptionAmountCents ?? l.finalCalculatedFeeCents ?? l.monthlyFeeCents;
}

/**
 * The financial overview of one licensee (spec 1 §9): its active licences, each naming its territory and its #Code
 * or vanity number, the monthly and provisioning totals, the wallet and last month's deposit.
 */
export async function financialOverview(
  db: DbOrTx,
  lic: { id: string; minutesSmsWalletCents: number; lastMonthDepositCents: number },
): Promise<FinancialOverview> {
  const rows = await activeLicensesOfLicensee(db).execute({ licenseeId: lic.id });
  const activeLicenses: ActiveLicense[] = rows.map((r) => ({
    id: r.id,
    territoryName: r.territoryName,
    offering: r.vanity ? { kind: "vanity", label: r.vanity } : { kind: "code", label: r.code ?? "" },
    monthlyCents: licenseMonthlyCents(r),
    setupCents: r.setupCents,
  }));
  return {
    activeLicenses,
    monthlyTotalCents: activeLicenses.reduce((a, l) => a + l.monthlyCents, 0),
    provisioningTotalCents: activeLicenses.reduce((a, l) => a + l.setupCents, 0),
    walletCents: lic.minutesSmsWalletCents,
    lastMonthDepositCents: lic.lastMonthDepositCents,
    rates: USAGE_BASE_RATES_CENTS,
    additionalMonthlyCents: 0,
    addOnCents: 0,
  };
}

/** The audit action of every sign-in that opened a session (server/auth/flows.ts, server/auth/auth.ts). */
const SIGN_IN_ACTION = "auth.sign_in";

/** How many sessions the account holds and how many times it has signed in. */
const firstVisitCounts = builtOnce((db) =>
  db
    .select({
      sessions: sql<number>`(select count(*) from ${session} where ${session.userId} = ${sql.placeholder("userId")})::int`,
      signIns: sql<number>`(select count(*) from ${auditLog} where ${auditLog.entityType} = 'user' and ${auditLog.entityId} = ${sql.placeholder("userId")} and ${auditLog.action} = ${SIGN_IN_ACTION})::int`,
    })
    .from(user)
    .where(eq(user.id, sql.placeholder("userId")))
    .prepare("overview_first_visit_counts"),
);

/**
 * True while the account is on its first visit: it holds a session and has signed in at most once (every sign-in
 * that opens a session, with the password, a second factor or the emailed verification link, leaves an audit row).
 * Signing in again later leaves another, and from then on the account is returning. A visitor has no first visit.
 */
export async function isFirstVisit(db: DbOrTx, actor: Actor): Promise<boolean> {
  if (!actor.userId) return false;
  const [row] = await firstVisitCounts(db).execute({ userId: actor.userId });
  return Boolean(row && row.sessions > 0 && row.signIns <= 1);
}
