/**
 * Leads billed honestly (ADR 016), on the database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a repeat
 * within 30 days is not billed; spam is recorded and not billed; a phone that is not a valid US number is refused;
 * past the daily cap leads are delivered free with one notice; fifty concurrent submissions of one person bill one
 * lead; a retried form records once; a dispute accepted twice concurrently credits once.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadSchema } from "#kernel/schemas/landing-page.ts";
import { clientWalletTransactions, emailOutbox, formSubmissions, licensees } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { ForbiddenError, ValidationError } from "../errors.ts";
import { seedUser } from "../reservations/test-fixtures.ts";
import { replayBalance } from "../wallet/ledger.ts";
import { INVALID_US_PHONE } from "./lead-billing.ts";
import { disputeLead, LeadNotDisputableError, LeadNotFoundError, resolveLeadDispute } from "./lead-disputes.ts";
import { contentKey, submitLead } from "./leads.ts";
import { seedLandingPage } from "./test-fixtures.ts";

const PUBLIC_URL = "https://poundcodes.test";
const SALES = "sales@poundcodes.test";
const visitor: Actor = { userId: null, ip: "198.51.100.41" };
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestDb;
let adminId: string;
beforeAll(async () => {
  t = await createTestDb();
  adminId = await seedUser(t.db);
});
afterAll(() => t.close());

let seq = 0;
async function page() {
  const name = `Lead Billing ${++seq}`;
  const seeded = await seedLandingPage(t.db, { territoryName: name });
  return { ...seeded, slug: name.toLowerCase().replace(/\s+/g, "-") };
}

/** A lead as the form's schema reads it; the domain is what refuses a phone that is not a valid US number. */
const person = (n: number, over: Record<string, string> = {}) => ({
  ...leadSchema.parse({
    name: `Visitor ${n}`,
    email: `visitor.${n}@example.com`,
    phone: `(216) 555-${String(1000 + n).slice(-4)}`,
    message: `Message ${n}`,
    ...over,
    ...(over.phone ? { phone: "(216) 555-0100" } : {}),
  }),
  ...(over.phone ? { phone: over.phone } : {}),
});

function send(
  p: { slug: string },
  lead: ReturnType<typeof person>,
  extra: { key?: string; startedAt?: number; now?: Date; cap?: number } = {},
) {
  const { leadKey: _, startedAt: __, ...fields } = lead;
  return submitLead(
    t.db,
    visitor,
    {
      ...fields,
      poundCode: "4law",
      territorySlug: p.slug,
      idempotencyKey: extra.key ?? crypto.randomUUID(),
      startedAt: extra.startedAt ?? null,
    },
    { publicUrl: PUBLIC_URL, salesEmail: SALES, dailyCap: extra.cap ?? 25, now: extra.now },
  );
}

const leadsOf = (pageId: string) => t.db.select().from(formSubmissions).where(eq(formSubmissions.pageId, pageId));
const debitsOf = (licenseeId: string) =>
  t.db
    .select()
    .from(clientWalletTransactions)
    .where(
      and(
        eq(clientWalletTransactions.licenseeId, licenseeId),
        like(clientWalletTransactions.paymentReference, "lead:%"),
      ),
    );

