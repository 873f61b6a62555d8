/**
 * The Stripe stand-in (tests/support/stripe-stand-in.ts) driven through the official SDK, configured as
 * client.ts configures it: subscription-mode Checkout Sessions, paying them (customer, subscription, invoice and
 * the signed webhooks in order), expiring sessions and canceling subscriptions; then a license's billing life:
 * renewals on the stand-in's clock with a card that works, declines or asks for authentication, paying invoices,
 * canceling at period end, refunds, off-session PaymentIntents, saved cards and the customer portal.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addInterval, type StripeStandIn, startStripeStandIn } from "#tests/support/stripe-stand-in.ts";

const SECRET_KEY = "sk_test_stand_in_self";
const WEBHOOK_SECRET = "whsec_stand_in_self_test";

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Server;
/** What the webhook receiver got, verified with the SDK (a bad signature would throw in the handler). */
let received: {
  type: string;
  object: Record<string, unknown>;
  previous: Record<string, unknown> | undefined;
  verified: boolean;
}[] = [];

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
    received.push({
      type: event.type,
      object: event.data.object as unknown as Record<string, unknown>,
      previous: (event.data as { previous_attributes?: Record<string, unknown> }).previous_attributes,
      verified,
    });
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

const DAY = 24 * 60 * 60;
const MONTHLY = { interval: "month", interval_count: 1 } as const;

/** A license paid through Checkout, its webhooks delivered and forgotten: what the renewals start from. */
async function paidLicense() {
  const session = await licenseSession();
  await standIn.pay(session.id);
  received = [];
  const paid = standIn.sessions.get(session.id)!;
  return { customerId: paid.customer!, subscriptionId: paid.subscription!, firstInvoiceId: paid.invoice! };
}

const errorOf = async (call: () => Promise<unknown>) =>
  (await call().catch((e: unknown) => e)) as Stripe.errors.StripeError;

describe("the clock and calendar periods", () => {
  it("counts months on the UTC calendar from the anchor, falling back to a short month's last day", () => {
    const jan31 = Date.UTC(2026, 0, 31, 15, 4, 5) / 1000;
    expect(addInterval(jan31, MONTHLY, 1)).toBe(Date.UTC(2026, 1, 28, 15, 4, 5) / 1000);
    expect(addInterval(jan31, MONTHLY, 2)).toBe(Date.UTC(2026, 2, 31, 15, 4, 5) / 1000);
    expect(addInterval(jan31, MONTHLY, 3)).toBe(Date.UTC(2026, 3, 30, 15, 4, 5) / 1000);
    expect(addInterval(jan31, { interval: "year", interval_count: 1 }, 1)).toBe(Date.UTC(2027, 0, 31, 15, 4, 5) / 1000);
    expect(addInterval(jan31, { interval: "week", interval_count: 2 }, 1)).toBe(jan31 + 14 * DAY);
  });

  it("starts the first period at payment and ends it a calendar month later, on the stand-in's clock", async () => {
    const before = standIn.clock();
    const { subscriptionId } = await paidLicense();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0]!;
    expect(item.current_period_start).toBeGreaterThanOrEqual(before);
    expect(item.current_period_start).toBeLessThanOrEqual(standIn.clock());
    expect(item.current_period_end).toBe(addInterval(item.current_period_start, MONTHLY, 1));
    expect(subscription).toMatchObject({
      billing_cycle_anchor: item.current_period_start,
      start_date: item.current_period_start,
      cancel_at_period_end: false,
      cancel_at: null,
    });
  });
});

