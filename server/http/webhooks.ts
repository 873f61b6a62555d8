/**
 * Machine-to-machine endpoints, authenticated by signature over the raw body (the edge leaves their bodies alone
 * and exempts exactly these paths from the same-origin check, see SIGNED_WEBHOOK_PATHS in app.ts):
 *
 * - POST /api/webhooks/stripe: Stripe's events, verified with the SDK on the raw body. Only the allow-listed
 *   events do anything: a paid license checkout moves its order to paid and active once (per session and per
 *   order, ../domain/orders/checkout.ts); a paid top-up credits the wallet once per session id; a subscription's
 *   invoices, updates, end and refunds are applied once per event id (../domain/billing/events.ts).
 * - POST /api/webhooks/usage: usage events from the telephony side, signed with USAGE_WEBHOOK_SECRET
 *   (`PoundCodes-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, README), debited once per
 *   event id.
 *
 * Each endpoint exists only when its secret is configured; otherwise the path is an ordinary 404.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { RequestIdVariables } from "hono/request-id";
import { USAGE_SIGNATURE_HEADER, USAGE_TOLERANCE_SECONDS, usageEventSchema } from "#kernel/schemas/billing.ts";
import type { AppServices } from "../context.ts";
import { SYSTEM_ACTOR } from "../domain/actor.ts";
import { applyBillingEvent, BILLING_EVENT_TYPES } from "../domain/billing/events.ts";
import { isDomainError } from "../domain/errors.ts";
import { fulfilOrderCheckout } from "../domain/orders/checkout.ts";
import { saveCardFromSession } from "../domain/wallet/auto-recharge.ts";
import type { LedgerOptions } from "../domain/wallet/ledger.ts";
import { fulfilCheckoutSession } from "../domain/wallet/top-up.ts";
import { recordUsage } from "../domain/wallet/usage.ts";
import {
  billingGateway,
  type CheckoutSession,
  LICENSE_ORDER_PURPOSE,
  verifyStripeEvent,
} from "../integrations/stripe/client.ts";

export const WEBHOOK_PATHS = { stripe: "/api/webhooks/stripe", usage: "/api/webhooks/usage" } as const;

/** The Stripe events that can activate a license or credit a wallet. */
const CHECKOUT_EVENT_TYPES: ReadonlySet<string> = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

/** Every Stripe event type this endpoint acts on; every other type is acknowledged and ignored. */
export const STRIPE_EVENT_TYPES: ReadonlySet<string> = new Set([...CHECKOUT_EVENT_TYPES, ...BILLING_EVENT_TYPES]);

const NO_STORE = { "Cache-Control": "no-store" };

/** The usage signature header's value for `rawBody` (the telephony side computes the same). */
export function usageSignature(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

export function checkUsageSignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!header) return { ok: false, reason: "missing" };
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const sigs = parts.filter(([k, v]) => k === "v1" && v && /^[0-9a-f]{64}$/.test(v)).map(([, v]) => v!);
  if (!t || !/^\d{1,12}$/.test(t) || sigs.length === 0) return { ok: false, reason: "malformed" };
  if (Math.abs(nowSeconds - Number(t)) > USAGE_TOLERANCE_SECONDS) return { ok: false, reason: "stale" };
  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest();
  const match = sigs.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected));
  return match ? { ok: true } : { ok: false, reason: "mismatch" };
}

