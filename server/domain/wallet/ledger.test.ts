import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  clientWalletTransactions,
  emailOutbox,
  licensees,
  territoryLicenses,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { submitLead } from "../landing-pages/leads.ts";
import { seedLandingPage } from "../landing-pages/test-fixtures.ts";
import { UnknownLicenseError, UnknownLicenseeError } from "./errors.ts";
import { recordLedgerEntry, replayBalance } from "./ledger.ts";
import { balanceOf, LEDGER_OPTS, seedLicence, seedLicensee } from "./test-fixtures.ts";
import { recordUsage } from "./usage.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const ADMIN = { userId: null, role: "admin" as const, ip: "198.51.100.9" };

describe("recordLedgerEntry", () => {
  it("inserts the entry and moves the cached balance in one transaction, auditing credits", async () => {
    const lic = await seedLicensee(t.db);
    const r = await t.db.transaction((tx) =>
      recordLedgerEntry(
        tx,
        {
          actor: ADMIN,
          licenseeId: lic.id,
          amountCents: 2_500,
          type: "adjustment",
          description: "Goodwill credit",
          details: { reason: "Outage on 3 May" },
        },
        LEDGER_OPTS,
      ),
    );
    expect(r).toMatchObject({ recorded: true, balanceCents: 2_500 });
    expect(await balanceOf(t.db, lic.id)).toBe(2_500);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, r.recorded ? r.entryId : ""));
    expect(audit).toMatchObject([{ action: "wallet.adjustment", ip: "198.51.100.9" }]);
    expect(await replayBalance(t.db, lic.id)).toMatchObject({ ledgerCents: 2_500, cachedCents: 2_500, matches: true });
  });

  it("books a reference once: the second entry changes nothing", async () => {
    const lic = await seedLicensee(t.db);
    const entry = {
      actor: SYSTEM_ACTOR,
      licenseeId: lic.id,
      amountCents: 1_000,
      type: "top_up" as const,
      description: "Wallet top-up ($10.00)",
      paymentReference: `cs_test_${lic.id}`,
    };
    const first = await t.db.transaction((tx) => recordLedgerEntry(tx, entry, LEDGER_OPTS));
    const second = await t.db.transaction((tx) => recordLedgerEntry(tx, entry, LEDGER_OPTS));
    expect(second).toEqual({ recorded: false, duplicateOf: first.recorded ? first.entryId : "" });
    expect(await balanceOf(t.db, lic.id)).toBe(1_000);
  });

  it("rolls back the entry and the balance together", async () => {
    const lic = await seedLicensee(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await recordLedgerEntry(
          tx,
          { actor: SYSTEM_ACTOR, licenseeId: lic.id, amountCents: 700, type: "adjustment", description: "x" },
          LEDGER_OPTS,
        );
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await balanceOf(t.db, lic.id)).toBe(0);
    expect(
      await t.db.select().from(clientWalletTransactions).where(eq(clientWalletTransactions.licenseeId, lic.id)),
    ).toEqual([]);
  });

  it("lets the balance go below zero and emails the licensee once per fall under the threshold", async () => {
    const lic = await seedLicensee(t.db);
    const book = (amountCents: number, type: "usage" | "top_up") =>
      t.db.transaction((tx) =>
        recordLedgerEntry(
          tx,
          { actor: SYSTEM_ACTOR, licenseeId: lic.id, amountCents, type, description: `${type} ${amountCents}` },
          LEDGER_OPTS,
        ),
      );
    const mails = async () =>
      (await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, lic.email))).filter(
        (m) => m.template === "wallet_low_balance",
      );
    await book(1_500, "top_up");
    await book(-400, "usage"); // 11.00: still over
    expect(await mails()).toHaveLength(0);
    await book(-200, "usage"); // 9.00: falls under 10.00
    await book(-1_000, "usage"); // -1.00: already told
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textBody).toContain("$9.00");
    expect(sent[0]!.textBody).toContain("https://poundcodes.example/dashboard/billing");
    expect(await balanceOf(t.db, lic.id)).toBe(-100);
    await book(2_500, "top_up"); // 24.00: lifted back, forgotten
    const [row] = await t.db.select().from(licensees).where(eq(licensees.id, lic.id));
    expect(row!.lowBalanceNotifiedAt).toBeNull();
    await book(-1_500, "usage"); // 9.00: a new fall, a new email
    expect(await mails()).toHaveLength(2);
    expect(await replayBalance(t.db, lic.id)).toMatchObject({ matches: true, ledgerCents: 900 });
  });

  it("keeps the cached balance equal to the ledger under 30 concurrent entries", async () => {
    const lic = await seedLicensee(t.db);
    const amounts = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 1_000 : -(i * 7 + 1)));
    await Promise.all(
      amounts.map((amountCents, i) =>
        t.db.transaction((tx) =>
          recordLedgerEntry(
            tx,
            {
              actor: SYSTEM_ACTOR,
              licenseeId: lic.id,
              amountCents,
              type: amountCents > 0 ? "top_up" : "usage",
              description: `entry ${i}`,
              paymentReference: `concurrent-${lic.id}-${i}`,
            },
            LEDGER_OPTS,
          ),
        ),
      ),
    );
    const expected = amounts.reduce((a, b) => a + b, 0);
    expect(await replayBalance(t.db, lic.id)).toEqual({
      licenseeId: lic.id,
      ledgerCents: expected,
      cachedCents: expected,
      matches: true,
    });
  });
});

