/**
 * Auto-recharge: "when my balance falls under $X, add $Y" with the card the licensee saved at a top-up.
 *
 * - Saving the card: a top-up with "Save this card" checked asks Checkout to keep the card on the licensee's Stripe
 *   customer for off-session use; once the session is paid, {@link saveCardFromSession} stores the customer, the
 *   payment method and how the card reads ("Visa ending 4242"). Idempotent: the webhook and the return both call it.
 * - The trigger: {@link noteFall}, called by the ledger in the transaction of the entry that took the balance from
 *   at or over the threshold to under it, on the licensee's row it has just locked by updating it. It marks a
 *   recharge pending (a second debit, even twenty at once, queues on that row lock and finds it pending: at most one
 *   recharge per fall) and queues the `wallet.recharge` job in the same transaction.
 * - The charge: {@link runAutoRecharge} makes an off-session payment with an idempotency key per recharge (a
 *   retried job charges once) and credits the wallet with the payment intent as the ledger reference (recorded
 *   once per payment intent). A declined card turns auto-recharge off and emails the licensee once; an outage
 *   throws so the job retries.
 */
import { eq } from "drizzle-orm";
import { formatCents } from "#kernel/format.ts";
import type { AutoRechargeView } from "#kernel/license-billing.ts";
import { BILLING_PATH } from "#kernel/schemas/billing.ts";
import type { Database } from "#server/db/client.ts";
import { type Licensee, licensees } from "#server/db/schema/index.ts";
import { autoRechargeFailed } from "#server/integrations/email/billing-templates.ts";
import {
  type BillingGateway,
  type CheckoutSession,
  idOf,
  isCardDeclined,
  TOP_UP_PURPOSE,
} from "#server/integrations/stripe/client.ts";
import { type Actor, SYSTEM_ACTOR } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { ValidationError } from "../errors.ts";
import { NoLicenseeError } from "./errors.ts";
import { type LedgerOptions, recordLedgerEntry } from "./ledger.ts";
import { type RechargeJobQueue, startRecharge } from "./recharge-trigger.ts";

const cardLabel = (card: { brand?: string; last4?: string } | null | undefined) => {
  if (!card?.last4) return "Saved card";
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : "Card";
  return `${brand} ending ${card.last4}`;
};

/**
 * Keeps the card of a paid top-up that asked to save it. Does nothing for other sessions, or without a gateway.
 * A provider outage throws (the webhook answers 500 and is delivered again).
 */
export async function saveCardFromSession(
  db: Database,
  session: CheckoutSession,
  gateway: BillingGateway | null,
): Promise<"saved" | "skipped"> {
  if (!gateway || session.metadata?.purpose !== TOP_UP_PURPOSE || session.metadata?.save_card !== "1") return "skipped";
  if (session.payment_status !== "paid") return "skipped";
  const licenseeId = session.client_reference_id ?? "";
  const customerId = idOf(session.customer);
  const paymentIntentId = idOf(session.payment_intent);
  if (!customerId || !paymentIntentId) return "skipped";
  const intent = await gateway.retrievePaymentIntent(paymentIntentId);
  const methodId = idOf(intent.payment_method);
  if (!methodId) return "skipped";
  const method = await gateway.retrievePaymentMethod(methodId);
  const updated = await db
    .update(licensees)
    .set({
      stripeCustomerId: customerId,
      savedPaymentMethodId: methodId,
      savedCardLabel: cardLabel(method.card),
      autoRechargeOffReason: null,
      updatedAt: new Date(),
    })
    .where(eq(licensees.id, licenseeId))
    .returning({ id: licensees.id });
  return updated.length ? "saved" : "skipped";
}

export type AutoRechargeInput = { enabled: false } | { enabled: true; thresholdCents: number; amountCents: number };

/** The licensee turns auto-recharge on (with a threshold and an amount) or off. */
export async function setAutoRecharge(
  db: Database,
  actor: Actor,
  input: AutoRechargeInput,
  opts: { jobs?: RechargeJobQueue | null },
): Promise<{ enabled: boolean; startedNow: boolean }> {
  if (!actor.userId) throw new NoLicenseeError();
  return db.transaction(async (tx) => {
    const [lic] = await tx.select().from(licensees).where(eq(licensees.userId, actor.userId!)).for("update");
    if (!lic) throw new NoLicenseeError();
    if (input.enabled && !lic.savedPaymentMethodId) {
      throw new ValidationError({
        enabled: ["Save a card first: top up once with \u201cSave this card for auto-recharge\u201d ticked."],
      });
    }
    await tx
      .update(licensees)
      .set(
        input.enabled
          ? {
              autoRechargeEnabled: true,
              autoRechargeThresholdCents: input.thresholdCents,
              autoRechargeAmountCents: input.amountCents,
              autoRechargeOffReason: null,
            }
          : { autoRechargeEnabled: false, autoRechargePendingAt: null },
      )
      .where(eq(licensees.id, lic.id));
    await recordAudit(tx, actor, {
      action: input.enabled ? "wallet.auto_recharge_on" : "wallet.auto_recharge_off",
      entityType: "licensee",
      entityId: lic.id,
      details: input.enabled ? { thresholdCents: input.thresholdCents, amountCents: input.amountCents } : {},
    });
    // Already under the new threshold: one recharge now, as a fall would start it.
    let startedNow = false;
    if (input.enabled && lic.minutesSmsWalletCents < input.thresholdCents && !lic.autoRechargePendingAt) {
      await startRecharge(tx, lic.id, opts.jobs);
      startedNow = true;
    }
    return { enabled: input.enabled, startedNow };
  });
}

