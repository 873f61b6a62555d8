/**
 * What the portal's and the admin area's billing screens show of licenses: each license's standing (active,
 * payment overdue, suspended, ending, ended), its dunning and cancellation dates, what cancelling now would do,
 * and its billing history — the recorded invoices and refunds, newest first. A licensee sees only their own.
 */
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { LicenseStatus } from "#kernel/enums.ts";
import { isUuid } from "#kernel/ids.ts";
import type { LicenseBillingView, LicenseStanding } from "#kernel/license-billing.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { builtOnce } from "#server/db/prepared.ts";
import {
  categories,
  type Licensee,
  type LicenseInvoice,
  type LicenseRefund,
  licensees,
  licenseInvoices,
  licenseRefunds,
  type TerritoryLicense,
  territories,
  territoryLicenses,
  vanityNumbers,
} from "#server/db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { licenseMonthlyCents } from "../licensing/overview.ts";
import { cancellationTerms } from "./cancel.ts";
import { LicenseNotFoundError } from "./errors.ts";
import { refundableCents } from "./refunds.ts";
import { type DunningDays, dunningDates } from "./shared.ts";

export function standingOf(l: Pick<TerritoryLicense, "status" | "paymentOverdueSince" | "cancelAt">): LicenseStanding {
  const status: LicenseStatus = l.status;
  if (status === "pending") return "pending";
  if (status === "suspended") return "suspended";
  if (status !== "active") return "ended";
  if (l.paymentOverdueSince) return "overdue";
  if (l.cancelAt) return "ending";
  return "active";
}

/** One license's billing, as the screens show it. */
export type LicenseBilling = LicenseBillingView;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The licensee's screen leaves out licenses never issued to them for good (pending, expired orders). */
const BILLED_STATUSES = ["active", "suspended", "cancelled", "ended"] as const;

/** An invoice and a refund as the license's statement reads them (JSON: times are ISO text, {@link isoText}). */
type InvoiceRecord = Pick<
  LicenseInvoice,
  | "id"
  | "stripeInvoiceId"
  | "billingReason"
  | "status"
  | "amountDueCents"
  | "amountPaidCents"
  | "amountRefundedCents"
  | "hostedInvoiceUrl"
  | "invoicePdfUrl"
  | "paymentIntentId"
> & { periodStart: string | null; periodEnd: string | null; issuedAt: string; paidAt: string | null };
type RefundRecord = Pick<LicenseRefund, "id" | "amountCents" | "kind" | "reason"> & { refundedAt: string };

/**
 * A time as the screens' ISO text (`2026-11-29T06:00:00.123Z`, what `toISOString` writes), made by PostgreSQL: the
 * JSON of a statement would otherwise carry its own form (`2026-11-29T06:00:00.123456+00:00`), parsed again here.
 */
