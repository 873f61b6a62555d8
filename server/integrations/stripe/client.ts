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
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          metadata: { purpose: TOP_UP_PURPOSE, licensee_id: input.licenseeId },
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

/** Verifies a webhook's signature on its raw body and parses it; throws when the signature does not match. */
export function verifyStripeEvent(rawBody: string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
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
