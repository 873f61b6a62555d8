/**
 * The order's moves that ride on another module's transaction: signing its agreement (approved → signed) and
 * closing it when its hold ends (held → expired; approved or signed → abandoned; any open state → cancelled when
 * an administrator releases the hold). Closing also withdraws what approval issued: the pending license is
 * cancelled and the agreement expires (terminated if it was signed), so nothing of a closed order can be signed
 * or paid.
 */
import { and, eq } from "drizzle-orm";
import type { OrderState } from "#kernel/enums.ts";
import type { Tx } from "#server/db/client.ts";
import { agreements, licenseOrders, territoryLicenses } from "#server/db/schema/index.ts";
import type { Actor } from "../actor.ts";
import { isClosed, lockOrderWhere, moveOrder } from "./machine.ts";

/**
 * Signing the order's agreement moves it to signed. Called inside the signing transaction with the agreement
 * locked; an agreement outside any order (a renewal, an adjunct agreement) moves nothing.
 */
export async function orderAgreementSigned(
  tx: Tx,
  actor: Actor,
  agreementId: string,
  now: Date,
): Promise<{ orderId: string } | null> {
  const order = await lockOrderWhere(tx, eq(licenseOrders.agreementId, agreementId));
  if (!order) return null;
  await moveOrder(tx, actor, order, "signed", { now, details: { agreementId } });
  return { orderId: order.id };
}

/** Closes the order of a reservation whose hold ended; returns the state it closed in, or null if none was open. */
export async function closeOrderOfReservation(
  tx: Tx,
  actor: Actor,
  reservationId: string,
  how: "lapsed" | "released",
  now: Date,
): Promise<OrderState | null> {
  const order = await lockOrderWhere(tx, eq(licenseOrders.reservationId, reservationId));
  if (!order || isClosed(order.state)) return null;
  const to: OrderState = how === "released" ? "cancelled" : order.state === "held" ? "expired" : "abandoned";
  await moveOrder(tx, actor, order, to, { now, details: { how } });
  if (order.licenseId) {
    await tx
      .update(territoryLicenses)
      .set({ status: "cancelled", endsAt: now, updatedAt: now })
      .where(and(eq(territoryLicenses.id, order.licenseId), eq(territoryLicenses.status, "pending")));
  }
  if (order.agreementId) {
    const [a] = await tx
      .select({ status: agreements.status, signedAt: agreements.signedAt })
      .from(agreements)
      .where(eq(agreements.id, order.agreementId))
      .for("update");
    if (a && (a.status === "pending" || a.status === "active")) {
      await tx
        .update(agreements)
        .set({ status: a.signedAt ? "terminated" : "expired", updatedAt: now })
        .where(eq(agreements.id, order.agreementId));
    }
  }
  return to;
}
