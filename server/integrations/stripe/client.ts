/**
 * The payment provider: Stripe through its official SDK. One client per configuration; STRIPE_API_URL points it at
 * a stand-in on loopback (tests and demos) through the SDK's own host/port/protocol options, so the requests the
 * tests see are the ones production sends. The domain sees only {@link CheckoutGateway}.
 */
import Stripe from "stripe";

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl: string | undefined };

/** What the wallet needs of a Checkout Session (a subset of Stripe's object). */
export type CheckoutSession = {
  id: string;
  url: string | null;
  mode: string | null;
  status: string | null;
  payment_status: string;
  amount_total: number | null;
  currency: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
  /** Subscription mode: the customer and subscription Checkout created (ids; null until paid). */
  customer?: string | { id: string } | null;
  subscription?: string | { id: string } | null;
  /** Payment mode: the payment (its payment method is the card a top-up may keep for auto-recharge). */
  payment_intent?: string | { id: string } | null;
};

/** A license order's first charge: the one-time setup deposit and the first month of the monthly fee. */
export type NewLicenseCheckout = {
  orderId: string;
  licenseId: string;
  /** "#4LAW in Ohio". */
  description: string;
  setupFeeCents: number;
  monthlyFeeCents: number;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Unix seconds; Checkout accepts 30 minutes to 24 hours ahead. */
  expiresAt: number;
  idempotencyKey: string;
};

