/**
 * Ending a licence from the admin licences list: the licence becomes cancelled with an end date, the pair goes
 * back to available (locked through the availability module, unless a reservation or another licence holds it),
 * a vanity number's primary assignment is cleared if it named this licence's licensee and territory, and the
 * pair's waitlist is told — one transaction, audited.
 */
import { and, eq } from "drizzle-orm";
import type { EndLicenceData } from "#kernel/schemas/reservations-admin.ts";
import type { Database } from "#server/db/client.ts";
import { territoryLicenses, vanityNumbers } from "#server/db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import {
  isVanityOffering,
  lockPair,
  offeringColumns,
  offeringOf,
  type PairKey,
  pairAvailability,
  setPairStatus,
} from "../availability/availability.ts";
import { describePair, type LicensingOptions } from "./approve-admin.ts";
import { LicenceNotActiveError, LicenceNotFoundError } from "./errors.ts";
import { notifyWaitlist } from "./waitlist-notice.ts";

export async function endLicence(
  db: Database,
  actor: Actor,
  input: Pick<EndLicenceData, "licenceId" | "reason">,
  opts: LicensingOptions,
): Promise<{ released: boolean; notified: number; what: string }> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const [licence] = await tx
      .select()
      .from(territoryLicenses)
      .where(eq(territoryLicenses.id, input.licenceId))
      .for("update");
    if (!licence) throw new LicenceNotFoundError();
    if (licence.status !== "active") throw new LicenceNotActiveError();
    // A licence dated to start later ends when it starts (the period CHECK wants ends_at >= starts_at).
    const endsAt = licence.startsAt.getTime() > now.getTime() ? licence.startsAt : now;
    await tx
      .update(territoryLicenses)
      .set({ status: "cancelled", endsAt, updatedAt: now })
      .where(eq(territoryLicenses.id, licence.id));
    const offering = offeringOf(licence);
    const pair: PairKey = { territoryId: licence.territoryId, ...offering };
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
            eq(vanityNumbers.licenseeId, licence.licenseeId),
            eq(vanityNumbers.territoryId, licence.territoryId),
          ),
        );
    }
    const notified = released ? await notifyWaitlist(tx, pair, { publicUrl: opts.publicUrl, now }) : 0;
    await recordAudit(tx, actor, {
      action: "licence.end",
      entityType: "territory_license",
      entityId: licence.id,
      details: {
        before: { status: "active", endsAt: licence.endsAt?.toISOString() ?? null, pairStatus: locked.status },
        after: {
          status: "cancelled",
          endsAt: endsAt.toISOString(),
          pairStatus: released ? "available" : locked.status,
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
