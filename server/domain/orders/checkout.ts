/**
 * signed → paid → active: one Stripe Checkout in subscription mode collects the setup deposit (one-time) and the
 * first month (recurring monthly), with inline price data, the order as client reference and metadata, and an
 * idempotency key per order and attempt.
 *
 * Only the provider's word moves an order: {@link fulfilOrderCheckout} takes a session from a verified webhook or
 * one retrieved from the provider when the licensee comes back, and in one transaction locks the order, checks the
 * session is this order's and paid in full, moves it to paid and activates it. Twenty deliveries of one session
 * queue on the order's row lock; the first activates, the rest find it active and answer "duplicate".
 *
 * Late payment (decided in ADR 014): a session expires when its order's hold does, and before a signed order is
 * abandoned its open session is expired at the provider ({@link settleDueCheckouts}); a session the provider
 * reports paid is fulfilled instead. A payment that still reaches a closed order activates nothing: it is audited
 * and sales is told to refund it.
 */
import { and, eq, isNotNull, lte } from "drizzle-orm";
import { isUuid } from "#kernel/ids.ts";
import type { Database } from "#server/db/client.ts";
import { licenseOrders, reservations, territoryLicenses } from "#server/db/schema/index.ts";
import { latePaymentNotice } from "#server/integrations/email/order-templates.ts";
import {
  type CheckoutGateway,
  type CheckoutSession,
  idOf,
  LICENSE_ORDER_PURPOSE,
  payerFacingStripeMessage,
} from "#server/integrations/stripe/client.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { PaymentStartError, StripeRefusedError } from "../wallet/errors.ts";
import { type ActivationOptions, activateOrder } from "./activate.ts";
import { orderPath } from "./links.ts";
import {
  isClosed,
  lockOrderWhere,
  moveOrder,
  OrderNotFoundError,
  OrderPaymentUnavailableError,
  OrderTransitionError,
} from "./machine.ts";
import { orderRecord } from "./records.ts";

/** Checkout accepts an expiry 30 minutes to 24 hours ahead. */
const MIN_SESSION_SECONDS = 31 * 60;
const MAX_SESSION_SECONDS = 23 * 3600;

export type CheckoutOptions = { gateway: CheckoutGateway | null; publicUrl: string; linkSecret: string; now?: Date };

/** The amount one checkout of this license collects: the setup deposit and the first month. */
export const dueAtCheckoutCents = (l: { setupFeeCents: number; monthlyFeeCents: number }) =>
  l.setupFeeCents + l.monthlyFeeCents;

/**
 * Opens (or reopens) the order's checkout and returns where to send the licensee. Only the order's licensee may
 * pay, only once the agreement is signed; an open session of this order is reused, so two clicks never open two
 * sessions that could both be paid.
 */
export async function startOrderCheckout(
  db: Database,
  actor: Actor,
  orderId: string,
  opts: CheckoutOptions,
): Promise<{ url: string }> {
  const now = opts.now ?? new Date();
  const row = await orderRecord(db, orderId);
  if (!row?.license || !actor.userId || row.licenseeUserId !== actor.userId) throw new OrderNotFoundError();
  const { order, license } = row;
  if (order.state !== "signed") throw new OrderTransitionError(order.state, "paid");
  if (!opts.gateway) throw new OrderPaymentUnavailableError();
  if (order.checkoutSessionId) {
    const open = await opts.gateway.retrieveSession(order.checkoutSessionId).catch(() => null);
    if (open?.status === "open" && open.url) return { url: open.url };
  }
  const base = opts.publicUrl.replace(/\/+$/, "");
  const page = `${base}${orderPath(opts.linkSecret, order.id)}`;
  const left = Math.floor((row.reservation.expiresAt.getTime() - now.getTime()) / 1000);
  let session: CheckoutSession;
  try {
    session = await opts.gateway.createLicenseSession({
      orderId: order.id,
      licenseId: license.id,
      description: row.what,
      setupFeeCents: license.setupFeeCents,
      monthlyFeeCents: license.monthlyFeeCents,
      customerEmail: row.licenseeEmail,
      successUrl: `${page}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${page}&checkout=canceled`,
      expiresAt: Math.floor(now.getTime() / 1000) + Math.min(MAX_SESSION_SECONDS, Math.max(MIN_SESSION_SECONDS, left)),
      // A double click or a retried post reopens the same session; after one closes, the next attempt is new.
      idempotencyKey: `license-order:${order.id}:${order.checkoutSessionId ?? "first"}`,
    });
  } catch (err) {
    const message = payerFacingStripeMessage(err);
    throw message ? new StripeRefusedError(message, err) : new PaymentStartError(err);
  }
  if (!session.url) throw new PaymentStartError(new Error(`Checkout session ${session.id} has no url`));
  await db
    .update(licenseOrders)
    .set({ checkoutSessionId: session.id, updatedAt: now })
    .where(and(eq(licenseOrders.id, order.id), eq(licenseOrders.state, "signed")));
  return { url: session.url };
}

