/**
 * FOR TESTS AND DEMOS ONLY: a stand-in for the Stripe API on loopback. Production never starts it.
 *
 * The official SDK, pointed here with STRIPE_API_URL, drives what the application uses of Stripe:
 * - Checkout Sessions: `POST /v1/checkout/sessions` (form-encoded, honoring Idempotency-Key; `mode=payment` or
 *   `mode=subscription`, line items with inline `price_data`, recurring ones with `price_data[recurring]`),
 *   `GET /v1/checkout/sessions/:id`, `POST /v1/checkout/sessions/:id/expire`. A session is open until it is paid,
 *   expired through the API, or its `expires_at` passes (it then reads `expired`).
 * - Subscriptions and customers that paying a subscription-mode session creates: `GET /v1/subscriptions/:id`,
 *   `DELETE /v1/subscriptions/:id` (cancels it), `GET /v1/customers/:id`.
 *
 * Each session's `url` is a small hosted checkout page here listing its line items: "Pay" completes the session
 * (for a subscription: a customer, an active subscription and a paid invoice), sends the signed webhooks to the
 * application (signed with the SDK's test-header helper and the configured webhook secret), and sends the browser
 * back to the session's success URL; "Cancel" sends it to the cancel URL. Tests read what the SDK sent in
 * `requests`, the objects in `sessions`, `subscriptions`, `customers` and `invoices`, and pay with `pay()`.
 *
 * Webhooks sent, in this order: paying sends `checkout.session.completed`, then for a subscription
 * `customer.subscription.created` and `invoice.paid`; expiring a session through the API sends
 * `checkout.session.expired` (a session whose `expires_at` merely passed sends nothing); canceling a subscription
 * sends `customer.subscription.deleted`.
 *
 * Run it by hand for a demo: npx node tests/support/stripe-stand-in.ts --port 12111 \
 *   --webhook http://localhost:3000/api/webhooks/stripe --secret whsec_demo_secret
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type StandInSession = {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  /** `expired` once `expires_at` has passed, read at the time (the field is a getter). */
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  invoice: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  /** Unix seconds; 24 hours after creation unless the request set it. */
  expires_at: number;
  livemode: false;
  created: number;
};

export type StandInInterval = "day" | "week" | "month" | "year";

/** One line item of a session as the request gave it (kept for the checkout page; not part of the session JSON). */
export type StandInLineItem = {
  /** The product name the request gave (`price_data[product_data][name]`). */
  name: string | null;
  description: string | null;
  currency: string;
  unitAmount: number;
  quantity: number;
  /** Null for a one-time item. */
  recurring: { interval: StandInInterval; interval_count: number } | null;
};

export type StandInCustomer = {
  id: string;
  object: "customer";
  email: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
};

export type StandInSubscriptionItem = {
  id: string;
  object: "subscription_item";
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  price: {
    id: string;
    object: "price";
    currency: string;
    unit_amount: number;
    type: "recurring";
    recurring: { interval: StandInInterval; interval_count: number };
    product_data: { name: string | null; description: string | null };
  };
};

export type StandInSubscription = {
  id: string;
  object: "subscription";
  status: "active" | "incomplete" | "canceled";
  customer: string;
  currency: string;
  metadata: Record<string, string>;
  items: { object: "list"; data: StandInSubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  cancel_at_period_end: false;
  canceled_at: number | null;
  ended_at: number | null;
  start_date: number;
  livemode: false;
  created: number;
};

export type StandInInvoice = {
  id: string;
  object: "invoice";
  status: "open" | "paid";
  billing_reason: "subscription_create";
  customer: string;
  customer_email: string | null;
  /** Kept at the top level for convenience; the current API version names it under `parent` too. */
  subscription: string;
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  currency: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  total: number;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
};

export type StandInObject = StandInSession | StandInSubscription | StandInInvoice | StandInCustomer;

export type StandInRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };

export type StandInOptions = {
  port?: number;
  /** Where the signed webhooks go; without it none is sent. */
  webhook?: { url: string; secret: string };
  /** The secret key the SDK must send (any `sk_` key when unset). */
  secretKey?: string;
};

export type PayOptions = { paymentStatus?: StandInSession["payment_status"]; deliver?: boolean };