describe("renewing subscriptions with advance()", () => {
  it("gives the first invoice its lines, links, payment and paid time", async () => {
    const { subscriptionId, firstInvoiceId } = await paidLicense();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0]!;
    const first = await stripe.invoices.retrieve(firstInvoiceId);
    expect(first).toMatchObject({
      id: firstInvoiceId,
      object: "invoice",
      status: "paid",
      billing_reason: "subscription_create",
      amount_due: SETUP_CENTS + MONTHLY_CENTS,
      amount_paid: SETUP_CENTS + MONTHLY_CENTS,
      amount_remaining: 0,
      attempt_count: 1,
      next_payment_attempt: null,
      hosted_invoice_url: `${standIn.url}/invoices/${firstInvoiceId}`,
      invoice_pdf: `${standIn.url}/invoices/${firstInvoiceId}/pdf`,
      period_start: subscription.created,
      period_end: subscription.created,
      parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
    });
    expect(first.status_transitions.paid_at).toEqual(expect.any(Number));
    expect(first.lines.data.map((l) => [l.amount, l.period])).toEqual([
      [MONTHLY_CENTS, { start: item.current_period_start, end: item.current_period_end }],
      [SETUP_CENTS, { start: subscription.created, end: subscription.created }],
    ]);
    expect(first.payments!.data).toEqual([
      expect.objectContaining({
        object: "invoice_payment",
        amount_paid: SETUP_CENTS + MONTHLY_CENTS,
        status: "paid",
        payment: { type: "payment_intent", payment_intent: expect.stringMatching(/^pi_test_/) },
      }),
    ]);
    const pi = await stripe.paymentIntents.retrieve(first.payments!.data[0]!.payment.payment_intent as string);
    expect(pi).toMatchObject({ status: "succeeded", amount: SETUP_CENTS + MONTHLY_CENTS, customer: first.customer });
    expect(pi.latest_charge).toMatch(/^ch_test_/);
    expect(await stripe.charges.retrieve(pi.latest_charge as string)).toMatchObject({
      status: "succeeded",
      amount: SETUP_CENTS + MONTHLY_CENTS,
      payment_intent: pi.id,
    });
  });

  it("renews a month on: moves the clock, invoices the monthly fee, charges the card, then sends paid and updated", async () => {
    const { subscriptionId, customerId, firstInvoiceId } = await paidLicense();
    const before = await stripe.subscriptions.retrieve(subscriptionId);
    const old = before.items.data[0]!;

    const made = await standIn.advance(subscriptionId);
    expect(made.map((e) => e.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect(standIn.clock()).toBeGreaterThanOrEqual(old.current_period_end);
    expect(received.map((e) => [e.type, e.verified])).toEqual([
      ["invoice.paid", true],
      ["customer.subscription.updated", true],
    ]);

    const renewed = await stripe.subscriptions.retrieve(subscriptionId);
    const item = renewed.items.data[0]!;
    expect(renewed.status).toBe("active");
    expect(item.current_period_start).toBe(old.current_period_end);
    expect(item.current_period_end).toBe(addInterval(before.billing_cycle_anchor, MONTHLY, 2));
    expect(renewed.latest_invoice).not.toBe(firstInvoiceId);

    const list = await stripe.invoices.list({ subscription: subscriptionId });
    expect(list.data.map((i) => i.id)).toEqual([renewed.latest_invoice, firstInvoiceId]);
    expect(list.has_more).toBe(false);
    expect((await stripe.invoices.list({ customer: customerId })).data).toHaveLength(2);
    const invoice = list.data[0]!;
    expect(invoice).toMatchObject({
      status: "paid",
      billing_reason: "subscription_cycle",
      customer: customerId,
      amount_due: MONTHLY_CENTS,
      amount_paid: MONTHLY_CENTS,
      amount_remaining: 0,
      // Like Stripe, the invoice looks back on the period that just ended; its line bills the new one.
      period_start: old.current_period_start,
      period_end: old.current_period_end,
      hosted_invoice_url: `${standIn.url}/invoices/${invoice.id}`,
      invoice_pdf: `${standIn.url}/invoices/${invoice.id}/pdf`,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscriptionId, metadata: { order_id: "order-1" } },
      },
    });
    expect(invoice.lines.data).toHaveLength(1);
    expect(invoice.lines.data[0]).toMatchObject({
      amount: MONTHLY_CENTS,
      period: { start: item.current_period_start, end: item.current_period_end },
      parent: { type: "subscription_item_details", subscription_item_details: { subscription_item: item.id } },
    });
    expect(invoice.status_transitions.paid_at).toBeGreaterThanOrEqual(old.current_period_end);
    const payment = invoice.payments!.data[0]!;
    expect(payment).toMatchObject({ status: "paid", amount_paid: MONTHLY_CENTS, payment: { type: "payment_intent" } });
    const firstPayment = (await stripe.invoices.retrieve(firstInvoiceId)).payments!.data[0]!;
    expect(payment.payment.payment_intent).not.toBe(firstPayment.payment.payment_intent);
    const pi = await stripe.paymentIntents.retrieve(payment.payment.payment_intent as string);
    expect(await stripe.charges.retrieve(pi.latest_charge as string)).toMatchObject({
      amount: MONTHLY_CENTS,
      status: "succeeded",
    });

    expect(received[0]!.object).toMatchObject({ id: invoice.id, status: "paid", amount_paid: MONTHLY_CENTS });
    expect(received[1]!.object).toMatchObject({ id: subscriptionId, status: "active", latest_invoice: invoice.id });
    expect(received[1]!.previous).toMatchObject({ latest_invoice: firstInvoiceId, items: before.items });

    const html = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(html).toContain(`<h1>Invoice ${invoice.number}</h1>`);
    expect(html).toContain('data-testid="invoice-amount">$2,215.00</div>');
    expect(html).toContain("Status: paid on");
    expect(html).toContain("Service period");
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await pdf.text()).startsWith("%PDF-")).toBe(true);

    // A second renewal moves on one more calendar month from the anchor.
    await standIn.advance(subscriptionId, { deliver: false });
    const again = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    expect(again.current_period_end).toBe(addInterval(before.billing_cycle_anchor, MONTHLY, 3));
  });

  it("with a card that declines: invoice open, subscription past_due; invoices.pay works once the card does", async () => {
    const { subscriptionId, customerId } = await paidLicense();
    standIn.setCard(customerId, "fails");
    const made = await standIn.advance(subscriptionId);
    const renewedAt = standIn.clock();
    expect(made.map((e) => e.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    expect(received.map((e) => [e.type, e.verified])).toEqual([
      ["invoice.payment_failed", true],
      ["customer.subscription.updated", true],
    ]);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe("past_due");
    expect(received[1]!.object).toMatchObject({ status: "past_due" });
    expect(received[1]!.previous).toMatchObject({ status: "active" });
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: "open",
      attempt_count: 1,
      attempted: true,
      amount_paid: 0,
      amount_remaining: MONTHLY_CENTS,
      last_finalization_error: null,
    });
    // Three days on the stand-in's clock from the attempt (made just before renewedAt was read).
    expect(invoice.next_payment_attempt).toBeGreaterThanOrEqual(made[0]!.created + 3 * DAY);
    expect(invoice.next_payment_attempt).toBeLessThanOrEqual(renewedAt + 3 * DAY);
    expect(invoice.status_transitions.paid_at).toBeNull();
    const pi = await stripe.paymentIntents.retrieve(invoice.payments!.data[0]!.payment.payment_intent as string);
    expect(pi).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { type: "card_error", code: "card_declined", decline_code: "generic_decline" },
    });
    expect(await stripe.charges.retrieve(pi.latest_charge as string)).toMatchObject({
      status: "failed",
      failure_code: "card_declined",
    });
    received = [];

    // Paying now with the same card: declined like Stripe, one more attempt.
    const declined = await errorOf(() => stripe.invoices.pay(invoice.id));
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      type: "StripeCardError",
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });
    await standIn.delivered();
    expect(received.map((e) => [e.type, e.object.attempt_count])).toEqual([["invoice.payment_failed", 2]]);
    received = [];

    standIn.setCard(customerId, "ok");
    const paid = await stripe.invoices.pay(invoice.id);
    expect(paid).toMatchObject({ id: invoice.id, status: "paid", amount_paid: MONTHLY_CENTS, attempt_count: 3 });
    expect(paid.next_payment_attempt).toBeNull();
    expect(paid.payments!.data).toEqual([
      expect.objectContaining({ status: "paid", payment: { type: "payment_intent", payment_intent: pi.id } }),
    ]);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("active");
    await standIn.delivered();
    expect(received.map((e) => [e.type, e.object.status])).toEqual([
      ["invoice.paid", "paid"],
      ["customer.subscription.updated", "active"],
    ]);
    expect(received[1]!.previous).toEqual({ status: "past_due" });

    const twice = await errorOf(() => stripe.invoices.pay(invoice.id));
    expect(twice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(twice).toMatchObject({ statusCode: 400, message: "Invoice is already paid" });
    expect((await errorOf(() => stripe.invoices.retrieve("in_test_missing"))).code).toBe("resource_missing");
  });

  it("with a card that asks for authentication: payment_action_required, past_due, and invoices.pay says so", async () => {
    const { subscriptionId, customerId } = await paidLicense();
    standIn.setCard(customerId, "requires_action");
    const made = await standIn.advance(subscriptionId);
    expect(made.map((e) => e.type)).toEqual(["invoice.payment_action_required", "customer.subscription.updated"]);
    expect(received.map((e) => [e.type, e.object.status, e.verified])).toEqual([
      ["invoice.payment_action_required", "open", true],
      ["customer.subscription.updated", "past_due", true],
    ]);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: "open", attempt_count: 1 });
    const pi = await stripe.paymentIntents.retrieve(invoice.payments!.data[0]!.payment.payment_intent as string);
    expect(pi.status).toBe("requires_action");
    const err = await errorOf(() => stripe.invoices.pay(invoice.id));
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err.code).toBe("invoice_payment_intent_requires_action");
  });

  it("cancels at period end: the update, a resume, then advance ends it without an invoice", async () => {
    const { subscriptionId, firstInvoiceId } = await paidLicense();
    const end = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end;

    const scheduled = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({ status: "active", cancel_at_period_end: true, cancel_at: end });
    expect(scheduled.canceled_at).toEqual(expect.any(Number));
    expect(scheduled.cancellation_details).toMatchObject({ reason: "cancellation_requested" });
    const resumed = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    const tagged = await stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: true,
      metadata: { note: "moving away" },
    });
    expect(tagged.metadata).toEqual({ purpose: "license_order", order_id: "order-1", note: "moving away" });
    await standIn.delivered();
    expect(received.map((e) => [e.type, e.object.cancel_at_period_end, e.previous?.cancel_at_period_end])).toEqual([
      ["customer.subscription.updated", true, false],
      ["customer.subscription.updated", false, true],
      ["customer.subscription.updated", true, false],
    ]);
    received = [];

    const made = await standIn.advance(subscriptionId);
    expect(made.map((e) => e.type)).toEqual(["customer.subscription.deleted"]);
    expect(received.map((e) => [e.type, e.object.status, e.verified])).toEqual([
      ["customer.subscription.deleted", "canceled", true],
    ]);
    const ended = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ended).toMatchObject({ status: "canceled", ended_at: end, cancel_at_period_end: true });
    expect(ended.canceled_at).toEqual(expect.any(Number));
    expect((await stripe.invoices.list({ subscription: subscriptionId })).data.map((i) => i.id)).toEqual([
      firstInvoiceId,
    ]);

    const refused = await errorOf(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({
      statusCode: 400,
      message: "A canceled subscription can only update its cancellation_details and metadata.",
    });
    expect((await stripe.subscriptions.update(subscriptionId, { metadata: { note: "" } })).metadata).toEqual({
      purpose: "license_order",
      order_id: "order-1",
    });
    await expect(standIn.advance(subscriptionId)).rejects.toThrow(/is canceled/);
    expect((await errorOf(() => stripe.subscriptions.update("sub_test_missing", {}))).statusCode).toBe(404);
  });

  it("a cancel now drops a pending cancel at period end", async () => {
    const { subscriptionId } = await paidLicense();
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const canceled = await stripe.subscriptions.cancel(subscriptionId);
    expect(canceled).toMatchObject({ status: "canceled", cancel_at_period_end: false, cancel_at: null });
    expect(canceled.ended_at).toBe(canceled.canceled_at);
    await standIn.delivered();
    expect(received.map((e) => e.type)).toEqual(["customer.subscription.updated", "customer.subscription.deleted"]);
  });

  it("refuses what it cannot renew or charge", async () => {
    await expect(standIn.advance("sub_test_missing")).rejects.toThrow(/No such subscription/);
    expect(() => standIn.setCard("cus_test_missing", "fails")).toThrow(/No such customer/);
    await expect(standIn.payOpenInvoices("cus_test_missing")).rejects.toThrow(/No such customer/);
  });
});

