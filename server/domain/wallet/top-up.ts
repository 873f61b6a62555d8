/**
 * Card top-ups through Stripe Checkout. {@link startTopUp} creates the provider's session on the server (inline
 * price data, the licensee as client reference, an idempotency key per rendered form); the wallet is credited
 * only by {@link fulfilCheckoutSession}, from a verified webhook or from the session the provider reports when
 * the licensee comes back, once per session id whichever arrives first.
 */
import { eq } from "drizzle-orm";
import { formatCents } from "#kernel/format.ts";
import { isUuid } from "#kernel/ids.ts";
import { CANCEL_PATH, SUCCESS_PATH, type TopUpData } from "#kernel/schemas/billing.ts";
import type { Database } from "../../db/client.ts";
import { licensees } from "../../db/schema/index.ts";
import {
  type BillingGateway,
  type CheckoutGateway,
  type CheckoutSession,
  payerFacingStripeMessage,
  TOP_UP_PURPOSE,
} from "../../integrations/stripe/client.ts";
import type { Actor } from "../actor.ts";
import { saveCardFromSession } from "./auto-recharge.ts";
import { NoLicenseeError, PaymentStartError, StripeRefusedError, TopUpNotConfiguredError } from "./errors.ts";
import { type LedgerOptions, recordLedgerEntry } from "./ledger.ts";

export type TopUpOptions = {
  /** Null when Stripe is not configured. */
  gateway: CheckoutGateway | null;
  publicUrl: string;
};

/** Opens a checkout for one of the top-up amounts and returns where to send the licensee. */
export async function startTopUp(
  db: Database,
  actor: Actor,
  input: TopUpData,
  opts: TopUpOptions,
): Promise<{ url: string; sessionId: string }> {
  if (!opts.gateway) throw new TopUpNotConfiguredError();
  if (!actor.userId) throw new NoLicenseeError();
  const [lic] = await db
    .select({ id: licensees.id, email: licensees.email, customerId: licensees.stripeCustomerId })
    .from(licensees)
    .where(eq(licensees.userId, actor.userId));
  if (!lic) throw new NoLicenseeError();
  const base = opts.publicUrl.replace(/\/+$/, "");
  let session: CheckoutSession;
  try {
    session = await opts.gateway.createTopUpSession({
      amountCents: input.amountCents,
      licenseeId: lic.id,
      customerEmail: lic.email,
      saveCard: input.saveCard ?? false,
      customerId: lic.customerId,
      successUrl: `${base}${SUCCESS_PATH}`,
      cancelUrl: `${base}${CANCEL_PATH}`,
      // One checkout per rendered form and amount: a double click or a retried post opens the same session.
      idempotencyKey: `wallet-top-up:${lic.id}:${input.amountCents}:${input.saveCard ? "save:" : ""}${input.attempt}`,
    });
  } catch (err) {
    const message = payerFacingStripeMessage(err);
    throw message ? new StripeRefusedError(message, err) : new PaymentStartError(err);
  }
  if (!session.url) throw new PaymentStartError(new Error(`Checkout session ${session.id} has no url`));
  return { url: session.url, sessionId: session.id };
}

export type FulfilOutcome =
  | "credited"
  | "duplicate"
  | "unpaid"
  | "unknown_licensee"
  | "not_a_top_up"
  | "not_yours"
  | "pending";

/**
 * Credits the wallet for a paid top-up session, once per session id, with the amount the provider reports.
 * Sessions not created by {@link startTopUp}, unpaid ones, and ones naming no known licensee credit nothing.
 */
export async function fulfilCheckoutSession(
  db: Database,
  actor: Actor,
  session: CheckoutSession,
  opts: LedgerOptions,
): Promise<{ outcome: FulfilOutcome; licenseeId?: string; entryId?: string }> {
  const licenseeId = session.client_reference_id ?? "";
  if (
    session.metadata?.purpose !== TOP_UP_PURPOSE ||
    session.mode !== "payment" ||
    (session.currency ?? "").toLowerCase() !== "usd" ||
    (session.metadata.licensee_id !== undefined && session.metadata.licensee_id !== licenseeId)
  ) {
    return { outcome: "not_a_top_up" };
  }
  if (session.payment_status !== "paid") return { outcome: "unpaid" };
  const amountCents = session.amount_total ?? 0;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { outcome: "not_a_top_up" };
  if (!isUuid(licenseeId)) return { outcome: "unknown_licensee" };
  return db.transaction(async (tx) => {
    const [lic] = await tx.select({ id: licensees.id }).from(licensees).where(eq(licensees.id, licenseeId));
    if (!lic) return { outcome: "unknown_licensee" as const };
    const result = await recordLedgerEntry(
      tx,
      {
        actor,
        licenseeId,
        amountCents,
        type: "top_up",
        description: `Wallet top-up (${formatCents(amountCents)})`,
        paymentReference: session.id,
        details: { provider: "stripe", checkoutSessionId: session.id, currency: "usd" },
      },
      opts,
    );
    return result.recorded
      ? { outcome: "credited" as const, licenseeId, entryId: result.entryId }
      : { outcome: "duplicate" as const, licenseeId, entryId: result.duplicateOf };
  });
}

/** Checkout session ids as the provider issues them. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

/**
 * The licensee is back from checkout with a session id: ask the provider for that session and, if it is the
 * caller's own and paid, credit it now (idempotent with the webhook). A session of someone else, or one the
 * provider cannot show, credits nothing here; the webhook remains the authority.
 */
export async function confirmReturnedCheckout(
  db: Database,
  actor: Actor,
  sessionId: string,
  opts: LedgerOptions & { gateway: CheckoutGateway | null; billing?: BillingGateway | null },
): Promise<{ outcome: FulfilOutcome }> {
  if (!opts.gateway || !actor.userId || !SESSION_ID.test(sessionId)) return { outcome: "pending" };
  const [lic] = await db.select({ id: licensees.id }).from(licensees).where(eq(licensees.userId, actor.userId));
  if (!lic) return { outcome: "pending" };
  let session: CheckoutSession;
  try {
    session = await opts.gateway.retrieveSession(sessionId);
  } catch {
    return { outcome: "pending" };
  }
  if (session.client_reference_id !== lic.id) return { outcome: "not_yours" };
  const { outcome } = await fulfilCheckoutSession(db, actor, session, opts);
  // A top-up that asked to keep its card (idempotent with the webhook); the card is a convenience, so a provider
  // hiccup here leaves it to the webhook.
  await saveCardFromSession(db, session, opts.billing ?? null).catch(() => "skipped");
  return { outcome };
}
