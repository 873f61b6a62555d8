import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WalletTransactionType } from "#kernel/enums.ts";
import { clientWalletTransactions, licensees, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { ForbiddenError } from "../errors.ts";
import { adjustWallet, LicenseeNotFoundError } from "./adjustments-admin.ts";
import { type BillingListQuery, licenseeLedger, listLicenseeWallets } from "./billing-admin.ts";
import { LEDGER_OPTS, seedLicensee } from "./test-fixtures.ts";

let t: TestDb;
const ADMIN = { userId: "admin-user-2", role: "admin" as const, ip: null };
const MEMBER = { userId: "member-1", role: "user" as const, ip: null };
// 1–30 June 2030 in Eastern time (EDT, UTC−4): [04:00Z on 1 June, 04:00Z on 1 July).
const PERIOD = { from: "2030-06-01", to: "2030-06-30" };
const START = Date.parse("2030-06-01T04:00:00Z");
const END = Date.parse("2030-07-01T04:00:00Z");

type Entry = { type: WalletTransactionType; amountCents: number; at: number };
const books: { id: string; company: string; entries: Entry[] }[] = [];

const query = (patch: Partial<BillingListQuery> = {}): BillingListQuery => ({
  q: "",
  sort: "company",
  dir: "asc",
  page: 1,
  size: 25,
  filters: {},
  ...patch,
});

beforeAll(async () => {
  t = await createTestDb();
  await t.db.insert(user).values({
    id: "admin-user-2",
    name: "Avery Admin",
    email: "admin-user-2@poundcodes.example",
    emailVerified: true,
    role: "admin",
  });
  const plan: [string, Entry[]][] = [
    [
      "Abbott Injury Law",
      [
        { type: "top_up", amountCents: 5_000, at: START - 1 },
        { type: "top_up", amountCents: 2_500, at: START },
        { type: "usage", amountCents: -180, at: START + 3_600_000 },
        { type: "adjustment", amountCents: -700, at: END - 1 },
        { type: "usage", amountCents: -999, at: END },
      ],
    ],
    [
      "Brightline Disability Advocates",
      [
        { type: "top_up", amountCents: 1_000, at: START + 86_400_000 },
        { type: "top_up", amountCents: 1_000, at: START + 2 * 86_400_000 },
        { type: "usage", amountCents: -4_321, at: START + 3 * 86_400_000 },
        { type: "adjustment", amountCents: 1_200, at: START + 4 * 86_400_000 },
      ],
    ],
    ["Cedar Legal Group", []],
  ];
  for (const [company, entries] of plan) {
    const lic = await seedLicensee(t.db, { companyName: company });
    books.push({ id: lic.id, company, entries });
    if (entries.length) {
      await t.db.insert(clientWalletTransactions).values(
        entries.map((e, i) => ({
          licenseeId: lic.id,
          amountCents: e.amountCents,
          transactionType: e.type,
          description: `${company} entry ${i}`,
          transactionDate: new Date(e.at),
        })),
      );
    }
    const balance = entries.reduce((a, e) => a + e.amountCents, 0);
    await t.db.update(licensees).set({ minutesSmsWalletCents: balance }).where(eq(licensees.id, lic.id));
  }
});
afterAll(async () => {
  await t?.close();
});

const inPeriod = (e: Entry) => e.at >= START && e.at < END;
const sum = (entries: Entry[], type: WalletTransactionType) =>
  entries.filter((e) => e.type === type && inPeriod(e)).reduce((a, e) => a + e.amountCents, 0);

describe("listLicenseeWallets", () => {
  it("shows every licensee's balance, and the top-ups, usage and adjustments dated in the period", async () => {
    const page = await listLicenseeWallets(t.db, ADMIN, query(), PERIOD);
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.companyName)).toEqual(books.map((b) => b.company));
    for (const b of books) {
      expect(page.rows.find((r) => r.id === b.id)).toMatchObject({
        balanceCents: b.entries.reduce((a, e) => a + e.amountCents, 0),
        topUpsCents: sum(b.entries, "top_up"),
        usageCents: 0 - sum(b.entries, "usage"),
        adjustmentsCents: sum(b.entries, "adjustment"),
      });
    }
    // Abbott by hand: 25.00 topped up (the 50.00 came a moment before the period), 1.80 used (9.99 a moment after).
    expect(page.rows[0]).toMatchObject({ topUpsCents: 2_500, usageCents: 180, adjustmentsCents: -700 });
  });

  it("searches, sorts by the period's figures and pages", async () => {
    const found = await listLicenseeWallets(t.db, ADMIN, query({ q: "brightline" }), PERIOD);
    expect(found.rows.map((r) => r.companyName)).toEqual(["Brightline Disability Advocates"]);
    const byUsage = await listLicenseeWallets(t.db, ADMIN, query({ sort: "usage", dir: "desc" }), PERIOD);
    expect(byUsage.rows.map((r) => r.usageCents)).toEqual([4_321, 180, 0]);
    const byBalance = await listLicenseeWallets(t.db, ADMIN, query({ sort: "balance", dir: "asc" }), PERIOD);
    expect(byBalance.rows.map((r) => r.companyName)).toEqual([
      "Brightline Disability Advocates",
      "Cedar Legal Group",
      "Abbott Injury Law",
    ]);
    const second = await listLicenseeWallets(t.db, ADMIN, query({ size: 2, page: 2 }), PERIOD);
    expect(second).toMatchObject({ total: 3, rows: [{ companyName: "Cedar Legal Group" }] });
  });

  it("refuses anyone but an administrator", async () => {
    await expect(listLicenseeWallets(t.db, MEMBER, query(), PERIOD)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("licenseeLedger", () => {
  it("lists the entries newest first with the balance after each, and the replay agrees with the balance", async () => {
    const abbott = books[0]!;
    const ledger = await licenseeLedger(t.db, ADMIN, abbott.id, { dir: "desc", page: 1, size: 25 });
    const chronological = [...abbott.entries].sort((a, b) => a.at - b.at);
    let running = 0;
    const expected = chronological.map((e) => {
      running += e.amountCents;
      return { amountCents: e.amountCents, balanceAfterCents: running, transactionDate: new Date(e.at) };
    });
    expect(ledger.page.total).toBe(5);
    expect(ledger.page.rows).toMatchObject(expected.reverse());
    expect(ledger.licensee).toMatchObject({ id: abbott.id, companyName: abbott.company, balanceCents: running });
    expect(ledger.replay).toMatchObject({ ledgerCents: running, cachedCents: running, matches: true });
    const oldestFirst = await licenseeLedger(t.db, ADMIN, abbott.id, { dir: "asc", page: 2, size: 2 });
    expect(oldestFirst.page.rows.map((r) => r.balanceAfterCents)).toEqual([7_320, 6_620]);
    // A search narrows the rows; each keeps its balance over the whole ledger.
    const found = await licenseeLedger(t.db, ADMIN, abbott.id, { dir: "desc", page: 1, size: 25, q: "entry 2" });
    expect(found.page).toEqual({
      total: 1,
      rows: [expect.objectContaining({ amountCents: -180, balanceAfterCents: 7_320 })],
    });
    const none = await licenseeLedger(t.db, ADMIN, abbott.id, { dir: "desc", page: 2, size: 25, q: "nothing like it" });
    expect(none.page).toEqual({ total: 0, rows: [] });
  });

  it("shows a manual adjustment with its reason, and the running balance through it", async () => {
    const cedar = books[2]!;
    await adjustWallet(
      t.db,
      ADMIN,
      { licenseeId: cedar.id, direction: "debit", amountCents: 1_234, reason: "Late usage", attempt: randomUUID() },
      LEDGER_OPTS,
    );
    const ledger = await licenseeLedger(t.db, ADMIN, cedar.id, { dir: "desc", page: 1, size: 25 });
    expect(ledger.page.rows).toMatchObject([
      { transactionType: "adjustment", amountCents: -1_234, balanceAfterCents: -1_234, reason: "Late usage" },
    ]);
    expect(ledger.licensee.balanceCents).toBe(-1_234);
    expect(ledger.replay.matches).toBe(true);
  });

  it("answers not found for an unknown licensee, and refuses anyone but an administrator", async () => {
    for (const id of [randomUUID(), "nope"]) {
      await expect(licenseeLedger(t.db, ADMIN, id, { dir: "desc", page: 1, size: 25 })).rejects.toBeInstanceOf(
        LicenseeNotFoundError,
      );
    }
    await expect(licenseeLedger(t.db, MEMBER, books[0]!.id, { dir: "desc", page: 1, size: 25 })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });
});