/** A $50.00 top-up paid through Checkout; its PaymentIntent and Charge. */
async function paidTopUp() {
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "usd", unit_amount: 5_000, product_data: { name: "PoundCodes wallet top-up" } },
      },
    ],
    success_url: "https://portal.example/billing?session_id={CHECKOUT_SESSION_ID}",
  });
  expect(session.payment_intent).toBeNull();
  await standIn.pay(session.id);
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  expect(paid.customer).toBeNull();
  const pi = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
  return { pi, chargeId: pi.latest_charge as string };
}

describe("refunds", () => {
  it("refunds part, then the rest; the same key refunds once; more than remains or a second full refund is refused", async () => {
    const { pi, chargeId } = await paidTopUp();
    expect(pi).toMatchObject({ status: "succeeded", amount: 5_000, amount_received: 5_000, customer: null });
    received = [];

    const params = {
      payment_intent: pi.id,
      amount: 1_000,
      reason: "requested_by_customer" as const,
      metadata: { ticket: "T-1" },
    };
    const partial = await stripe.refunds.create(params, { idempotencyKey: "refund-topup-1" });
    expect(partial).toMatchObject({
      object: "refund",
      status: "succeeded",
      amount: 1_000,
      charge: chargeId,
      payment_intent: pi.id,
      currency: "usd",
      reason: "requested_by_customer",
      metadata: { ticket: "T-1" },
    });
    expect(partial.id).toMatch(/^re_test_/);
    expect(partial.created).toEqual(expect.any(Number));
    const again = await stripe.refunds.create(params, { idempotencyKey: "refund-topup-1" });
    expect(again.id).toBe(partial.id);
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 1_000, refunded: false });

    const tooMuch = await errorOf(() => stripe.refunds.create({ payment_intent: pi.id, amount: 4_500 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({
      statusCode: 400,
      code: "amount_too_large",
      message: "Refund amount ($45.00) is greater than unrefunded amount on charge ($40.00)",
    });
    expect(tooMuch.rawType).toBe("invalid_request_error");

    const rest = await stripe.refunds.create({ charge: chargeId });
    expect(rest).toMatchObject({ amount: 4_000, charge: chargeId, payment_intent: pi.id, reason: null });
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 5_000, refunded: true });
    const done = await errorOf(() => stripe.refunds.create({ payment_intent: pi.id }));
    expect(done).toMatchObject({
      statusCode: 400,
      code: "charge_already_refunded",
      message: `Charge ${chargeId} has already been refunded.`,
    });

    const list = await stripe.refunds.list({ payment_intent: pi.id });
    expect(list).toMatchObject({ object: "list", has_more: false, url: "/v1/refunds" });
    expect(list.data.map((r) => r.id)).toEqual([rest.id, partial.id]);
    expect((await stripe.refunds.list({ charge: chargeId })).data).toHaveLength(2);

    await standIn.delivered();
    expect(received.map((e) => [e.type, e.object.amount_refunded, e.object.refunded, e.verified])).toEqual([
      ["charge.refunded", 1_000, false, true],
      ["charge.refunded", 5_000, true, true],
    ]);
    expect(received[0]!.object).toMatchObject({
      object: "charge",
      id: chargeId,
      amount: 5_000,
      payment_intent: pi.id,
      customer: null,
      currency: "usd",
      receipt_url: `${standIn.url}/receipts/${chargeId}`,
    });
    expect(received[0]!.object).not.toHaveProperty("invoice");
    expect(received[0]!.previous).toMatchObject({ amount_refunded: 0 });
    expect(await (await fetch(`${standIn.url}/receipts/${chargeId}`)).text()).toContain("Refunded $50.00");
  });

  it("answers resource_missing for unknown payments", async () => {
    for (const call of [
      () => stripe.refunds.create({ payment_intent: "pi_test_missing" }),
      () => stripe.charges.retrieve("ch_test_missing"),
      () => stripe.paymentIntents.retrieve("pi_test_missing"),
    ]) {
      const err = await errorOf(call);
      expect(err).toMatchObject({ statusCode: 404, code: "resource_missing" });
    }
  });
});

