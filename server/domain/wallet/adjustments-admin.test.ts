import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjustmentSchema, BILLING_ADMIN_TEXT, dollarsToCents } from "#kernel/schemas/billing-admin.ts";
import { auditLog, clientWalletTransactions, emailOutbox, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { ForbiddenError, ValidationError } from "../errors.ts";
import { adjustWallet, LicenseeNotFoundError } from "./adjustments-admin.ts";
import { recordLedgerEntry, replayBalance } from "./ledger.ts";
import { balanceOf, LEDGER_OPTS, seedLicensee } from "./test-fixtures.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.insert(user).values({
    id: "admin-user-1",
    name: "Avery Admin",
    email: "admin-user-1@poundcodes.example",
    emailVerified: true,
    role: "admin",
  });
});
afterAll(async () => {
  await t?.close();
});

const ADMIN = { userId: "admin-user-1", role: "admin" as const, ip: "198.51.100.21" };
const token = () => randomUUID();

async function entriesOf(licenseeId: string) {
  return t.db.select().from(clientWalletTransactions).where(eq(clientWalletTransactions.licenseeId, licenseeId));
}
async function auditOf(entryId: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.entityId, entryId));
}

describe("the adjustment form's schema", () => {
  it("reads dollars into integer cents without floats", () => {
    expect(dollarsToCents("25")).toBe(2_500);
    expect(dollarsToCents("25.5")).toBe(2_550);
    expect(dollarsToCents("$1,250.50")).toBe(125_050);
    expect(dollarsToCents(".07")).toBe(7);
    expect(dollarsToCents("0.29")).toBe(29);
    for (const bad of ["", "-5", "1.234", "abc", "1,25", "$"]) expect(dollarsToCents(bad)).toBeNull();
  });

  it("requires a reason and an amount above zero, with the product's messages", () => {
    const base = { direction: "credit", amountCents: "25.00", reason: "Goodwill credit", attempt: token() };
    expect(adjustmentSchema.parse(base)).toMatchObject({ amountCents: 2_500, reason: "Goodwill credit" });
    const errorOf = (patch: Record<string, string>) =>
      adjustmentSchema.safeParse({ ...base, ...patch }).error?.issues.map((i) => i.message);
    expect(errorOf({ reason: "   " })).toEqual([BILLING_ADMIN_TEXT.reasonRequired]);
    expect(errorOf({ amountCents: "0.00" })).toEqual([BILLING_ADMIN_TEXT.amountPositive]);
    expect(errorOf({ amountCents: "-5" })).toEqual([BILLING_ADMIN_TEXT.amountFormat]);
    expect(errorOf({ amountCents: "" })).toEqual([BILLING_ADMIN_TEXT.amountRequired]);
    expect(errorOf({ amountCents: "100000.01" })).toEqual([BILLING_ADMIN_TEXT.amountTooLarge]);
    expect(errorOf({ direction: "sideways" })).toEqual([BILLING_ADMIN_TEXT.directionRequired]);
  });
});

