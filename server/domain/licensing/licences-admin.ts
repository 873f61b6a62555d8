/**
 * Ending a license from the admin list at once (no refund; the license's billing page cancels and refunds): the
 * subscription is canceled at Stripe first, then the license becomes cancelled with an end date and its pair is
 * released as every end releases it (../billing/end.ts) — one transaction, audited.
 */
import { eq } from "drizzle-orm";
import type { EndLicenceData } from "#kernel/schemas/reservations-admin.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { type TerritoryLicense, territoryLicenses } from "#server/db/schema/index.ts";
import type { BillingGateway } from "#server/integrations/stripe/client.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { offeringColumns, offeringOf } from "../availability/availability.ts";
import { endLicenseAndRelease, lastLicenseEnd } from "../billing/end.ts";
import { PaymentStartError } from "../wallet/errors.ts";
import { describePair, type LicensingOptions } from "./approve-admin.ts";
import { LicenceNotActiveError, LicenceNotFoundError } from "./errors.ts";

export async function endLicence(
  db: Database,
  actor: Actor,
  input: Pick<EndLicenceData, "licenceId" | "reason">,
  opts: LicensingOptions & { gateway?: BillingGateway | null },
): Promise<{ released: boolean; notified: number; what: string }> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  // The subscription stops first, so an ended license is never charged again (canceling twice is harmless).
  const [peek] = await db
    .select({ subscriptionId: territoryLicenses.stripeSubscriptionId, status: territoryLicenses.status })
    .from(territoryLicenses)
    .where(eq(territoryLicenses.id, input.licenceId));
  const running = peek?.status === "active" || peek?.status === "suspended";
  const canceledAtStripe = Boolean(peek?.subscriptionId && opts.gateway && running);
  if (canceledAtStripe) {
    await opts.gateway!.cancelSubscriptionNow(peek!.subscriptionId!).catch((err: unknown) => {
      throw new PaymentStartError(err);
    });
  }
  return db.transaction(async (tx) => {
    const [licence] = await tx
      .select()
      .from(territoryLicenses)
      .where(eq(territoryLicenses.id, input.licenceId))
      .for("update");
    if (!licence) throw new LicenceNotFoundError();
    if (licence.status !== "active" && licence.status !== "suspended") {
      // The cancellation above makes Stripe send customer.subscription.deleted, and its handler can end the license
      // (releasing its pair, telling its waitlist) before this transaction takes the row: the end asked for happened.
      if (canceledAtStripe && licence.status === "cancelled") {
        return endedByStripeEvent(tx, actor, licence, peek!.status, input.reason ?? null);
      }
      throw new LicenceNotActiveError();
    }
    const ended = await endLicenseAndRelease(tx, licence, {
      status: "cancelled",
      endReason: "cancelled",
      now,
      publicUrl: opts.publicUrl,
    });
    const { pair, released, notified, endsAt } = ended;
    const offering = offeringOf(licence);
    await recordAudit(tx, actor, {
      action: "licence.end",
      entityType: "territory_license",
      entityId: licence.id,
      details: {
        before: {
          status: licence.status,
          endsAt: licence.endsAt?.toISOString() ?? null,
          pairStatus: ended.pairStatusBefore,
        },
        after: {
          status: "cancelled",
          endsAt: endsAt.toISOString(),
          pairStatus: released ? "available" : ended.pairStatusBefore,
        },
        territoryId: licence.territoryId,
        ...offeringColumns(offering),
        licenseeId: licence.licenseeId,
        reason: input.reason ?? null,
        notified,
      },
    });
    return { released, notified, what: await describePair(tx, pair) };
  });
}

/**
 * The administrator's end of a license that Stripe's deletion event, sent by the administrator's own cancellation,
 * ended first: the end is the one that event's handler made (billing/events.ts, which audits what it released and
 * whom it told); what is left is the administrator's record, with their reason.
 */
async function endedByStripeEvent(
  tx: Tx,
  actor: Actor,
  licence: TerritoryLicense,
  statusBefore: string,
  reason: string | null,
): Promise<{ released: boolean; notified: number; what: string }> {
  const event = await lastLicenseEnd(tx, licence.id);
  const released = event?.released === true;
  const notified = typeof event?.notified === "number" ? event.notified : 0;
  const offering = offeringOf(licence);
  await recordAudit(tx, actor, {
    action: "licence.end",
    entityType: "territory_license",
    entityId: licence.id,
    details: {
      before: { status: statusBefore },
      after: { status: licence.status, endsAt: licence.endsAt?.toISOString() ?? null },
      endedBy: "stripe.customer.subscription.deleted",
      territoryId: licence.territoryId,
      ...offeringColumns(offering),
      licenseeId: licence.licenseeId,
      reason,
      notified,
    },
  });
  return { released, notified, what: await describePair(tx, { territoryId: licence.territoryId, ...offering }) };
}