export type NewCheckout = {
  amountCents: number;
  licenseeId: string;
  customerEmail: string | null;
  /** Keep the card on the licensee's Stripe customer for off-session auto-recharge. */
  saveCard?: boolean;
  /** The licensee's Stripe customer, when one exists (the saved card goes there). */
  customerId?: string | null;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

/** The provider calls the wallet makes, so the domain knows nothing of the SDK. */
export type CheckoutGateway = {
  createTopUpSession(input: NewCheckout): Promise<CheckoutSession>;
  retrieveSession(id: string): Promise<CheckoutSession>;
  createLicenseSession(input: NewLicenseCheckout): Promise<CheckoutSession>;
  /** Closes an open session so it can no longer be paid; the provider refuses when it is not open. */
  expireSession(id: string): Promise<CheckoutSession>;
};

/** The purpose stamped on every session this application creates; sessions without it are not ours to credit. */
export const TOP_UP_PURPOSE = "wallet_top_up";
/** The purpose of a license order's first charge (deposit and first month). */
export const LICENSE_ORDER_PURPOSE = "license_order";

/** The id of an expandable field (a string, or the object when expanded). */
export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === "string" ? v : v.id;

const clients = new Map<string, Stripe>();

export function stripeClient(cfg: StripeConfig): Stripe {
  const key = `${cfg.secretKey}|${cfg.apiUrl ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    const at = cfg.apiUrl ? new URL(cfg.apiUrl) : null;
    client = new Stripe(cfg.secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      ...(at
        ? {
            host: at.hostname,
            port: at.port || (at.protocol === "https:" ? 443 : 80),
            protocol: at.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    clients.set(key, client);
  }
  return client;
}

export function stripeGateway(cfg: StripeConfig): CheckoutGateway {
  const stripe = stripeClient(cfg);
  return {
    async createTopUpSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: input.amountCents,
                product_data: {
                  name: "PoundCodes wallet top-up",
                  description: "Prepaid balance for minutes and SMS",
                },
              },
            },
          ],
          client_reference_id: input.licenseeId,
          ...(input.customerId
            ? { customer: input.customerId }
            : {
                ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
                ...(input.saveCard ? { customer_creation: "always" as const } : {}),
              }),
          ...(input.saveCard ? { payment_intent_data: { setup_future_usage: "off_session" as const } } : {}),
          metadata: {
            purpose: TOP_UP_PURPOSE,
            licensee_id: input.licenseeId,
            ...(input.saveCard ? { save_card: "1" } : {}),
          },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return session as CheckoutSession;
    },
    async retrieveSession(id) {
      return (await stripe.checkout.sessions.retrieve(id)) as CheckoutSession;
    },
    async createLicenseSession(input) {
      const metadata = { purpose: LICENSE_ORDER_PURPOSE, order_id: input.orderId, license_id: input.licenseId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          line_items: [
            ...(input.setupFeeCents > 0
              ? [
                  {
                    quantity: 1,
                    price_data: {
                      currency: "usd",
                      unit_amount: input.setupFeeCents,
                      product_data: { name: "Setup deposit", description: input.description },
                    },
                  },
                ]
              : []),
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: input.monthlyFeeCents,
                recurring: { interval: "month" as const },
                product_data: { name: `${input.description} license`, description: "Monthly license fee" },
              },
            },
          ],
          client_reference_id: input.orderId,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          metadata,
          subscription_data: { metadata },
          expires_at: input.expiresAt,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return session as CheckoutSession;
    },
    async expireSession(id) {
      return (await stripe.checkout.sessions.expire(id)) as CheckoutSession;
    },
  };
}

/** What the billing domain reads of a Stripe invoice (a subset of Stripe's object, current API version). */
export type ProviderInvoice = {
  id: string;
  status: string | null;
  billing_reason?: string | null;
  customer?: string | { id: string } | null;
  amount_due: number;
  amount_paid: number;
  currency: string;
  created: number;
  period_start?: number;
  period_end?: number;
  lines?: { data?: { period?: { start: number; end: number } }[] };
  hosted_invoice_url?: string | null;
  invoice_pdf?: string | null;
  attempt_count?: number;
  status_transitions?: { paid_at?: number | null };
  parent?: {
    subscription_details?: {
      subscription?: string | { id: string } | null;
      metadata?: Record<string, string> | null;
    } | null;
  } | null;
  /** Older API versions named these at the top level. */
  subscription?: string | { id: string } | null;
  payment_intent?: string | { id: string } | null;
  payments?: { data?: { payment?: { payment_intent?: string | { id: string } | null } | null }[] };
};

/** What the billing domain reads of a Stripe subscription. */
export type ProviderSubscription = {
  id: string;
  status: string;
  customer: string | { id: string };
  metadata?: Record<string, string> | null;
  cancel_at_period_end: boolean;
  cancel_at?: number | null;
  ended_at?: number | null;
  items?: { data?: { current_period_end?: number }[] };
  /** Older API versions. */
  current_period_end?: number;
};

export type ProviderRefund = {
  id: string;
  amount: number;
  status: string | null;
  payment_intent?: string | { id: string } | null;
  charge?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
  created: number;
};

export type ProviderPaymentIntent = {
  id: string;
  status: string;
  amount: number;
  customer?: string | { id: string } | null;
  payment_method?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
};

export type ProviderPaymentMethod = { id: string; card?: { brand?: string; last4?: string } | null };

/** An off-session charge of a saved card (auto-recharge). */
export type OffSessionCharge = {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
};

/** The provider calls a license's billing and the wallet's saved card make after the first checkout. */
export type BillingGateway = {
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /** Ends the subscription at the end of its paid period (true) or keeps it running (false). */
  setCancelAtPeriodEnd(id: string, cancel: boolean, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Ends the subscription now; an already canceled one answers its current state. */
  cancelSubscriptionNow(id: string): Promise<ProviderSubscription>;
  retrieveInvoice(id: string): Promise<ProviderInvoice>;
  refund(input: {
    paymentIntentId: string;
    amountCents: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderRefund>;
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent>;
  retrievePaymentMethod(id: string): Promise<ProviderPaymentMethod>;
  /** Charges a saved card with no one present; a declined card throws Stripe's card error. */
  chargeSavedCard(input: OffSessionCharge): Promise<ProviderPaymentIntent>;
};

export function stripeBillingGateway(cfg: StripeConfig): BillingGateway {
  const stripe = stripeClient(cfg);
  return {
    async retrieveSubscription(id) {
      return (await stripe.subscriptions.retrieve(id)) as unknown as ProviderSubscription;
    },
    async setCancelAtPeriodEnd(id, cancel, idempotencyKey) {
      return (await stripe.subscriptions.update(
        id,
        { cancel_at_period_end: cancel },
        { idempotencyKey },
      )) as unknown as ProviderSubscription;
    },
    async cancelSubscriptionNow(id) {
      try {
        return (await stripe.subscriptions.cancel(id)) as unknown as ProviderSubscription;
      } catch (err) {
        // Canceled already (by a webhook's path or the dashboard): Stripe answers resource_missing.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing") {
          return (await stripe.subscriptions.retrieve(id)) as unknown as ProviderSubscription;
        }
        throw err;
      }
    },
    async retrieveInvoice(id) {
      return (await stripe.invoices.retrieve(id)) as unknown as ProviderInvoice;
    },
    async refund(input) {
      return (await stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      )) as unknown as ProviderRefund;
    },
    async listRefunds(paymentIntentId) {
      const list = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 });
      return list.data as unknown as ProviderRefund[];
    },
    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },
    async retrievePaymentIntent(id) {
      return (await stripe.paymentIntents.retrieve(id)) as unknown as ProviderPaymentIntent;
    },
    async retrievePaymentMethod(id) {
      return (await stripe.paymentMethods.retrieve(id)) as unknown as ProviderPaymentMethod;
    },
    async chargeSavedCard(input) {
      return (await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: "usd",
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      )) as unknown as ProviderPaymentIntent;
    },
  };
}

/** The billing gateway for this configuration, or null when Stripe is not configured. */
export function billingGateway(cfg: StripeConfig | undefined): BillingGateway | null {
  return cfg ? stripeBillingGateway(cfg) : null;
}

/** The first period of an invoice's lines (the subscription month it bills), else the invoice's own period. */
export function invoicePeriod(inv: ProviderInvoice): { start: number | null; end: number | null } {
  const line = inv.lines?.data?.find((l) => l.period)?.period;
  return { start: line?.start ?? inv.period_start ?? null, end: line?.end ?? inv.period_end ?? null };
}

/** The subscription an invoice bills, in the current API's place or the older one. */
export const invoiceSubscriptionId = (inv: ProviderInvoice): string | null =>
  idOf(inv.parent?.subscription_details?.subscription) ?? idOf(inv.subscription);

/** The metadata the subscription carried when the invoice was made (the license and order ids). */
export const invoiceMetadata = (inv: ProviderInvoice): Record<string, string> =>
  inv.parent?.subscription_details?.metadata ?? {};

/** The payment intent that paid an invoice, in the current API's place or the older one. */
export const invoicePaymentIntentId = (inv: ProviderInvoice): string | null =>
  inv.payments?.data?.map((p) => idOf(p.payment?.payment_intent)).find(Boolean) ?? idOf(inv.payment_intent);

/** The end of the period a subscription has billed (on its item in the current API). */
export const subscriptionPeriodEnd = (sub: ProviderSubscription): number | null =>
  sub.items?.data?.[0]?.current_period_end ?? sub.current_period_end ?? null;

/** Whether an error is the provider declining a card (as opposed to an outage or a bad request). */
export function isCardDeclined(err: unknown): err is { message: string; code?: string } {
  return err instanceof Stripe.errors.StripeCardError;
}

/**
 * How far a webhook's signed timestamp may be from the server's clock, either way. The SDK refuses only timestamps
 * older than its tolerance; one from the future is refused here.
 */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** A signed timestamp further ahead of the server's clock than {@link STRIPE_SIGNATURE_TOLERANCE_SECONDS}. */
export class StripeFutureTimestampError extends Error {
  override name = "StripeFutureTimestampError";
  constructor() {
    super("The webhook's signed timestamp is ahead of the server's clock by more than the tolerance.");
  }
}

/**
 * Verifies a webhook's signature on its raw body and parses it; throws when the signature does not match or its
 * signed timestamp is more than {@link STRIPE_SIGNATURE_TOLERANCE_SECONDS} from the server's clock.
 */
export function verifyStripeEvent(
  rawBody: string,
  signature: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Stripe.Event {
  const event = Stripe.webhooks.constructEvent(
    rawBody,
    signature,
    secret,
    STRIPE_SIGNATURE_TOLERANCE_SECONDS,
    undefined,
    nowSeconds * 1000,
  );
  // The timestamp the SDK checked (its parser keeps the last `t=`), now known to be signed.
  let signedAt = Number.NaN;
  for (const item of signature.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") signedAt = Number.parseInt(value ?? "", 10);
  }
  if (!(signedAt - nowSeconds <= STRIPE_SIGNATURE_TOLERANCE_SECONDS)) throw new StripeFutureTimestampError();
  return event;
}

/** A provider error whose message is meant for the payer (a rejected request), as opposed to an outage. */
export function payerFacingStripeMessage(err: unknown): string | null {
  if (err instanceof Stripe.errors.StripeCardError || err instanceof Stripe.errors.StripeInvalidRequestError) {
    return err.message;
  }
  return null;
}

export function isStripeError(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError;
}

/** The gateway for this configuration, or null when Stripe is not configured. */
export function checkoutGateway(cfg: StripeConfig | undefined): CheckoutGateway | null {
  return cfg ? stripeGateway(cfg) : null;
}
