/**
 * The dunning pass (docs/decisions/015-license-billing-ledger.md): what an unpaid invoice's time does to its license.
 *
 * - `LICENSE_GRACE_DAYS` after the first failure, still unpaid: the license is **suspended**. The pair stays the
 *   licensee's; the landing page answers a neutral "temporarily unavailable" page and the usage endpoint refuses
 *   new usage. A payment that clears reactivates it at once (./events.ts).
 * - `LICENSE_TERMINATE_DAYS` after it, still unpaid: the subscription is canceled at Stripe (so it stops retrying),
 *   the license **ends** and the pair is released to the waitlist in join order.
 * - A license cancelled at the end of its paid period ends at that date (Stripe's `customer.subscription.deleted`
 *   normally ends it first; this is the backstop).
 *
 * The pass runs from pg-boss: a delayed job per overdue invoice and stage, queued in the transaction that recorded
 * the failure, and an hourly sweep; pg-boss runs each job once across processes and keeps them across restarts.
 * Each license is decided under its row lock, so two passes at once do each thing once.
 */
import { and, eq, inArray, isNotNull, lte, or, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { licenseInvoices, territoryLicenses } from "#server/db/schema/index.ts";
import { licenseSuspended } from "#server/integrations/email/billing-templates.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { CHANGE, recordChange } from "../changes.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { emailEnd, endLicenseAndRelease, lastLicenseEnd } from "./end.ts";
import { type BillingOptions, billingUrl, dunningDates, lockLicense } from "./shared.ts";

export type DunningResult = { suspended: number; ended: number; cancelled: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Applies what is due now to every overdue or cancelling license (or to one, for its own timer job). */
export async function runDunning(db: Database, opts: BillingOptions & { licenseId?: string }): Promise<DunningResult> {
  const now = opts.now ?? new Date();
  const graceStart = new Date(now.getTime() - opts.dunning.graceDays * DAY_MS);
  const due = await db
    .select({ id: territoryLicenses.id })
    .from(territoryLicenses)
    .where(
      and(
        inArray(territoryLicenses.status, ["active", "suspended"]),
        or(
          lte(territoryLicenses.paymentOverdueSince, graceStart),
          and(isNotNull(territoryLicenses.cancelAt), lte(territoryLicenses.cancelAt, now)),
        ) as SQL,
        ...(opts.licenseId ? [eq(territoryLicenses.id, opts.licenseId)] : []),
      ),
    );
  const result: DunningResult = { suspended: 0, ended: 0, cancelled: 0 };
  for (const { id } of due) {
    const step = await dunLicense(db, id, now, opts);
    if (step) result[step]++;
  }
  return result;
}

type Step = "suspended" | "ended" | "cancelled" | null;

async function dunLicense(db: Database, licenseId: string, now: Date, opts: BillingOptions): Promise<Step> {
  const [peek] = await db.select().from(territoryLicenses).where(eq(territoryLicenses.id, licenseId));
  if (!peek) return null;
  const ends = endDue(peek, now, opts);
  // The subscription is stopped at Stripe before the license ends here: a provider outage throws, and the job
  // (or the next sweep) tries again; canceling twice answers the canceled subscription.
  const canceled = Boolean(ends && peek.stripeSubscriptionId && opts.gateway);
  if (canceled) await opts.gateway!.cancelSubscriptionNow(peek.stripeSubscriptionId!);
  return db.transaction(async (tx) => {
    const locked = await lockLicense(tx, licenseId);
    if (!locked) return null;
    const { license, to } = locked;
    if (license.status !== "active" && license.status !== "suspended") {
      // Stripe sends customer.subscription.deleted for the cancellation above, and under load its handler
      // (./events.ts) may end the license, release the pair and tell the waitlist before this transaction takes the
      // row: the end this pass was due to make is made, once. (Ended by another pass at the same time: not this one's.)
      if (!canceled || (await lastLicenseEnd(tx, license.id))?.source !== "stripe") return null;
      return ends === "unpaid" ? "ended" : "cancelled";
    }
    const end = endDue(license, now, opts);
    if (end) {
      const ended = await endLicenseAndRelease(tx, license, {
        status: end === "unpaid" ? "ended" : "cancelled",
        endReason: end,
        now,
        publicUrl: opts.publicUrl,
      });
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "license.ended",
        entityType: "territory_license",
        entityId: license.id,
        details: {
          reason: end,
          source: "dunning",
          overdueSince: license.paymentOverdueSince?.toISOString() ?? null,
          cancelAt: license.cancelAt?.toISOString() ?? null,
          released: ended.released,
          notified: ended.notified,
        },
      });
      await emailEnd(tx, to, end, ended, 0, opts);
      return end === "unpaid" ? "ended" : "cancelled";
    }
    if (license.status === "active" && license.paymentOverdueSince) {
      const { suspendOn, endOn } = dunningDates(license.paymentOverdueSince, opts.dunning);
      if (suspendOn > now) return null;
      await tx
        .update(territoryLicenses)
        .set({ status: "suspended", suspendedAt: now, updatedAt: now })
        .where(eq(territoryLicenses.id, license.id));
      recordChange(tx, CHANGE.landingPages);
      const [invoice] = license.overdueInvoiceId
        ? await tx
            .select({ amountDueCents: licenseInvoices.amountDueCents })
            .from(licenseInvoices)
            .where(eq(licenseInvoices.stripeInvoiceId, license.overdueInvoiceId))
        : [];
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "license.suspended",
        entityType: "territory_license",
        entityId: license.id,
        details: {
          invoiceId: license.overdueInvoiceId,
          overdueSince: license.paymentOverdueSince.toISOString(),
          endOn: endOn.toISOString(),
        },
      });
      await enqueueEmail(
        tx,
        licenseSuspended(to, {
          amountCents: invoice?.amountDueCents ?? license.subscriptionAmountCents ?? license.monthlyFeeCents,
          billingUrl: billingUrl(opts.publicUrl),
          endOn,
        }),
      );
      return "suspended";
    }
    return null;
  });
}

/** Whether the license ends now, and why: unpaid past the end date, or its cancellation date has come. */
function endDue(
  l: { paymentOverdueSince: Date | null; cancelAt: Date | null },
  now: Date,
  opts: BillingOptions,
): "unpaid" | "cancelled" | null {
  if (l.paymentOverdueSince && dunningDates(l.paymentOverdueSince, opts.dunning).endOn <= now) return "unpaid";
  if (l.cancelAt && l.cancelAt <= now) return "cancelled";
  return null;
}
