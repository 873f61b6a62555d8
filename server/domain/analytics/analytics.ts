/**
 * The admin analytics: one function per figure over a period of calendar days in the business time zone (Eastern
 * time; see ./period.ts), each reading the half-open interval [start of `from`, start of the day after `to`).
 * Administrators only: every function refuses anyone else.
 *
 * How each figure counts:
 * - Leads by source: every `contacts` row created in the period counts once under its `source` (contact form,
 *   inquiry, reservation, manual entry …), and every `form_submissions` row created in the period (a lead taken on
 *   a licensee's landing page) counts once under its form type. The two tables never hold the same lead.
 * - Reservations: those created in the period, by what has become of them so far (their status today): licensed
 *   (converted), released (cancelled), expired, or still on hold (active).
 * - Conversion: of the reservations created in the period, the share that became licenses (status converted).
 * - Active licenses: those in force at the end of the period: started before it ends, and not ended by then (an
 *   ended license carries `ends_at`; one without it counts while its status holds the pair: active, or suspended
 *   for an unpaid invoice, whose subscription Stripe still bills).
 * - Monthly recurring revenue: what the subscriptions of those licenses charge a month
 *   (`subscription_amount_cents`, recorded from Stripe), summed. A license without a subscription contributes
 *   nothing. Never the territory's fees nor the fee stored with the license: a fee change applies to new licenses
 *   only, and existing subscriptions keep their price. Integer cents.
 * - License billing, from the recorded Stripe invoices and refunds: collected is the `amount_paid_cents` of the
 *   `license_invoices` paid in the period (status paid, `paid_at` in it); refunded is the `license_refunds` dated
 *   (`refunded_at`) in it. Overdue licenses (active or suspended with `payment_overdue_since` set) and suspended
 *   licenses are counted now, whatever the period: they are the state of the accounts today.
 * - Wallet: the ledger entries dated (`transaction_date`) in the period, summed by type. Usage is reported as a
 *   positive amount spent; adjustments and refunds as their net signed sum.
 * - The series splits the period into days, Monday-first weeks or months (the first and last may be partial) and
 *   repeats the counts per bucket (collected and refunded license money included); MRR and active licenses are
 *   read at each bucket's end.
 */
import { type SQL, sql } from "drizzle-orm";
import type { ReservationStatus, WalletTransactionType } from "#kernel/enums.ts";
import { LICENSE_HOLDING_STATUSES, WALLET_TRANSACTION_TYPES } from "#kernel/enums.ts";
import {
  type AnalyticsPeriod,
  addDays,
  bucketStart,
  type Granularity,
  type IsoDay,
  nextBucket,
  RESERVATION_OUTCOME_OF,
  type ReservationOutcome,
} from "#kernel/schemas/analytics.ts";
import { CONTACT_SOURCE_LABELS } from "#kernel/schemas/contact.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { BUSINESS_TIME_ZONE, periodBounds, startOfBusinessDay } from "./period.ts";

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const within = (column: string, period: AnalyticsPeriod) => {
  const { start, end } = periodBounds(period);
  return sql`${sql.identifier(column)} >= ${ts(start)} and ${sql.identifier(column)} < ${ts(end)}`;
};

async function rows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute<T>(query);
  return result.rows as T[];
}

