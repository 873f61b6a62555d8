import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsReport } from "../../domain/analytics/analytics.ts";
import type { Database } from "../client.ts";
import {
  categories,
  clientWalletTransactions,
  licensees,
  licenseInvoices,
  territories,
  territoryCategories,
  territoryLicenses,
  user,
} from "../schema/index.ts";
import { createTestDb } from "../test-utils.ts";
import { seedCounts } from "./counts.ts";
import { DEMO_USER_EMAIL } from "./data/demo-licensee.ts";
import { seedDemo } from "./seed.ts";

let db: Database;
let close: () => Promise<void>;
const created: string[] = [];

async function createDemoUser(input: { email: string; name: string; password: string }) {
  const id = `seed-test-${created.length + 1}`;
  created.push(input.email);
  await db.insert(user).values({ id, email: input.email, name: input.name, emailVerified: true });
  return { id };
}

beforeAll(async () => {
  ({ db, close } = await createTestDb());
});
afterAll(async () => {
  if (close) await close();
});

describe("seedDemo", () => {
  it("seeds an empty database in one go", async () => {
    const result = await seedDemo(db, { createDemoUser });
    expect(result).not.toBeNull();
    expect(result?.counts).toEqual(seedCounts());
    expect(created).toEqual([DEMO_USER_EMAIL]);

    const [t] = await db.select({ n: count() }).from(territories);
    expect(t?.n).toBe(59);
    const [tc] = await db.select({ n: count() }).from(territoryCategories);
    expect(tc?.n).toBe(590);

    const statuses = await db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from territories group by status order by status`,
    );
    expect(Object.fromEntries(statuses.rows.map((r) => [r.status, r.n]))).toEqual({
      available: 42,
      licensed: 3,
      negotiations: 4,
      partial: 10,
    });
  });

  it("links the demo licensee's licenses to licensed #4LAW territories and keeps the wallet equal to its ledger", async () => {
    const [licensee] = await db.select().from(licensees).where(eq(licensees.email, DEMO_USER_EMAIL));
    expect(licensee?.userId).toBe("seed-test-1");
    const licenses = await db
      .select({ territory: territories.slug, status: territoryCategories.status })
      .from(territoryLicenses)
      .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
      .innerJoin(categories, eq(categories.id, territoryLicenses.categoryId))
      .innerJoin(
        territoryCategories,
        sql`${territoryCategories.territoryId} = ${territoryLicenses.territoryId} and ${territoryCategories.categoryId} = ${territoryLicenses.categoryId}`,
      )
      .where(eq(categories.slug, "hash-4law"));
    expect(licenses.map((l) => l.territory).sort()).toEqual(["central-florida", "georgia"]);
    expect(licenses.every((l) => l.status === "licensed")).toBe(true);
    const [ledger] = await db
      .select({ total: sql<number>`sum(${clientWalletTransactions.amountCents})::int` })
      .from(clientWalletTransactions)
      .where(eq(clientWalletTransactions.licenseeId, licensee?.id ?? ""));
    expect(ledger?.total).toBe(licensee?.minutesSmsWalletCents);
  });

  it("gives each demo license a paid subscription history, so the admin billing figures are not zero", async () => {
    const licenses = await db
      .select({
        id: territoryLicenses.id,
        subscription: territoryLicenses.stripeSubscriptionId,
        customer: territoryLicenses.stripeCustomerId,
        amount: territoryLicenses.subscriptionAmountCents,
        fee: territoryLicenses.monthlyFeeCents,
        periodEnd: territoryLicenses.currentPeriodEnd,
      })
      .from(territoryLicenses);
    expect(licenses.map((l) => [l.subscription, l.customer, l.amount, l.periodEnd?.toISOString()]).sort()).toEqual([
      [null, null, 169_000, "2026-12-01T04:00:00.000Z"],
      [null, null, 250_500, "2026-12-02T05:00:00.000Z"],
    ]);
    for (const l of licenses) expect(l.amount).toBe(l.fee);
    const invoices = await db.select().from(licenseInvoices);
    expect(invoices).toHaveLength(seedCounts().licenseInvoices);
    expect(invoices).toHaveLength(15);
    expect(invoices.every((i) => i.status === "paid" && i.amountPaidCents === i.amountDueCents)).toBe(true);
    expect(invoices.every((i) => i.hostedInvoiceUrl === null && i.invoicePdfUrl === null)).toBe(true);
    expect(invoices.filter((i) => i.billingReason === "subscription_create")).toHaveLength(2);
    // Georgia 5,715.00 + 8 × 2,505.00, Central Florida 4,390.00 + 5 × 1,690.00.
    expect(invoices.reduce((a, i) => a + i.amountPaidCents, 0)).toBe(3_859_500);

    const admin = { userId: null, role: "admin" as const, ip: null };
    const october = await analyticsReport(db, admin, { from: "2026-10-01", to: "2026-10-31" }, "month");
    expect(october.mrrCents).toBe(419_500);
    expect(october.billing).toEqual({
      collectedCents: 419_500,
      paidInvoices: 2,
      refundedCents: 0,
      refunds: 0,
      overdueLicenses: 0,
      suspendedLicenses: 0,
    });
  });

  it("does nothing on a database that already has territories", async () => {
    const result = await seedDemo(db, {
      createDemoUser: async () => {
        throw new Error("must not create a user");
      },
    });
    expect(result).toBeNull();
    const [t] = await db.select({ n: count() }).from(territories);
    expect(t?.n).toBe(59);
  });
});
