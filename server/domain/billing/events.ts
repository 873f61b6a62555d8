/**
 * Stripe's events of a license's subscription, applied once each (docs/decisions/015-license-billing-ledger.md).
 *
 * Each event is applied in one transaction that first inserts its id into `provider_events`: a second delivery,
 * or twenty at once, finds the id taken (the later ones wait on the first's insert and then see it) and changes
 * nothing. Events may also arrive out of order, so every effect is a move forward only:
 * - an invoice row is keyed by Stripe's invoice id and a paid invoice never goes back to failed; `invoice.paid`
 *   arriving before `checkout.session.completed` records the first invoice against the (still pending) license,
 *   found through the subscription's metadata, and activation stays with the checkout;
 * - a subscription update older than the last one applied is ignored (`subscription_synced_at`);
 * - refunds are rows keyed by Stripe's refund id, whichever path (our refund call or `charge.refunded`) sees
 *   them first.
 *
 * Dunning starts here: the first failure of an invoice marks the license overdue, emails the licensee at once and
 * queues the suspension and end timers (./dunning.ts); the payment that clears it reactivates everything.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { isUuid } from "#kernel/ids.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { licenseInvoices, providerEvents, territoryLicenses } from "#server/db/schema/index.ts";
import { licensePaymentFailed, licenseReactivated } from "#server/integrations/email/billing-templates.ts";
import {
  idOf,
  invoiceMetadata,
  invoicePaymentIntentId,
  invoicePeriod,
  invoiceSubscriptionId,
  type ProviderInvoice,
  type ProviderRefund,
  type ProviderSubscription,
  subscriptionPeriodEnd,
} from "#server/integrations/stripe/client.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { CHANGE, recordChange } from "../changes.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { emailEnd, endLicenseAndRelease } from "./end.ts";
import { recordRefund } from "./refunds.ts";
import { type BillingOptions, billingUrl, dunningDates, lockLicense, queueDunningTimers } from "./shared.ts";

/** The events of a license's billing after its checkout; the webhook routes these here. */
export const BILLING_EVENT_TYPES: ReadonlySet<string> = new Set([
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_action_required",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "charge.refunded",
]);

/** The part of a Stripe event this module reads. */
export type BillingEvent = { id: string; type: string; created: number; data: { object: unknown } };

export type BillingOutcome = "recorded" | "duplicate" | "ignored" | "unknown_license";

type Applied = { outcome: BillingOutcome; licenseId?: string; detail?: string };

const seconds = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);

/**
 * Applies one verified event. Provider calls it needs (the refunds of a refunded charge) are made before the
 * transaction; a provider outage throws, so the webhook answers 500 and Stripe delivers the event again.
 */
export async function applyBillingEvent(db: Database, event: BillingEvent, opts: BillingOptions): Promise<Applied> {
  if (!BILLING_EVENT_TYPES.has(event.type)) return { outcome: "ignored", detail: event.type };
  const object = event.data.object as Record<string, unknown>;
  let refunds: ProviderRefund[] | null = null;
  if (event.type === "charge.refunded" && opts.gateway) {
    const pi = idOf(object.payment_intent as string | null);
    if (pi) refunds = await opts.gateway.listRefunds(pi);
  }
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(providerEvents)
      .values({ id: event.id, type: event.type, occurredAt: new Date(event.created * 1000) })
      .onConflictDoNothing()
      .returning({ id: providerEvents.id });
    if (!fresh) return { outcome: "duplicate" as const };
    const applied = await dispatch(tx, event, object, refunds, opts);
    await tx
      .update(providerEvents)
      .set({ outcome: applied.detail ? `${applied.outcome}: ${applied.detail}` : applied.outcome })
      .where(eq(providerEvents.id, event.id));
    return applied;
  });
}