describe("off-session PaymentIntents", () => {
  it("charges the saved card, and answers a decline or an authentication request with Stripe's card error", async () => {
    const { customerId } = await paidLicense();
    const customer = (await stripe.customers.retrieve(customerId)) as Stripe.Customer;
    const pm = customer.invoice_settings.default_payment_method as string;
    expect(pm).toMatch(/^pm_test_/);
    const methods = await stripe.customers.listPaymentMethods(customerId);
    expect(methods.data.map((m) => [m.id, m.type, m.card?.brand, m.card?.last4, m.customer])).toEqual([
      [pm, "card", "visa", "4242", customerId],
    ]);
    expect(await stripe.paymentMethods.retrieve(pm)).toMatchObject({
      object: "payment_method",
      card: { brand: "visa", last4: "4242", exp_month: expect.any(Number), exp_year: expect.any(Number) },
    });

    const charge = (key: string) =>
      stripe.paymentIntents.create(
        {
          amount: 12_345,
          currency: "usd",
          customer: customerId,
          payment_method: pm,
          off_session: true,
          confirm: true,
          description: "Overage for March",
          metadata: { purpose: "overage" },
        },
        { idempotencyKey: key },
      );
    const paid = await charge("overage-1");
    expect(paid).toMatchObject({
      object: "payment_intent",
      status: "succeeded",
      amount: 12_345,
      amount_received: 12_345,
      customer: customerId,
      payment_method: pm,
      metadata: { purpose: "overage" },
      description: "Overage for March",
    });
    expect((await charge("overage-1")).id).toBe(paid.id);
    expect(await stripe.charges.retrieve(paid.latest_charge as string)).toMatchObject({
      amount: 12_345,
      status: "succeeded",
      customer: customerId,
    });
    await standIn.delivered();
    expect(received.map((e) => [e.type, e.object.id, e.verified])).toEqual([
      ["payment_intent.succeeded", paid.id, true],
    ]);
    received = [];

    standIn.setCard(customerId, "fails");
    const declined = await errorOf(() => charge("overage-2"));
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      type: "StripeCardError",
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
      payment_intent: { status: "requires_payment_method", customer: customerId },
    });
    // The same key answers the same decline without trying the card again.
    const replayed = await errorOf(() => charge("overage-2"));
    expect(replayed.payment_intent!.id).toBe(declined.payment_intent!.id);

    standIn.setCard(customerId, "requires_action");
    const needsAuth = await errorOf(() => charge("overage-3"));
    expect(needsAuth).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(needsAuth).toMatchObject({
      statusCode: 402,
      code: "authentication_required",
      message: "Your card was declined. This transaction requires authentication.",
      payment_intent: { status: "requires_payment_method" },
    });
    await standIn.delivered();
    expect(received.map((e) => [e.type, (e.object.last_payment_error as { code: string }).code])).toEqual([
      ["payment_intent.payment_failed", "card_declined"],
      ["payment_intent.payment_failed", "authentication_required"],
    ]);

    for (const params of [
      { customer: "cus_test_missing", payment_method: pm },
      { customer: customerId, payment_method: "pm_test_missing" },
    ]) {
      const err = await errorOf(() =>
        stripe.paymentIntents.create({ amount: 100, currency: "usd", off_session: true, confirm: true, ...params }),
      );
      expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err).toMatchObject({ statusCode: 404, code: "resource_missing" });
    }
  });
});