describe("adjustWallet", () => {
  it("credits the wallet: an adjustment entry with the reason, the balance moved and the audit row, together", async () => {
    const lic = await seedLicensee(t.db, { companyName: "Hartley & Moss" });
    const r = await adjustWallet(
      t.db,
      ADMIN,
      { licenseeId: lic.id, direction: "credit", amountCents: 2_550, reason: "  Outage on 3 May  ", attempt: token() },
      LEDGER_OPTS,
    );
    expect(r).toMatchObject({ recorded: true, balanceCents: 2_550, amountCents: 2_550, companyName: "Hartley & Moss" });
    const [entry] = await entriesOf(lic.id);
    expect(entry).toMatchObject({
      id: r.entryId,
      transactionType: "adjustment",
      amountCents: 2_550,
      description: "Outage on 3 May",
      details: { reason: "Outage on 3 May", direction: "credit", adjustedBy: ADMIN.userId },
    });
    expect(await balanceOf(t.db, lic.id)).toBe(2_550);
    expect(await auditOf(r.entryId)).toMatchObject([
      {
        action: "wallet.adjustment",
        entityType: "client_wallet_transaction",
        actorUserId: ADMIN.userId,
        ip: ADMIN.ip,
        details: { licenseeId: lic.id, amountCents: 2_550, balanceCents: 2_550 },
      },
    ]);
  });

  it("debits the wallet, below zero if need be (ADR 006), and emails the licensee once when it falls under the threshold", async () => {
    const lic = await seedLicensee(t.db);
    await adjustWallet(
      t.db,
      ADMIN,
      { licenseeId: lic.id, direction: "credit", amountCents: 1_500, reason: "Opening credit", attempt: token() },
      LEDGER_OPTS,
    );
    const debit = await adjustWallet(
      t.db,
      ADMIN,
      { licenseeId: lic.id, direction: "debit", amountCents: 4_000, reason: "Calls billed late", attempt: token() },
      LEDGER_OPTS,
    );
    expect(debit).toMatchObject({ recorded: true, amountCents: -4_000, balanceCents: -2_500, lowBalanceEmailed: true });
    expect(await balanceOf(t.db, lic.id)).toBe(-2_500);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, lic.email), eq(emailOutbox.template, "wallet_low_balance")));
    expect(mails).toHaveLength(1);
    const again = await adjustWallet(
      t.db,
      ADMIN,
      { licenseeId: lic.id, direction: "debit", amountCents: 100, reason: "Another late call", attempt: token() },
      LEDGER_OPTS,
    );
    expect(again).toMatchObject({ balanceCents: -2_600, lowBalanceEmailed: false });
    expect(await replayBalance(t.db, lic.id)).toMatchObject({
      ledgerCents: -2_600,
      cachedCents: -2_600,
      matches: true,
    });
  });

  it("keeps the replayed ledger equal to the stored balance over a run of adjustments and other entries", async () => {
    const lic = await seedLicensee(t.db);
    const moves = [1_000, -250, 7_500, -9_999, 1, -1, 300] as const;
    let expected = 0;
    for (const [i, cents] of moves.entries()) {
      await adjustWallet(
        t.db,
        ADMIN,
        {
          licenseeId: lic.id,
          direction: cents > 0 ? "credit" : "debit",
          amountCents: Math.abs(cents),
          reason: `Adjustment ${i + 1}`,
          attempt: token(),
        },
        LEDGER_OPTS,
      );
      expected += cents;
    }
    await t.db.transaction((tx) =>
      recordLedgerEntry(
        tx,
        { actor: ADMIN, licenseeId: lic.id, amountCents: 2_500, type: "top_up", description: "Top-up" },
        LEDGER_OPTS,
      ),
    );
    expected += 2_500;
    expect(await replayBalance(t.db, lic.id)).toEqual({
      licenseeId: lic.id,
      ledgerCents: expected,
      cachedCents: expected,
      matches: true,
    });
    expect(await entriesOf(lic.id)).toHaveLength(moves.length + 1);
  });

  it("books a form once, however often it is submitted", async () => {
    const lic = await seedLicensee(t.db);
    const input = {
      licenseeId: lic.id,
      direction: "credit" as const,
      amountCents: 900,
      reason: "Refund",
      attempt: token(),
    };
    const results = await Promise.all([1, 2, 3].map(() => adjustWallet(t.db, ADMIN, input, LEDGER_OPTS)));
    expect(results.filter((r) => r.recorded)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(await balanceOf(t.db, lic.id)).toBe(900);
    expect(await entriesOf(lic.id)).toHaveLength(1);
  });

  it("refuses a blank reason and an amount that is not above zero, writing nothing", async () => {
    const lic = await seedLicensee(t.db);
    const base = {
      licenseeId: lic.id,
      direction: "credit" as const,
      amountCents: 500,
      reason: "Fine",
      attempt: token(),
    };
    await expect(adjustWallet(t.db, ADMIN, { ...base, reason: "  " }, LEDGER_OPTS)).rejects.toMatchObject({
      name: "ValidationError",
      fieldErrors: { reason: [BILLING_ADMIN_TEXT.reasonRequired] },
    });
    for (const amountCents of [0, -500, 12.5]) {
      await expect(adjustWallet(t.db, ADMIN, { ...base, amountCents }, LEDGER_OPTS)).rejects.toBeInstanceOf(
        ValidationError,
      );
    }
    expect(await entriesOf(lic.id)).toEqual([]);
    expect(await balanceOf(t.db, lic.id)).toBe(0);
  });

  it("refuses anyone but an administrator, and an unknown licensee, writing nothing", async () => {
    const lic = await seedLicensee(t.db);
    const input = {
      licenseeId: lic.id,
      direction: "credit" as const,
      amountCents: 500,
      reason: "Nice try",
      attempt: token(),
    };
    for (const actor of [
      { userId: lic.userId, role: "user" as const, ip: null },
      { userId: null, ip: null },
    ]) {
      await expect(adjustWallet(t.db, actor, input, LEDGER_OPTS)).rejects.toBeInstanceOf(ForbiddenError);
    }
    expect(await entriesOf(lic.id)).toEqual([]);
    expect(await balanceOf(t.db, lic.id)).toBe(0);
    for (const licenseeId of [randomUUID(), "not-an-id"]) {
      await expect(adjustWallet(t.db, ADMIN, { ...input, licenseeId }, LEDGER_OPTS)).rejects.toBeInstanceOf(
        LicenseeNotFoundError,
      );
    }
  });
});
