import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { licensees, session, territoryLicenses, user, vanityNumbers } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { seedCategory, seedTerritory } from "../reservations/test-fixtures.ts";
import { getDashboardOverview, isFirstVisit } from "./overview.ts";

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});

afterAll(() => t.close());

async function account(input: { name: string; companyName?: string | null }): Promise<string> {
  const id = randomUUID();
  await t.db.insert(user).values({
    id,
    name: input.name,
    email: `${id}@example.com`,
    emailVerified: false,
    companyName: input.companyName ?? null,
  });
  return id;
}

describe("getDashboardOverview: profile", () => {
  it("shows the company typed at sign-up while the user has no licensee record", async () => {
    const userId = await account({ name: "Riley Park", companyName: "Park & Sons Plumbing" });
    const overview = await getDashboardOverview(t.db, { userId });
    expect(overview.licensee).toBeNull();
    expect(overview.financial).toBeNull();
    expect(overview.profile).toEqual({
      companyName: "Park & Sons Plumbing",
      contactName: "Riley Park",
      email: `${userId}@example.com`,
      phone: null,
    });
  });

  it("prefers the licensee record, and falls back to the account for its empty fields", async () => {
    const userId = await account({ name: "Dana Whitfield", companyName: "Typed At Sign-up" });
    await t.db.insert(licensees).values({
      userId,
      email: "office@whitfield.example",
      contactName: "Dana W.",
      companyName: "Whitfield Law",
      phone: "(404) 555-0182",
    });
    const overview = await getDashboardOverview(t.db, { userId });
    expect(overview.profile).toEqual({
      companyName: "Whitfield Law",
      contactName: "Dana W.",
      email: "office@whitfield.example",
      phone: "(404) 555-0182",
    });
    expect(overview.financial?.rates).toEqual(USAGE_BASE_RATES_CENTS);

    const blank = await account({ name: "Sam Lee", companyName: "Lee Roofing" });
    await t.db.insert(licensees).values({ userId: blank, email: "sam@lee.example", companyName: "  " });
    expect((await getDashboardOverview(t.db, { userId: blank })).profile.companyName).toBe("Lee Roofing");
  });

  it("has no company when neither the record nor the account holds one", async () => {
    const userId = await account({ name: "No Company" });
    expect((await getDashboardOverview(t.db, { userId })).profile.companyName).toBeNull();
  });

  it("gives a visitor nothing", async () => {
    expect(await getDashboardOverview(t.db, SYSTEM_ACTOR)).toEqual({
      profile: { companyName: null, contactName: null, email: null, phone: null },
      licensee: null,
      financial: null,
    });
  });
});

async function licensee(opts: { wallet?: number; deposit?: number } = {}) {
  const userId = await account({ name: "Morgan Hale", companyName: "Hale Injury Law" });
  const [row] = await t.db
    .insert(licensees)
    .values({
      userId,
      email: `${userId}@hale.example`,
      minutesSmsWalletCents: opts.wallet ?? 0,
      lastMonthDepositCents: opts.deposit ?? 0,
    })
    .returning({ id: licensees.id });
  return { userId, licenseeId: row!.id };
}