export type OrderFulfilOutcome =
  | "activated"
  | "duplicate"
  | "unpaid"
  | "not_an_order"
  | "unknown_order"
  | "wrong_amount"
  | "not_signed"
  | "late";

/**
 * Moves the session's order to paid and active, once; see the module comment. Anything but a paid, complete,
 * subscription-mode USD session of a known order for exactly the amount due changes nothing.
 */
export async function fulfilOrderCheckout(
  db: Database,
  actor: Actor,
  session: CheckoutSession,
  opts: Omit<ActivationOptions, "now"> & { now?: Date },
): Promise<{ outcome: OrderFulfilOutcome; orderId?: string }> {
  const orderId = session.metadata?.order_id ?? "";
  if (
    session.metadata?.purpose !== LICENSE_ORDER_PURPOSE ||
    session.mode !== "subscription" ||
    (session.currency ?? "").toLowerCase() !== "usd" ||
    session.client_reference_id !== orderId
  ) {
    return { outcome: "not_an_order" };
  }
  if (session.payment_status !== "paid") return { outcome: "unpaid", orderId };
  if (!isUuid(orderId)) return { outcome: "unknown_order" };
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockOrderWhere(tx, eq(licenseOrders.id, orderId));
    if (!order) return { outcome: "unknown_order" as const };
    if (order.state === "active" || order.state === "paid") {
      return { outcome: "duplicate" as const, orderId };
    }
    const [license] = order.licenseId
      ? await tx.select().from(territoryLicenses).where(eq(territoryLicenses.id, order.licenseId))
      : [];
    const paid = session.amount_total ?? 0;
    if (!isClosed(order.state) && order.state !== "signed") {
      // Paid before the agreement was signed (no checkout of ours allows it): nothing moves.
      await recordAudit(tx, actor, {
        action: "order.payment_before_signature",
        entityType: "license_order",
        entityId: order.id,
        details: { state: order.state, checkoutSessionId: session.id, paidCents: paid },
      });
      return { outcome: "not_signed" as const, orderId };
    }
    if (isClosed(order.state) || !license) {
      // A payment for an order that closed meanwhile: nothing is activated, and sales refunds it.
      await recordAudit(tx, actor, {
        action: "order.late_payment",
        entityType: "license_order",
        entityId: order.id,
        details: { state: order.state, checkoutSessionId: session.id, paidCents: paid },
      });
      const names = await orderRecord(tx, order.id);
      await enqueueEmail(
        tx,
        latePaymentNotice(opts.salesEmail, {
          what: names!.what,
          monthlyFeeCents: license?.monthlyFeeCents ?? 0,
          setupFeeCents: license?.setupFeeCents ?? 0,
          state: order.state,
          checkoutSessionId: session.id,
          paidCents: paid,
        }),
      );
      return { outcome: "late" as const, orderId };
    }
    if (paid !== dueAtCheckoutCents(license)) {
      await recordAudit(tx, actor, {
        action: "order.payment_mismatch",
        entityType: "license_order",
        entityId: order.id,
        details: { checkoutSessionId: session.id, paidCents: paid, dueCents: dueAtCheckoutCents(license) },
      });
      return { outcome: "wrong_amount" as const, orderId };
    }
    const facts = {
      checkoutSessionId: session.id,
      paidCents: paid,
      stripeCustomerId: idOf(session.customer),
      stripeSubscriptionId: idOf(session.subscription),
    };
    const paidOrder = await moveOrder(tx, actor, order, "paid", {
      now,
      set: { checkoutSessionId: session.id, paidCents: paid },
      details: facts,
    });
    await activateOrder(tx, actor, paidOrder, facts, { ...opts, now });
    return { outcome: "activated" as const, orderId };
  });
}

