/**
 * A license's end, whoever or whatever ends it (an administrator's end in the licenses list, the licensee's
 * cancellation, Stripe ending the subscription, an invoice left unpaid past LICENSE_TERMINATE_DAYS): the license
 * gets its final status and end date, the pair goes back to available (locked through the availability module,
 * unless a reservation or another license holds it), a vanity number's assignment naming this licensee is cleared, a
 * #Code's landing page is unpublished, and the pair's waitlist is told in join order. One transaction,
 * the caller's; the caller audits and emails.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import {
  auditLog,
  categories,
  dynamicPages,
  type TerritoryLicense,
  territoryLicenses,
  vanityNumbers,
} from "#server/db/schema/index.ts";
import { licenseEnded, licenseEndedNotice } from "#server/integrations/email/billing-templates.ts";
import {
  isVanityOffering,
  lockPair,
  offeringOf,
  type PairKey,
  pairAvailability,
  setPairStatus,
} from "../availability/availability.ts";
import { CHANGE, recordChange } from "../changes.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { bareCode } from "../landing-pages/admin.ts";
import { notifyWaitlist } from "../licensing/waitlist-notice.ts";
import { billingUrl } from "./shared.ts";

/**
 * The latest "license.ended" audit entry of a license: what ended it (`source`: "stripe" for Stripe's deletion event,
 * "dunning" for the dunning pass …), whether its pair was released and how many on the waitlist were told; null when
 * it never ended.
 */
export async function lastLicenseEnd(
  tx: Tx,
  licenseId: string,
): Promise<{ source?: string; released?: boolean; notified?: number } | null> {
  const [last] = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, "territory_license"),
        eq(auditLog.entityId, licenseId),
        eq(auditLog.action, "license.ended"),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return (last?.details as { source?: string; released?: boolean; notified?: number } | undefined) ?? null;
}

export type EndedLicense = {
  pair: PairKey;
  /** The pair's status before the end ("licensed" normally). */
  pairStatusBefore: string;
  released: boolean;
  notified: number;
  endsAt: Date;
};

/** Ends a license locked by the caller (`select … for update`) and releases its pair. */
export async function endLicenseAndRelease(
  tx: Tx,
  license: TerritoryLicense,
  opts: { status: "cancelled" | "ended"; endReason: "cancelled" | "unpaid"; now: Date; publicUrl: string },
): Promise<EndedLicense> {
  const { now } = opts;
  // A license dated to start later ends when it starts (the period CHECK wants ends_at >= starts_at).
  const endsAt = license.startsAt.getTime() > now.getTime() ? license.startsAt : now;
  await tx
    .update(territoryLicenses)
    .set({
      status: opts.status,
      endsAt,
      endReason: opts.endReason,
      cancelAt: null,
      paymentOverdueSince: null,
      overdueInvoiceId: null,
      suspendedAt: null,
      updatedAt: now,
    })
    .where(eq(territoryLicenses.id, license.id));
  const offering = offeringOf(license);
  const pair: PairKey = { territoryId: license.territoryId, ...offering };
  const locked = await lockPair(tx, pair);
  const held = await pairAvailability(tx, pair, { status: "available" });
  const released = held.free || held.heldBy === "not_on_sale";
  if (released) await setPairStatus(tx, pair, "available");
  if (isVanityOffering(offering)) {
    await tx
      .update(vanityNumbers)
      .set({ licenseeId: null, territoryId: null })
      .where(
        and(
          eq(vanityNumbers.id, offering.vanityNumberId),
          eq(vanityNumbers.licenseeId, license.licenseeId),
          eq(vanityNumbers.territoryId, license.territoryId),
        ),
      );
  } else {
    // The firm's page of this #Code is no longer published: it is detached from the licensee (a page no licensee
    // holds is not served), and the next licensee's activation takes it over.
    await tx
      .update(dynamicPages)
      .set({ licenseeId: null })
      .where(
        and(
          eq(dynamicPages.territoryId, license.territoryId),
          eq(dynamicPages.licenseeId, license.licenseeId),
          sql`${bareCode(dynamicPages.poundCode)} = (select ${bareCode(categories.name)} from ${categories} where ${categories.id} = ${offering.categoryId})`,
        ),
      );
  }
  recordChange(tx, CHANGE.landingPages);
  const notified = released ? await notifyWaitlist(tx, pair, { publicUrl: opts.publicUrl, now }) : 0;
  return { pair, pairStatusBefore: locked.status, released, notified, endsAt };
}

/** The licensee's and sales' emails of an ended license. */
export async function emailEnd(
  tx: Tx,
  to: { email: string; name: string; what: string },
  reason: "unpaid" | "cancelled",
  ended: { endsAt: Date; notified: number },
  refundCents: number,
  opts: { publicUrl: string; salesEmail: string },
): Promise<void> {
  await enqueueEmail(
    tx,
    licenseEnded(to, {
      reason,
      endedAt: ended.endsAt,
      refundCents,
      billingUrl: billingUrl(opts.publicUrl),
    }),
  );
  await enqueueEmail(
    tx,
    licenseEndedNotice(opts.salesEmail, {
      what: to.what,
      licenseeName: to.name,
      licenseeEmail: to.email,
      reason,
      notified: ended.notified,
    }),
  );
}
