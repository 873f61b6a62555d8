/**
 * Releasing and extending a hold from the admin queue, each in one transaction that locks the reservation row
 * (so it serializes with an approval or another admin's step on it) and, for a release, the pair through the
 * availability module before setting it back to available.
 */
import { eq } from "drizzle-orm";
import type { ExtendReservationData, ReleaseReservationData } from "#kernel/schemas/reservations-admin.ts";
import type { Database } from "#server/db/client.ts";
import { reservations } from "#server/db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import {
  lockPair,
  offeringColumns,
  offeringOf,
  type PairKey,
  pairAvailability,
  setPairStatus,
} from "../availability/availability.ts";
import { closeOrderOfReservation } from "../orders/lifecycle.ts";
import { addBusinessDays } from "../reservations/business-days.ts";
import { describePair, type LicensingOptions, lockActiveReservation } from "./approve-admin.ts";
import { notifyWaitlist } from "./waitlist-notice.ts";

/** `what` names the pair ("#4LAW in Georgia"); `released` is false when something else still holds it. */
export type ReleaseResult = { released: boolean; notified: number; what: string };

/**
 * Cancels an active hold. The pair goes back to available (and its waitlist is told) unless something else holds
 * it or an administrator set it to licensed.
 */
export async function releaseReservation(
  db: Database,
  actor: Actor,
  input: Pick<ReleaseReservationData, "reservationId">,
  opts: LicensingOptions,
): Promise<ReleaseResult> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const r = await lockActiveReservation(tx, input.reservationId);
    await tx.update(reservations).set({ status: "cancelled", updatedAt: now }).where(eq(reservations.id, r.id));
    const orderState = await closeOrderOfReservation(tx, actor, r.id, "released", now);
    const offering = offeringOf(r);
    const pair: PairKey = { territoryId: r.territoryId, ...offering };
    const locked = await lockPair(tx, pair);
    let released = false;
    if (locked.status === "negotiations") {
      const held = await pairAvailability(tx, pair, { status: "available", exceptReservationId: r.id });
      if (held.free || held.heldBy === "not_on_sale") {
        await setPairStatus(tx, pair, "available");
        released = true;
      }
    }
    const notified = released ? await notifyWaitlist(tx, pair, { publicUrl: opts.publicUrl, now }) : 0;
    await recordAudit(tx, actor, {
      action: "reservation.release",
      entityType: "reservation",
      entityId: r.id,
      details: {
        before: { status: "active", pairStatus: locked.status },
        after: { status: "cancelled", pairStatus: released ? "available" : locked.status },
        territoryId: r.territoryId,
        ...offeringColumns(offering),
        email: r.email,
        orderState,
        notified,
      },
    });
    return { released, notified, what: await describePair(tx, pair) };
  });
}

/** Moves an active hold's end `days` business days later (from its current end, or from now if that passed). */
export async function extendReservation(
  db: Database,
  actor: Actor,
  input: Pick<ExtendReservationData, "reservationId" | "days">,
  opts: { now?: Date } = {},
): Promise<{ expiresAt: Date; what: string }> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const r = await lockActiveReservation(tx, input.reservationId);
    const from = r.expiresAt.getTime() > now.getTime() ? r.expiresAt : now;
    const expiresAt = addBusinessDays(from, input.days);
    await tx.update(reservations).set({ expiresAt, updatedAt: now }).where(eq(reservations.id, r.id));
    await recordAudit(tx, actor, {
      action: "reservation.extend",
      entityType: "reservation",
      entityId: r.id,
      details: {
        before: { expiresAt: r.expiresAt.toISOString() },
        after: { expiresAt: expiresAt.toISOString() },
        days: input.days,
      },
    });
    return { expiresAt, what: await describePair(tx, { territoryId: r.territoryId, ...offeringOf(r) }) };
  });
}
