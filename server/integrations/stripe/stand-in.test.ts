/**
 * The Stripe stand-in (tests/support/stripe-stand-in.ts) driven through the official SDK, configured as
 * client.ts configures it: subscription-mode Checkout Sessions, paying them (customer, subscription, invoice and
 * the signed webhooks in order), expiring sessions and canceling subscriptions.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StripeStandIn, startStripeStandIn } from "#tests/support/stripe-stand-in.ts";

const SECRET_KEY = "sk_test_stand_in_self";
const WEBHOOK_SECRET = "whsec_stand_in_self_test";

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Server;
/** What the webhook receiver got, verified with the SDK (a bad signature would throw in the handler). */
let received: { type: string; object: Record<string, unknown>; verified: boolean }[] = [];

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const payload = Buffer.concat(chunks).toString("utf8");
    const signature = String(req.headers["stripe-signature"] ?? "");
    let verified = true;
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(payload, signature, WEBHOOK_SECRET);
    } catch {
      verified = false;
      event = JSON.parse(payload) as Stripe.Event;
    }
    received.push({ type: event.type, object: event.data.object as unknown as Record<string, unknown>, verified });
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"received":true}');
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/stripe`;
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhook: { url: hook, secret: WEBHOOK_SECRET } });
  const at = new URL(standIn.url);
  stripe = new Stripe(SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    host: at.hostname,
    port: at.port,
    protocol: "http",
  });
});
afterAll(async () => {
  await standIn?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});
beforeEach(async () => {
  // Webhooks an earlier test set off (an expiry, a cancel) land before this test starts counting.
  await standIn.delivered();
  received = [];
});

const SETUP_CENTS = 354_000;
const MONTHLY_CENTS = 221_500;

/** A license checkout as the application would create it: a one-time deposit and a monthly fee. */
function licenseSession(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}, idempotencyKey?: string) {
  const metadata = { purpose: "license_order", order_id: "order-1" };
  return stripe.checkout.sessions.create(
    {
      mode: "subscription",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: SETUP_CENTS, product_data: { name: "Setup deposit" } },
        },
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: MONTHLY_CENTS,
            recurring: { interval: "month" },
            product_data: { name: "#4LAW in Ohio" },
          },
        },
      ],
      client_reference_id: "order-1",
      customer_email: "quinn@example.com",
      metadata,
      subscription_data: { metadata },
      success_url: "https://portal.example/orders/order-1?paid=1&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://portal.example/orders/order-1",
      ...extra,
    },
    idempotencyKey ? { idempotencyKey } : undefined,
  );
}

describe("subscription-mode Checkout Sessions", () => {
  it("totals the one-time items and the first period of the recurring ones, and keeps what the request gave", async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 3_600;
    const session = await licenseSession({ expires_at: expiresAt });
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      amount_total: SETUP_CENTS + MONTHLY_CENTS,
      currency: "usd",
      client_reference_id: "order-1",
      customer_email: "quinn@example.com",
      metadata: { purpose: "license_order", order_id: "order-1" },
      customer: null,
      subscription: null,
      invoice: null,
      expires_at: expiresAt,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ id: session.id, status: "open" });
    const req = standIn.requests.findLast((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")!;
    expect(req.body).toMatchObject({
      line_items: [{}, { price_data: { recurring: { interval: "month" } } }],
      subscription_data: { metadata: { order_id: "order-1" } },
    });
    // A session without an expiry asked for expires 24 hours after creation, like Stripe's default.
    const plain = await licenseSession();
    expect(plain.expires_at - plain.created).toBe(24 * 60 * 60);
  });

  it("answers the same session to the same Idempotency-Key", async () => {
    const first = await licenseSession({}, "license-order-1-attempt-1");
    const again = await licenseSession({}, "license-order-1-attempt-1");
    const other = await licenseSession({}, "license-order-1-attempt-2");
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
  });

  it("refuses subscription mode without a recurring item, as Stripe does", async () => {
    const err = await licenseSession({
      line_items: [
        { quantity: 1, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Deposit" } } },
      ],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((err as Stripe.errors.StripeError).statusCode).toBe(400);
    expect((err as Stripe.errors.StripeError).type).toBe("StripeInvalidRequestError");
    expect((err as Stripe.errors.StripeError).message).toContain("recurring price in `subscription` mode");
  });

  it("shows the line items, the total due today and what follows on the hosted page", async () => {
    const session = await licenseSession();
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain("<h1>Setup deposit</h1>");
    expect(html).toContain("Setup deposit $3,540.00");
    expect(html).toContain("#4LAW in Ohio — $2,215.00 per month");
    expect(html).toContain("Total due today");
    expect(html).toContain('data-testid="checkout-amount">$5,755.00</div>');
    expect(html).toContain("then $2,215.00/month");
    expect(html).toContain("Pay $5,755.00</button>");
    expect(html).toContain(">Cancel</button>");
  });
});

describe("paying a subscription-mode session", () => {
  it("creates the customer, an active subscription and a paid invoice, then sends the three webhooks in order", async () => {
    const session = await licenseSession();
    const completed = await standIn.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: "complete", payment_status: "paid" });
    expect(paid.customer).toMatch(/^cus_test_/);
    expect(paid.subscription).toMatch(/^sub_test_/);
    expect(paid.invoice).toMatch(/^in_test_/);
    expect(completed.data.object).toMatchObject({ id: session.id, subscription: paid.subscription });

    const customer = await stripe.customers.retrieve(paid.customer as string);
    expect(customer).toMatchObject({ id: paid.customer, object: "customer", email: "quinn@example.com" });
    const subscription = await stripe.subscriptions.retrieve(paid.subscription as string);
    expect(subscription).toMatchObject({
      id: paid.subscription,
      status: "active",
      customer: paid.customer,
      metadata: { purpose: "license_order", order_id: "order-1" },
    });
    expect(subscription.items.data).toHaveLength(1);
    expect(subscription.items.data[0]!.price).toMatchObject({
      unit_amount: MONTHLY_CENTS,
      recurring: { interval: "month", interval_count: 1 },
    });
    expect(standIn.invoices.get(paid.invoice as string)).toMatchObject({
      status: "paid",
      amount_paid: SETUP_CENTS + MONTHLY_CENTS,
      subscription: paid.subscription,
      customer: paid.customer,
    });
    expect(standIn.customers.has(paid.customer as string)).toBe(true);
    expect(standIn.subscriptions.has(paid.subscription as string)).toBe(true);

    expect(received.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    expect(received.every((e) => e.verified)).toBe(true);
    expect(received[0]!.object).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "paid",
      customer: paid.customer,
      subscription: paid.subscription,
      invoice: paid.invoice,
      metadata: { order_id: "order-1" },
    });
    expect(received[1]!.object).toMatchObject({ id: paid.subscription, status: "active", customer: paid.customer });
    expect(received[2]!.object).toMatchObject({
      id: paid.invoice,
      amount_paid: SETUP_CENTS + MONTHLY_CENTS,
      subscription: paid.subscription,
    });
  });

  it("pays through the hosted page's Pay button and returns the browser to the success URL", async () => {
    const session = await licenseSession();
    const res = await fetch(`${standIn.url}/checkout/${session.id}/pay`, { method: "POST", redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`https://portal.example/orders/order-1?paid=1&session_id=${session.id}`);
    await standIn.delivered();
    expect(received.map((e) => [e.type, e.verified])).toEqual([
      ["checkout.session.completed", true],
      ["customer.subscription.created", true],
      ["invoice.paid", true],
    ]);
    // Paid once: a second press shows the status instead of paying again, and pay() refuses.
    const again = await fetch(`${standIn.url}/checkout/${session.id}/pay`, { method: "POST", redirect: "manual" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This checkout is complete.");
    await expect(standIn.pay(session.id)).rejects.toThrow(/is complete: it cannot be paid/);
    await standIn.delivered();
    expect(received).toHaveLength(3);
  });

  it("a session whose expires_at has passed reads expired and cannot be paid", async () => {
    const session = await licenseSession({ expires_at: Math.floor(Date.now() / 1000) - 60 });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("expired");
    expect(standIn.sessions.get(session.id)!.status).toBe("expired");
    await expect(standIn.pay(session.id)).rejects.toThrow(/is expired: it cannot be paid/);
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(html).toContain("This checkout is expired.");
    expect(html).not.toContain('<button class="pay"');
    const pressed = await fetch(`${standIn.url}/checkout/${session.id}/pay`, { method: "POST", redirect: "manual" });
    expect(pressed.status).toBe(409);
    expect(standIn.sessions.get(session.id)).toMatchObject({ customer: null, subscription: null, invoice: null });
    await standIn.delivered();
    expect(received).toEqual([]);
  });
});