export type StripeStandIn = {
  url: string;
  port: number;
  sessions: Map<string, StandInSession>;
  subscriptions: Map<string, StandInSubscription>;
  customers: Map<string, StandInCustomer>;
  invoices: Map<string, StandInInvoice>;
  requests: StandInRequest[];
  /** Every event made so far, oldest first, whether sent or not. */
  events: StandInEvent<StandInObject>[];
  /**
   * Completes an open session, paid (or left unpaid, for async methods), and returns its `checkout.session.completed`
   * event; for a subscription it also creates the customer, subscription and invoice and their events (in `events`).
   * Sends the events in order unless `deliver: false`. Throws for an unknown, expired or already complete session.
   */
  pay(id: string, opts?: PayOptions): Promise<StandInEvent>;
  /** A signed webhook request body and header for `event` (what Stripe sends). */
  sign(event: StandInEvent<StandInObject>): { payload: string; signature: string };
  /** Resolves once every webhook sent so far has been answered (or failed). */
  delivered(): Promise<void>;
  close(): Promise<void>;
};

export type StandInEvent<T extends StandInObject = StandInSession> = {
  id: string;
  object: "event";
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: T };
};

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;
const INTERVAL_DAYS: Record<StandInInterval, number> = { day: 1, week: 7, month: 30, year: 365 };

/** Stripe's form encoding (`a[b][0][c]=1`) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = /^\d+$/.test(part) && Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      if (container[slot] === undefined) container[slot] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

const every = (r: NonNullable<StandInLineItem["recurring"]>) =>
  r.interval_count === 1 ? r.interval : `${r.interval_count} ${r.interval}s`;

/** "then $2,215.00/month" for a subscription's recurring items (one figure per billing interval). */
function thenLine(items: StandInLineItem[]): string | null {
  const per = new Map<string, number>();
  for (const i of items) {
    if (i.recurring) per.set(every(i.recurring), (per.get(every(i.recurring)) ?? 0) + i.unitAmount * i.quantity);
  }
  if (per.size === 0) return null;
  const currency = items[0]!.currency;
  return `then ${[...per].map(([interval, cents]) => `${money(cents, currency)}/${interval}`).join(" and ")}`;
}