describe("recordUsage", () => {
  const event = (licenseeId: string, extra: Record<string, unknown> = {}) => ({
    id: `evt-${Math.random().toString(36).slice(2)}`,
    licensee_id: licenseeId,
    kind: "call_minutes" as const,
    quantity: 12,
    ...extra,
  });

  it("debits minutes, SMS and leads at the rates of the licence's territory", async () => {
    const lic = await seedLicensee(t.db);
    const licence = await seedLicence(t.db, lic.id, { minutes: 2, sms: 1.5 });
    const minutes = await recordUsage(t.db, event(lic.id, { license_id: licence.id }), LEDGER_OPTS);
    expect(minutes).toMatchObject({ status: "recorded", amountCents: -120, balanceCents: -120 });
    const sms = await recordUsage(
      t.db,
      event(lic.id, { license_id: licence.id, kind: "sms", quantity: 3 }),
      LEDGER_OPTS,
    );
    expect(sms).toMatchObject({ amountCents: -9 }); // round(2 × 1.5) = 3 cents
    const lead = await recordUsage(t.db, event(lic.id, { kind: "web_form_lead", quantity: 2 }), LEDGER_OPTS);
    expect(lead).toMatchObject({ amountCents: -100 });
    const base = await recordUsage(t.db, event(lic.id), LEDGER_OPTS);
    expect(base).toMatchObject({ amountCents: -60 }); // no licence named: the base $0.05
    const rows = await t.db
      .select()
      .from(clientWalletTransactions)
      .where(eq(clientWalletTransactions.licenseeId, lic.id));
    expect(rows.map((r) => r.description).sort()).toEqual(
      ["12 call minutes at $0.05", "12 call minutes at $0.10", "2 web-form leads at $0.50", "3 SMS at $0.03"].sort(),
    );
    expect(rows.every((r) => r.transactionType === "usage")).toBe(true);
    expect(await replayBalance(t.db, lic.id)).toMatchObject({ matches: true, ledgerCents: -289 });
  });

  it("debits an event once, however often it arrives (also concurrently)", async () => {
    const lic = await seedLicensee(t.db);
    const e = event(lic.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => recordUsage(t.db, e, LEDGER_OPTS)));
    expect(results.filter((r) => r.status === "recorded")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(19);
    expect(await balanceOf(t.db, lic.id)).toBe(-60);
  });

  it("counts an event id per licensee: the same id from another licensee is recorded, a replay is a duplicate", async () => {
    const lic = await seedLicensee(t.db);
    const other = await seedLicensee(t.db);
    const id = `evt-shared-${lic.id}`;
    const mine = await recordUsage(t.db, event(lic.id, { id }), LEDGER_OPTS);
    const theirs = await recordUsage(t.db, event(other.id, { id }), LEDGER_OPTS);
    expect(mine.status).toBe("recorded");
    expect(theirs.status).toBe("recorded");
    const replay = await recordUsage(t.db, event(other.id, { id }), LEDGER_OPTS);
    expect(replay).toEqual({ status: "duplicate", entryId: (theirs as { entryId: string }).entryId });
    // An event recorded under the reference used before it named the licensee is still that licensee's duplicate.
    const legacy = `evt-legacy-${lic.id}`;
    await t.db.insert(clientWalletTransactions).values({
      licenseeId: lic.id,
      amountCents: -60,
      transactionType: "usage",
      description: "12 call minutes at $0.05",
      paymentReference: `usage:${legacy}`,
    });
    await t.db
      .update(licensees)
      .set({ minutesSmsWalletCents: sql`${licensees.minutesSmsWalletCents} - 60` })
      .where(eq(licensees.id, lic.id));
    expect(await recordUsage(t.db, event(lic.id, { id: legacy }), LEDGER_OPTS)).toMatchObject({ status: "duplicate" });
    expect(await balanceOf(t.db, lic.id)).toBe(-120);
    expect(await balanceOf(t.db, other.id)).toBe(-60);
  });

  it("dates an event only within the license's term (the licensee's life without one) and a small skew ahead", async () => {
    const lic = await seedLicensee(t.db);
    const licence = await seedLicence(t.db, lic.id);
    const [row] = await t.db
      .select({ startsAt: territoryLicenses.startsAt })
      .from(territoryLicenses)
      .where(eq(territoryLicenses.id, licence.id));
    const now = new Date(row!.startsAt.getTime() + 3_600_000);
    const at = (ms: number) => new Date(ms).toISOString();
    const opts = { ...LEDGER_OPTS, now };
    const refused = [
      event(lic.id, { occurred_at: "1900-01-01T00:00:00Z" }),
      event(lic.id, { license_id: licence.id, occurred_at: at(row!.startsAt.getTime() - 1_000) }),
      event(lic.id, { license_id: licence.id, occurred_at: at(now.getTime() + 301_000) }),
    ];
    for (const e of refused) {
      await expect(recordUsage(t.db, e, opts)).rejects.toMatchObject({
        name: "UsageDateOutOfRangeError",
        code: "occurred_at_out_of_range",
        status: 400,
      });
    }
    expect(await balanceOf(t.db, lic.id)).toBe(0);
    const within = [
      event(lic.id, { license_id: licence.id, occurred_at: at(row!.startsAt.getTime() + 1_000) }),
      event(lic.id, { license_id: licence.id, occurred_at: at(now.getTime() + 60_000) }),
    ];
    for (const e of within) expect((await recordUsage(t.db, e, opts)).status).toBe("recorded");
  });

  it("refuses an unknown licensee, or a licence of someone else, writing nothing", async () => {
    const lic = await seedLicensee(t.db);
    const other = await seedLicensee(t.db);
    const theirs = await seedLicence(t.db, other.id);
    await expect(recordUsage(t.db, event("00000000-0000-4000-8000-000000000000"), LEDGER_OPTS)).rejects.toBeInstanceOf(
      UnknownLicenseeError,
    );
    await expect(recordUsage(t.db, event(lic.id, { license_id: theirs.id }), LEDGER_OPTS)).rejects.toBeInstanceOf(
      UnknownLicenseError,
    );
    expect(await balanceOf(t.db, lic.id)).toBe(0);
    expect(
      await t.db.select().from(clientWalletTransactions).where(eq(clientWalletTransactions.licenseeId, lic.id)),
    ).toEqual([]);
  });
});

describe("landing-page leads", () => {
  it("debit the per-lead fee in the lead's transaction, once per lead", async () => {
    const seeded = await seedLandingPage(t.db, { territoryName: "Wallet Georgia" });
    const lead = { name: "Tanya Whitaker", email: "tanya@example.com", phone: "(678) 555-0117", message: "" };
    const input = { ...lead, poundCode: "4law", territorySlug: "wallet-georgia" };
    const r = await submitLead(t.db, SYSTEM_ACTOR, input, { publicUrl: "https://poundcodes.example" });
    const rows = await t.db
      .select()
      .from(clientWalletTransactions)
      .where(eq(clientWalletTransactions.licenseeId, seeded.licensee.id));
    expect(rows).toMatchObject([
      { amountCents: -50, transactionType: "usage", paymentReference: `lead:${r.submissionId}` },
    ]);
    expect(rows[0]!.description).toBe("Web-form lead: #4LAW Wallet Georgia landing page at $0.50");
    expect(await replayBalance(t.db, seeded.licensee.id)).toMatchObject({ matches: true, ledgerCents: -50 });
  });
});