describe("expiring sessions and canceling subscriptions", () => {
  it("expires an open session, which then cannot be paid, and refuses to expire a complete one", async () => {
    const open = await licenseSession();
    const expired = await stripe.checkout.sessions.expire(open.id);
    expect(expired).toMatchObject({ id: open.id, status: "expired" });
    expect((await stripe.checkout.sessions.retrieve(open.id)).status).toBe("expired");
    await expect(standIn.pay(open.id)).rejects.toThrow(/is expired/);
    await standIn.delivered();
    expect(received.map((e) => [e.type, e.object.id, e.object.status, e.verified])).toEqual([
      ["checkout.session.expired", open.id, "expired", true],
    ]);
    received = [];

    const done = await licenseSession();
    await standIn.pay(done.id, { deliver: false });
    const err = await stripe.checkout.sessions.expire(done.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((err as Stripe.errors.StripeError).statusCode).toBe(400);
    expect((err as Stripe.errors.StripeError).message).toBe(
      "Only Checkout Sessions with a status of `open` can be expired.",
    );
    expect((await stripe.checkout.sessions.retrieve(done.id)).status).toBe("complete");
  });

  it("cancels a subscription; a second cancel and unknown ids answer resource_missing", async () => {
    const session = await licenseSession();
    await standIn.pay(session.id, { deliver: false });
    const subscriptionId = standIn.sessions.get(session.id)!.subscription!;
    const canceled = await stripe.subscriptions.cancel(subscriptionId);
    expect(canceled).toMatchObject({ id: subscriptionId, status: "canceled" });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("canceled");
    await standIn.delivered();
    expect(received.map((e) => [e.type, e.object.id, e.object.status, e.verified])).toEqual([
      ["customer.subscription.deleted", subscriptionId, "canceled", true],
    ]);
    expect(standIn.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/subscriptions/${subscriptionId}` });
    expect(
      standIn.requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscriptionId}`),
    ).toBe(true);

    for (const call of [
      () => stripe.subscriptions.cancel(subscriptionId),
      () => stripe.subscriptions.retrieve("sub_test_missing"),
      () => stripe.customers.retrieve("cus_test_missing"),
      () => stripe.checkout.sessions.expire("cs_test_missing"),
    ]) {
      const err = (await call().catch((e: unknown) => e)) as Stripe.errors.StripeError;
      expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err.statusCode).toBe(404);
      expect(err.code).toBe("resource_missing");
    }
  });
});

describe("payment-mode sessions as before", () => {
  it("pays a top-up with one completed event and no subscription objects", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: 2_500, product_data: { name: "PoundCodes wallet top-up" } },
        },
      ],
      success_url: "https://portal.example/billing?session_id={CHECKOUT_SESSION_ID}",
    });
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain("<h1>PoundCodes wallet top-up</h1>");
    expect(html).toContain('data-testid="checkout-amount">$25.00</div>');
    expect(html).not.toContain("then ");
    await standIn.pay(session.id);
    expect(received.map((e) => e.type)).toEqual(["checkout.session.completed"]);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: "complete",
      payment_status: "paid",
      customer: null,
      subscription: null,
    });
  });
});