function dispatch(
  tx: Tx,
  event: BillingEvent,
  object: Record<string, unknown>,
  refunds: ProviderRefund[] | null,
  opts: BillingOptions,
): Promise<Applied> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case "invoice.paid":
      return onInvoice(tx, object as unknown as ProviderInvoice, "paid", at, opts);
    case "invoice.payment_failed":
      return onInvoice(tx, object as unknown as ProviderInvoice, "failed", at, opts);
    case "invoice.payment_action_required":
      return onInvoice(tx, object as unknown as ProviderInvoice, "action_required", at, opts);
    case "customer.subscription.updated":
      return onSubscriptionUpdated(tx, object as unknown as ProviderSubscription, at);
    case "customer.subscription.deleted":
      return onSubscriptionDeleted(tx, object as unknown as ProviderSubscription, at, opts);
    default:
      return onChargeRefunded(tx, object, refunds, opts);
  }
}

/** The license a subscription (or its invoice) pays: by the license id in its metadata, else by subscription id. */
async function licenseIdOf(tx: Tx, metadata: Record<string, string> | null | undefined, subscriptionId: string | null) {
  const fromMetadata = metadata?.license_id;
  if (fromMetadata && isUuid(fromMetadata)) {
    const [row] = await tx
      .select({ id: territoryLicenses.id })
      .from(territoryLicenses)
      .where(eq(territoryLicenses.id, fromMetadata));
    if (row) return row.id;
  }
  if (!subscriptionId) return null;
  const [row] = await tx
    .select({ id: territoryLicenses.id })
    .from(territoryLicenses)
    .where(eq(territoryLicenses.stripeSubscriptionId, subscriptionId));
  return row?.id ?? null;
}

async function onInvoice(
  tx: Tx,
  inv: ProviderInvoice,
  kind: "paid" | "failed" | "action_required",
  at: Date,
  opts: BillingOptions,
): Promise<Applied> {
  const subscriptionId = invoiceSubscriptionId(inv);
  const licenseId = await licenseIdOf(tx, invoiceMetadata(inv), subscriptionId);
  if (!licenseId) return { outcome: "unknown_license", detail: inv.id };
  const locked = await lockLicense(tx, licenseId);
  if (!locked) return { outcome: "unknown_license", detail: inv.id };
  const { license, to } = locked;
  const now = opts.now ?? new Date();
  const period = invoicePeriod(inv);
  const paymentIntentId = invoicePaymentIntentId(inv);
  const [existing] = await tx
    .select()
    .from(licenseInvoices)
    .where(eq(licenseInvoices.stripeInvoiceId, inv.id))
    .for("update");
  // A paid invoice stays paid: a failure reported late changes nothing.
  if (existing?.status === "paid") return { outcome: "ignored", licenseId, detail: `${inv.id} already paid` };
  const paid = kind === "paid";
  const row = {
    licenseId,
    stripeInvoiceId: inv.id,
    billingReason: inv.billing_reason ?? null,
    status: kind,
    periodStart: seconds(period.start),
    periodEnd: seconds(period.end),
    amountDueCents: inv.amount_due,
    amountPaidCents: paid ? inv.amount_paid : 0,
    hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
    invoicePdfUrl: inv.invoice_pdf ?? null,
    paymentIntentId,
    attemptCount: inv.attempt_count ?? 0,
    issuedAt: new Date(inv.created * 1000),
    paidAt: paid ? (seconds(inv.status_transitions?.paid_at) ?? at) : null,
    failedAt: paid ? (existing?.failedAt ?? null) : at,
    updatedAt: now,
  };
  if (existing) await tx.update(licenseInvoices).set(row).where(eq(licenseInvoices.id, existing.id));
  else await tx.insert(licenseInvoices).values(row);

  // The subscription's ids, if the checkout's completion has not stored them yet.
  const ids: Partial<typeof territoryLicenses.$inferInsert> = {};
  if (!license.stripeSubscriptionId && subscriptionId) ids.stripeSubscriptionId = subscriptionId;
  const customerId = idOf(inv.customer);
  if (!license.stripeCustomerId && customerId) ids.stripeCustomerId = customerId;
  const holds = license.status === "active" || license.status === "suspended";

  if (paid) {
    const periodEnd = seconds(period.end);
    const later = periodEnd && (!license.currentPeriodEnd || periodEnd > license.currentPeriodEnd);
    const update: Partial<typeof territoryLicenses.$inferInsert> = {
      ...ids,
      ...(later ? { currentPeriodEnd: periodEnd } : {}),
    };
    const clears = holds && license.paymentOverdueSince && !(await otherUnpaid(tx, licenseId, inv.id));
    if (clears) {
      const wasSuspended = license.status === "suspended";
      Object.assign(update, { status: "active", paymentOverdueSince: null, overdueInvoiceId: null, suspendedAt: null });
      if (wasSuspended) recordChange(tx, CHANGE.landingPages);
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: wasSuspended ? "license.reactivated" : "license.payment_recovered",
        entityType: "territory_license",
        entityId: licenseId,
        details: { invoiceId: inv.id, amountPaidCents: inv.amount_paid, overdueSince: license.paymentOverdueSince },
      });
      await enqueueEmail(
        tx,
        licenseReactivated(to, { amountCents: inv.amount_paid, wasSuspended, billingUrl: billingUrl(opts.publicUrl) }),
      );
    }
    if (Object.keys(update).length) {
      await tx
        .update(territoryLicenses)
        .set({ ...update, updatedAt: now })
        .where(eq(territoryLicenses.id, licenseId));
    }
    return { outcome: "recorded", licenseId, detail: `${inv.id} paid` };
  }

  if (holds && !license.paymentOverdueSince) {
    await tx
      .update(territoryLicenses)
      .set({ ...ids, paymentOverdueSince: at, overdueInvoiceId: inv.id, updatedAt: now })
      .where(eq(territoryLicenses.id, licenseId));
    const { suspendOn, endOn } = dunningDates(at, opts.dunning);
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: "license.payment_overdue",
      entityType: "territory_license",
      entityId: licenseId,
      details: {
        invoiceId: inv.id,
        amountDueCents: inv.amount_due,
        needsAction: kind === "action_required",
        suspendOn: suspendOn.toISOString(),
        endOn: endOn.toISOString(),
      },
    });
    await enqueueEmail(
      tx,
      licensePaymentFailed(to, {
        amountCents: inv.amount_due,
        needsAction: kind === "action_required",
        invoiceUrl: inv.hosted_invoice_url ?? null,
        billingUrl: billingUrl(opts.publicUrl),
        suspendOn,
        endOn,
      }),
    );
    await queueDunningTimers(tx, opts.jobs, license, inv.id, at, opts.dunning, now);
  } else if (Object.keys(ids).length) {
    await tx
      .update(territoryLicenses)
      .set({ ...ids, updatedAt: now })
      .where(eq(territoryLicenses.id, licenseId));
  }
  return { outcome: "recorded", licenseId, detail: `${inv.id} ${kind}` };
}