describe("payment-mode checkouts with customers", () => {
  const topUp = (extra: Partial<Stripe.Checkout.SessionCreateParams>) =>
    stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: 2_500, product_data: { name: "PoundCodes wallet top-up" } },
        },
      ],
      success_url: "https://portal.example/billing?session_id={CHECKOUT_SESSION_ID}",
      ...extra,
    });

  it("saves the card for later with setup_future_usage, then charges it off session", async () => {
    const session = await topUp({
      customer_email: "quinn@example.com",
      payment_intent_data: { setup_future_usage: "off_session", metadata: { purpose: "wallet_top_up" } },
    });
    expect(session).toMatchObject({ payment_intent: null, customer: null, customer_creation: "if_required" });
    await standIn.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid.customer).toMatch(/^cus_test_/);
    expect(paid.payment_intent).toMatch(/^pi_test_/);
    const customer = (await stripe.customers.retrieve(paid.customer as string)) as Stripe.Customer;
    expect(customer.email).toBe("quinn@example.com");
    const pm = customer.invoice_settings.default_payment_method as string;
    const pi = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    expect(pi).toMatchObject({
      status: "succeeded",
      amount: 2_500,
      customer: customer.id,
      payment_method: pm,
      setup_future_usage: "off_session",
      metadata: { purpose: "wallet_top_up" },
    });
    expect(await stripe.paymentMethods.retrieve(pm)).toMatchObject({ customer: customer.id, type: "card" });
    const later = await stripe.paymentIntents.create({
      amount: 2_500,
      currency: "usd",
      customer: customer.id,
      payment_method: pm,
      off_session: true,
      confirm: true,
    });
    expect(later.status).toBe("succeeded");

    // A later checkout for the same customer bills that customer.
    const next = await topUp({ customer: customer.id });
    expect(next).toMatchObject({ customer: customer.id, customer_creation: null });
    await standIn.pay(next.id);
    expect(await stripe.checkout.sessions.retrieve(next.id)).toMatchObject({ customer: customer.id });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((m) => m.id)).toEqual([pm]);
    expect((await errorOf(() => topUp({ customer: "cus_test_missing" }))).statusCode).toBe(404);
  });

  it("creates a customer with customer_creation=always without saving the card", async () => {
    const session = await topUp({ customer_creation: "always", customer_email: "rae@example.com" });
    await standIn.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const customer = (await stripe.customers.retrieve(paid.customer as string)) as Stripe.Customer;
    expect(customer).toMatchObject({ email: "rae@example.com", invoice_settings: { default_payment_method: null } });
    expect((await stripe.paymentIntents.retrieve(paid.payment_intent as string)).customer).toBe(customer.id);
  });
});