/** Checkout session ids as the provider issues them. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

/**
 * The licensee is back from checkout: ask the provider for the session and fulfil it if it is this order's (the
 * same, idempotent path as the webhook). Any doubt answers "pending": the webhook remains the authority.
 */
export async function confirmReturnedOrderCheckout(
  db: Database,
  actor: Actor,
  orderId: string,
  sessionId: string,
  opts: Omit<ActivationOptions, "now"> & { gateway: CheckoutGateway | null; now?: Date },
): Promise<OrderFulfilOutcome | "pending"> {
  if (!opts.gateway || !SESSION_ID.test(sessionId)) return "pending";
  let session: CheckoutSession;
  try {
    session = await opts.gateway.retrieveSession(sessionId);
  } catch {
    return "pending";
  }
  if (session.metadata?.order_id !== orderId) return "pending";
  return (await fulfilOrderCheckout(db, actor, session, opts)).outcome;
}

/** Signed orders with a checkout session whose hold is due: lapsing them must first ask the provider. */
export async function dueCheckouts(db: Database, now: Date): Promise<{ reservationId: string; sessionId: string }[]> {
  const rows = await db
    .select({ reservationId: licenseOrders.reservationId, sessionId: licenseOrders.checkoutSessionId })
    .from(licenseOrders)
    .innerJoin(reservations, eq(reservations.id, licenseOrders.reservationId))
    .where(
      and(
        eq(licenseOrders.state, "signed"),
        isNotNull(licenseOrders.checkoutSessionId),
        eq(reservations.status, "active"),
        lte(reservations.expiresAt, now),
      ),
    );
  return rows.map((r) => ({ reservationId: r.reservationId, sessionId: r.sessionId! }));
}

/**
 * Before lapsing holds: every due, signed order with a checkout session is settled with the provider. A session
 * still open is expired (so it can no longer be paid); one the provider reports paid is fulfilled now. Returns the
 * reservations to leave for the next run because the provider could not be asked.
 */
export async function settleDueCheckouts(
  db: Database,
  actor: Actor,
  opts: Omit<ActivationOptions, "now"> & { gateway: CheckoutGateway | null; now: Date },
): Promise<{ deferredReservationIds: string[]; fulfilled: number }> {
  const deferredReservationIds: string[] = [];
  let fulfilled = 0;
  for (const d of await dueCheckouts(db, opts.now)) {
    if (!opts.gateway) {
      deferredReservationIds.push(d.reservationId);
      continue;
    }
    try {
      let session = await opts.gateway.retrieveSession(d.sessionId);
      if (session.status === "open") session = await opts.gateway.expireSession(d.sessionId);
      if (session.status === "complete" && session.payment_status === "paid") {
        const { outcome } = await fulfilOrderCheckout(db, actor, session, opts);
        if (outcome === "activated") fulfilled++;
      }
    } catch {
      // The provider could not be asked (or the session was paid between the two calls): try again next run.
      deferredReservationIds.push(d.reservationId);
    }
  }
  return { deferredReservationIds, fulfilled };
}
