/**
 * Every analytics figure equals the sum computed here, in plain JavaScript, over the rows this file inserts: leads,
 * reservations and their outcomes, conversion, licenses in force and what their subscriptions charge, wallet
 * movements, and the weekly and daily series. The period (March 2031) crosses the start of daylight saving time, and
 * rows sit on both sides of each edge of the period, so the time-zone arithmetic is checked too. A second database
 * holds a hand-written license billing history (subscriptions, invoices, refunds, an overdue and a suspended
 * license) whose figures are asserted as exact numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReservationStatus, WalletTransactionType } from "#kernel/enums.ts";
import {
  clientWalletTransactions,
  contacts,
  formSubmissions,
  licenseInvoices,
  licenseRefunds,
  reservations,
  territories,
  territoryLicenses,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { ForbiddenError } from "../errors.ts";
import { seedLicensee } from "../landing-pages/test-fixtures.ts";
import { seedCategory, seedTerritory } from "../reservations/test-fixtures.ts";
import {
  activeLicencesAtEnd,
  analyticsReport,
  analyticsSeries,
  leadsBySource,
  licenseBilling,
  monthlyRecurringRevenue,
  reservationConversion,
  reservationOutcomes,
  walletMovements,
} from "./analytics.ts";
import { businessDay, periodBounds, startOfBusinessDay } from "./period.ts";

let t: TestDb;
const ADMIN = { userId: null, role: "admin" as const, ip: null };
const MEMBER = { userId: "someone", role: "user" as const, ip: null };

const PERIOD = { from: "2031-03-01", to: "2031-03-31" };
// Written out by hand: midnight Eastern is 05:00 UTC in winter (EST) and 04:00 UTC in summer (EDT); clocks go
// forward on 9 March 2031.
const START = Date.parse("2031-03-01T05:00:00Z");
const END = Date.parse("2031-04-01T04:00:00Z");

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}
const rnd = random(20310301);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
/** An instant from five days before the period to five days after it, plus the edges themselves. */
const EDGES = [START - 1, START, START + 1, END - 1, END, END + 1];
const when = () =>
  new Date(rnd() < 0.2 ? pick(EDGES) : START - 5 * 86_400_000 + rnd() * (END - START + 10 * 86_400_000));
const inPeriod = (d: Date) => d.getTime() >= START && d.getTime() < END;

type ContactFixture = { source: string; createdAt: Date };
type SubmissionFixture = { formType: string; createdAt: Date };
type ReservationFixture = { status: ReservationStatus; createdAt: Date };
type LicenceFixture = {
  startsAt: Date;
  endsAt: Date | null;
  status: "active" | "suspended" | "cancelled" | "expired" | "ended";
  monthlyFeeCents: number;
  finalCalculatedFeeCents: number | null;
  /** What its subscription charges a month (unrelated to the fees on purpose); null without a subscription. */
  subscriptionAmountCents: number | null;
};
type EntryFixture = { type: WalletTransactionType; amountCents: number; transactionDate: Date };

const fx = {
  contacts: [] as ContactFixture[],
  submissions: [] as SubmissionFixture[],
  reservations: [] as ReservationFixture[],
  licences: [] as LicenceFixture[],
  entries: [] as EntryFixture[],
};