/** "web_form" → "Web form". */
function humanize(key: string): string {
  const words = key.replaceAll("_", " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Unknown";
}

// ---------------------------------------------------------------------------------------------------------------
// Leads

export type LeadSource = {
  /** Where the lead was recorded: a CRM contact, or a licensee's form submission. */
  kind: "contact" | "form_submission";
  /** contacts.source, or form_submissions.form_type. */
  source: string;
  label: string;
  count: number;
};
export type LeadsBySource = { total: number; sources: LeadSource[] };

export function leadSourceLabel(kind: LeadSource["kind"], source: string): string {
  return kind === "contact"
    ? (CONTACT_SOURCE_LABELS[source] ?? humanize(source))
    : `Landing-page lead (${humanize(source).toLowerCase()})`;
}

/** Leads created in the period by source, most first. */
export async function leadsBySource(db: DbOrTx, actor: Actor, period: AnalyticsPeriod): Promise<LeadsBySource> {
  assertAdmin(actor);
  const found = await rows<{ kind: LeadSource["kind"]; source: string; n: number | string }>(
    db,
    sql`
      select 'contact' as kind, source, count(*)::int as n from contacts where ${within("created_at", period)}
        group by source
      union all
      select 'form_submission' as kind, form_type as source, count(*)::int as n from form_submissions
        where ${within("created_at", period)} group by form_type`,
  );
  const sources = found
    .map((r) => ({ kind: r.kind, source: r.source, label: leadSourceLabel(r.kind, r.source), count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return { total: sources.reduce((a, s) => a + s.count, 0), sources };
}

// ---------------------------------------------------------------------------------------------------------------
// Reservations

export type ReservationOutcomes = { created: number } & Record<ReservationOutcome, number>;

/** Reservations created in the period, by what has become of them. */
export async function reservationOutcomes(
  db: DbOrTx,
  actor: Actor,
  period: AnalyticsPeriod,
): Promise<ReservationOutcomes> {
  assertAdmin(actor);
  const found = await rows<{ status: ReservationStatus; n: number | string }>(
    db,
    sql`select status, count(*)::int as n from reservations where ${within("created_at", period)} group by status`,
  );
  const out: ReservationOutcomes = { created: 0, licensed: 0, released: 0, expired: 0, pending: 0 };
  for (const r of found) {
    const outcome = RESERVATION_OUTCOME_OF[r.status];
    if (!outcome) continue;
    out[outcome] += Number(r.n);
    out.created += Number(r.n);
  }
  return out;
}

export type Conversion = {
  /** Reservations created in the period. */
  reservations: number;
  /** Of those, the ones that became licences. */
  licensed: number;
  /** licensed / reservations, or null when there were none. */
  rate: number | null;
};

function conversionOf(o: ReservationOutcomes): Conversion {
  return { reservations: o.created, licensed: o.licensed, rate: o.created === 0 ? null : o.licensed / o.created };
}

/** The share of the period's reservations that became licences. */
export async function reservationConversion(db: DbOrTx, actor: Actor, period: AnalyticsPeriod): Promise<Conversion> {
  return conversionOf(await reservationOutcomes(db, actor, period));
}

// ---------------------------------------------------------------------------------------------------------------
// Licences

type LicenceTerm = {
  startsAt: Date;
  endsAt: Date | null;
  status: string;
  /** What its subscription charges a month; null for a license without a subscription. */
  subscriptionAmountCents: number | null;
};

/** Every license that started before `end`, with its term and what its subscription charges. */
async function licencesStartedBefore(db: DbOrTx, end: Date): Promise<LicenceTerm[]> {
  const found = await rows<{
    starts_at: string | Date;
    ends_at: string | Date | null;
    status: string;
    subscription_amount_cents: number | string | null;
  }>(
    db,
    sql`select starts_at, ends_at, status, subscription_amount_cents
        from territory_licenses where starts_at < ${ts(end)}`,
  );
  return found.map((r) => ({
    startsAt: new Date(r.starts_at),
    endsAt: r.ends_at === null ? null : new Date(r.ends_at),
    status: r.status,
    subscriptionAmountCents: r.subscription_amount_cents === null ? null : Number(r.subscription_amount_cents),
  }));
}

const HOLDING: readonly string[] = LICENSE_HOLDING_STATUSES;

/** In force at `at`: started before it, and not ended by then (without an end date: while it holds its pair). */
function inForce(l: LicenceTerm, at: Date): boolean {
  if (l.startsAt.getTime() >= at.getTime()) return false;
  if (l.endsAt) return l.endsAt.getTime() >= at.getTime();
  return HOLDING.includes(l.status);
}

function licenceFigures(terms: LicenceTerm[], at: Date): { activeLicences: number; mrrCents: number } {
  const live = terms.filter((l) => inForce(l, at));
  return { activeLicences: live.length, mrrCents: live.reduce((sum, l) => sum + (l.subscriptionAmountCents ?? 0), 0) };
}

/** Licenses in force at the end of the period. */
export async function activeLicencesAtEnd(db: DbOrTx, actor: Actor, period: AnalyticsPeriod): Promise<number> {
  assertAdmin(actor);
  const { end } = periodBounds(period);
  return licenceFigures(await licencesStartedBefore(db, end), end).activeLicences;
}

/**
 * What the subscriptions of the licenses in force at the end of the period charge a month, in cents (a license
 * without a subscription adds nothing; the stored fees are never read).
 */
export async function monthlyRecurringRevenue(db: DbOrTx, actor: Actor, period: AnalyticsPeriod): Promise<number> {
  assertAdmin(actor);
  const { end } = periodBounds(period);
  return licenceFigures(await licencesStartedBefore(db, end), end).mrrCents;
}

// ---------------------------------------------------------------------------------------------------------------
// License billing (recorded Stripe invoices and refunds)

export type LicenseBilling = {
  /** Paid by license invoices in the period (their `amount_paid_cents`), cents. */
  collectedCents: number;
  /** How many license invoices were paid in the period. */
  paidInvoices: number;
  /** Given back by license refunds dated in the period, as a positive number of cents. */
  refundedCents: number;
  refunds: number;
  /** Now: active or suspended licenses with an invoice unpaid (`payment_overdue_since` set). */
  overdueLicenses: number;
  /** Now: licenses suspended for an unpaid invoice. */
  suspendedLicenses: number;
};

/** The money licenses paid and were refunded in the period, and the overdue and suspended licenses now. */
export async function licenseBilling(db: DbOrTx, actor: Actor, period: AnalyticsPeriod): Promise<LicenseBilling> {
  assertAdmin(actor);
  const holding = sql.join(
    LICENSE_HOLDING_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [found] = await rows<{
    collected: number | string;
    paid: number | string;
    refunded: number | string;
    refunds: number | string;
    overdue: number | string;
    suspended: number | string;
  }>(
    db,
    sql`select
          (select coalesce(sum(amount_paid_cents), 0)::bigint from license_invoices
            where status = 'paid' and ${within("paid_at", period)}) as collected,
          (select count(*)::int from license_invoices where status = 'paid' and ${within("paid_at", period)}) as paid,
          (select coalesce(sum(amount_cents), 0)::bigint from license_refunds
            where ${within("refunded_at", period)}) as refunded,
          (select count(*)::int from license_refunds where ${within("refunded_at", period)}) as refunds,
          (select count(*)::int from territory_licenses
            where status in (${holding}) and payment_overdue_since is not null) as overdue,
          (select count(*)::int from territory_licenses where status = 'suspended') as suspended`,
  );
  return {
    collectedCents: Number(found?.collected ?? 0),
    paidInvoices: Number(found?.paid ?? 0),
    refundedCents: Number(found?.refunded ?? 0),
    refunds: Number(found?.refunds ?? 0),
    overdueLicenses: Number(found?.overdue ?? 0),
    suspendedLicenses: Number(found?.suspended ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Wallet

export type WalletTypeTotal = { type: WalletTransactionType; count: number; totalCents: number };
export type WalletMovements = {
  /** Sum of top-ups (credits), cents. */
  topUpsCents: number;
  topUpCount: number;
  /** Money spent on usage, as a positive number of cents. */
  usageCents: number;
  usageCount: number;
  /** Net of the manual adjustments (credits minus debits), cents. */
  adjustmentsCents: number;
  refundsCents: number;
  byType: WalletTypeTotal[];
};

/** The ledger entries dated in the period, summed by type. */
export async function walletMovements(db: DbOrTx, actor: Actor, period: AnalyticsPeriod): Promise<WalletMovements> {
  assertAdmin(actor);
  const found = await rows<{ type: WalletTransactionType; n: number | string; total: number | string }>(
    db,
    sql`select transaction_type as type, count(*)::int as n, coalesce(sum(amount_cents), 0)::bigint as total
        from client_wallet_transactions where ${within("transaction_date", period)} group by transaction_type`,
  );
  const byType = WALLET_TRANSACTION_TYPES.map((type) => {
    const r = found.find((f) => f.type === type);
    return { type, count: Number(r?.n ?? 0), totalCents: Number(r?.total ?? 0) };
  });
  const of = (type: WalletTransactionType) => byType.find((t) => t.type === type)!;
  return {
    topUpsCents: of("top_up").totalCents,
    topUpCount: of("top_up").count,
    usageCents: 0 - of("usage").totalCents,
    usageCount: of("usage").count,
    adjustmentsCents: of("adjustment").totalCents,
    refundsCents: of("refund").totalCents,
    byType,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Series

export type SeriesPoint = {
  /** The bucket's first day (the period's first day for a partial first bucket). */
  start: IsoDay;
  /** The bucket's last day included. */
  end: IsoDay;
  leads: number;
  reservations: number;
  /** Reservations created in the bucket that became licences. */
  licensed: number;
  topUpsCents: number;
  usageCents: number;
  /** License invoices paid in the bucket (`amount_paid_cents`). */
  collectedCents: number;
  /** License refunds dated in the bucket. */
  refundedCents: number;
  /** At the bucket's end. */
  activeLicences: number;
  mrrCents: number;
};

/** The buckets of a period: [start, end] days, the first and last clipped to the period. */
export function periodBuckets(
  period: AnalyticsPeriod,
  unit: Granularity,
): { key: IsoDay; start: IsoDay; end: IsoDay }[] {
  const out: { key: IsoDay; start: IsoDay; end: IsoDay }[] = [];
  for (let key = bucketStart(period.from, unit); key <= period.to; key = nextBucket(key, unit)) {
    const last = addDays(nextBucket(key, unit), -1);
    out.push({ key, start: key < period.from ? period.from : key, end: last > period.to ? period.to : last });
  }
  return out;
}

/** The figures per day, week or month of the period, for the charts. */
export async function analyticsSeries(
  db: DbOrTx,
  actor: Actor,
  period: AnalyticsPeriod,
  unit: Granularity,
): Promise<SeriesPoint[]> {
  assertAdmin(actor);
  const { end } = periodBounds(period);
  const trunc = sql.raw(`'${unit}'`);
  const zone = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
  const bucket = (column: string) =>
    sql`to_char(date_trunc(${trunc}, ${sql.identifier(column)} at time zone ${zone}), 'YYYY-MM-DD')`;
  const [counts, wallet, billing, terms] = await Promise.all([
    rows<{ key: string; leads: number | string; reservations: number | string; licensed: number | string }>(
      db,
      sql`select key, sum(leads)::int as leads, sum(reservations)::int as reservations, sum(licensed)::int as licensed
          from (
            select ${bucket("created_at")} as key, 1 as leads, 0 as reservations, 0 as licensed
              from contacts where ${within("created_at", period)}
            union all
            select ${bucket("created_at")}, 1, 0, 0 from form_submissions where ${within("created_at", period)}
            union all
            select ${bucket("created_at")}, 0, 1, case when status = 'converted' then 1 else 0 end
              from reservations where ${within("created_at", period)}
          ) as events group by key`,
    ),
    rows<{ key: string; top_ups: number | string; usage: number | string }>(
      db,
      sql`select ${bucket("transaction_date")} as key,
            coalesce(sum(amount_cents) filter (where transaction_type = 'top_up'), 0)::bigint as top_ups,
            coalesce(sum(amount_cents) filter (where transaction_type = 'usage'), 0)::bigint as usage
          from client_wallet_transactions where ${within("transaction_date", period)} group by 1`,
    ),
    rows<{ key: string; collected: number | string; refunded: number | string }>(
      db,
      sql`select key, sum(collected)::bigint as collected, sum(refunded)::bigint as refunded
          from (
            select ${bucket("paid_at")} as key, amount_paid_cents as collected, 0 as refunded
              from license_invoices where status = 'paid' and ${within("paid_at", period)}
            union all
            select ${bucket("refunded_at")}, 0, amount_cents from license_refunds where ${within("refunded_at", period)}
          ) as money group by key`,
    ),
    licencesStartedBefore(db, end),
  ]);
  return periodBuckets(period, unit).map((b) => {
    const c = counts.find((r) => r.key === b.key);
    const w = wallet.find((r) => r.key === b.key);
    const m = billing.find((r) => r.key === b.key);
    const at = startOfBusinessDay(addDays(b.end, 1));
    return {
      start: b.start,
      end: b.end,
      leads: Number(c?.leads ?? 0),
      reservations: Number(c?.reservations ?? 0),
      licensed: Number(c?.licensed ?? 0),
      topUpsCents: Number(w?.top_ups ?? 0),
      usageCents: 0 - Number(w?.usage ?? 0),
      collectedCents: Number(m?.collected ?? 0),
      refundedCents: Number(m?.refunded ?? 0),
      ...licenceFigures(terms, at),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The whole report (what the screen and the CSV read)

export type AnalyticsReport = {
  period: AnalyticsPeriod;
  by: Granularity;
  leads: LeadsBySource;
  reservations: ReservationOutcomes;
  conversion: Conversion;
  activeLicences: number;
  mrrCents: number;
  /** Money licenses paid and were refunded in the period; overdue and suspended licenses now. */
  billing: LicenseBilling;
  wallet: WalletMovements;
  series: SeriesPoint[];
};

export async function analyticsReport(
  db: DbOrTx,
  actor: Actor,
  period: AnalyticsPeriod,
  by: Granularity,
): Promise<AnalyticsReport> {
  assertAdmin(actor);
  const [leads, reservations, activeLicences, mrrCents, billing, wallet, series] = await Promise.all([
    leadsBySource(db, actor, period),
    reservationOutcomes(db, actor, period),
    activeLicencesAtEnd(db, actor, period),
    monthlyRecurringRevenue(db, actor, period),
    licenseBilling(db, actor, period),
    walletMovements(db, actor, period),
    analyticsSeries(db, actor, period, by),
  ]);
  return {
    period,
    by,
    leads,
    reservations,
    conversion: conversionOf(reservations),
    activeLicences,
    mrrCents,
    billing,
    wallet,
    series,
  };
}
