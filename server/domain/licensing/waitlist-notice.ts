/**
 * Telling a freed pair's waitlist, first come first served: everyone who joined, in the order they joined, each
 * told their place in line and until when their notice stands. Runs inside the transaction that freed the pair,
 * so the emails go out exactly when the release committed. A withdrawn territory notifies no one.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { WAITLIST_RESPONSE_BUSINESS_DAYS } from "#kernel/schemas/reservations-admin.ts";
import type { Tx } from "#server/db/client.ts";
import { territories, waitlistEntries } from "#server/db/schema/index.ts";
import { waitlistReleased } from "#server/integrations/email/licensing-templates.ts";
import { isVanityOffering, type PairKey } from "../availability/availability.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { addBusinessDays } from "../reservations/business-days.ts";
import { territoryPageUrl } from "../reservations/expiry.ts";
import { offeringDetails } from "../reservations/offering.ts";

/** Enqueues the notices; returns how many people were told. `skipEmail` is someone told otherwise. */
export async function notifyWaitlist(
  tx: Tx,
  pair: PairKey,
  opts: { publicUrl: string; now: Date; skipEmail?: string },
): Promise<number> {
  const [territory] = await tx
    .select({ name: territories.name, slug: territories.slug, status: territories.status })
    .from(territories)
    .where(eq(territories.id, pair.territoryId));
  const offer = await offeringDetails(tx, pair);
  if (!territory || !offer || territory.status === "inactive") return 0;
  const waiting = await tx
    .select({ email: waitlistEntries.email, name: waitlistEntries.name })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.territoryId, pair.territoryId),
        isVanityOffering(pair)
          ? eq(waitlistEntries.vanityNumberId, pair.vanityNumberId)
          : and(eq(waitlistEntries.categoryId, pair.categoryId), isNull(waitlistEntries.vanityNumberId)),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const url = territoryPageUrl(opts.publicUrl, offer.slug, territory.slug);
  const respondBy = addBusinessDays(opts.now, WAITLIST_RESPONSE_BUSINESS_DAYS);
  const skip = opts.skipEmail?.toLowerCase();
  let notified = 0;
  for (const [i, w] of waiting.entries()) {
    if (w.email.toLowerCase() === skip) continue;
    await enqueueEmail(
      tx,
      waitlistReleased({
        email: w.email,
        name: w.name,
        territoryName: territory.name,
        offeringName: offer.name,
        offeringKind: offer.kind,
        position: i + 1,
        respondBy,
        url,
      }),
    );
    notified++;
  }
  return notified;
}