beforeAll(async () => {
  t = await createTestDb();
  // The file's own database holds no rows of these kinds until now.
  for (const table of [contacts, formSubmissions, reservations, territoryLicenses, clientWalletTransactions]) {
    expect(await t.db.$count(table)).toBe(0);
  }

  for (let i = 0; i < 60; i++) {
    fx.contacts.push({
      source: pick(["contact_form", "reservation", "manual_entry", "instant_caller_data_enrich_inquiry"]),
      createdAt: when(),
    });
  }
  await t.db
    .insert(contacts)
    .values(fx.contacts.map((c, i) => ({ email: `lead${i}@example.com`, source: c.source, createdAt: c.createdAt })));

  const licensee = await seedLicensee(t.db);
  for (let i = 0; i < 25; i++)
    fx.submissions.push({ formType: pick(["web_form", "callback_request"]), createdAt: when() });
  await t.db
    .insert(formSubmissions)
    .values(fx.submissions.map((s) => ({ licenseeId: licensee.id, formType: s.formType, createdAt: s.createdAt })));

  const territory = await seedTerritory(t.db);
  for (let i = 0; i < 40; i++) {
    const category = await seedCategory(t.db);
    const r: ReservationFixture = {
      status: pick(["active", "converted", "cancelled", "expired"] as const),
      createdAt: when(),
    };
    fx.reservations.push(r);
    await t.db.insert(reservations).values({
      territoryId: territory.id,
      categoryId: category.id,
      name: `Requester ${i}`,
      email: `requester${i}@example.com`,
      status: r.status,
      expiresAt: new Date(r.createdAt.getTime() + 5 * 86_400_000),
      createdAt: r.createdAt,
    });
  }

  for (let i = 0; i < 30; i++) {
    const category = await seedCategory(t.db);
    const startsAt = new Date(START - 60 * 86_400_000 + rnd() * 80 * 86_400_000);
    const status = pick(["active", "active", "suspended", "cancelled", "expired", "ended"] as const);
    const ends =
      status === "active" || status === "suspended"
        ? rnd() < 0.3
          ? pick([END - 1, END, END + 86_400_000])
          : null
        : rnd() < 0.8
          ? pick([START + rnd() * (END - START + 5 * 86_400_000), END, END - 1])
          : null;
    const endsAt = ends === null ? null : new Date(Math.max(ends, startsAt.getTime()));
    const monthlyFeeCents = int(9_500, 250_000);
    const l: LicenceFixture = {
      startsAt: i < 3 ? new Date(pick([END - 1, END, END + 1])) : startsAt,
      endsAt,
      status,
      monthlyFeeCents,
      finalCalculatedFeeCents: rnd() < 0.5 ? null : monthlyFeeCents + int(-5_000, 20_000),
      subscriptionAmountCents: rnd() < 0.25 ? null : int(9_500, 250_000),
    };
    if (l.endsAt && l.endsAt < l.startsAt) l.endsAt = l.startsAt;
    fx.licences.push(l);
    await t.db.insert(territoryLicenses).values({
      licenseeId: licensee.id,
      territoryId: territory.id,
      categoryId: category.id,
      ...l,
    });
  }

  for (let i = 0; i < 80; i++) {
    const type = pick(["top_up", "usage", "usage", "adjustment", "refund"] as const);
    const size = int(1, 50_000);
    const amountCents = type === "top_up" ? size : type === "usage" ? -size : pick([1, -1]) * size;
    fx.entries.push({ type, amountCents, transactionDate: when() });
  }
  await t.db.insert(clientWalletTransactions).values(
    fx.entries.map((e, i) => ({
      licenseeId: licensee.id,
      amountCents: e.amountCents,
      transactionType: e.type,
      description: `Entry ${i}`,
      transactionDate: e.transactionDate,
    })),
  );
});

afterAll(async () => {
  await t?.close();
});

/** The calendar day of an instant in New York, by the platform's own time-zone data. */
const nyDay = (d: Date) => d.toLocaleDateString("en-CA", { timeZone: "America/New_York" });

/**
 * Licenses in force at `at` (ms): started before it; ended at or after it, or (without an end) still holding the
 * pair (active, or suspended).
 */
const inForceAt = (l: LicenceFixture, at: number) =>
  l.startsAt.getTime() < at &&
  (l.endsAt ? l.endsAt.getTime() >= at : l.status === "active" || l.status === "suspended");
/** Monthly recurring revenue counts what the subscription charges, never the stored fees. */
const monthlyOf = (l: LicenceFixture) => l.subscriptionAmountCents ?? 0;

describe("the period", () => {
  it("is midnight to midnight in Eastern time, across the change to daylight saving time", () => {
    expect(periodBounds(PERIOD)).toEqual({ start: new Date(START), end: new Date(END) });
    expect(startOfBusinessDay("2031-11-02").toISOString()).toBe("2031-11-02T04:00:00.000Z");
    expect(startOfBusinessDay("2031-11-03").toISOString()).toBe("2031-11-03T05:00:00.000Z");
    expect(businessDay(new Date(START - 1))).toBe("2031-02-28");
    expect(businessDay(new Date(START))).toBe("2031-03-01");
  });
});