const isoText = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Each license's invoices and refunds, newest first, read in the licenses' own statement (one round trip for the
 * whole screen's billing, not three).
 */
const licenseId = sql`${territoryLicenses}.${sql.identifier("id")}`;
const invoicesOfLicense = sql<InvoiceRecord[]>`(
  select coalesce(json_agg(json_build_object(
    'id', i.id, 'stripeInvoiceId', i.stripe_invoice_id, 'billingReason', i.billing_reason, 'status', i.status,
    'periodStart', ${isoText("i.period_start")}, 'periodEnd', ${isoText("i.period_end")},
    'amountDueCents', i.amount_due_cents, 'amountPaidCents', i.amount_paid_cents,
    'amountRefundedCents', i.amount_refunded_cents, 'hostedInvoiceUrl', i.hosted_invoice_url,
    'invoicePdfUrl', i.invoice_pdf_url, 'paymentIntentId', i.payment_intent_id,
    'issuedAt', ${isoText("i.issued_at")}, 'paidAt', ${isoText("i.paid_at")}
  ) order by i.issued_at desc, i.id), '[]'::json)
  from ${licenseInvoices} i where i.license_id = ${licenseId})`;
const refundsOfLicense = sql<RefundRecord[]>`(
  select coalesce(json_agg(json_build_object(
    'id', r.id, 'amountCents', r.amount_cents, 'kind', r.kind, 'reason', r.reason,
    'refundedAt', ${isoText("r.refunded_at")}
  ) order by r.refunded_at desc, r.id), '[]'::json)
  from ${licenseRefunds} r where r.license_id = ${licenseId})`;

/** The licenses' statement without its condition and order, which its two uses add. */
const licensesSelect = (db: DbOrTx) =>
  db
    .select({
      license: territoryLicenses,
      territoryName: territories.name,
      categoryName: categories.name,
      numberText: vanityNumbers.numberText,
      invoices: invoicesOfLicense,
      refunds: refundsOfLicense,
    })
    .from(territoryLicenses)
    .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
    .leftJoin(categories, eq(categories.id, territoryLicenses.categoryId))
    .leftJoin(vanityNumbers, eq(vanityNumbers.id, territoryLicenses.vanityNumberId));
type LicenseRow = Awaited<ReturnType<typeof licensesSelect>>[number];

/** The licensee's screen: the licenses billed to one licensee, newest first (read on every visit, so built once). */
const licensesOfLicensee = builtOnce((db) =>
  licensesSelect(db)
    .where(
      and(
        eq(territoryLicenses.licenseeId, sql.placeholder("licenseeId")),
        inArray(territoryLicenses.status, [...BILLED_STATUSES]),
      ),
    )
    .orderBy(desc(territoryLicenses.startsAt))
    .prepare("billing_licenses_of_licensee"),
);

function billingOf(rows: LicenseRow[], dunning: DunningDays, now: Date): (LicenseBilling & { licenseeId: string })[] {
  return rows.map(({ license: l, territoryName, categoryName, numberText, invoices, refunds }) => {
    const standing = standingOf(l);
    const dates = l.paymentOverdueSince ? dunningDates(l.paymentOverdueSince, dunning) : null;
    const running = l.status === "active" || l.status === "suspended";
    const terms = running && !l.cancelAt ? cancellationTerms(l, now) : null;
    return {
      id: l.id,
      licenseeId: l.licenseeId,
      what: `${categoryName ?? numberText ?? "License"} in ${territoryName}`,
      status: l.status,
      standing,
      monthlyCents: licenseMonthlyCents(l),
      setupFeeCents: l.setupFeeCents,
      startsAt: l.startsAt.toISOString(),
      endsAt: iso(l.endsAt),
      endReason: l.endReason,
      currentPeriodEnd: iso(l.currentPeriodEnd),
      cancelAt: iso(l.cancelAt),
      overdueSince: iso(l.paymentOverdueSince),
      suspendOn: iso(dates?.suspendOn ?? null),
      endOn: iso(dates?.endOn ?? null),
      hasSubscription: Boolean(l.stripeSubscriptionId),
      cancel: !terms
        ? null
        : terms.mode === "now"
          ? { mode: "now", refundCents: terms.refundCents, deadline: terms.deadline.toISOString() }
          : { mode: "period_end", endsOn: terms.endsOn.toISOString() },
      invoices: invoices.map((i) => ({
        id: i.id,
        stripeInvoiceId: i.stripeInvoiceId,
        kind:
          i.billingReason === "subscription_create"
            ? "first"
            : i.billingReason === "subscription_cycle"
              ? "monthly"
              : "other",
        status: i.status,
        periodStart: i.periodStart,
        periodEnd: i.periodEnd,
        amountDueCents: i.amountDueCents,
        amountPaidCents: i.amountPaidCents,
        amountRefundedCents: i.amountRefundedCents,
        hostedInvoiceUrl: i.hostedInvoiceUrl,
        invoicePdfUrl: i.invoicePdfUrl,
        issuedAt: i.issuedAt,
        paidAt: i.paidAt,
        refundableCents: i.status === "paid" && i.paymentIntentId ? refundableCents(i) : 0,
      })),
      refunds: refunds.map((r) => ({
        id: r.id,
        amountCents: r.amountCents,
        kind: r.kind,
        reason: r.reason,
        refundedAt: r.refundedAt,
      })),
    };
  });
}

/** The licenses and billing of a licensee row already read (the billing screen reads it once); null: none. */
export async function licenseBillingOfLicensee(
  db: DbOrTx,
  lic: Pick<Licensee, "id" | "stripeCustomerId"> | null,
  opts: { dunning: DunningDays; now?: Date },
): Promise<{ licenses: LicenseBilling[]; hasBillingAccount: boolean }> {
  if (!lic) return { licenses: [], hasBillingAccount: false };
  const licenses = billingOf(
    await licensesOfLicensee(db).execute({ licenseeId: lic.id }),
    opts.dunning,
    opts.now ?? new Date(),
  );
  return {
    licenses: licenses.map(({ licenseeId: _, ...l }) => l),
    hasBillingAccount: Boolean(lic.stripeCustomerId) || licenses.some((l) => l.hasSubscription),
  };
}

/** One license's billing for the admin license page, with its licensee. */
export async function licenseBillingForAdmin(
  db: DbOrTx,
  actor: Actor,
  licenseId: string,
  opts: { dunning: DunningDays; now?: Date },
): Promise<LicenseBilling & { licensee: { userId: string; name: string; email: string } }> {
  assertAdmin(actor);
  if (!isUuid(licenseId)) throw new LicenseNotFoundError();
  const [found] = billingOf(
    await licensesSelect(db).where(eq(territoryLicenses.id, licenseId)),
    opts.dunning,
    opts.now ?? new Date(),
  );
  if (!found) throw new LicenseNotFoundError();
  const [who] = await db
    .select({
      userId: licensees.userId,
      company: licensees.companyName,
      contact: licensees.contactName,
      email: licensees.email,
    })
    .from(licensees)
    .where(eq(licensees.id, found.licenseeId));
  const { licenseeId: _, ...billing } = found;
  return {
    ...billing,
    licensee: { userId: who!.userId, name: who!.company || who!.contact || who!.email, email: who!.email },
  };
}

export type LicenseAlert = {
  id: string;
  what: string;
  standing: "overdue" | "suspended";
  suspendOn: string;
  endOn: string;
};

/** The account's running licenses with an unpaid invoice, oldest debt first: read on every visit of the dashboard. */
const overdueLicensesOfUser = builtOnce((db) =>
  db
    .select({
      id: territoryLicenses.id,
      status: territoryLicenses.status,
      since: territoryLicenses.paymentOverdueSince,
      territoryName: territories.name,
      categoryName: categories.name,
      numberText: vanityNumbers.numberText,
    })
    .from(territoryLicenses)
    .innerJoin(licensees, eq(licensees.id, territoryLicenses.licenseeId))
    .innerJoin(territories, eq(territories.id, territoryLicenses.territoryId))
    .leftJoin(categories, eq(categories.id, territoryLicenses.categoryId))
    .leftJoin(vanityNumbers, eq(vanityNumbers.id, territoryLicenses.vanityNumberId))
    .where(
      and(
        eq(licensees.userId, sql.placeholder("userId")),
        inArray(territoryLicenses.status, ["active", "suspended"]),
        isNotNull(territoryLicenses.paymentOverdueSince),
      ),
    )
    .orderBy(territoryLicenses.paymentOverdueSince)
    .prepare("alerts_overdue_licenses_of_user"),
);

/** The signed-in licensee's licenses with an unpaid invoice (the dashboard's warning), oldest debt first. */
export async function licenseAlertsOfUser(
  db: DbOrTx,
  actor: Actor,
  opts: { dunning: DunningDays },
): Promise<LicenseAlert[]> {
  if (!actor.userId) return [];
  const rows = await overdueLicensesOfUser(db).execute({ userId: actor.userId });
  return rows.map((r) => {
    const dates = dunningDates(r.since!, opts.dunning);
    return {
      id: r.id,
      what: `${r.categoryName ?? r.numberText ?? "License"} in ${r.territoryName}`,
      standing: r.status === "suspended" ? ("suspended" as const) : ("overdue" as const),
      suspendOn: dates.suspendOn.toISOString(),
      endOn: dates.endOn.toISOString(),
    };
  });
}