export function webhookRoutes(services: AppServices): Hono<{ Variables: RequestIdVariables }> {
  const { config, logger: log } = services;
  const app = new Hono<{ Variables: RequestIdVariables }>();
  const ledger = (): LedgerOptions => ({
    lowBalanceCents: config.lowBalanceCents,
    publicUrl: config.publicUrl,
    recharge: services.jobs.started ? services.jobs : null,
  });

  const stripe = config.stripe;
  if (stripe) {
    app.post(WEBHOOK_PATHS.stripe, async (c) => {
      const reqId = c.get("requestId");
      const signature = c.req.header("stripe-signature");
      const raw = await c.req.text();
      if (!signature) return c.json({ error: "Missing Stripe-Signature header." }, 400, NO_STORE);
      let event: ReturnType<typeof verifyStripeEvent>;
      try {
        event = verifyStripeEvent(raw, signature, stripe.webhookSecret);
      } catch (err) {
        log.warn({ reqId, reason: err instanceof Error ? err.name : "unknown" }, "stripe webhook refused");
        return c.json({ error: "Invalid signature or payload." }, 400, NO_STORE);
      }
      if (!STRIPE_EVENT_TYPES.has(event.type)) {
        return c.json({ received: true, ignored: event.type }, 200, NO_STORE);
      }
      if (BILLING_EVENT_TYPES.has(event.type)) {
        const applied = await applyBillingEvent(services.db, event, {
          publicUrl: config.publicUrl,
          salesEmail: config.salesEmail,
          dunning: config.dunning,
          gateway: billingGateway(stripe),
          // Before the runtime has started (boot), the hourly sweep is the timers' backstop.
          jobs: services.jobs.started ? services.jobs : null,
        });
        const facts = { reqId, eventId: event.id, type: event.type, ...applied };
        if (applied.outcome === "unknown_license") log.warn(facts, "stripe webhook: no license for this event");
        else log.info(facts, "stripe webhook");
        return c.json({ received: true, outcome: applied.outcome }, 200, NO_STORE);
      }
      const session = event.data?.object as Partial<CheckoutSession> & { object?: string };
      if (session?.object !== "checkout.session" || typeof session.id !== "string") {
        log.warn({ reqId, eventId: event.id, type: event.type }, "stripe webhook without a checkout session");
        return c.json({ error: "The event carries no checkout session." }, 400, NO_STORE);
      }
      if (session.metadata?.purpose === LICENSE_ORDER_PURPOSE) {
        const order = await fulfilOrderCheckout(services.db, SYSTEM_ACTOR, session as CheckoutSession, {
          publicUrl: config.publicUrl,
          linkSecret: config.authSecret,
          salesEmail: config.salesEmail,
        });
        const facts = { reqId, eventId: event.id, type: event.type, sessionId: session.id, ...order };
        if (order.outcome === "late" || order.outcome === "wrong_amount" || order.outcome === "unknown_order") {
          log.warn(facts, "stripe webhook: license checkout not activated");
        } else {
          log.info(facts, "stripe webhook");
        }
        return c.json({ received: true, outcome: order.outcome }, 200, NO_STORE);
      }
      const result = await fulfilCheckoutSession(services.db, SYSTEM_ACTOR, session as CheckoutSession, ledger());
      // A top-up that asked to keep its card for auto-recharge (idempotent with the return page).
      await saveCardFromSession(services.db, session as CheckoutSession, billingGateway(stripe));
      const facts = { reqId, eventId: event.id, type: event.type, sessionId: session.id, outcome: result.outcome };
      if (result.outcome === "unknown_licensee") {
        log.warn(
          { ...facts, clientReferenceId: session.client_reference_id ?? null },
          "stripe webhook: unknown licensee, not credited",
        );
      } else {
        log.info({ ...facts, licenseeId: result.licenseeId }, "stripe webhook");
      }
      return c.json({ received: true, outcome: result.outcome }, 200, NO_STORE);
    });
  }

  const usageSecret = config.usageWebhookSecret;
  if (usageSecret) {
    app.post(WEBHOOK_PATHS.usage, async (c) => {
      const reqId = c.get("requestId");
      const raw = await c.req.text();
      const check = checkUsageSignature(c.req.header(USAGE_SIGNATURE_HEADER), raw, usageSecret);
      if (!check.ok) {
        log.warn({ reqId, reason: check.reason }, "usage event refused: signature");
        return c.json({ error: "Invalid signature.", reason: check.reason }, 401, NO_STORE);
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return c.json({ error: "The body is not JSON." }, 400, NO_STORE);
      }
      const parsed = usageEventSchema.safeParse(body);
      if (!parsed.success) {
        return c.json({ error: parsed.error.issues.map((i) => i.message).join(" ") }, 400, NO_STORE);
      }
      try {
        const result = await recordUsage(services.db, parsed.data, ledger());
        if (result.status === "recorded") {
          return c.json(
            {
              status: "recorded",
              entry_id: result.entryId,
              amount_cents: result.amountCents,
              balance_cents: result.balanceCents,
            },
            200,
            NO_STORE,
          );
        }
        return c.json(
          result.status === "duplicate" ? { status: "duplicate", entry_id: result.entryId } : { status: "free" },
          200,
          NO_STORE,
        );
      } catch (err) {
        if (!isDomainError(err)) throw err;
        log.warn({ reqId, eventId: parsed.data.id, code: err.code }, "usage event refused");
        return c.json({ error: err.message, code: err.code }, err.status as 404, NO_STORE);
      }
    });
  }
  // Unconfigured endpoints do not exist: a plain 404 here, rather than the app's answer to a form post on an
  // unknown page (405).
  for (const [path, configured] of [
    [WEBHOOK_PATHS.stripe, Boolean(stripe)],
    [WEBHOOK_PATHS.usage, Boolean(usageSecret)],
  ] as const) {
    if (!configured) app.post(path, (c) => c.json({ error: "Not found." }, 404, NO_STORE));
  }
  return app;
}