export type RechargeOutcome = "credited" | "declined" | "none" | "off";

/** Charges the pending recharge of one licensee, if any. */
export async function runAutoRecharge(
  db: Database,
  licenseeId: string,
  opts: LedgerOptions & { gateway: BillingGateway | null },
): Promise<{ outcome: RechargeOutcome; paymentIntentId?: string }> {
  const [lic] = await db.select().from(licensees).where(eq(licensees.id, licenseeId));
  if (!lic?.autoRechargePendingAt) return { outcome: "none" };
  if (
    !lic.autoRechargeEnabled ||
    !lic.savedPaymentMethodId ||
    !lic.stripeCustomerId ||
    !lic.autoRechargeAmountCents ||
    !opts.gateway
  ) {
    await db.update(licensees).set({ autoRechargePendingAt: null }).where(eq(licensees.id, licenseeId));
    return { outcome: "off" };
  }
  const amountCents = lic.autoRechargeAmountCents;
  let intentId: string;
  try {
    const intent = await opts.gateway.chargeSavedCard({
      customerId: lic.stripeCustomerId,
      paymentMethodId: lic.savedPaymentMethodId,
      amountCents,
      description: "PoundCodes wallet auto-recharge",
      metadata: { purpose: "wallet_auto_recharge", licensee_id: licenseeId },
      idempotencyKey: `wallet-recharge:${licenseeId}:${lic.autoRechargeCount}`,
    });
    if (intent.status !== "succeeded") throw new DeclinedRecharge("The payment needs your confirmation.");
    intentId = intent.id;
  } catch (err) {
    const declined = err instanceof DeclinedRecharge || isCardDeclined(err);
    if (!declined) throw err;
    const reason = err instanceof Error ? err.message : "The card was declined.";
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(licensees).where(eq(licensees.id, licenseeId)).for("update");
      if (!locked?.autoRechargePendingAt) return;
      await tx
        .update(licensees)
        .set({ autoRechargeEnabled: false, autoRechargePendingAt: null, autoRechargeOffReason: reason })
        .where(eq(licensees.id, licenseeId));
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "wallet.auto_recharge_declined",
        entityType: "licensee",
        entityId: licenseeId,
        details: { amountCents, reason },
      });
      await enqueueEmail(
        tx,
        autoRechargeFailed(
          { email: locked.email, name: locked.contactName || locked.companyName || "there" },
          { amountCents, reason, billingUrl: `${opts.publicUrl.replace(/\/+$/, "")}${BILLING_PATH}` },
        ),
      );
    });
    return { outcome: "declined" };
  }
  await db.transaction(async (tx) => {
    await recordLedgerEntry(
      tx,
      {
        actor: SYSTEM_ACTOR,
        licenseeId,
        amountCents,
        type: "top_up",
        description: `Auto-recharge (${formatCents(amountCents)})`,
        paymentReference: intentId,
        details: { provider: "stripe", paymentIntentId: intentId, auto: true, currency: "usd" },
      },
      { ...opts, recharge: null },
    );
    await tx.update(licensees).set({ autoRechargePendingAt: null }).where(eq(licensees.id, licenseeId));
  });
  return { outcome: "credited", paymentIntentId: intentId };
}

class DeclinedRecharge extends Error {}

/** The auto-recharge view of a licensee row already read; null without one. */
export function autoRechargeOfLicensee(lic: Licensee | null): AutoRechargeView | null {
  if (!lic) return null;
  return {
    savedCardLabel: lic.savedPaymentMethodId ? (lic.savedCardLabel ?? "Saved card") : null,
    enabled: lic.autoRechargeEnabled,
    thresholdCents: lic.autoRechargeThresholdCents,
    amountCents: lic.autoRechargeAmountCents,
    pending: Boolean(lic.autoRechargePendingAt),
    offReason: lic.autoRechargeOffReason,
  };
}