describe("the customer portal", () => {
  it("opens a session for a customer, shows the card and invoices, and pays what is open with a working card", async () => {
    const { customerId, subscriptionId, firstInvoiceId } = await paidLicense();
    standIn.setCard(customerId, "fails");
    await standIn.advance(subscriptionId);
    const open = (await stripe.subscriptions.retrieve(subscriptionId)).latest_invoice as string;
    received = [];

    const returnUrl = "https://portal.example/dashboard/licenses";
    const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    expect(portal).toMatchObject({
      object: "billing_portal.session",
      customer: customerId,
      return_url: returnUrl,
      url: `${standIn.url}/portal/${portal.id}`,
      livemode: false,
    });
    expect(portal.id).toMatch(/^bps_test_/);
    expect(portal.created).toEqual(expect.any(Number));

    const html = await (await fetch(portal.url)).text();
    expect(html).toContain("<title>Customer portal (test stand-in)</title>");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Visa ending in 4242");
    expect(html).toContain("Declines every charge");
    const [openInvoice, firstInvoice] = [standIn.invoices.get(open)!, standIn.invoices.get(firstInvoiceId)!];
    expect(html).toContain(`<a href="${openInvoice.hosted_invoice_url}">View invoice ${openInvoice.number}</a>`);
    expect(html).toContain(`View invoice ${firstInvoice.number}`);
    expect(html).toContain("<td>Open</td>");
    expect(html).toContain('<button class="pay" type="submit">Use a card that works</button>');
    expect(html).toContain(`<a class="back" href="${returnUrl}">Return to PoundCodes</a>`);

    const pressed = await fetch(`${standIn.url}/portal/${portal.id}/card`, { method: "POST", redirect: "manual" });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toBe(returnUrl);
    await standIn.delivered();
    expect(received.map((e) => [e.type, e.object.id, e.object.status, e.verified])).toEqual([
      ["invoice.paid", open, "paid", true],
      ["customer.subscription.updated", subscriptionId, "active", true],
    ]);
    expect((await stripe.invoices.retrieve(open)).status).toBe("paid");
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("active");
    const after = await (await fetch(portal.url)).text();
    expect(after).toContain("Works");
    expect(after).not.toContain("<td>Open</td>");

    // Nothing open: paying again does nothing.
    expect(await standIn.payOpenInvoices(customerId)).toEqual([]);
    const unknown = await errorOf(() => stripe.billingPortal.sessions.create({ customer: "cus_test_missing" }));
    expect(unknown).toMatchObject({ statusCode: 404, code: "resource_missing" });
  });
});