describe("analytics figures equal sums computed independently from the seeded rows", () => {
  it("leads by source: contacts by source plus form submissions by form type", async () => {
    const expected = new Map<string, number>();
    for (const c of fx.contacts.filter((c) => inPeriod(c.createdAt))) {
      expected.set(`contact:${c.source}`, (expected.get(`contact:${c.source}`) ?? 0) + 1);
    }
    for (const s of fx.submissions.filter((s) => inPeriod(s.createdAt))) {
      const key = `form_submission:${s.formType}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const got = await leadsBySource(t.db, ADMIN, PERIOD);
    expect(new Map(got.sources.map((s) => [`${s.kind}:${s.source}`, s.count]))).toEqual(expected);
    expect(got.total).toBe([...expected.values()].reduce((a, b) => a + b, 0));
    expect(got.total).toBeGreaterThan(0);
    expect(got.sources.find((s) => s.source === "contact_form")?.label).toBe("Contact form");
  });

  it("reservations created in the period by outcome, and the conversion to licences", async () => {
    const made = fx.reservations.filter((r) => inPeriod(r.createdAt));
    const count = (status: ReservationStatus) => made.filter((r) => r.status === status).length;
    expect(await reservationOutcomes(t.db, ADMIN, PERIOD)).toEqual({
      created: made.length,
      licensed: count("converted"),
      released: count("cancelled"),
      expired: count("expired"),
      pending: count("active"),
    });
    const conversion = await reservationConversion(t.db, ADMIN, PERIOD);
    expect(conversion).toEqual({
      reservations: made.length,
      licensed: count("converted"),
      rate: count("converted") / made.length,
    });
    expect(made.length).toBeGreaterThan(0);
  });

  it("licenses in force at the end of the period and what their subscriptions charge (integer cents)", async () => {
    const live = fx.licences.filter((l) => inForceAt(l, END));
    expect(await activeLicencesAtEnd(t.db, ADMIN, PERIOD)).toBe(live.length);
    const mrr = await monthlyRecurringRevenue(t.db, ADMIN, PERIOD);
    expect(mrr).toBe(live.reduce((a, l) => a + monthlyOf(l), 0));
    expect(Number.isInteger(mrr)).toBe(true);
    expect(live.length).toBeGreaterThan(0);
    expect(live.length).toBeLessThan(fx.licences.length);
    // The draw covers what the rule distinguishes: in force with and without a subscription, and suspended ones.
    expect(live.some((l) => l.subscriptionAmountCents === null)).toBe(true);
    expect(live.some((l) => l.subscriptionAmountCents !== null)).toBe(true);
    expect(live.some((l) => l.status === "suspended")).toBe(true);
    // Not the stored fees: they would sum to something else.
    expect(mrr).not.toBe(live.reduce((a, l) => a + (l.finalCalculatedFeeCents ?? l.monthlyFeeCents), 0));
  });

  it("wallet movements: ledger entries dated in the period, summed by type", async () => {
    const dated = fx.entries.filter((e) => inPeriod(e.transactionDate));
    const sum = (type: WalletTransactionType) =>
      dated.filter((e) => e.type === type).reduce((a, e) => a + e.amountCents, 0);
    const n = (type: WalletTransactionType) => dated.filter((e) => e.type === type).length;
    const got = await walletMovements(t.db, ADMIN, PERIOD);
    expect(got).toEqual({
      topUpsCents: sum("top_up"),
      topUpCount: n("top_up"),
      usageCents: -sum("usage"),
      usageCount: n("usage"),
      adjustmentsCents: sum("adjustment"),
      refundsCents: sum("refund"),
      byType: (["top_up", "usage", "adjustment", "refund"] as const).map((type) => ({
        type,
        count: n(type),
        totalCents: sum(type),
      })),
    });
    expect(got.topUpsCents).toBeGreaterThan(0);
    expect(got.usageCents).toBeGreaterThan(0);
  });

  it("the weekly series: Monday-first weeks clipped to the period, each bucket's own sums", async () => {
    const series = await analyticsSeries(t.db, ADMIN, PERIOD, "week");
    // March 2031 starts on a Saturday: the weeks start on the Mondays 24 Feb (clipped to 1 Mar), 3, 10, 17, 24, 31.
    expect(series.map((p) => [p.start, p.end])).toEqual([
      ["2031-03-01", "2031-03-02"],
      ["2031-03-03", "2031-03-09"],
      ["2031-03-10", "2031-03-16"],
      ["2031-03-17", "2031-03-23"],
      ["2031-03-24", "2031-03-30"],
      ["2031-03-31", "2031-03-31"],
    ]);
    for (const p of series) {
      const inBucket = (d: Date) => inPeriod(d) && nyDay(d) >= p.start && nyDay(d) <= p.end;
      const at = Date.parse(`${p.end}T00:00:00Z`) + 86_400_000;
      // The end of the bucket is the next midnight in New York: 04:00 or 05:00 UTC on the following day.
      const bucketEnd = p.end >= "2031-03-09" ? at + 4 * 3_600_000 : at + 5 * 3_600_000;
      const live = fx.licences.filter((l) => inForceAt(l, bucketEnd));
      expect(p).toEqual({
        start: p.start,
        end: p.end,
        leads:
          fx.contacts.filter((c) => inBucket(c.createdAt)).length +
          fx.submissions.filter((s) => inBucket(s.createdAt)).length,
        reservations: fx.reservations.filter((r) => inBucket(r.createdAt)).length,
        licensed: fx.reservations.filter((r) => inBucket(r.createdAt) && r.status === "converted").length,
        topUpsCents: fx.entries
          .filter((e) => e.type === "top_up" && inBucket(e.transactionDate))
          .reduce((a, e) => a + e.amountCents, 0),
        usageCents: -fx.entries
          .filter((e) => e.type === "usage" && inBucket(e.transactionDate))
          .reduce((a, e) => a + e.amountCents, 0),
        collectedCents: 0,
        refundedCents: 0,
        activeLicences: live.length,
        mrrCents: live.reduce((a, l) => a + monthlyOf(l), 0),
      });
    }
  });

  it("the daily series adds up to the period's totals, and the whole report agrees with each figure", async () => {
    const report = await analyticsReport(t.db, ADMIN, PERIOD, "day");
    expect(report.series).toHaveLength(31);
    const total = (k: "leads" | "reservations" | "licensed" | "topUpsCents" | "usageCents") =>
      report.series.reduce((a, p) => a + p[k], 0);
    expect(total("leads")).toBe(report.leads.total);
    expect(total("reservations")).toBe(report.reservations.created);
    expect(total("licensed")).toBe(report.reservations.licensed);
    expect(total("topUpsCents")).toBe(report.wallet.topUpsCents);
    expect(total("usageCents")).toBe(report.wallet.usageCents);
    expect(report.series.at(-1)).toMatchObject({ mrrCents: report.mrrCents, activeLicences: report.activeLicences });
    expect(report.mrrCents).toBe(await monthlyRecurringRevenue(t.db, ADMIN, PERIOD));
  });

  it("a period with nothing in it reads zero everywhere, and no conversion rate", async () => {
    const empty = { from: "2019-06-01", to: "2019-06-30" };
    const report = await analyticsReport(t.db, ADMIN, empty, "month");
    expect(report.leads).toEqual({ total: 0, sources: [] });
    expect(report.conversion).toEqual({ reservations: 0, licensed: 0, rate: null });
    expect(report.mrrCents).toBe(0);
    expect(report.series).toEqual([
      expect.objectContaining({ start: "2019-06-01", end: "2019-06-30", leads: 0, mrrCents: 0, collectedCents: 0 }),
    ]);
    // No invoice nor refund is recorded here; the suspended count is today's, whatever the period.
    expect(report.billing).toEqual({
      collectedCents: 0,
      paidInvoices: 0,
      refundedCents: 0,
      refunds: 0,
      overdueLicenses: 0,
      suspendedLicenses: fx.licences.filter((l) => l.status === "suspended").length,
    });
  });
});

describe("license billing: from recorded subscriptions, invoices and refunds, exact figures", () => {
  let b: TestDb;
  const ids: Record<string, string> = {};
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    b = await createTestDb();
    const licensee = await seedLicensee(b.db);
    const territory = await seedTerritory(b.db);
    type LicenseRow = Omit<typeof territoryLicenses.$inferInsert, "licenseeId" | "territoryId" | "categoryId">;
    const licenses: Record<string, LicenseRow> = {
      // Its fee was raised since (stored 210.00); the subscription still charges what it started with.
      a: {
        status: "active",
        startsAt: at("2031-01-02T15:00:00Z"),
        monthlyFeeCents: 20_000,
        finalCalculatedFeeCents: 21_000,
        stripeSubscriptionId: "sub_test_a",
        subscriptionAmountCents: 15_000,
      },
      // Issued before subscriptions: in force, but nothing recurring to count.
      b: { status: "active", startsAt: at("2030-11-01T15:00:00Z"), monthlyFeeCents: 9_900 },
      // Its March invoice failed: overdue, still active.
      c: {
        status: "active",
        startsAt: at("2031-01-20T15:00:00Z"),
        monthlyFeeCents: 12_500,
        stripeSubscriptionId: "sub_test_c",
        subscriptionAmountCents: 12_500,
        paymentOverdueSince: at("2031-03-20T12:00:00Z"),
        overdueInvoiceId: "in_c_mar",
      },
      // Unpaid past the grace period: overdue and suspended, still in force (Stripe still bills it).
      d: {
        status: "suspended",
        startsAt: at("2030-12-05T15:00:00Z"),
        monthlyFeeCents: 32_000,
        stripeSubscriptionId: "sub_test_d",
        subscriptionAmountCents: 30_000,
        paymentOverdueSince: at("2031-03-05T12:00:00Z"),
        overdueInvoiceId: "in_d_mar",
        suspendedAt: at("2031-03-15T12:00:00Z"),
      },
      // Started and cancelled within the deposit window in March, the deposit refunded.
      e: {
        status: "cancelled",
        startsAt: at("2031-03-02T15:00:00Z"),
        endsAt: at("2031-03-05T16:00:00Z"),
        endReason: "cancelled",
        monthlyFeeCents: 8_000,
        setupFeeCents: 20_000,
        stripeSubscriptionId: "sub_test_e",
        subscriptionAmountCents: 8_000,
      },
      // Started in March.
      f: {
        status: "active",
        startsAt: at("2031-03-15T14:00:00Z"),
        monthlyFeeCents: 25_000,
        setupFeeCents: 50_000,
        stripeSubscriptionId: "sub_test_f",
        subscriptionAmountCents: 25_000,
      },
      // Starts at the first instant of April: not in force at the end of March.
      g: {
        status: "active",
        startsAt: new Date(END),
        monthlyFeeCents: 40_000,
        setupFeeCents: 60_000,
        stripeSubscriptionId: "sub_test_g",
        subscriptionAmountCents: 40_000,
      },
      // Long expired, with a stale overdue mark: neither in force nor overdue.
      h: {
        status: "expired",
        startsAt: at("2030-10-01T15:00:00Z"),
        endsAt: at("2031-02-01T15:00:00Z"),
        monthlyFeeCents: 10_000,
        stripeSubscriptionId: "sub_test_h",
        subscriptionAmountCents: 10_000,
        paymentOverdueSince: at("2031-01-10T12:00:00Z"),
      },
    };
    for (const [key, license] of Object.entries(licenses)) {
      const category = await seedCategory(b.db);
      const [row] = await b.db
        .insert(territoryLicenses)
        .values({ licenseeId: licensee.id, territoryId: territory.id, categoryId: category.id, ...license })
        .returning({ id: territoryLicenses.id });
      ids[key] = row!.id;
    }

    const invoice = (
      key: string,
      stripeInvoiceId: string,
      billingReason: "subscription_create" | "subscription_cycle",
      status: "paid" | "failed" | "void",
      amountDueCents: number,
      when: Date,
    ) => ({
      licenseId: ids[key]!,
      stripeInvoiceId,
      billingReason,
      status,
      amountDueCents,
      amountPaidCents: status === "paid" ? amountDueCents : 0,
      issuedAt: when,
      paidAt: status === "paid" ? when : null,
      failedAt: status === "failed" ? when : null,
      attemptCount: status === "failed" ? 3 : 1,
    });
    const invoices = await b.db
      .insert(licenseInvoices)
      .values([
        invoice("a", "in_a_feb", "subscription_cycle", "paid", 15_000, at("2031-02-02T15:00:00Z")),
        // Paid at the first instant of the period, and at its last one: both in.
        invoice("a", "in_a_mar", "subscription_cycle", "paid", 15_000, new Date(START)),
        invoice("a", "in_a_apr", "subscription_cycle", "paid", 15_000, new Date(END - 1)),
        // Paid a millisecond before the period: out.
        invoice("c", "in_c_feb", "subscription_cycle", "paid", 12_500, new Date(START - 1)),
        invoice("c", "in_c_mar", "subscription_cycle", "failed", 12_500, at("2031-03-20T12:00:00Z")),
        invoice("d", "in_d_feb", "subscription_cycle", "paid", 30_000, at("2031-02-05T15:00:00Z")),
        invoice("d", "in_d_mar", "subscription_cycle", "failed", 30_000, at("2031-03-05T12:00:00Z")),
        invoice("d", "in_d_void", "subscription_cycle", "void", 30_000, at("2031-03-06T12:00:00Z")),
        // Setup deposit and first month.
        invoice("e", "in_e_create", "subscription_create", "paid", 28_000, at("2031-03-02T15:00:00Z")),
        invoice("f", "in_f_create", "subscription_create", "paid", 75_000, at("2031-03-15T14:00:00Z")),
        // Paid at the end of the period, the first instant of April: out.
        invoice("g", "in_g_create", "subscription_create", "paid", 100_000, new Date(END)),
      ])
      .returning({ id: licenseInvoices.id, stripeInvoiceId: licenseInvoices.stripeInvoiceId });
    const invoiceId = (stripeId: string) => invoices.find((i) => i.stripeInvoiceId === stripeId)!.id;
    await b.db.insert(licenseRefunds).values([
      {
        licenseId: ids.e!,
        invoiceId: invoiceId("in_e_create"),
        stripeRefundId: "re_e_deposit",
        amountCents: 20_000,
        kind: "deposit",
        refundedAt: at("2031-03-05T16:00:00Z"),
      },
      {
        licenseId: ids.a!,
        invoiceId: invoiceId("in_a_mar"),
        stripeRefundId: "re_a_credit",
        amountCents: 3_000,
        kind: "other",
        reason: "Service outage credit",
        refundedAt: at("2031-03-20T14:00:00Z"),
      },
      {
        licenseId: ids.a!,
        invoiceId: invoiceId("in_a_feb"),
        stripeRefundId: "re_a_before",
        amountCents: 1_000,
        refundedAt: new Date(START - 1),
      },
      {
        licenseId: ids.g!,
        invoiceId: invoiceId("in_g_create"),
        stripeRefundId: "re_g_after",
        amountCents: 5_000,
        refundedAt: new Date(END),
      },
    ]);
  });

  afterAll(async () => {
    await b?.close();
  });

  it("MRR is what the subscriptions in force charge; collected, refunded, overdue and suspended are exact", async () => {
    // In force at the end of March: a 150.00, b (no subscription) 0, c 125.00, d (suspended) 300.00, f 250.00.
    expect(await activeLicencesAtEnd(b.db, ADMIN, PERIOD)).toBe(5);
    expect(await monthlyRecurringRevenue(b.db, ADMIN, PERIOD)).toBe(82_500);
    // Paid in March: in_a_mar 150.00 + in_a_apr 150.00 + in_e_create 280.00 + in_f_create 750.00; refunded in
    // March: the 200.00 deposit and a 30.00 credit. Overdue now: c and d; suspended now: d.
    expect(await licenseBilling(b.db, ADMIN, PERIOD)).toEqual({
      collectedCents: 133_000,
      paidInvoices: 4,
      refundedCents: 23_000,
      refunds: 2,
      overdueLicenses: 2,
      suspendedLicenses: 1,
    });
    const report = await analyticsReport(b.db, ADMIN, PERIOD, "month");
    expect(report).toMatchObject({
      activeLicences: 5,
      mrrCents: 82_500,
      billing: { collectedCents: 133_000, refundedCents: 23_000, overdueLicenses: 2, suspendedLicenses: 1 },
    });
    expect(report.series).toEqual([
      expect.objectContaining({ start: "2031-03-01", end: "2031-03-31", collectedCents: 133_000, mrrCents: 82_500 }),
    ]);
  });

  it("the weekly series: collected and refunded per week, MRR at each week's end", async () => {
    const series = await analyticsSeries(b.db, ADMIN, PERIOD, "week");
    expect(
      series.map((p) => [p.start, p.collectedCents, p.refundedCents, p.activeLicences, p.mrrCents] as const),
    ).toEqual([
      // in_a_mar (at the period's first instant) and in_e_create; e is in force on 2 March.
      ["2031-03-01", 43_000, 0, 5, 65_500],
      // e's deposit refunded and e ended on 5 March.
      ["2031-03-03", 0, 20_000, 4, 57_500],
      // f started and paid on 15 March.
      ["2031-03-10", 75_000, 0, 5, 82_500],
      ["2031-03-17", 0, 3_000, 5, 82_500],
      ["2031-03-24", 0, 0, 5, 82_500],
      // in_a_apr, paid at the period's last instant; g starts at the first instant of April.
      ["2031-03-31", 15_000, 0, 5, 82_500],
    ]);
  });

  it("what was paid or refunded on the edge belongs to the next period; overdue and suspended are today's", async () => {
    const april = { from: "2031-04-01", to: "2031-04-30" };
    expect(await monthlyRecurringRevenue(b.db, ADMIN, april)).toBe(122_500);
    expect(await licenseBilling(b.db, ADMIN, april)).toEqual({
      collectedCents: 100_000,
      paidInvoices: 1,
      refundedCents: 5_000,
      refunds: 1,
      overdueLicenses: 2,
      suspendedLicenses: 1,
    });
    expect(await licenseBilling(b.db, ADMIN, { from: "2019-06-01", to: "2019-06-30" })).toEqual({
      collectedCents: 0,
      paidInvoices: 0,
      refundedCents: 0,
      refunds: 0,
      overdueLicenses: 2,
      suspendedLicenses: 1,
    });
  });

  it("a fee change leaves MRR alone: existing subscriptions keep their price", async () => {
    await b.db.update(territoryLicenses).set({ monthlyFeeCents: 99_900, finalCalculatedFeeCents: 99_900 });
    await b.db.update(territories).set({ baseMonthlyFeeCents: 99_900 });
    expect(await monthlyRecurringRevenue(b.db, ADMIN, PERIOD)).toBe(82_500);
  });
});

describe("who may read them", () => {
  it("refuses anyone but an administrator", async () => {
    for (const actor of [MEMBER, { userId: null, ip: null }]) {
      await expect(leadsBySource(t.db, actor, PERIOD)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(reservationOutcomes(t.db, actor, PERIOD)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(reservationConversion(t.db, actor, PERIOD)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(activeLicencesAtEnd(t.db, actor, PERIOD)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(monthlyRecurringRevenue(t.db, actor, PERIOD)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(walletMovements(t.db, actor, PERIOD)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(licenseBilling(t.db, actor, PERIOD)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(analyticsSeries(t.db, actor, PERIOD, "day")).rejects.toBeInstanceOf(ForbiddenError);
      await expect(analyticsReport(t.db, actor, PERIOD, "day")).rejects.toBeInstanceOf(ForbiddenError);
    }
  });
});
