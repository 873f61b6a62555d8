/**
 * The license order's state machine (docs/decisions/014-license-order-state-machine.md).
 *
 *   held ──approve──▶ approved ──sign──▶ signed ──pay──▶ paid ──activate──▶ active
 *     │                  │                  │
 *     ├─lapse─▶ expired  ├─lapse─▶ abandoned ┤
 *     └─release─▶ cancelled ◀──release───────┘
 *
 * Every move goes through {@link moveOrder}, inside the transaction that does the move's work, on an order row
 * locked by {@link lockOrder}: two movers of one order queue on that lock and the second sees the first's state,
 * so a move that is no longer legal is refused (409) instead of done twice.
 */
import { eq, type SQL } from "drizzle-orm";
import type { OrderState } from "#kernel/enums.ts";
import type { Tx } from "#server/db/client.ts";
import { type LicenseOrder, licenseOrders } from "#server/db/schema/index.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { DomainError, NotFoundError } from "../errors.ts";

/** Where each state may go next; states with no entry are final. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  held: ["approved", "expired", "cancelled"],
  approved: ["signed", "abandoned", "cancelled"],
  signed: ["paid", "abandoned", "cancelled"],
  paid: ["active"],
  active: [],
  expired: [],
  abandoned: [],
  cancelled: [],
};

/** States in which the order still holds its pair. */
export const OPEN_ORDER_STATES: readonly OrderState[] = ["held", "approved", "signed", "paid"];

export const canMove = (from: OrderState, to: OrderState) => ORDER_TRANSITIONS[from].includes(to);

export const isClosed = (state: OrderState) => ORDER_TRANSITIONS[state].length === 0;

/** The time column each state stamps when entered. */
const STAMP: Partial<Record<OrderState, keyof LicenseOrder>> = {
  approved: "approvedAt",
  signed: "signedAt",
  paid: "paidAt",
  active: "activatedAt",
  expired: "closedAt",
  abandoned: "closedAt",
  cancelled: "closedAt",
};

export class OrderNotFoundError extends NotFoundError {
  override name = "OrderNotFoundError";
  constructor() {
    super("order_not_found", "Order Not Found", "This order does not exist, or the link to it is not valid.");
  }
}

/** A move the machine does not allow from the order's current state (pay before sign, activate twice…). */
export class OrderTransitionError extends DomainError {
  override name = "OrderTransitionError";
  readonly from: OrderState;
  readonly to: OrderState;
  constructor(from: OrderState, to: OrderState) {
    super({
      code: "order_transition_refused",
      status: 409,
      title: "Order Already Moved On",
      message: refusal(from, to),
    });
    this.from = from;
    this.to = to;
  }
}

/** Card payments are not configured on this server (no Stripe keys), so an order cannot be paid here. */
export class OrderPaymentUnavailableError extends DomainError {
  override name = "OrderPaymentUnavailableError";
  constructor() {
    super({
      code: "order_payment_unavailable",
      status: 503,
      title: "Payment Unavailable",
      message: "Card payments are not available right now. Please call us at (800) 580-1500 to complete your order.",
    });
  }
}

function refusal(from: OrderState, to: OrderState): string {
  if (isClosed(from) && from !== "active")
    return "This order is closed: its hold was released. Reserve the territory again if it is still available.";
  if (from === "active") return "This license is already active.";
  if (to === "paid" || to === "active") return "The agreement must be signed before the order is paid.";
  if (to === "signed") return "This order is not waiting for a signature.";
  if (to === "approved") return "This order has already been approved.";
  return "This order cannot make that step now.";
}

/** The order, locked until the transaction ends. */
export async function lockOrder(tx: Tx, orderId: string): Promise<LicenseOrder> {
  const order = await lockOrderWhere(tx, eq(licenseOrders.id, orderId));
  if (!order) throw new OrderNotFoundError();
  return order;
}

/** The order matching `where` (one of its unique columns), locked until the transaction ends; null when none. */
export async function lockOrderWhere(tx: Tx, where: SQL): Promise<LicenseOrder | null> {
  const [order] = await tx.select().from(licenseOrders).where(where).for("update");
  return order ?? null;
}

/**
 * The reservation's order, locked; created (state held) if the reservation predates orders or was seeded
 * without one. The caller holds the reservation's row lock, so two callers cannot both create it.
 */
export async function lockOrderOfReservation(tx: Tx, reservationId: string): Promise<LicenseOrder> {
  await tx.insert(licenseOrders).values({ reservationId }).onConflictDoNothing({
    target: licenseOrders.reservationId,
  });
  return (await lockOrderWhere(tx, eq(licenseOrders.reservationId, reservationId)))!;
}

/**
 * Moves a locked order to `to`, stamping the state's time and writing the audit row `order.<to>`; refuses a move
 * the machine does not allow. `set` carries the columns the move fills in (the license, the session…).
 */
export async function moveOrder(
  tx: Tx,
  actor: Actor,
  order: LicenseOrder,
  to: OrderState,
  opts: { now: Date; set?: Partial<typeof licenseOrders.$inferInsert>; details?: Record<string, unknown> },
): Promise<LicenseOrder> {
  if (!canMove(order.state, to)) throw new OrderTransitionError(order.state, to);
  const stamp = STAMP[to];
  const [moved] = await tx
    .update(licenseOrders)
    .set({ ...opts.set, state: to, ...(stamp ? { [stamp]: opts.now } : {}), updatedAt: opts.now })
    .where(eq(licenseOrders.id, order.id))
    .returning();
  await recordAudit(tx, actor, {
    action: `order.${to}`,
    entityType: "license_order",
    entityId: order.id,
    details: {
      before: { state: order.state },
      after: { state: to },
      reservationId: order.reservationId,
      ...opts.details,
    },
  });
  return moved!;
}