function checkoutPage(s: StandInSession, items: StandInLineItem[]): string {
  const amount = money(s.amount_total, s.currency);
  const done = s.status !== "open";
  const title = items[0]?.name ?? "PoundCodes checkout";
  const rows = items
    .map((i) => {
      const line = money(i.unitAmount * i.quantity, i.currency);
      const name = `${esc(i.name ?? "Item")}${i.quantity > 1 ? ` × ${i.quantity}` : ""}`;
      return i.recurring
        ? `<li data-testid="checkout-item">${name} — ${line} per ${esc(every(i.recurring))}</li>`
        : `<li data-testid="checkout-item">${name} ${line}</li>`;
    })
    .join("");
  const then = s.mode === "subscription" ? thenLine(items) : null;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Checkout (test stand-in)</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f4f6fa;color:#0b1f3a}main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 8px 30px rgba(11,31,58,.12)}h1{font-size:20px;margin:0 0 4px}p{color:#4b5563}ul{list-style:none;padding:0;margin:16px 0;border-top:1px solid #e5e7eb}li{padding:8px 0;border-bottom:1px solid #e5e7eb}.due{margin:16px 0 0;font-size:14px}.amount{font-size:36px;font-weight:700;margin:4px 0 16px}.then{margin-top:-12px}button{width:100%;padding:12px;border-radius:8px;border:0;font-size:16px;font-weight:600;cursor:pointer;margin-top:10px}.pay{background:#0b1f3a;color:#fff}.cancel{background:#e5e7eb;color:#0b1f3a}.note{font-size:12px;margin-top:18px}</style></head>
<body><main><h1>${esc(title)}</h1><p>Test checkout: no card is charged.</p><ul>${rows}</ul>
<p class="due">Total due today</p><div class="amount" data-testid="checkout-amount">${amount}</div>${then ? `<p class="then" data-testid="checkout-then">${esc(then)}</p>` : ""}
${done ? `<p>This checkout is ${esc(s.status)}.</p>` : `<form method="post" action="/checkout/${esc(s.id)}/pay"><button class="pay" type="submit">Pay ${amount}</button></form><form method="post" action="/checkout/${esc(s.id)}/cancel"><button class="cancel" type="submit">Cancel</button></form>`}
<p class="note">Stand-in for Stripe Checkout, for tests and demos.</p></main></body></html>`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": rid("req") });
  res.end(JSON.stringify(body));
}

const stripeError = (res: ServerResponse, status: number, type: string, message: string, code?: string) =>
  json(res, status, { error: { type, message, ...(code ? { code } : {}) } });

const invalid = (res: ServerResponse, message: string, code?: string) =>
  stripeError(res, 400, "invalid_request_error", message, code);

const missing = (res: ServerResponse, noun: string, id: string) =>
  stripeError(res, 404, "invalid_request_error", `No such ${noun}: '${id}'`, "resource_missing");

type LineItemParam = {
  quantity?: string;
  price_data?: {
    currency?: string;
    unit_amount?: string;
    product_data?: { name?: string; description?: string };
    recurring?: { interval?: string; interval_count?: string };
  };
};

type SessionParams = {
  mode?: string;
  line_items?: LineItemParam[];
  client_reference_id?: string;
  customer_email?: string;
  metadata?: Record<string, string>;
  subscription_data?: { metadata?: Record<string, string> };
  success_url?: string;
  cancel_url?: string;
  expires_at?: string;
};

type Refusal = { refusal: string; code?: string };

/** The line items of a create request, or Stripe's refusal. */
function lineItemsOf(p: SessionParams): StandInLineItem[] | Refusal {
  const params = p.line_items ?? [];
  if (params.length === 0 || params.some((i) => !i.price_data?.unit_amount)) {
    return { refusal: "Missing required param: line_items.", code: "parameter_missing" };
  }
  const items: StandInLineItem[] = [];
  for (const i of params) {
    const data = i.price_data!;
    const unitAmount = Number(data.unit_amount);
    const quantity = Number(i.quantity ?? 1);
    if (!Number.isInteger(unitAmount) || unitAmount < 0) {
      return { refusal: "Invalid integer: line_items[price_data][unit_amount]." };
    }
    if (!Number.isInteger(quantity) || quantity < 1) return { refusal: "Invalid integer: line_items[quantity]." };
    let recurring: StandInLineItem["recurring"] = null;
    if (data.recurring) {
      const interval = data.recurring.interval as StandInInterval;
      const count = Number(data.recurring.interval_count ?? 1);
      if (!Object.hasOwn(INTERVAL_DAYS, interval)) {
        return {
          refusal: "Invalid line_items[price_data][recurring][interval]: must be one of day, week, month, or year.",
        };
      }
      if (!Number.isInteger(count) || count < 1) {
        return { refusal: "Invalid integer: line_items[price_data][recurring][interval_count]." };
      }
      recurring = { interval, interval_count: count };
    }
    items.push({
      name: data.product_data?.name ?? null,
      description: data.product_data?.description ?? null,
      currency: (data.currency ?? "usd").toLowerCase(),
      unitAmount,
      quantity,
      recurring,
    });
  }
  return items;
}

/** A session whose `status` reads `expired` once `expires_at` has passed while it was still open. */
function withExpiry(session: StandInSession): StandInSession {
  let stored = session.status;
  return Object.defineProperty(session, "status", {
    enumerable: true,
    configurable: true,
    get: () => (stored === "open" && session.expires_at <= nowSeconds() ? "expired" : stored),
    set: (value: StandInSession["status"]) => {
      stored = value;
    },
  });
}

export async function startStripeStandIn(opts: StandInOptions = {}): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const lineItems = new Map<string, StandInLineItem[]>();
  const subscriptionMetadata = new Map<string, Record<string, string>>();
  const subscriptions = new Map<string, StandInSubscription>();
  const customers = new Map<string, StandInCustomer>();
  const invoices = new Map<string, StandInInvoice>();
  const idempotent = new Map<string, StandInSession>();
  const requests: StandInRequest[] = [];
  const events: StandInEvent<StandInObject>[] = [];
  const inFlight = new Set<Promise<void>>();
  let base = "";

  function makeEvent<T extends StandInObject>(object: T, type: string): StandInEvent<T> {
    const event: StandInEvent<T> = {
      id: rid("evt"),
      object: "event",
      type,
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // A snapshot: later changes to the object do not show in an event already made.
      data: { object: JSON.parse(JSON.stringify(object)) as T },
    };
    events.push(event);
    return event;
  }

  function sign(event: StandInEvent<StandInObject>) {
    const payload = JSON.stringify(event);
    const secret = opts.webhook?.secret ?? "whsec_stand_in";
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  async function post(event: StandInEvent<StandInObject>) {
    if (!opts.webhook) return;
    const { payload, signature } = sign(event);
    try {
      await fetch(opts.webhook.url, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
    } catch {
      // the application is down: a real provider would retry later; the success page fulfills meanwhile
    }
  }

  /** Sends events one after another, in order; the returned promise settles when the last was answered. */
  function deliver(batch: StandInEvent<StandInObject>[]): Promise<void> {
    const run = (async () => {
      for (const event of batch) await post(event);
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  }

  /** Completes a session and makes its events (not yet sent), or says why it cannot be paid. */
  function complete(session: StandInSession, paymentStatus: StandInSession["payment_status"]) {
    if (session.status !== "open") return `Checkout session ${session.id} is ${session.status}: it cannot be paid.`;
    const created = nowSeconds();
    const batch: StandInEvent<StandInObject>[] = [];
    if (session.mode === "subscription") {
      const paid = paymentStatus === "paid";
      const customer: StandInCustomer = {
        id: rid("cus"),
        object: "customer",
        email: session.customer_email,
        metadata: {},
        livemode: false,
        created,
      };
      customers.set(customer.id, customer);
      const subscriptionId = rid("sub");
      const invoiceId = rid("in");
      const metadata = { ...(subscriptionMetadata.get(session.id) ?? {}) };
      const recurring = (lineItems.get(session.id) ?? []).filter((i) => i.recurring);
      const subscription: StandInSubscription = {
        id: subscriptionId,
        object: "subscription",
        status: paid ? "active" : "incomplete",
        customer: customer.id,
        currency: session.currency,
        metadata,
        items: {
          object: "list",
          data: recurring.map((i) => ({
            id: rid("si"),
            object: "subscription_item",
            quantity: i.quantity,
            current_period_start: created,
            current_period_end: created + INTERVAL_DAYS[i.recurring!.interval] * i.recurring!.interval_count * DAY,
            price: {
              id: rid("price"),
              object: "price",
              currency: i.currency,
              unit_amount: i.unitAmount,
              type: "recurring",
              recurring: i.recurring!,
              product_data: { name: i.name, description: i.description },
            },
          })),
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
        },
        latest_invoice: invoiceId,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        start_date: created,
        livemode: false,
        created,
      };
      subscriptions.set(subscription.id, subscription);
      const invoice: StandInInvoice = {
        id: invoiceId,
        object: "invoice",
        status: paid ? "paid" : "open",
        billing_reason: "subscription_create",
        customer: customer.id,
        customer_email: session.customer_email,
        subscription: subscriptionId,
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: subscriptionId, metadata: { ...metadata } },
        },
        currency: session.currency,
        amount_due: session.amount_total,
        amount_paid: paid ? session.amount_total : 0,
        amount_remaining: paid ? 0 : session.amount_total,
        total: session.amount_total,
        metadata: {},
        livemode: false,
        created,
      };
      invoices.set(invoice.id, invoice);
      session.customer = customer.id;
      session.subscription = subscription.id;
      session.invoice = invoice.id;
      session.status = "complete";
      session.payment_status = paymentStatus;
      batch.push(makeEvent(session, "checkout.session.completed"));
      batch.push(makeEvent(subscription, "customer.subscription.created"));
      if (paid) batch.push(makeEvent(invoice, "invoice.paid"));
    } else {
      session.status = "complete";
      session.payment_status = paymentStatus;
      batch.push(makeEvent(session, "checkout.session.completed"));
    }
    return batch;
  }

  async function pay(id: string, o: PayOptions = {}) {
    const session = sessions.get(id);
    if (!session) throw new Error(`No such checkout session: ${id}`);
    const batch = complete(session, o.paymentStatus ?? "paid");
    if (typeof batch === "string") throw new Error(batch);
    if (o.deliver !== false) await deliver(batch);
    return batch[0] as StandInEvent;
  }

  function createSession(p: SessionParams, res: ServerResponse) {
    const items = lineItemsOf(p);
    if ("refusal" in items) return invalid(res, items.refusal, items.code);
    if (!p.success_url) return invalid(res, "Missing required param: success_url.", "parameter_missing");
    if (!p.mode) return invalid(res, "Missing required param: mode.", "parameter_missing");
    const hasRecurring = items.some((i) => i.recurring);
    if (p.mode === "subscription" && !hasRecurring) {
      return invalid(res, "You must provide at least one recurring price in `subscription` mode when using prices.");
    }
    if (p.mode === "payment" && hasRecurring) {
      return invalid(
        res,
        "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
      );
    }
    const created = nowSeconds();
    const expiresAt = p.expires_at === undefined ? created + DAY : Number(p.expires_at);
    if (!Number.isInteger(expiresAt)) return invalid(res, "Invalid integer: expires_at.");
    const total = items.reduce((a, i) => a + i.unitAmount * i.quantity, 0);
    const id = rid("cs");
    const session = withExpiry({
      id,
      object: "checkout.session",
      url: `${base}/checkout/${id}`,
      mode: p.mode,
      status: "open",
      payment_status: "unpaid",
      amount_total: total,
      amount_subtotal: total,
      currency: items[0]!.currency,
      client_reference_id: p.client_reference_id ?? null,
      customer: null,
      customer_email: p.customer_email ?? null,
      subscription: null,
      invoice: null,
      metadata: p.metadata ?? {},
      success_url: p.success_url,
      cancel_url: p.cancel_url ?? p.success_url,
      expires_at: expiresAt,
      livemode: false,
      created,
    });
    sessions.set(id, session);
    lineItems.set(id, items);
    if (p.mode === "subscription") subscriptionMetadata.set(id, p.subscription_data?.metadata ?? {});
    return session;
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", base);
      const method = req.method ?? "GET";
      const raw = method === "GET" ? "" : await readBody(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
      );
      if (url.pathname.startsWith("/v1/")) {
        requests.push({ method, path: url.pathname, headers, body: parseStripeForm(raw) });
        const auth = headers.authorization ?? "";
        const key = auth.replace(/^Bearer\s+/i, "");
        if (!key.startsWith("sk_") || (opts.secretKey && key !== opts.secretKey)) {
          return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided.");
        }
      }
      if (method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const ikey = headers["idempotency-key"];
        const again = ikey ? idempotent.get(ikey) : undefined;
        if (again) return json(res, 200, again);
        const session = createSession(parseStripeForm(raw) as SessionParams, res);
        if (!session) return;
        if (ikey) idempotent.set(ikey, session);
        return json(res, 200, session);
      }
      const sessionPath = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/);
      if (sessionPath) {
        const id = sessionPath[1]!;
        const session = sessions.get(id);
        if (!session) return missing(res, "checkout.session", id);
        if (method === "GET" && !sessionPath[2]) return json(res, 200, session);
        if (method === "POST" && sessionPath[2]) {
          if (session.status !== "open") {
            return invalid(res, "Only Checkout Sessions with a status of `open` can be expired.");
          }
          session.status = "expired";
          void deliver([makeEvent(session, "checkout.session.expired")]);
          return json(res, 200, session);
        }
      }
      const subscriptionPath = url.pathname.match(/^\/v1\/subscriptions\/([\w-]+)$/);
      if (subscriptionPath && (method === "GET" || method === "DELETE")) {
        const id = subscriptionPath[1]!;
        const subscription = subscriptions.get(id);
        // Like Stripe, a canceled subscription can be read but is gone for a second cancel.
        if (!subscription || (method === "DELETE" && subscription.status === "canceled")) {
          return missing(res, "subscription", id);
        }
        if (method === "DELETE") {
          subscription.status = "canceled";
          subscription.canceled_at = nowSeconds();
          subscription.ended_at = subscription.canceled_at;
          void deliver([makeEvent(subscription, "customer.subscription.deleted")]);
        }
        return json(res, 200, subscription);
      }
      const customerPath = url.pathname.match(/^\/v1\/customers\/([\w-]+)$/);
      if (customerPath && method === "GET") {
        const customer = customers.get(customerPath[1]!);
        return customer ? json(res, 200, customer) : missing(res, "customer", customerPath[1]!);
      }
      const page = url.pathname.match(/^\/checkout\/([\w-]+)(?:\/(pay|cancel))?$/);
      const session = page ? sessions.get(page[1]!) : undefined;
      if (page && session) {
        const items = lineItems.get(session.id) ?? [];
        const html = (status: number) => {
          res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
          return res.end(checkoutPage(session, items));
        };
        if (method === "GET" && !page[2]) return html(200);
        if (method === "POST" && page[2] === "pay") {
          const batch = complete(session, "paid");
          if (typeof batch === "string") return html(409);
          // Like the real provider, the webhooks and the browser's return race each other.
          void deliver(batch);
          res.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
          return res.end();
        }
        if (method === "POST" && page[2] === "cancel") {
          res.writeHead(303, { location: session.cancel_url });
          return res.end();
        }
      }
      return stripeError(res, 404, "invalid_request_error", "Unrecognized request URL.");
    } catch (err) {
      return stripeError(res, 500, "api_error", err instanceof Error ? err.message : "stand-in error");
    }
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    sessions,
    subscriptions,
    customers,
    invoices,
    requests,
    events,
    pay,
    sign,
    delivered: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const webhookUrl = arg("webhook");
  const standIn = await startStripeStandIn({
    port: Number(arg("port") ?? 12111),
    webhook: webhookUrl ? { url: webhookUrl, secret: arg("secret") ?? "whsec_stand_in" } : undefined,
  });
  console.log(`Stripe stand-in (tests and demos only) listening on ${standIn.url}`);
}
