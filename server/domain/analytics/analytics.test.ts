/**
 * Every analytics figure equals the sum computed here, in plain JavaScript, over the rows this file inserts: leads,
 * reservations and their outcomes, conversion, licences in force and their monthly fees, wallet movements, and the
 * weekly and daily series. The period (March 2031) crosses the start of daylight saving time, and rows sit on both
 * sides of each edge of the period, so the time-zone arithmetic is checked too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReservationStatus, WalletTransactionType } from "#kernel/enums.ts";
import {
  clientWalletTransactions,
  contacts,
  formSubmissions,
  reservations,
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
  status: "active" | "cancelled" | "expired";
  monthlyFeeCents: number;
  finalCalculatedFeeCents: number | null;
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
    const status = pick(["active", "active", "cancelled", "expired"] as const);
    const ends =
      status === "active"
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

/** Licences in force at `at` (ms): started before it; ended at or after it, or (without an end) still active. */
const inForceAt = (l: LicenceFixture, at: number) =>
  l.startsAt.getTime() < at && (l.endsAt ? l.endsAt.getTime() >= at : l.status === "active");
const monthlyOf = (l: LicenceFixture) => l.finalCalculatedFeeCents ?? l.monthlyFeeCents;

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

  it("licences in force at the end of the period and their monthly fees (the stored fee, integer cents)", async () => {
    const live = fx.licences.filter((l) => inForceAt(l, END));
    expect(await activeLicencesAtEnd(t.db, ADMIN, PERIOD)).toBe(live.length);
    const mrr = await monthlyRecurringRevenue(t.db, ADMIN, PERIOD);
    expect(mrr).toBe(live.reduce((a, l) => a + monthlyOf(l), 0));
    expect(Number.isInteger(mrr)).toBe(true);
    expect(live.length).toBeGreaterThan(0);
    expect(live.length).toBeLessThan(fx.licences.length);
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
      expect.objectContaining({ start: "2019-06-01", end: "2019-06-30", leads: 0, mrrCents: 0 }),
    ]);
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
      await expect(analyticsSeries(t.db, actor, PERIOD, "day")).rejects.toBeInstanceOf(ForbiddenError);
      await expect(analyticsReport(t.db, actor, PERIOD, "day")).rejects.toBeInstanceOf(ForbiddenError);
    }
  });
});
