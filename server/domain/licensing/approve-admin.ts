/**
 * Approving a reservation from the admin queue: the administrator's move of its order from held to approved
 * (docs/decisions/014-license-order-state-machine.md; the work is ../orders/approve.ts).
 *
 * Lock the reservation row, refuse unless it is active and its hold has not run out (409), then approve its
 * order: price (or the administrator's audited override), licensee, a pending license, the drafted agreement and
 * the email with the figures and the order's link — all or nothing. The pair stays held until the order is paid.
 *
 * One winner: concurrent approvals (or an approval racing a release or an extension) queue on the reservation
 * row; the loser re-reads it and is refused. Two approvals of one pair through different reservations queue on the
 * pair's status row, and the partial unique index on active licenses is the last guard.
 */
import { eq } from "drizzle-orm";
import type { ApproveReservationData } from "#kernel/schemas/reservations-admin.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { reservations, territories } from "#server/db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { offeringColumns, offeringOf, type PairKey } from "../availability/availability.ts";
import { type ApproveResult, approvalRefusal, approveHeldOrder, type OrderOptions } from "../orders/approve.ts";
import { offeringDetails } from "../reservations/offering.ts";
import { ReservationLapsedError, ReservationNotActiveError, ReservationNotFoundError } from "./errors.ts";

export type LicensingOptions = { publicUrl: string; now?: Date };

/** "#4LAW in Georgia": how the answers and emails name a pair. */
export async function describePair(tx: Tx, pair: PairKey): Promise<string> {
  const [territory] = await tx
    .select({ name: territories.name })
    .from(territories)
    .where(eq(territories.id, pair.territoryId));
  const offer = await offeringDetails(tx, pair);
  return `${offer?.name ?? "The offering"} in ${territory?.name ?? "its territory"}`;
}

/** The active reservation, locked until the transaction ends. */
export async function lockActiveReservation(tx: Tx, reservationId: string) {
  const [r] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for("update");
  if (!r) throw new ReservationNotFoundError();
  if (r.status !== "active") throw new ReservationNotActiveError(r.status);
  return r;
}

/**
 * @throws ForbiddenError for anyone but an administrator
 * @throws ReservationNotFoundError, ReservationNotActiveError (already approved, released or expired: 409),
 *   ReservationLapsedError (hold ran out: 409), PairAlreadyLicensedError (409)
 */
export async function approveReservation(
  db: Database,
  actor: Actor,
  input: Pick<ApproveReservationData, "reservationId" | "monthlyFeeCents" | "setupFeeCents" | "overrideReason">,
  opts: OrderOptions,
): Promise<ApproveResult> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  const override =
    input.monthlyFeeCents != null || input.setupFeeCents != null
      ? {
          monthlyFeeCents: input.monthlyFeeCents,
          setupFeeCents: input.setupFeeCents,
          reason: input.overrideReason ?? "",
        }
      : null;
  try {
    return await db.transaction(async (tx) => {
      const r = await lockActiveReservation(tx, input.reservationId);
      if (r.expiresAt.getTime() <= now.getTime()) throw new ReservationLapsedError();
      const result = await approveHeldOrder(tx, actor, r, { ...opts, now, override });
      await recordAudit(tx, actor, {
        action: "reservation.approve",
        entityType: "reservation",
        entityId: r.id,
        details: {
          territoryId: r.territoryId,
          ...offeringColumns(offeringOf(r)),
          orderId: result.orderId,
          licenceId: result.licenceId,
          licenseeId: result.licenseeId,
          invited: result.invited,
          agreementId: result.agreementId,
          finalCalculatedFeeCents: result.finalMonthlyCents,
          setupFeeCents: result.setupFeeCents,
          override: result.override,
        },
      });
      return result;
    });
  } catch (err) {
    throw approvalRefusal(err);
  }
}
