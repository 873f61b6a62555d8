/**
 * Cancelling a license (docs/decisions/015-license-billing-ledger.md).
 *
 * - The licensee cancels from the portal. Within {@link DEPOSIT_REFUND_BUSINESS_DAYS} business days of activation
 *   (the terms' refundable-deposit window) the license ends at once and the setup deposit is refunded through
 *   Stripe; after it, the subscription is set to cancel at the end of the paid period (`cancel_at_period_end`) and
 *   the license ends on that date (Stripe's `customer.subscription.deleted`, or the dunning pass as a backstop).
 * - An administrator cancels now or at period end, with a reason, and refunds separately (./refunds.ts).
 *
 * Provider calls come first and carry idempotency keys (or are idempotent: canceling a canceled subscription
 * answers it); the license's end, the refund row, the audit and the emails then commit in one transaction. A
 * repeated request refunds once: Stripe answers the same refund to the same key, and the row is keyed by its id.
 */
import { eq } from "drizzle-orm";
import { formatDate } from "#kernel/format.ts";
import { isUuid } from "#kernel/ids.ts";
import type { Database } from "#server/db/client.ts";
import { licensees, type TerritoryLicense, territoryLicenses } from "#server/db/schema/index.ts";
import { licenseCancellationScheduled } from "#server/integrations/email/billing-templates.ts";
import { type ProviderRefund, subscriptionPeriodEnd } from "#server/integrations/stripe/client.ts";
import { type Actor, assertAdmin, isAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { ValidationError } from "../errors.ts";
import { addBusinessDays } from "../reservations/business-days.ts";
import { PaymentStartError } from "../wallet/errors.ts";
import { emailEnd, endLicenseAndRelease } from "./end.ts";
import {
  BillingNotConfiguredError,
  FirstPaymentPendingError,
  LicenseNotCancellableError,
  LicenseNotFoundError,
} from "./errors.ts";
import { firstInvoice, recordRefund, refundableCents, requestRefund } from "./refunds.ts";
import { type BillingOptions, billingUrl, lockLicense } from "./shared.ts";

/** The terms: the setup deposit is refundable if the license is cancelled within 5 business days. */
export const DEPOSIT_REFUND_BUSINESS_DAYS = 5;

/** Deadlines already worked out, by start time: the billing screens show each license's on every visit. */
const deadlines = new Map<number, number>();
const KEPT_DEADLINES = 10_000;

/**
 * The end of the refundable-deposit window of a license activated at `startsAt`. Business days are counted in the
 * company's time zone (~13 µs of time-zone arithmetic a license): each start's deadline is worked out once.
 */
export function depositRefundDeadline(startsAt: Date): Date {
  const start = startsAt.getTime();
  let deadline = deadlines.get(start);
  if (deadline === undefined) {
    deadline = addBusinessDays(startsAt, DEPOSIT_REFUND_BUSINESS_DAYS).getTime();
    if (deadlines.size >= KEPT_DEADLINES) deadlines.clear();
    deadlines.set(start, deadline);
  }
  return new Date(deadline);
}

/** The next monthly anniversary of `startsAt` after `now` (the paid period's end of a license without Stripe). */
export function nextAnniversary(startsAt: Date, now: Date): Date {
  const d = new Date(startsAt);
  for (let i = 1; d <= now && i < 1200; i++) {
    d.setTime(startsAt.getTime());
    d.setUTCMonth(startsAt.getUTCMonth() + i);
  }
  return d;
}

/** What cancelling this license now would do: end it at once with the deposit refunded, or at the period's end. */
export function cancellationTerms(
  license: Pick<TerritoryLicense, "startsAt" | "currentPeriodEnd" | "setupFeeCents">,
  now: Date,
): { mode: "now"; refundCents: number; deadline: Date } | { mode: "period_end"; endsOn: Date; deadline: Date } {
  const deadline = depositRefundDeadline(license.startsAt);
  if (now < deadline) return { mode: "now", refundCents: license.setupFeeCents, deadline };
  const endsOn =
    license.currentPeriodEnd && license.currentPeriodEnd > now
      ? license.currentPeriodEnd
      : nextAnniversary(license.startsAt, now);
  return { mode: "period_end", endsOn, deadline };
}

export type CancelInput = {
  licenseId: string;
  /** Administrators choose; a licensee's is decided by the refund window. */
  when?: "now" | "period_end";
  reason?: string | null;
};

export type CancelResult =
  | { mode: "now"; endsAt: Date; refundCents: number; what: string }
  | { mode: "period_end"; endsAt: Date; what: string };

export async function cancelLicense(
  db: Database,
  actor: Actor,
  input: CancelInput,
  opts: BillingOptions,
): Promise<CancelResult> {
  const now = opts.now ?? new Date();
  const admin = isAdmin(actor);
  const license = await readLicense(db, actor, input.licenseId);
  if (license.status !== "active" && license.status !== "suspended") {
    throw new LicenseNotCancellableError("This license is not running, so there is nothing to cancel.");
  }
  const reason = input.reason?.trim() || null;
  if (admin && !reason) throw new ValidationError({ reason: ["Say why the license is canceled."] });
  const terms = cancellationTerms(license, now);
  const mode = admin ? (input.when ?? "period_end") : terms.mode;
  if (mode === "period_end") return cancelAtPeriodEnd(db, actor, license, reason, now, opts);

  // Ends now. A licensee inside the window gets the setup deposit back.
  let refund: ProviderRefund | null = null;
  const refundsDeposit = !admin && terms.mode === "now" && license.setupFeeCents > 0 && license.stripeSubscriptionId;
  const invoice = refundsDeposit ? await firstInvoice(db, license.id) : null;
  if (refundsDeposit) {
    // Never end a license whose deposit is owed back without refunding it: wait for the payment's record.
    if (!opts.gateway) throw new BillingNotConfiguredError();
    if (!invoice) throw new FirstPaymentPendingError();
  }
  if (invoice && opts.gateway) {
    const amount = Math.min(license.setupFeeCents, refundableCents(invoice));
    if (amount > 0) {
      refund = await requestRefund(
        opts,
        invoice,
        amount,
        { license_id: license.id, kind: "deposit", reason: "Canceled within the refund window" },
        `license-deposit-refund:${license.id}`,
      );
    }
  }
  if (license.stripeSubscriptionId && opts.gateway) {
    await opts.gateway.cancelSubscriptionNow(license.stripeSubscriptionId).catch((err: unknown) => {
      throw new PaymentStartError(err);
    });
  }
  return db.transaction(async (tx) => {
    const locked = await lockLicense(tx, license.id);
    if (!locked) throw new LicenseNotFoundError();
    if (refund && invoice) {
      await recordRefund(tx, locked, invoice, refund, {
        kind: "deposit",
        reason: "Canceled within the refund window",
        requestedBy: actor.userId,
        publicUrl: opts.publicUrl,
      });
    }
    const current = locked.license;
    const refundCents = refund?.amount ?? 0;
    if (current.status !== "active" && current.status !== "suspended") {
      // A second request that raced the first: the license has ended; the refund is recorded once.
      return { mode: "now" as const, endsAt: current.endsAt ?? now, refundCents, what: locked.to.what };
    }
    const ended = await endLicenseAndRelease(tx, current, {
      status: "cancelled",
      endReason: "cancelled",
      now,
      publicUrl: opts.publicUrl,
    });
    await recordAudit(tx, actor, {
      action: "license.ended",
      entityType: "territory_license",
      entityId: current.id,
      details: {
        reason: "cancelled",
        source: admin ? "administrator" : "licensee",
        note: reason,
        refundCents,
        released: ended.released,
        notified: ended.notified,
      },
    });
    await emailEnd(tx, locked.to, "cancelled", ended, refundCents, opts);
    return { mode: "now" as const, endsAt: ended.endsAt, refundCents, what: locked.to.what };
  });
}

async function cancelAtPeriodEnd(
  db: Database,
  actor: Actor,
  license: TerritoryLicense,
  reason: string | null,
  now: Date,
  opts: BillingOptions,
): Promise<CancelResult> {
  if (license.cancelAt) {
    throw new LicenseNotCancellableError(`This license is already set to end on ${formatDate(license.cancelAt)}.`);
  }
  let endsAt: Date | null = null;
  if (license.stripeSubscriptionId && opts.gateway) {
    const sub = await opts.gateway
      .setCancelAtPeriodEnd(license.stripeSubscriptionId, true, `license-cancel:${license.id}`)
      .catch((err: unknown) => {
        throw new PaymentStartError(err);
      });
    const at = sub.cancel_at ?? subscriptionPeriodEnd(sub);
    if (at) endsAt = new Date(at * 1000);
  }
  endsAt ??= (cancellationTerms(license, now) as { endsOn?: Date }).endsOn ?? nextAnniversary(license.startsAt, now);
  return db.transaction(async (tx) => {
    const locked = await lockLicense(tx, license.id);
    if (!locked) throw new LicenseNotFoundError();
    const current = locked.license;
    if (current.status !== "active" && current.status !== "suspended") {
      throw new LicenseNotCancellableError("This license is not running, so there is nothing to cancel.");
    }
    await tx
      .update(territoryLicenses)
      .set({ cancelAt: endsAt, updatedAt: now })
      .where(eq(territoryLicenses.id, current.id));
    if (!current.cancelAt) {
      await recordAudit(tx, actor, {
        action: "license.cancel_scheduled",
        entityType: "territory_license",
        entityId: current.id,
        details: { cancelAt: endsAt.toISOString(), source: isAdmin(actor) ? "administrator" : "licensee", reason },
      });
      await enqueueEmail(
        tx,
        licenseCancellationScheduled(locked.to, {
          endsOn: endsAt,
          billingUrl: billingUrl(opts.publicUrl),
          byAdministrator: isAdmin(actor),
        }),
      );
    }
    return { mode: "period_end" as const, endsAt, what: locked.to.what };
  });
}

/** The license, if the caller may act on it: an administrator, or its own licensee. */
async function readLicense(db: Database, actor: Actor, licenseId: string): Promise<TerritoryLicense> {
  if (!isUuid(licenseId)) throw new LicenseNotFoundError();
  const [row] = await db
    .select({ license: territoryLicenses, userId: licensees.userId })
    .from(territoryLicenses)
    .innerJoin(licensees, eq(licensees.id, territoryLicenses.licenseeId))
    .where(eq(territoryLicenses.id, licenseId));
  if (!row || (!isAdmin(actor) && (!actor.userId || row.userId !== actor.userId))) throw new LicenseNotFoundError();
  return row.license;
}

/** An administrator's cancellation, with its reason (the admin license page). */
export function cancelLicenseAsAdmin(
  db: Database,
  actor: Actor,
  input: Required<Pick<CancelInput, "licenseId" | "when">> & { reason: string },
  opts: BillingOptions,
): Promise<CancelResult> {
  assertAdmin(actor);
  return cancelLicense(db, actor, input, opts);
}