/** Whether the license has another invoice still unpaid (failed or waiting on its holder). */
async function otherUnpaid(tx: Tx, licenseId: string, invoiceId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: licenseInvoices.id })
    .from(licenseInvoices)
    .where(
      and(
        eq(licenseInvoices.licenseId, licenseId),
        ne(licenseInvoices.stripeInvoiceId, invoiceId),
        inArray(licenseInvoices.status, ["failed", "action_required"]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** What the subscription charges a month: its items' prices. */
function monthlyAmount(sub: ProviderSubscription): number | null {
  const items = (sub as { items?: { data?: { quantity?: number; price?: { unit_amount?: number | null } }[] } }).items
    ?.data;
  if (!items?.length) return null;
  let total = 0;
  for (const i of items) {
    if (typeof i.price?.unit_amount !== "number") return null;
    total += i.price.unit_amount * (i.quantity ?? 1);
  }
  return total;
}

async function onSubscriptionUpdated(tx: Tx, sub: ProviderSubscription, at: Date): Promise<Applied> {
  const licenseId = await licenseIdOf(tx, sub.metadata, sub.id);
  if (!licenseId) return { outcome: "unknown_license", detail: sub.id };
  const locked = await lockLicense(tx, licenseId);
  if (!locked) return { outcome: "unknown_license", detail: sub.id };
  const { license } = locked;
  if (license.subscriptionSyncedAt && at < license.subscriptionSyncedAt) {
    return { outcome: "ignored", licenseId, detail: "older than the last update applied" };
  }
  const periodEnd = seconds(subscriptionPeriodEnd(sub));
  const cancelAt = sub.cancel_at_period_end ? (seconds(sub.cancel_at) ?? periodEnd) : null;
  const holds = license.status === "active" || license.status === "suspended";
  await tx
    .update(territoryLicenses)
    .set({
      subscriptionSyncedAt: at,
      ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
      ...(holds ? { cancelAt } : {}),
      ...(monthlyAmount(sub) !== null ? { subscriptionAmountCents: monthlyAmount(sub) } : {}),
      ...(license.stripeSubscriptionId ? {} : { stripeSubscriptionId: sub.id }),
      updatedAt: at,
    })
    .where(eq(territoryLicenses.id, licenseId));
  if (holds && (license.cancelAt?.getTime() ?? null) !== (cancelAt?.getTime() ?? null)) {
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: cancelAt ? "license.cancel_scheduled" : "license.cancel_withdrawn",
      entityType: "territory_license",
      entityId: licenseId,
      details: { subscriptionId: sub.id, cancelAt: cancelAt?.toISOString() ?? null, source: "stripe" },
    });
  }
  return { outcome: "recorded", licenseId, detail: `${sub.id} ${sub.status}` };
}

async function onSubscriptionDeleted(
  tx: Tx,
  sub: ProviderSubscription,
  at: Date,
  opts: BillingOptions,
): Promise<Applied> {
  const licenseId = await licenseIdOf(tx, sub.metadata, sub.id);
  if (!licenseId) return { outcome: "unknown_license", detail: sub.id };
  const locked = await lockLicense(tx, licenseId);
  if (!locked) return { outcome: "unknown_license", detail: sub.id };
  const { license, to } = locked;
  if (license.status !== "active" && license.status !== "suspended") {
    return { outcome: "ignored", licenseId, detail: `license ${license.status}` };
  }
  const unpaid = Boolean(license.paymentOverdueSince) && !license.cancelAt;
  const now = opts.now ?? at;
  const ended = await endLicenseAndRelease(tx, license, {
    status: unpaid ? "ended" : "cancelled",
    endReason: unpaid ? "unpaid" : "cancelled",
    now,
    publicUrl: opts.publicUrl,
  });
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: "license.ended",
    entityType: "territory_license",
    entityId: licenseId,
    details: {
      reason: unpaid ? "unpaid" : "cancelled",
      source: "stripe",
      subscriptionId: sub.id,
      released: ended.released,
      notified: ended.notified,
    },
  });
  await emailEnd(tx, to, unpaid ? "unpaid" : "cancelled", ended, 0, opts);
  return { outcome: "recorded", licenseId, detail: `${sub.id} deleted` };
}