describe("billing rules", () => {
  it("bills a person once per page in 30 days: the same email or the same phone is a repeat", async () => {
    const p = await page();
    const first = await send(p, person(1));
    const sameEmail = await send(p, person(1, { phone: "(216) 555-7777", message: "Again" }));
    const samePhone = await send(p, person(1, { email: "other.address@example.com", message: "Third" }));
    const later = await send(p, person(1, { message: "A month on" }), { now: new Date(Date.now() + 31 * DAY_MS) });
    expect([first, sameEmail, samePhone, later].map((r) => r.billing)).toEqual([
      "billed",
      "repeat",
      "repeat",
      "billed",
    ]);
    const rows = await leadsOf(p.page.id);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.billing === "billed").every((r) => r.billedCents === 50)).toBe(true);
    expect(rows.filter((r) => r.billing === "repeat").every((r) => r.billedCents === 0)).toBe(true);
    expect(await debitsOf(p.licensee.id)).toHaveLength(2);
    // Every lead is delivered; the email says whether it cost anything.
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, p.licensee.email));
    expect(mails.filter((m) => m.template === "landing_page_lead")).toHaveLength(4);
    expect(mails.some((m) => m.textBody.includes("Not billed: the same person sent your page a lead"))).toBe(true);
  });

  it("records spam without billing it, and refuses a phone that is not a valid US number", async () => {
    const p = await page();
    const throwaway = await send(p, person(2, { email: "someone@mailinator.com" }));
    const fast = await send(p, person(3), { startedAt: Date.now() - 1_000 });
    const human = await send(p, person(4), { startedAt: Date.now() - 40_000 });
    expect([throwaway.billing, fast.billing, human.billing]).toEqual(["spam", "spam", "billed"]);
    const rows = await leadsOf(p.page.id);
    expect(
      rows
        .filter((r) => r.billing === "spam")
        .map((r) => r.spamReason)
        .sort(),
    ).toEqual(["disposable email address", "sent faster than a person can fill the form"]);
    expect(rows.filter((r) => r.billing === "spam").every((r) => r.status === null)).toBe(true);
    for (const phone of ["(555) 123-4567", "+44 20 7946 0958", "12345"]) {
      const err = await send(p, person(5, { phone })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).fieldErrors).toEqual({ phone: [INVALID_US_PHONE] });
    }
    expect(await leadsOf(p.page.id)).toHaveLength(3);
    expect(await debitsOf(p.licensee.id)).toHaveLength(1);
  });

  it("past the daily cap, delivers leads free and tells the firm and sales once", async () => {
    const p = await page();
    const results = [];
    for (let n = 10; n < 14; n++) results.push(await send(p, person(n), { cap: 2 }));
    expect(results.map((r) => r.billing)).toEqual(["billed", "billed", "over_cap", "over_cap"]);
    expect(await debitsOf(p.licensee.id)).toHaveLength(2);
    const notices = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "landing_page_lead_cap"));
    const mine = notices.filter((m) => m.subject.includes(p.territory.name));
    expect(mine.map((m) => m.toAddress).sort()).toEqual([p.licensee.email, SALES].sort());
  });
});

describe("once, whatever the retries", () => {
  it("fifty concurrent submissions of one person bill one lead; the same form twenty times records one", async () => {
    const p = await page();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(p, person(20, { message: `Try ${i}` }))),
    );
    expect(results.filter((r) => r.billing === "billed")).toHaveLength(1);
    expect(results.filter((r) => r.billing === "repeat")).toHaveLength(49);
    expect(await debitsOf(p.licensee.id)).toHaveLength(1);

    const other = await page();
    const key = crypto.randomUUID();
    const same = await Promise.all(Array.from({ length: 20 }, () => send(other, person(21), { key })));
    expect(new Set(same.map((r) => r.submissionId)).size).toBe(1);
    expect(same.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await leadsOf(other.page.id)).toHaveLength(1);
    expect(await debitsOf(other.licensee.id)).toHaveLength(1);
    expect((await replayBalance(t.db, other.licensee.id)).matches).toBe(true);
  });

  it("a form without a key (no JavaScript) sent twice records once, keyed by its content", async () => {
    const p = await page();
    const lead = person(22);
    const key = contentKey(lead);
    const [a, b] = await Promise.all([send(p, lead, { key }), send(p, lead, { key })]);
    expect(a.submissionId).toBe(b.submissionId);
    expect(await leadsOf(p.page.id)).toHaveLength(1);
  });

  it("the same words sent with a key and again before the script ran (no key) are one lead; later, a repeat", async () => {
    const p = await page();
    const lead = person(23);
    const now = new Date();
    const first = await send(p, lead, { key: crypto.randomUUID(), now });
    const again = await send(p, lead, { key: contentKey(lead), now: new Date(now.getTime() + 60_000) });
    expect(again.submissionId).toBe(first.submissionId);
    expect(await leadsOf(p.page.id)).toHaveLength(1);
    // Other words are another lead; the same words past the window are a repeat (recorded, not billed).
    await send(p, person(23, { message: "Another question" }), { now: new Date(now.getTime() + 120_000) });
    const later = await send(p, lead, { now: new Date(now.getTime() + 11 * 60_000) });
    expect(later.submissionId).not.toBe(first.submissionId);
    expect(await leadsOf(p.page.id)).toHaveLength(3);
    expect((await debitsOf(p.licensee.id)).length).toBe(1);
  });
});