describe("getDashboardOverview: financial overview (spec 1 §9)", () => {
  it("sums final_calculated_fee, else monthly_fee, over active licences; provisioning sums setup fees", async () => {
    const { userId, licenseeId } = await licensee({ wallet: 12_345, deposit: 5_000 });
    const georgia = await seedTerritory(t.db, { name: "Georgia" });
    const ohio = await seedTerritory(t.db, { name: "Ohio" });
    const code = await seedCategory(t.db, `#L${Date.now() % 100000}`);
    const other = await seedCategory(t.db);
    const [vanity] = await t.db
      .insert(vanityNumbers)
      .values({ numberText: `1-800-${Date.now() % 10000}-HELP`, slug: `v-${Date.now()}` })
      .returning();
    await t.db.insert(territoryLicenses).values([
      // final fee wins over the monthly fee
      {
        licenseeId,
        territoryId: georgia.id,
        categoryId: code.id,
        monthlyFeeCents: 50_000,
        finalCalculatedFeeCents: 62_550,
        setupFeeCents: 10_000,
      },
      // no final fee: the monthly fee counts
      { licenseeId, territoryId: ohio.id, vanityNumberId: vanity!.id, monthlyFeeCents: 30_001, setupFeeCents: 2_499 },
      // not active: left out of every figure
      {
        licenseeId,
        territoryId: ohio.id,
        categoryId: other.id,
        status: "expired",
        monthlyFeeCents: 99_999,
        setupFeeCents: 99_999,
      },
    ]);
    const fin = (await getDashboardOverview(t.db, { userId })).financial!;
    expect(fin.monthlyTotalCents).toBe(62_550 + 30_001);
    expect(fin.provisioningTotalCents).toBe(10_000 + 2_499);
    expect(fin.walletCents).toBe(12_345);
    expect(fin.lastMonthDepositCents).toBe(5_000);
    expect(fin.rates).toEqual({ perMinute: 5, perSms: 2, perWebFormLead: 50 });
    expect(fin.additionalMonthlyCents).toBe(0);
    expect(fin.addOnCents).toBe(0);
    expect(fin.activeLicenses.map((l) => [l.territoryName, l.offering, l.monthlyCents, l.setupCents])).toEqual([
      ["Georgia", { kind: "code", label: code.name }, 62_550, 10_000],
      ["Ohio", { kind: "vanity", label: vanity!.numberText }, 30_001, 2_499],
    ]);
  });

  it("reads only the caller's own licences", async () => {
    const a = await licensee();
    const b = await licensee({ wallet: 700 });
    const territory = await seedTerritory(t.db);
    const code = await seedCategory(t.db);
    await t.db
      .insert(territoryLicenses)
      .values({ licenseeId: a.licenseeId, territoryId: territory.id, categoryId: code.id, monthlyFeeCents: 40_000 });
    const fin = (await getDashboardOverview(t.db, { userId: b.userId })).financial!;
    expect(fin.activeLicenses).toEqual([]);
    expect(fin.monthlyTotalCents).toBe(0);
    expect(fin.provisioningTotalCents).toBe(0);
    expect(fin.walletCents).toBe(700);
  });
});

describe("isFirstVisit", () => {
  /** An account holding `sessions` sessions that has signed in `signIns` times (the audit rows of its sign-ins). */
  async function withHistory(sessions: number, signIns: number) {
    const userId = await account({ name: "Casey Fox" });
    for (let i = 0; i < sessions; i++) {
      await t.db.insert(session).values({
        id: randomUUID(),
        token: randomUUID(),
        userId,
        createdAt: new Date(),
        updatedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    }
    for (let i = 0; i < signIns; i++) {
      await recordAudit(t.db, { userId }, { action: "auth.sign_in", entityType: "user", entityId: userId });
    }
    return userId;
  }

  it("is a first visit while the account has signed in once (sign-up itself opens no session)", async () => {
    expect(await isFirstVisit(t.db, { userId: await withHistory(1, 1) })).toBe(true);
    // An account from before sign-ins were recorded, or made by an operator: its first session is its first visit.
    expect(await isFirstVisit(t.db, { userId: await withHistory(1, 0) })).toBe(true);
  });

  it("is a returning visit once the account has signed in again, even after signing out of the first session", async () => {
    expect(await isFirstVisit(t.db, { userId: await withHistory(2, 2) })).toBe(false);
    expect(await isFirstVisit(t.db, { userId: await withHistory(1, 2) })).toBe(false);
  });

  it("is never a first visit without a session or a user", async () => {
    expect(await isFirstVisit(t.db, { userId: await withHistory(0, 1) })).toBe(false);
    expect(await isFirstVisit(t.db, SYSTEM_ACTOR)).toBe(false);
  });
});