async function onChargeRefunded(
  tx: Tx,
  charge: Record<string, unknown>,
  refunds: ProviderRefund[] | null,
  opts: BillingOptions,
): Promise<Applied> {
  const pi = idOf(charge.payment_intent as string | null);
  if (!pi) return { outcome: "ignored", detail: "no payment intent" };
  const [invoice] = await tx.select().from(licenseInvoices).where(eq(licenseInvoices.paymentIntentId, pi)).limit(1);
  if (!invoice) return { outcome: "unknown_license", detail: pi };
  const locked = await lockLicense(tx, invoice.licenseId);
  if (!locked) return { outcome: "unknown_license", detail: pi };
  let added = 0;
  for (const r of refunds ?? []) {
    if (r.status !== "succeeded" && r.status !== "pending") continue;
    const inserted = await recordRefund(tx, locked, invoice, r, {
      kind: r.metadata?.kind === "deposit" ? "deposit" : "other",
      reason: r.metadata?.reason ?? null,
      requestedBy: null,
      publicUrl: opts.publicUrl,
    });
    if (inserted) added++;
  }
  const refunded = typeof charge.amount_refunded === "number" ? charge.amount_refunded : 0;
  await tx
    .update(licenseInvoices)
    .set({ amountRefundedCents: sql`greatest(${licenseInvoices.amountRefundedCents}, ${refunded})` })
    .where(eq(licenseInvoices.id, invoice.id));
  return { outcome: "recorded", licenseId: invoice.licenseId, detail: `${added} refund(s) recorded` };
}