describe("disputes", () => {
  async function firmUser(licenseeId: string) {
    const [row] = await t.db.select({ userId: licensees.userId }).from(licensees).where(eq(licensees.id, licenseeId));
    return { userId: row!.userId, role: "user" as const };
  }

  it("the firm disputes a billed lead within 7 days; accepted twice at once, it is credited once", async () => {
    const p = await page();
    const lead = await send(p, person(30));
    const firm = await firmUser(p.licensee.id);
    const admin = { userId: adminId, role: "admin" as const };
    const opts = { salesEmail: SALES, publicUrl: PUBLIC_URL };
    await expect(
      disputeLead(t.db, firm, { submissionId: lead.submissionId, reason: " " }, opts),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      disputeLead(t.db, { userId: adminId, role: "user" }, { submissionId: lead.submissionId, reason: "x" }, opts),
    ).rejects.toBeInstanceOf(LeadNotFoundError);
    await disputeLead(t.db, firm, { submissionId: lead.submissionId, reason: "A wrong number, not a client" }, opts);
    await expect(
      disputeLead(t.db, firm, { submissionId: lead.submissionId, reason: "Again" }, opts),
    ).rejects.toBeInstanceOf(LeadNotDisputableError);
    await expect(
      resolveLeadDispute(
        t.db,
        firm,
        { submissionId: lead.submissionId, accept: true, note: "" },
        { publicUrl: PUBLIC_URL, lowBalanceCents: 0 },
      ),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const ledger = { publicUrl: PUBLIC_URL, lowBalanceCents: 0 };
    const both = await Promise.all([
      resolveLeadDispute(t.db, admin, { submissionId: lead.submissionId, accept: true, note: "" }, ledger),
      resolveLeadDispute(t.db, admin, { submissionId: lead.submissionId, accept: true, note: "" }, ledger),
    ]);
    expect(both.map((r) => r.creditedCents).sort()).toEqual([0, 50]);
    const credits = await t.db
      .select()
      .from(clientWalletTransactions)
      .where(eq(clientWalletTransactions.paymentReference, `lead-dispute:${lead.submissionId}`));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amountCents: 50, transactionType: "refund" });
    expect((await replayBalance(t.db, p.licensee.id)).matches).toBe(true);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, lead.submissionId));
    expect(row).toMatchObject({ disputeStatus: "accepted", disputeResolvedBy: adminId });
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, p.licensee.email),
          eq(emailOutbox.template, "landing_page_lead_dispute_resolved"),
        ),
      );
    expect(mails).toHaveLength(1);
  });

  it("a declined dispute needs a note and credits nothing; an old or unbilled lead cannot be disputed", async () => {
    const p = await page();
    const firm = await firmUser(p.licensee.id);
    const admin = { userId: adminId, role: "admin" as const };
    const opts = { salesEmail: SALES, publicUrl: PUBLIC_URL };
    const ledger = { publicUrl: PUBLIC_URL, lowBalanceCents: 0 };
    const lead = await send(p, person(31));
    await disputeLead(t.db, firm, { submissionId: lead.submissionId, reason: "Duplicate of a call" }, opts);
    await expect(
      resolveLeadDispute(t.db, admin, { submissionId: lead.submissionId, accept: false, note: "" }, ledger),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(
      await resolveLeadDispute(
        t.db,
        admin,
        { submissionId: lead.submissionId, accept: false, note: "A real enquiry" },
        ledger,
      ),
    ).toEqual({ status: "declined", creditedCents: 0 });
    const repeat = await send(p, person(31, { message: "again" }));
    await expect(disputeLead(t.db, firm, { submissionId: repeat.submissionId, reason: "x" }, opts)).rejects.toThrow(
      "was not billed",
    );
    const old = await send(p, person(32));
    await expect(
      disputeLead(
        t.db,
        firm,
        { submissionId: old.submissionId, reason: "x" },
        { ...opts, now: new Date(Date.now() + 8 * DAY_MS) },
      ),
    ).rejects.toThrow("within 7 days");
  });
});
