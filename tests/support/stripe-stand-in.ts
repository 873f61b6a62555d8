/**
 * FOR TESTS AND DEMOS ONLY: a stand-in for the Stripe API on loopback. Production never starts it.
 *
 * The official SDK, pointed here with STRIPE_API_URL, drives what the application uses of Stripe over a license's
 * whole billing life (shapes follow the API version the SDK pins; only the fields the application may read are kept):
 * - Checkout Sessions: `POST /v1/checkout/sessions` (form-encoded, honoring Idempotency-Key; `mode=payment` or
 *   `mode=subscription`, line items with inline `price_data`, recurring ones with `price_data[recurring]`; `customer`
 *   to bill an existing customer; in payment mode `customer_creation` and `payment_intent_data[setup_future_usage]`,
 *   `[metadata]`, `[description]`), `GET /v1/checkout/sessions/:id`, `POST /v1/checkout/sessions/:id/expire`. A session
 *   is open until it is paid, expired through the API, or its `expires_at` passes (it then reads `expired`).
 * - Subscriptions: `GET /v1/subscriptions/:id`; `POST /v1/subscriptions/:id` (`cancel_at_period_end` setting
 *   `cancel_at` to the period's end, `metadata`, `cancellation_details`; honoring Idempotency-Key; a canceled one
 *   takes only the last two, like Stripe); `DELETE /v1/subscriptions/:id` (cancels it now). Periods live on the items
 *   (`current_period_start/end`) and run in calendar months and years (UTC, counted from `billing_cycle_anchor`; the
 *   31st falls back to a shorter month's last day), days and weeks as exact days.
 * - Invoices: `GET /v1/invoices/:id`, `GET /v1/invoices?customer=&subscription=&status=` (newest first, `limit`,
 *   `starting_after`), `POST /v1/invoices/:id/pay` (charges the customer's card now; 402 card errors as Stripe
 *   answers; "Invoice is already paid"). Each has `lines` (subscription lines first, then the first invoice's one-time
 *   items; the service period is `lines.data[].period`: like Stripe, `period_start`/`period_end` look back, a
 *   renewal's being the period that just ended and the first invoice's both its creation), `payments` (the invoice's
 *   PaymentIntent, kept across attempts), `status_transitions`, `attempt_count`, `next_payment_attempt`, and a hosted
 *   page and PDF served here (`hosted_invoice_url` = `/invoices/:id`, `invoice_pdf` = `/invoices/:id/pdf`).
 * - Payments: `POST /v1/payment_intents` (off-session charges of a saved card: `customer`, `payment_method`,
 *   `off_session`, `confirm`; honoring Idempotency-Key), `GET /v1/payment_intents/:id`, `GET /v1/charges/:id` (with a
 *   receipt page at `/receipts/:id`), `POST /v1/refunds` (`payment_intent` or `charge`, `amount` defaulting to what
 *   remains, `reason`, `metadata`; honoring Idempotency-Key), `GET /v1/refunds?payment_intent=|charge=`,
 *   `GET /v1/refunds/:id`. Declines answer 402 card errors (`card_declined` / `authentication_required`, the
 *   PaymentIntent in the error) as Stripe does.
 * - Customers and cards: `GET /v1/customers/:id`, `GET /v1/customers/:id/payment_methods`,
 *   `GET /v1/payment_methods/:id`. Paying a checkout saves a Visa ending 4242 (`pm_test_…`) as the customer's
 *   `invoice_settings.default_payment_method` in subscription mode, and in payment mode when
 *   `setup_future_usage` was asked (a customer is used or created there also for `customer=` or
 *   `customer_creation=always`); every paid checkout makes a succeeded PaymentIntent and Charge (payment mode:
 *   the session's `payment_intent`; subscription mode: the first invoice's payment).
 * - Customer portal: `POST /v1/billing_portal/sessions` (`customer`, `return_url`) whose `url` is a small page here
 *   (`/portal/:id`): the card on file, the customer's invoices with links, "Use a card that works" (makes the card
 *   work, pays every open invoice, sends the events, then goes back to `return_url`) and "Return to PoundCodes".
 *
 * Each session's `url` is a small hosted checkout page here listing its line items: "Pay" completes the session
 * (for a subscription: a customer, an active subscription and a paid invoice), sends the signed webhooks to the
 * application (signed with the SDK's test-header helper and the configured webhook secret), and sends the browser
 * back to the session's success URL; "Cancel" sends it to the cancel URL.
 *
 * Test helpers: the objects in `sessions`, `subscriptions`, `customers`, `invoices`, `paymentIntents`, `charges`,
 * `refunds`, `paymentMethods` and `portalSessions`; what the SDK sent in `requests`; every event in `events`.
 * `pay()` pays a checkout; `clock()` is the stand-in's own time (real time plus an offset: every `created`, period and
 * expiry reads it); `advance(subscriptionId)` moves the clock to the end of the current period and renews (or ends) the
 * subscription; `setCard(customerId, "ok" | "fails" | "requires_action")` makes the customer's card work, decline
 * (`card_declined`) or ask for authentication; `payOpenInvoices(customerId)` pays what the customer owes, as the
 * portal does.
 *
 * Webhooks sent, in this order (each one signed, sent after the one before it was answered):
 * - paying a checkout: `checkout.session.completed`, then for a subscription `customer.subscription.created` and
 *   `invoice.paid`;
 * - expiring a session through the API: `checkout.session.expired` (a session whose `expires_at` merely passed sends
 *   nothing);
 * - canceling a subscription now, or `advance` past the end of a period it was to end at: `customer.subscription.deleted`;
 * - updating a subscription: `customer.subscription.updated` (when something changed; `data.previous_attributes`);
 * - `advance` renewing: `invoice.paid`, `invoice.payment_failed` (card declines; subscription `past_due`, retry in three
 *   days) or `invoice.payment_action_required` (authentication needed; `past_due`), then `customer.subscription.updated`;
 * - paying an invoice (`invoices.pay`, the portal, `payOpenInvoices`): `invoice.paid` (then
 *   `customer.subscription.updated` when its subscription goes back to `active`), or `invoice.payment_failed` /
 *   `invoice.payment_action_required`;
 * - a refund: `charge.refunded`;
 * - a PaymentIntent confirmed on creation: `payment_intent.succeeded`, or `payment_intent.payment_failed` (off
 *   session) / `payment_intent.requires_action` (on session, a card asking for authentication).
 *
 * The clock only moves forward, with `advance`: a test that moved it gives later sessions an `expires_at` counted from
 * `clock()`, not from real time, or they read expired.
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
  /** `expired` once `expires_at` has passed on the stand-in's clock, read at the time (the field is a getter). */
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer: string | null;
  /** `always` or `if_required` in payment mode; null in subscription mode or when `customer` was given. */
  customer_creation: "always" | "if_required" | null;
  customer_email: string | null;
  /** Payment mode: the PaymentIntent, once paid. Null in subscription mode (the invoice has it). */
  payment_intent: string | null;
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
export type StandInRecurring = { interval: StandInInterval; interval_count: number };

/** One line item of a session as the request gave it (kept for the checkout page; not part of the session JSON). */
export type StandInLineItem = {
  /** The product name the request gave (`price_data[product_data][name]`). */
  name: string | null;
  description: string | null;
  currency: string;
  unitAmount: number;
  quantity: number;
  /** Null for a one-time item. */
  recurring: StandInRecurring | null;
};

/** How a customer's card answers a charge: it works, it declines (`card_declined`), or it asks for authentication. */
export type StandInCardState = "ok" | "fails" | "requires_action";

export type StandInCustomer = {
  id: string;
  object: "customer";
  email: string | null;
  invoice_settings: {
    default_payment_method: string | null;
    custom_fields: null;
    footer: null;
    rendering_options: null;
  };
  metadata: Record<string, string>;
  livemode: false;
  created: number;
};

export type StandInPaymentMethod = {
  id: string;
  object: "payment_method";
  type: "card";
  card: { brand: string; display_brand: string; last4: string; exp_month: number; exp_year: number; funding: string };
  billing_details: { email: string | null; name: null; phone: null; address: null };
  /** Null when the card was used once without being saved. */
  customer: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
};

export type StandInCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  paid: boolean;
  refunded: boolean;
  status: "succeeded" | "failed";
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: "card"; card: { brand: string; last4: string; exp_month: number; exp_year: number } };
  description: string | null;
  failure_code: string | null;
  failure_message: string | null;
  outcome: { type: "authorized" | "issuer_declined"; network_status: string; seller_message: string };
  receipt_url: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
};

export type StandInPaymentError = {
  type: "card_error";
  code: string;
  decline_code: string;
  message: string;
  charge?: string;
  payment_method: StandInPaymentMethod | null;
};

export type StandInPaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "succeeded";
  customer: string | null;
  /** Null again after a failed attempt, as Stripe does (the card is in `last_payment_error.payment_method`). */
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: StandInPaymentError | null;
  next_action: { type: "use_stripe_sdk"; use_stripe_sdk: Record<string, never> } | null;
  setup_future_usage: "off_session" | "on_session" | null;
  description: string | null;
  metadata: Record<string, string>;
  payment_method_types: string[];
  capture_method: "automatic";
  confirmation_method: "automatic";
  client_secret: string;
  canceled_at: null;
  cancellation_reason: null;
  livemode: false;
  created: number;
};

export type StandInRefund = {
  id: string;
  object: "refund";
  status: "succeeded";
  amount: number;
  charge: string;
  payment_intent: string;
  payment_method: string;
  customer: string | null;
  currency: string;
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | null;
  metadata: Record<string, string>;
  balance_transaction: null;
  receipt_number: null;
  created: number;
};

export type StandInSubscriptionItem = {
  id: string;
  object: "subscription_item";
  subscription: string;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  price: {
    id: string;
    object: "price";
    currency: string;
    unit_amount: number;
    type: "recurring";
    recurring: StandInRecurring;
    product: string;
    product_data: { name: string | null; description: string | null };
  };
  metadata: Record<string, string>;
  created: number;
};

export type StandInSubscription = {
  id: string;
  object: "subscription";
  status: "active" | "incomplete" | "past_due" | "canceled";
  customer: string;
  currency: string;
  metadata: Record<string, string>;
  items: { object: "list"; data: StandInSubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  default_payment_method: string | null;
  collection_method: "charge_automatically";
  /** Where the periods count from (the start); a month later, and so on. */
  billing_cycle_anchor: number;
  cancel_at_period_end: boolean;
  /** The end of the current period while `cancel_at_period_end`; null otherwise. */
  cancel_at: number | null;
  /** When the cancellation was asked (the update or the DELETE), not when it took effect (that is `ended_at`). */
  canceled_at: number | null;
  cancellation_details: {
    reason: "cancellation_requested" | null;
    comment: string | null;
    feedback: string | null;
  };
  ended_at: number | null;
  start_date: number;
  livemode: false;
  created: number;
};

export type StandInInvoiceLine = {
  id: string;
  object: "line_item";
  amount: number;
  subtotal: number;
  currency: string;
  description: string;
  invoice: string;
  quantity: number;
  /** The service period: a subscription item's period, or the invoice's creation for a one-time item. */
  period: { start: number; end: number };
  parent:
    | {
        type: "subscription_item_details";
        invoice_item_details: null;
        subscription_item_details: {
          invoice_item: null;
          proration: false;
          proration_details: { credited_items: null };
          subscription: string;
          subscription_item: string;
        };
      }
    | {
        type: "invoice_item_details";
        invoice_item_details: {
          invoice_item: string;
          proration: false;
          proration_details: { credited_items: null };
          subscription: string;
        };
        subscription_item_details: null;
      };
  pricing: { type: "price_details"; price_details: { price: string; product: string }; unit_amount_decimal: string };
  discountable: true;
  discounts: [];
  discount_amounts: [];
  pretax_credit_amounts: [];
  taxes: [];
  metadata: Record<string, string>;
  livemode: false;
};

export type StandInInvoicePayment = {
  id: string;
  object: "invoice_payment";
  invoice: string;
  /** Null until paid. */
  amount_paid: number | null;
  amount_requested: number;
  currency: string;
  is_default: true;
  status: "open" | "paid";
  payment: { type: "payment_intent"; payment_intent: string };
  status_transitions: { paid_at: number | null; canceled_at: null };
  livemode: false;
  created: number;
};

export type StandInInvoice = {
  id: string;
  object: "invoice";
  number: string;
  status: "open" | "paid";
  billing_reason: "subscription_create" | "subscription_cycle";
  collection_method: "charge_automatically";
  customer: string;
  customer_email: string | null;
  /** Kept at the top level for convenience; the current API version names it under `parent` only. */
  subscription: string;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  currency: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  subtotal: number;
  total: number;
  attempt_count: number;
  attempted: boolean;
  /** When Stripe would retry a declined payment (three days on here); null once paid or when not retried. */
  next_payment_attempt: number | null;
  last_finalization_error: null;
  /** Like Stripe, the period the invoice looks back on (see the header); the service period is on the lines. */
  period_start: number;
  period_end: number;
  lines: { object: "list"; data: StandInInvoiceLine[]; has_more: false; url: string };
  payments: { object: "list"; data: StandInInvoicePayment[]; has_more: false; url: string };
  hosted_invoice_url: string;
  invoice_pdf: string;
  status_transitions: {
    finalized_at: number;
    paid_at: number | null;
    marked_uncollectible_at: null;
    voided_at: null;
  };
  effective_at: number;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
};

export type StandInPortalSession = {
  id: string;
  object: "billing_portal.session";
  configuration: string;
  customer: string;
  customer_account: null;
  flow: null;
  locale: null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
  livemode: false;
  created: number;
};

export type StandInObject =
  | StandInSession
  | StandInSubscription
  | StandInInvoice
  | StandInCustomer
  | StandInPaymentIntent
  | StandInCharge
  | StandInRefund
  | StandInPaymentMethod;

export type StandInRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** The query string, parsed like a form (list filters). */
  query: Record<string, unknown>;
};

export type StandInOptions = {
  port?: number;
  /** Where the signed webhooks go; without it none is sent. */
  webhook?: { url: string; secret: string };
  /** The secret key the SDK must send (any `sk_` key when unset). */
  secretKey?: string;
};

export type PayOptions = { paymentStatus?: StandInSession["payment_status"]; deliver?: boolean };

/** `deliver: false` makes and returns the events without sending them. */
export type DeliverOptions = { deliver?: boolean };

export type StripeStandIn = {
  url: string;
  port: number;
  sessions: Map<string, StandInSession>;
  subscriptions: Map<string, StandInSubscription>;
  customers: Map<string, StandInCustomer>;
  invoices: Map<string, StandInInvoice>;
  paymentIntents: Map<string, StandInPaymentIntent>;
  charges: Map<string, StandInCharge>;
  refunds: Map<string, StandInRefund>;
  paymentMethods: Map<string, StandInPaymentMethod>;
  portalSessions: Map<string, StandInPortalSession>;
  requests: StandInRequest[];
  /** Every event made so far, oldest first, whether sent or not. */
  events: StandInEvent<StandInObject>[];
  /**
   * Completes an open session, paid (or left unpaid, for async methods), and returns its `checkout.session.completed`
   * event; for a subscription it also creates the customer, subscription and invoice and their events (in `events`).
   * Sends the events in order unless `deliver: false`. Throws for an unknown, expired or already complete session.
   */
  pay(id: string, opts?: PayOptions): Promise<StandInEvent>;
  /** The stand-in's time, unix seconds: real time plus however far `advance` has moved it. */
  clock(): number;
  /** Makes the customer's card work, decline every charge, or ask for authentication on every charge. */
  setCard(customerId: string, state: StandInCardState): void;
  /**
   * Moves the clock to the end of the subscription's current period (if it is not already past it), then ends the
   * subscription if it was to cancel at period end, or else starts the next period, invoices it and charges the card.
   * Returns the events made, in order, and sends them unless `deliver: false`. Throws for an unknown, canceled or
   * incomplete subscription.
   */
  advance(subscriptionId: string, opts?: DeliverOptions): Promise<StandInEvent<StandInObject>[]>;
  /** Charges the customer's card for each open invoice, oldest first (as the portal's button does); the events. */
  payOpenInvoices(customerId: string, opts?: DeliverOptions): Promise<StandInEvent<StandInObject>[]>;
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
  /** `previous_attributes`: for `*.updated` and `charge.refunded`, the top-level fields that changed, as they were. */
  data: { object: T; previous_attributes?: Record<string, unknown> };
};

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const DAY = 24 * 60 * 60;
const INTERVAL_DAYS: Record<StandInInterval, number> = { day: 1, week: 7, month: 30, year: 365 };
/** Stripe retries a declined subscription payment later; here always three days on. */
const RETRY_AFTER = 3 * DAY;
const DECLINED = "Your card was declined.";
const NEEDS_AUTHENTICATION = "Your card was declined. This transaction requires authentication.";
const INVOICE_NEEDS_ACTION =
  "This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice.";
const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

/**
 * `anchor` moved on by `k` intervals: months and years on the calendar in UTC (a day a month lacks falls back to that
 * month's last day, and the next month goes back to the anchor's day, as Stripe bills), days and weeks as exact days.
 */
export function addInterval(anchor: number, r: StandInRecurring, k: number): number {
  const n = r.interval_count * k;
  if (r.interval === "day" || r.interval === "week") return anchor + n * INTERVAL_DAYS[r.interval] * DAY;
  const d = new Date(anchor * 1000);
  const month = d.getUTCMonth() + (r.interval === "year" ? 12 * n : n);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const at = Date.UTC(
    d.getUTCFullYear(),
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
  return Math.floor(at / 1000);
}

/** The end of the period after the one ending at `end`, counted from `anchor`. */
function nextPeriodEnd(anchor: number, r: StandInRecurring, end: number): number {
  let k = 1;
  while (addInterval(anchor, r, k) <= end) k++;
  return addInterval(anchor, r, k);
}

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

const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "short",
    day: "numeric",
  });

const every = (r: StandInRecurring) => (r.interval_count === 1 ? r.interval : `${r.interval_count} ${r.interval}s`);

const snapshot = <T>(o: T): T => JSON.parse(JSON.stringify(o)) as T;

/** The top-level fields of `before` that differ in `after`, as they were (an event's `previous_attributes`). */
function changed(before: object, after: object): Record<string, unknown> {
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(was)
      .filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]))
      .map((k) => [k, was[k]]),
  );
}

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

const PAGE_STYLE =
  "body{margin:0;font-family:system-ui,sans-serif;background:#f4f6fa;color:#0b1f3a}main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 8px 30px rgba(11,31,58,.12)}h1{font-size:20px;margin:0 0 4px}p{color:#4b5563}ul{list-style:none;padding:0;margin:16px 0;border-top:1px solid #e5e7eb}li{padding:8px 0;border-bottom:1px solid #e5e7eb}.due{margin:16px 0 0;font-size:14px}.amount{font-size:36px;font-weight:700;margin:4px 0 16px}.then{margin-top:-12px}button{width:100%;padding:12px;border-radius:8px;border:0;font-size:16px;font-weight:600;cursor:pointer;margin-top:10px}.pay{background:#0b1f3a;color:#fff}.cancel{background:#e5e7eb;color:#0b1f3a}.note{font-size:12px;margin-top:18px}";

/** The wider pages (portal, invoice, receipt) share the checkout's look. */
const WIDE_STYLE = `${PAGE_STYLE}main{max-width:640px}h2{font-size:16px;margin:24px 0 8px}table{width:100%;border-collapse:collapse;font-size:14px}th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #e5e7eb}a{color:#0b1f3a}.back{display:block;text-align:center;margin-top:14px}.scroll{overflow-x:auto}`;

const page = (title: string, style: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>${style}</style></head>
<body><main>${body}</main></body></html>`;

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
<style>${PAGE_STYLE}</style></head>
<body><main><h1>${esc(title)}</h1><p>Test checkout: no card is charged.</p><ul>${rows}</ul>
<p class="due">Total due today</p><div class="amount" data-testid="checkout-amount">${amount}</div>${then ? `<p class="then" data-testid="checkout-then">${esc(then)}</p>` : ""}
${done ? `<p>This checkout is ${esc(s.status)}.</p>` : `<form method="post" action="/checkout/${esc(s.id)}/pay"><button class="pay" type="submit">Pay ${amount}</button></form><form method="post" action="/checkout/${esc(s.id)}/cancel"><button class="cancel" type="submit">Cancel</button></form>`}
<p class="note">Stand-in for Stripe Checkout, for tests and demos.</p></main></body></html>`;
}

const CARD_SAYS: Record<StandInCardState, string> = {
  ok: "Works",
  fails: "Declines every charge",
  requires_action: "Asks for authentication on every charge",
};

/** The service period an invoice bills: its first subscription line's, or its creation. */
function servicePeriod(invoice: StandInInvoice) {
  const line = invoice.lines.data.find((l) => l.parent.type === "subscription_item_details") ?? invoice.lines.data[0];
  return line?.period ?? { start: invoice.created, end: invoice.created };
}

function portalPage(
  portal: StandInPortalSession,
  card: StandInPaymentMethod | null,
  state: StandInCardState,
  owed: StandInInvoice[],
): string {
  const cardLine = card
    ? `<p data-testid="portal-card">${esc(card.card.brand === "visa" ? "Visa" : card.card.brand)} ending in ${esc(card.card.last4)}, expires ${card.card.exp_month}/${card.card.exp_year}: <strong data-testid="portal-card-state">${CARD_SAYS[state]}</strong></p>`
    : `<p data-testid="portal-card">No card on file.</p>`;
  const rows = owed
    .map((i) => {
      const p = servicePeriod(i);
      return `<tr data-testid="portal-invoice"><td>${esc(i.number)}</td><td>${day(p.start)} – ${day(p.end)}</td><td>${money(i.amount_due, i.currency)}</td><td>${i.status === "paid" ? "Paid" : "Open"}</td><td><a href="${esc(i.hosted_invoice_url)}">View invoice ${esc(i.number)}</a> · <a href="${esc(i.invoice_pdf)}">PDF of invoice ${esc(i.number)}</a></td></tr>`;
    })
    .join("");
  const table = owed.length
    ? `<div class="scroll"><table><thead><tr><th scope="col">Invoice</th><th scope="col">Period</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Links</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : "<p>No invoices yet.</p>";
  const back = portal.return_url
    ? `<a class="back" href="${esc(portal.return_url)}">Return to PoundCodes</a>`
    : "<p>Return to PoundCodes from your browser's history.</p>";
  return page(
    "Customer portal (test stand-in)",
    WIDE_STYLE,
    `<h1>Customer portal (test stand-in)</h1><p>Test portal: no card is charged.</p>
<h2>Payment method</h2>${cardLine}
<form method="post" action="/portal/${esc(portal.id)}/card"><button class="pay" type="submit">Use a card that works</button></form>
<h2>Invoices</h2>${table}
${back}
<p class="note">Stand-in for the Stripe customer portal, for tests and demos.</p>`,
  );
}

function invoicePage(i: StandInInvoice): string {
  const p = servicePeriod(i);
  const lines = i.lines.data
    .map((l) => `<li data-testid="invoice-line">${esc(l.description)} ${money(l.amount, l.currency)}</li>`)
    .join("");
  return page(
    `Invoice ${i.number} (test stand-in)`,
    WIDE_STYLE,
    `<h1>Invoice ${esc(i.number)}</h1><p>Test invoice: no card is charged.</p>
<p data-testid="invoice-period">Service period ${day(p.start)} – ${day(p.end)}</p><ul>${lines}</ul>
<p class="due">${i.status === "paid" ? "Amount paid" : "Amount due"}</p><div class="amount" data-testid="invoice-amount">${money(i.amount_due, i.currency)}</div>
<p data-testid="invoice-status">Status: ${i.status === "paid" ? `paid on ${day(i.status_transitions.paid_at!)}` : "open"}</p>
<p><a href="${esc(i.invoice_pdf)}">Download invoice ${esc(i.number)} (PDF)</a></p>
<p class="note">Stand-in for a Stripe hosted invoice page, for tests and demos.</p>`,
  );
}

/** Not a real PDF renderer: a one-page PDF whose text says what the invoice says. */
function invoicePdf(i: StandInInvoice): string {
  const p = servicePeriod(i);
  const text =
    `Invoice ${i.number} - ${money(i.amount_due, i.currency)} - ${i.status} - ${day(p.start)} to ${day(p.end)}`
      .replace(/[()\\]/g, "")
      .replace(/[^\x20-\x7e]/g, "-");
  const content = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, n) => {
    offsets.push(out.length);
    out += `${n + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  return `${out}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

function receiptPage(c: StandInCharge): string {
  return page(
    "Receipt (test stand-in)",
    WIDE_STYLE,
    `<h1>Receipt</h1><p>Test receipt: no card was charged.</p>
<div class="amount" data-testid="receipt-amount">${money(c.amount, c.currency)}</div>
<p>${esc(c.payment_method_details.card.brand === "visa" ? "Visa" : c.payment_method_details.card.brand)} ending in ${esc(c.payment_method_details.card.last4)}, ${day(c.created)}</p>
${c.amount_refunded > 0 ? `<p data-testid="receipt-refunded">Refunded ${money(c.amount_refunded, c.currency)}</p>` : ""}
<p class="note">Stand-in for a Stripe receipt, for tests and demos.</p>`,
  );
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

/** An answer of the newer endpoints, kept as it was sent for an Idempotency-Key used again. */
type Reply = { status: number; body: unknown };

const ok = (body: unknown): Reply => ({ status: 200, body });
const refuse = (message: string, code?: string): Reply => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } },
});
const notFound = (noun: string, id: string): Reply => ({
  status: 404,
  body: { error: { type: "invalid_request_error", message: `No such ${noun}: '${id}'`, code: "resource_missing" } },
});

/** A list answer, newest first (`all` is oldest first), with Stripe's `limit` (10) and `starting_after`. */
function listOf<T extends { id: string }>(all: T[], query: URLSearchParams, url: string) {
  const newest = [...all].reverse();
  const after = query.get("starting_after");
  const from = after ? newest.findIndex((x) => x.id === after) + 1 : 0;
  const limit = Math.min(Math.max(Number(query.get("limit") ?? 10) || 10, 1), 100);
  return { object: "list", data: newest.slice(from, from + limit), has_more: from + limit < newest.length, url };
}

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
  customer?: string;
  customer_creation?: string;
  customer_email?: string;
  metadata?: Record<string, string>;
  subscription_data?: { metadata?: Record<string, string> };
  payment_intent_data?: { setup_future_usage?: string; metadata?: Record<string, string>; description?: string };
  success_url?: string;
  cancel_url?: string;
  expires_at?: string;
};

/** What a payment-mode session asked of its PaymentIntent (kept for paying it; not part of the session JSON). */
type PaymentIntentData = {
  setupFutureUsage: StandInPaymentIntent["setup_future_usage"];
  metadata: Record<string, string>;
  description: string | null;
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

/** A session whose `status` reads `expired` once `expires_at` has passed (on `now`) while it was still open. */
function withExpiry(session: StandInSession, now: () => number): StandInSession {
  let stored = session.status;
  return Object.defineProperty(session, "status", {
    enumerable: true,
    configurable: true,
    get: () => (stored === "open" && session.expires_at <= now() ? "expired" : stored),
    set: (value: StandInSession["status"]) => {
      stored = value;
    },
  });
}

export async function startStripeStandIn(opts: StandInOptions = {}): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const lineItems = new Map<string, StandInLineItem[]>();
  const subscriptionMetadata = new Map<string, Record<string, string>>();
  const paymentIntentData = new Map<string, PaymentIntentData>();
  const subscriptions = new Map<string, StandInSubscription>();
  const customers = new Map<string, StandInCustomer>();
  const invoices = new Map<string, StandInInvoice>();
  const paymentIntents = new Map<string, StandInPaymentIntent>();
  const charges = new Map<string, StandInCharge>();
  const refunds = new Map<string, StandInRefund>();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const portalSessions = new Map<string, StandInPortalSession>();
  const cards = new Map<string, StandInCardState>();
  /** Per customer, the invoice number prefix and the next number (Stripe numbers invoices `PREFIX-0001`). */
  const numbering = new Map<string, { prefix: string; next: number }>();
  const idempotent = new Map<string, StandInSession>();
  /** The newer endpoints' answers by method, path and Idempotency-Key, with the body they were asked with. */
  const replies = new Map<string, { raw: string; reply: Reply }>();
  const requests: StandInRequest[] = [];
  const events: StandInEvent<StandInObject>[] = [];
  const inFlight = new Set<Promise<void>>();
  const portalConfiguration = rid("bpc");
  let offset = 0;
  let base = "";

  /** The stand-in's clock, unix seconds. */
  const now = () => Math.floor(Date.now() / 1000) + offset;

  function makeEvent<T extends StandInObject>(
    object: T,
    type: string,
    previous?: Record<string, unknown>,
  ): StandInEvent<T> {
    const event: StandInEvent<T> = {
      id: rid("evt"),
      object: "event",
      type,
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // A snapshot: later changes to the object do not show in an event already made.
      data: { object: snapshot(object), ...(previous ? { previous_attributes: snapshot(previous) } : {}) },
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

  /**
   * Sends events one after another, in order; the returned promise settles when the last was answered. Batches are
   * chained, so a batch made later is never sent before one made earlier.
   */
  let queue: Promise<void> = Promise.resolve();
  function deliver(batch: StandInEvent<StandInObject>[]): Promise<void> {
    const run = queue.then(async () => {
      for (const event of batch) await post(event);
    });
    queue = run.catch(() => undefined);
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  }

  function newCustomer(email: string | null): StandInCustomer {
    const customer: StandInCustomer = {
      id: rid("cus"),
      object: "customer",
      email,
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null, rendering_options: null },
      metadata: {},
      livemode: false,
      created: now(),
    };
    customers.set(customer.id, customer);
    return customer;
  }

  const cardOf = (customerId: string | null): StandInCardState => (customerId ? (cards.get(customerId) ?? "ok") : "ok");

  /** The card a checkout or the portal collects: a working Visa ending 4242, saved as the default when `saveFor`. */
  function newCard(email: string | null, saveFor: StandInCustomer | null): StandInPaymentMethod {
    const created = now();
    const pm: StandInPaymentMethod = {
      id: rid("pm"),
      object: "payment_method",
      type: "card",
      card: {
        brand: "visa",
        display_brand: "visa",
        last4: "4242",
        exp_month: 12,
        exp_year: new Date(created * 1000).getUTCFullYear() + 3,
        funding: "credit",
      },
      billing_details: { email, name: null, phone: null, address: null },
      customer: saveFor?.id ?? null,
      metadata: {},
      livemode: false,
      created,
    };
    paymentMethods.set(pm.id, pm);
    if (saveFor) {
      saveFor.invoice_settings.default_payment_method = pm.id;
      cards.set(saveFor.id, "ok");
    }
    return pm;
  }

  function newPaymentIntent(p: {
    amount: number;
    currency: string;
    customer: string | null;
    paymentMethod: string | null;
    description: string | null;
    metadata: Record<string, string>;
    setupFutureUsage: StandInPaymentIntent["setup_future_usage"];
  }): StandInPaymentIntent {
    const id = rid("pi");
    const pi: StandInPaymentIntent = {
      id,
      object: "payment_intent",
      amount: p.amount,
      amount_received: 0,
      currency: p.currency,
      status: p.paymentMethod ? "requires_confirmation" : "requires_payment_method",
      customer: p.customer,
      payment_method: p.paymentMethod,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      setup_future_usage: p.setupFutureUsage,
      description: p.description,
      metadata: p.metadata,
      payment_method_types: ["card"],
      capture_method: "automatic",
      confirmation_method: "automatic",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      canceled_at: null,
      cancellation_reason: null,
      livemode: false,
      created: now(),
    };
    paymentIntents.set(pi.id, pi);
    return pi;
  }

  function newCharge(pi: StandInPaymentIntent, pm: StandInPaymentMethod, succeeded: boolean): StandInCharge {
    const id = rid("ch");
    const charge: StandInCharge = {
      id,
      object: "charge",
      amount: pi.amount,
      amount_captured: succeeded ? pi.amount : 0,
      amount_refunded: 0,
      captured: succeeded,
      paid: succeeded,
      refunded: false,
      status: succeeded ? "succeeded" : "failed",
      currency: pi.currency,
      customer: pi.customer,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: {
        type: "card",
        card: {
          brand: pm.card.brand,
          last4: pm.card.last4,
          exp_month: pm.card.exp_month,
          exp_year: pm.card.exp_year,
        },
      },
      description: pi.description,
      failure_code: succeeded ? null : "card_declined",
      failure_message: succeeded ? null : DECLINED,
      outcome: succeeded
        ? { type: "authorized", network_status: "approved_by_network", seller_message: "Payment complete." }
        : {
            type: "issuer_declined",
            network_status: "declined_by_network",
            seller_message: "The bank did not return any further details with this decline.",
          },
      receipt_url: succeeded ? `${base}/receipts/${id}` : null,
      metadata: { ...pi.metadata },
      livemode: false,
      created: now(),
    };
    charges.set(charge.id, charge);
    return charge;
  }

  /** A PaymentIntent paid with `pm`, whatever the customer's card state (a card just entered works). */
  function succeed(pi: StandInPaymentIntent, pm: StandInPaymentMethod) {
    const charge = newCharge(pi, pm, true);
    Object.assign(pi, {
      status: "succeeded",
      payment_method: pm.id,
      amount_received: pi.amount,
      latest_charge: charge.id,
      last_payment_error: null,
      next_action: null,
    });
  }

  /**
   * Confirms a PaymentIntent with a saved card as the customer's card state says. Off session, a card that needs
   * authentication fails the attempt (`authentication_required`); on session (an invoice's payment) the intent waits
   * in `requires_action`. A declined attempt leaves a failed Charge.
   */
  function confirm(pi: StandInPaymentIntent, paymentMethodId: string | null, offSession: boolean): StandInCardState {
    const pm = paymentMethodId ? paymentMethods.get(paymentMethodId) : undefined;
    const state = pm ? cardOf(pi.customer) : "fails";
    if (state === "ok" && pm) {
      succeed(pi, pm);
      return "ok";
    }
    if (state === "requires_action" && !offSession) {
      Object.assign(pi, {
        status: "requires_action",
        payment_method: pm!.id,
        next_action: { type: "use_stripe_sdk", use_stripe_sdk: {} },
      });
      return state;
    }
    const failed = state === "fails" && pm ? newCharge(pi, pm, false) : null;
    Object.assign(pi, {
      status: "requires_payment_method",
      payment_method: null,
      next_action: null,
      latest_charge: failed?.id ?? pi.latest_charge,
      last_payment_error: {
        type: "card_error",
        code: state === "fails" ? "card_declined" : "authentication_required",
        decline_code: state === "fails" ? "generic_decline" : "authentication_required",
        message: state === "fails" ? DECLINED : NEEDS_AUTHENTICATION,
        ...(failed ? { charge: failed.id } : {}),
        payment_method: pm ? snapshot(pm) : null,
      },
    });
    return state;
  }

  /** A 402 card error as Stripe answers a declined confirmation, carrying the PaymentIntent. */
  function cardError(pi: StandInPaymentIntent, e: Partial<StandInPaymentError> = pi.last_payment_error ?? {}): Reply {
    return {
      status: 402,
      body: {
        error: {
          type: "card_error",
          code: e.code,
          ...(e.decline_code ? { decline_code: e.decline_code } : {}),
          message: e.message,
          ...(e.charge ? { charge: e.charge } : {}),
          doc_url: `https://docs.stripe.com/error-codes/${String(e.code).replaceAll("_", "-")}`,
          payment_intent: snapshot(pi),
          payment_method: e.payment_method ?? null,
        },
      },
    };
  }

  type LineSpec =
    | { kind: "subscription"; item: StandInSubscriptionItem }
    | { kind: "one_time"; item: StandInLineItem; subscription: string; at: number };

  function invoiceLine(invoiceId: string, spec: LineSpec): StandInInvoiceLine {
    const common = {
      id: rid("il"),
      object: "line_item" as const,
      invoice: invoiceId,
      discountable: true as const,
      discounts: [] as [],
      discount_amounts: [] as [],
      pretax_credit_amounts: [] as [],
      taxes: [] as [],
      metadata: {},
      livemode: false as const,
    };
    if (spec.kind === "subscription") {
      const { item } = spec;
      const amount = item.price.unit_amount * item.quantity;
      return {
        ...common,
        amount,
        subtotal: amount,
        currency: item.price.currency,
        description: `${item.quantity} × ${item.price.product_data.name ?? "Subscription"} (at ${money(item.price.unit_amount, item.price.currency)} / ${every(item.price.recurring)})`,
        quantity: item.quantity,
        period: { start: item.current_period_start, end: item.current_period_end },
        parent: {
          type: "subscription_item_details",
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: item.subscription,
            subscription_item: item.id,
          },
        },
        pricing: {
          type: "price_details",
          price_details: { price: item.price.id, product: item.price.product },
          unit_amount_decimal: String(item.price.unit_amount),
        },
      };
    }
    const { item } = spec;
    const amount = item.unitAmount * item.quantity;
    return {
      ...common,
      amount,
      subtotal: amount,
      currency: item.currency,
      description: item.name ?? "Item",
      quantity: item.quantity,
      period: { start: spec.at, end: spec.at },
      parent: {
        type: "invoice_item_details",
        invoice_item_details: {
          invoice_item: rid("ii"),
          proration: false,
          proration_details: { credited_items: null },
          subscription: spec.subscription,
        },
        subscription_item_details: null,
      },
      pricing: {
        type: "price_details",
        price_details: { price: rid("price"), product: rid("prod") },
        unit_amount_decimal: String(item.unitAmount),
      },
    };
  }

  /** A finalized, open invoice of `subscription` for `lines`, looking back on `period` (see the header). */
  function newInvoice(
    subscription: StandInSubscription,
    billingReason: StandInInvoice["billing_reason"],
    specs: LineSpec[],
    period: { start: number; end: number },
  ): StandInInvoice {
    const id = rid("in");
    const created = now();
    const lines = specs.map((s) => invoiceLine(id, s));
    const total = lines.reduce((a, l) => a + l.amount, 0);
    let counter = numbering.get(subscription.customer);
    if (!counter) {
      counter = { prefix: randomBytes(4).toString("hex").toUpperCase(), next: 1 };
      numbering.set(subscription.customer, counter);
    }
    const invoice: StandInInvoice = {
      id,
      object: "invoice",
      number: `${counter.prefix}-${String(counter.next++).padStart(4, "0")}`,
      status: "open",
      billing_reason: billingReason,
      collection_method: "charge_automatically",
      customer: subscription.customer,
      customer_email: customers.get(subscription.customer)?.email ?? null,
      subscription: subscription.id,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      currency: subscription.currency,
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      subtotal: total,
      total,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      last_finalization_error: null,
      period_start: period.start,
      period_end: period.end,
      lines: { object: "list", data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
      payments: { object: "list", data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
      hosted_invoice_url: `${base}/invoices/${id}`,
      invoice_pdf: `${base}/invoices/${id}/pdf`,
      status_transitions: { finalized_at: created, paid_at: null, marked_uncollectible_at: null, voided_at: null },
      effective_at: created,
      metadata: {},
      livemode: false,
      created,
    };
    invoices.set(id, invoice);
    return invoice;
  }

  /** The invoice's PaymentIntent (its default payment), made on the first attempt. */
  function invoicePayment(invoice: StandInInvoice, paymentMethod: string | null) {
    let entry = invoice.payments.data.find((p) => p.is_default);
    if (!entry) {
      const pi = newPaymentIntent({
        amount: invoice.amount_due,
        currency: invoice.currency,
        customer: invoice.customer,
        paymentMethod,
        description: invoice.billing_reason === "subscription_create" ? "Subscription creation" : "Subscription update",
        metadata: {},
        setupFutureUsage: null,
      });
      entry = {
        id: rid("inpay"),
        object: "invoice_payment",
        invoice: invoice.id,
        amount_paid: null,
        amount_requested: invoice.amount_due,
        currency: invoice.currency,
        is_default: true,
        status: "open",
        payment: { type: "payment_intent", payment_intent: pi.id },
        status_transitions: { paid_at: null, canceled_at: null },
        livemode: false,
        created: now(),
      };
      invoice.payments.data.push(entry);
    }
    return { entry, pi: paymentIntents.get(entry.payment.payment_intent)! };
  }

  function markPaid(invoice: StandInInvoice, entry: StandInInvoicePayment) {
    const at = now();
    Object.assign(invoice, {
      status: "paid",
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      next_payment_attempt: null,
    });
    invoice.status_transitions.paid_at = at;
    Object.assign(entry, { status: "paid", amount_paid: invoice.amount_due });
    entry.status_transitions.paid_at = at;
  }

  /** Charges the card for an open invoice and makes the invoice's event (the subscription's is the caller's). */
  function attemptInvoice(invoice: StandInInvoice) {
    const subscription = subscriptions.get(invoice.subscription);
    const customer = customers.get(invoice.customer);
    const paymentMethod =
      subscription?.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null;
    const { entry, pi } = invoicePayment(invoice, paymentMethod);
    invoice.attempt_count += 1;
    invoice.attempted = true;
    const outcome = confirm(pi, paymentMethod, false);
    if (outcome === "ok") markPaid(invoice, entry);
    invoice.next_payment_attempt = outcome === "fails" ? now() + RETRY_AFTER : null;
    const type =
      outcome === "ok"
        ? "invoice.paid"
        : outcome === "fails"
          ? "invoice.payment_failed"
          : "invoice.payment_action_required";
    return { outcome, pi, event: makeEvent(invoice, type) };
  }

  /** Pays an open invoice now; a paid latest invoice brings a past_due or incomplete subscription back to active. */
  function payInvoice(invoice: StandInInvoice) {
    const subscription = subscriptions.get(invoice.subscription);
    const before = subscription ? snapshot(subscription) : null;
    const attempt = attemptInvoice(invoice);
    const batch: StandInEvent<StandInObject>[] = [attempt.event];
    if (
      attempt.outcome === "ok" &&
      subscription &&
      before &&
      subscription.latest_invoice === invoice.id &&
      (subscription.status === "past_due" || subscription.status === "incomplete")
    ) {
      subscription.status = "active";
      batch.push(makeEvent(subscription, "customer.subscription.updated", changed(before, subscription)));
    }
    return { ...attempt, batch };
  }

  /** Completes a session and makes its events (not yet sent), or says why it cannot be paid. */
  function complete(session: StandInSession, paymentStatus: StandInSession["payment_status"]) {
    if (session.status !== "open") return `Checkout session ${session.id} is ${session.status}: it cannot be paid.`;
    const created = now();
    const paid = paymentStatus === "paid";
    const batch: StandInEvent<StandInObject>[] = [];
    const given = session.customer ? customers.get(session.customer) : undefined;
    if (session.mode === "subscription") {
      const customer = given ?? newCustomer(session.customer_email);
      const card = newCard(session.customer_email ?? customer.email, customer);
      const subscriptionId = rid("sub");
      const metadata = { ...(subscriptionMetadata.get(session.id) ?? {}) };
      const items = lineItems.get(session.id) ?? [];
      const subscription: StandInSubscription = {
        id: subscriptionId,
        object: "subscription",
        status: paid ? "active" : "incomplete",
        customer: customer.id,
        currency: session.currency,
        metadata,
        items: {
          object: "list",
          data: items
            .filter((i) => i.recurring)
            .map((i) => ({
              id: rid("si"),
              object: "subscription_item",
              subscription: subscriptionId,
              quantity: i.quantity,
              current_period_start: created,
              current_period_end: addInterval(created, i.recurring!, 1),
              price: {
                id: rid("price"),
                object: "price",
                currency: i.currency,
                unit_amount: i.unitAmount,
                type: "recurring",
                recurring: i.recurring!,
                product: rid("prod"),
                product_data: { name: i.name, description: i.description },
              },
              metadata: {},
              created,
            })),
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
        },
        latest_invoice: null,
        default_payment_method: card.id,
        collection_method: "charge_automatically",
        billing_cycle_anchor: created,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        cancellation_details: { reason: null, comment: null, feedback: null },
        ended_at: null,
        start_date: created,
        livemode: false,
        created,
      };
      subscriptions.set(subscription.id, subscription);
      // The subscription's lines first, then the one-time items Checkout adds to the first invoice.
      const invoice = newInvoice(
        subscription,
        "subscription_create",
        [
          ...subscription.items.data.map((item): LineSpec => ({ kind: "subscription", item })),
          ...items
            .filter((i) => !i.recurring)
            .map((item): LineSpec => ({ kind: "one_time", item, subscription: subscriptionId, at: created })),
        ],
        { start: created, end: created },
      );
      subscription.latest_invoice = invoice.id;
      const { entry, pi } = invoicePayment(invoice, card.id);
      if (paid) {
        invoice.attempt_count = 1;
        invoice.attempted = true;
        succeed(pi, card);
        markPaid(invoice, entry);
      } else {
        pi.status = "processing";
      }
      session.customer = customer.id;
      session.subscription = subscription.id;
      session.invoice = invoice.id;
      session.status = "complete";
      session.payment_status = paymentStatus;
      batch.push(makeEvent(session, "checkout.session.completed"));
      batch.push(makeEvent(subscription, "customer.subscription.created"));
      if (paid) batch.push(makeEvent(invoice, "invoice.paid"));
    } else {
      const data = paymentIntentData.get(session.id);
      const save = Boolean(data?.setupFutureUsage);
      const customer =
        given ?? (save || session.customer_creation === "always" ? newCustomer(session.customer_email) : null);
      const card = newCard(session.customer_email ?? customer?.email ?? null, save ? customer : null);
      const pi = newPaymentIntent({
        amount: session.amount_total,
        currency: session.currency,
        customer: customer?.id ?? null,
        paymentMethod: card.id,
        description: data?.description ?? null,
        metadata: { ...(data?.metadata ?? {}) },
        setupFutureUsage: data?.setupFutureUsage ?? null,
      });
      if (paid) succeed(pi, card);
      else pi.status = "processing";
      session.customer = customer?.id ?? null;
      session.payment_intent = pi.id;
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

  function setCard(customerId: string, state: StandInCardState) {
    if (!customers.has(customerId)) throw new Error(`No such customer: ${customerId}`);
    if (!Object.hasOwn(CARD_SAYS, state)) throw new Error(`Unknown card state: ${state}`);
    cards.set(customerId, state);
  }

  /** Renews (or ends) a subscription at the end of its current period; the events, not yet sent. */
  function renew(subscriptionId: string): StandInEvent<StandInObject>[] {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    if (subscription.status === "canceled" || subscription.status === "incomplete") {
      throw new Error(`Subscription ${subscriptionId} is ${subscription.status}: it does not renew.`);
    }
    const end = Math.min(...subscription.items.data.map((i) => i.current_period_end));
    if (end > now()) offset += end - now();
    const before = snapshot(subscription);
    if (subscription.cancel_at_period_end) {
      subscription.status = "canceled";
      subscription.ended_at = end;
      subscription.canceled_at ??= now();
      return [makeEvent(subscription, "customer.subscription.deleted")];
    }
    const due = subscription.items.data.filter((i) => i.current_period_end <= end);
    const lookBack = { start: Math.min(...due.map((i) => i.current_period_start)), end };
    for (const item of due) {
      const next = nextPeriodEnd(subscription.billing_cycle_anchor, item.price.recurring, item.current_period_end);
      item.current_period_start = item.current_period_end;
      item.current_period_end = next;
    }
    const invoice = newInvoice(
      subscription,
      "subscription_cycle",
      due.map((item): LineSpec => ({ kind: "subscription", item })),
      lookBack,
    );
    subscription.latest_invoice = invoice.id;
    const attempt = attemptInvoice(invoice);
    subscription.status = attempt.outcome === "ok" ? "active" : "past_due";
    return [attempt.event, makeEvent(subscription, "customer.subscription.updated", changed(before, subscription))];
  }

  async function advance(subscriptionId: string, o: DeliverOptions = {}) {
    const batch = renew(subscriptionId);
    if (o.deliver !== false) await deliver(batch);
    return batch;
  }

  /** Pays each open invoice of the customer, oldest first; the events, not yet sent. */
  function settleCustomer(customerId: string): StandInEvent<StandInObject>[] {
    if (!customers.has(customerId)) throw new Error(`No such customer: ${customerId}`);
    const open = [...invoices.values()].filter((i) => i.customer === customerId && i.status === "open");
    return open.flatMap((invoice) => payInvoice(invoice).batch);
  }

  async function payOpenInvoices(customerId: string, o: DeliverOptions = {}) {
    const batch = settleCustomer(customerId);
    if (o.deliver !== false) await deliver(batch);
    return batch;
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
    if (p.mode === "subscription" && p.customer_creation) {
      return invalid(res, "`customer_creation` can only be used in `payment` mode.");
    }
    if (p.mode === "subscription" && p.payment_intent_data) {
      return invalid(res, "You can not pass `payment_intent_data` in `subscription` mode.");
    }
    if (p.customer_creation && p.customer_creation !== "always" && p.customer_creation !== "if_required") {
      return invalid(res, "Invalid customer_creation: must be one of always or if_required");
    }
    if (p.customer && p.customer_creation) {
      return invalid(res, "You may only specify one of these parameters: customer, customer_creation.");
    }
    if (p.customer && !customers.has(p.customer)) return missing(res, "customer", p.customer);
    const future = p.payment_intent_data?.setup_future_usage;
    if (future !== undefined && future !== "off_session" && future !== "on_session") {
      return invalid(res, "Invalid payment_intent_data[setup_future_usage]: must be one of on_session or off_session");
    }
    const created = now();
    const expiresAt = p.expires_at === undefined ? created + DAY : Number(p.expires_at);
    if (!Number.isInteger(expiresAt)) return invalid(res, "Invalid integer: expires_at.");
    const total = items.reduce((a, i) => a + i.unitAmount * i.quantity, 0);
    const id = rid("cs");
    const session = withExpiry(
      {
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
        customer: p.customer ?? null,
        customer_creation:
          p.customer || p.mode !== "payment"
            ? null
            : ((p.customer_creation as StandInSession["customer_creation"]) ?? "if_required"),
        customer_email: p.customer_email ?? null,
        payment_intent: null,
        subscription: null,
        invoice: null,
        metadata: p.metadata ?? {},
        success_url: p.success_url,
        cancel_url: p.cancel_url ?? p.success_url,
        expires_at: expiresAt,
        livemode: false,
        created,
      },
      now,
    );
    sessions.set(id, session);
    lineItems.set(id, items);
    if (p.mode === "subscription") subscriptionMetadata.set(id, p.subscription_data?.metadata ?? {});
    if (p.mode === "payment") {
      paymentIntentData.set(id, {
        setupFutureUsage: future ?? null,
        metadata: p.payment_intent_data?.metadata ?? {},
        description: p.payment_intent_data?.description ?? null,
      });
    }
    return session;
  }

  /** `POST /v1/subscriptions/:id`: cancel at period end (or resume), metadata, cancellation details. */
  function updateSubscription(subscription: StandInSubscription, p: Record<string, unknown>): Reply {
    const known = ["cancel_at_period_end", "metadata", "cancellation_details", "expand"];
    const unknown = Object.keys(p).find((k) => !known.includes(k));
    if (unknown) return refuse(`Received unknown parameter: ${unknown}`, "parameter_unknown");
    if (subscription.status === "canceled" && p.cancel_at_period_end !== undefined) {
      return refuse("A canceled subscription can only update its cancellation_details and metadata.");
    }
    const cancel = p.cancel_at_period_end;
    if (cancel !== undefined && cancel !== "true" && cancel !== "false") {
      return refuse(`Invalid boolean: ${String(cancel)}`);
    }
    const before = snapshot(subscription);
    if (cancel === "true" && !subscription.cancel_at_period_end) {
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = Math.min(...subscription.items.data.map((i) => i.current_period_end));
      subscription.canceled_at = now();
      subscription.cancellation_details.reason = "cancellation_requested";
    }
    if (cancel === "false" && subscription.cancel_at_period_end) {
      subscription.cancel_at_period_end = false;
      subscription.cancel_at = null;
      subscription.canceled_at = null;
      subscription.cancellation_details.reason = null;
    }
    if (p.metadata === "") subscription.metadata = {};
    else if (p.metadata && typeof p.metadata === "object") {
      const next = { ...subscription.metadata };
      for (const [k, v] of Object.entries(p.metadata as Record<string, string>)) {
        if (v === "") delete next[k];
        else next[k] = v;
      }
      subscription.metadata = next;
    }
    const details = p.cancellation_details as { comment?: string; feedback?: string } | undefined;
    if (details && typeof details === "object") {
      if (details.comment !== undefined) subscription.cancellation_details.comment = details.comment || null;
      if (details.feedback !== undefined) subscription.cancellation_details.feedback = details.feedback || null;
    }
    const previous = changed(before, subscription);
    if (Object.keys(previous).length > 0) {
      void deliver([makeEvent(subscription, "customer.subscription.updated", previous)]);
    }
    return ok(subscription);
  }

  /** `POST /v1/invoices/:id/pay`. */
  function payInvoiceNow(invoice: StandInInvoice): Reply {
    if (invoice.status === "paid") return refuse("Invoice is already paid", "invoice_unexpected_state");
    const { outcome, pi, batch } = payInvoice(invoice);
    void deliver(batch);
    if (outcome === "ok") return ok(invoice);
    if (outcome === "fails") return cardError(pi);
    return cardError(pi, {
      code: "invoice_payment_intent_requires_action",
      message: INVOICE_NEEDS_ACTION,
      payment_method: null,
    });
  }

  /** `POST /v1/refunds`. */
  function createRefund(p: Record<string, unknown>): Reply {
    const piId = typeof p.payment_intent === "string" ? p.payment_intent : undefined;
    const chargeId = typeof p.charge === "string" ? p.charge : undefined;
    if (!piId && !chargeId) return refuse("One of `charge` or `payment_intent` is required.", "parameter_missing");
    let charge: StandInCharge | undefined;
    if (piId) {
      const pi = paymentIntents.get(piId);
      if (!pi) return notFound("payment_intent", piId);
      charge = pi.status === "succeeded" && pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
      if (!charge) return refuse(`This PaymentIntent (${piId}) does not have a successful charge to refund.`);
      if (chargeId && chargeId !== charge.id) {
        return refuse(`The charge ${chargeId} does not belong to the PaymentIntent ${piId}.`);
      }
    } else {
      charge = charges.get(chargeId!);
      if (!charge) return notFound("charge", chargeId!);
      if (charge.status !== "succeeded") return refuse(`Charge ${charge.id} has not succeeded: it cannot be refunded.`);
    }
    const reason = p.reason as StandInRefund["reason"] | undefined;
    if (reason !== undefined && !REFUND_REASONS.includes(reason as (typeof REFUND_REASONS)[number])) {
      return refuse("Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer");
    }
    if (charge.refunded) return refuse(`Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
    const remaining = charge.amount - charge.amount_refunded;
    const amount = p.amount === undefined ? remaining : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) return refuse("Invalid positive integer: amount.");
    if (amount > remaining) {
      return refuse(
        `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(remaining, charge.currency)})`,
        "amount_too_large",
      );
    }
    const refund: StandInRefund = {
      id: rid("re"),
      object: "refund",
      status: "succeeded",
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      customer: charge.customer,
      currency: charge.currency,
      reason: reason ?? null,
      metadata: (p.metadata && typeof p.metadata === "object" ? p.metadata : {}) as Record<string, string>,
      balance_transaction: null,
      receipt_number: null,
      created: now(),
    };
    refunds.set(refund.id, refund);
    const before = snapshot(charge);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    void deliver([makeEvent(charge, "charge.refunded", changed(before, charge))]);
    return ok(refund);
  }

  /** `POST /v1/payment_intents`: an off-session charge of a saved card (or an intent to confirm later). */
  function createPaymentIntent(p: Record<string, unknown>): Reply {
    if (p.amount === undefined) return refuse("Missing required param: amount.", "parameter_missing");
    if (p.currency === undefined) return refuse("Missing required param: currency.", "parameter_missing");
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) return refuse("Invalid positive integer: amount.");
    const customerId = typeof p.customer === "string" ? p.customer : null;
    if (customerId && !customers.has(customerId)) return notFound("customer", customerId);
    const pmId = typeof p.payment_method === "string" ? p.payment_method : null;
    const pm = pmId ? paymentMethods.get(pmId) : undefined;
    if (pmId && !pm) return notFound("PaymentMethod", pmId);
    if (pm?.customer && pm.customer !== customerId) {
      return refuse(
        `The PaymentMethod ${pm.id} does not belong to the Customer you supplied ${customerId ?? "(none)"}.`,
      );
    }
    const offSession = p.off_session === "true";
    const confirmNow = p.confirm === "true";
    if (offSession && !confirmNow) return refuse("off_session can only be used when confirm=true.");
    if (confirmNow && !pm) {
      return refuse(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, specify a payment method attached to this customer along with the customer ID.",
        "payment_intent_unexpected_state",
      );
    }
    const future = p.setup_future_usage;
    const pi = newPaymentIntent({
      amount,
      currency: String(p.currency).toLowerCase(),
      customer: customerId,
      paymentMethod: pm?.id ?? null,
      description: typeof p.description === "string" ? p.description : null,
      metadata: (p.metadata && typeof p.metadata === "object" ? p.metadata : {}) as Record<string, string>,
      setupFutureUsage: future === "off_session" || future === "on_session" ? future : null,
    });
    if (!confirmNow) return ok(pi);
    const outcome = confirm(pi, pm!.id, offSession);
    if (outcome === "ok") {
      void deliver([makeEvent(pi, "payment_intent.succeeded")]);
      return ok(pi);
    }
    if (pi.status === "requires_action") {
      void deliver([makeEvent(pi, "payment_intent.requires_action")]);
      return ok(pi);
    }
    void deliver([makeEvent(pi, "payment_intent.payment_failed")]);
    return cardError(pi);
  }

  /** `POST /v1/billing_portal/sessions`. */
  function createPortalSession(p: Record<string, unknown>): Reply {
    const customerId = typeof p.customer === "string" ? p.customer : undefined;
    if (!customerId) return refuse("Missing required param: customer.", "parameter_missing");
    if (!customers.has(customerId)) return notFound("customer", customerId);
    const id = rid("bps");
    const portal: StandInPortalSession = {
      id,
      object: "billing_portal.session",
      configuration: portalConfiguration,
      customer: customerId,
      customer_account: null,
      flow: null,
      locale: null,
      on_behalf_of: null,
      return_url: typeof p.return_url === "string" ? p.return_url : null,
      url: `${base}/portal/${id}`,
      livemode: false,
      created: now(),
    };
    portalSessions.set(id, portal);
    return ok(portal);
  }

  /**
   * Runs a creating request once per Idempotency-Key, as Stripe does: the same key answers what it answered the
   * first time (a 402 decline included) without doing it again, and refuses other parameters. Requests refused
   * before anything was done (400, 404) are not kept.
   */
  function idempotently(scope: string, key: string | undefined, raw: string, run: () => Reply): Reply {
    if (!key) return run();
    const slot = `${scope} ${key}`;
    const seen = replies.get(slot);
    if (seen) {
      if (seen.raw === raw) return seen.reply;
      return {
        status: 400,
        body: {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
      };
    }
    const reply = run();
    if (reply.status === 200 || reply.status === 402) {
      replies.set(slot, { raw, reply: { status: reply.status, body: snapshot(reply.body) } });
    }
    return reply;
  }

  /** The newer API routes; undefined when the path is none of them. */
  function route(method: string, url: URL, raw: string, headers: Record<string, string>): Reply | undefined {
    const path = url.pathname;
    const q = url.searchParams;
    const body = () => parseStripeForm(raw);
    const key = headers["idempotency-key"];
    const subscriptionAt = path.match(/^\/v1\/subscriptions\/([\w-]+)$/);
    if (subscriptionAt && method === "POST") {
      const subscription = subscriptions.get(subscriptionAt[1]!);
      if (!subscription) return notFound("subscription", subscriptionAt[1]!);
      return idempotently(path, key, raw, () => updateSubscription(subscription, body()));
    }
    if (path === "/v1/invoices" && method === "GET") {
      const all = [...invoices.values()].filter(
        (i) =>
          (!q.get("customer") || i.customer === q.get("customer")) &&
          (!q.get("subscription") || i.subscription === q.get("subscription")) &&
          (!q.get("status") || i.status === q.get("status")),
      );
      return ok(listOf(all, q, "/v1/invoices"));
    }
    const invoiceAt = path.match(/^\/v1\/invoices\/([\w-]+)(\/pay)?$/);
    if (invoiceAt) {
      const invoice = invoices.get(invoiceAt[1]!);
      if (method === "GET" && !invoiceAt[2]) return invoice ? ok(invoice) : notFound("invoice", invoiceAt[1]!);
      if (method === "POST" && invoiceAt[2]) {
        return invoice
          ? idempotently(path, key, raw, () => payInvoiceNow(invoice))
          : notFound("invoice", invoiceAt[1]!);
      }
    }
    if (path === "/v1/refunds" && method === "POST") return idempotently(path, key, raw, () => createRefund(body()));
    if (path === "/v1/refunds" && method === "GET") {
      const all = [...refunds.values()].filter(
        (r) =>
          (!q.get("payment_intent") || r.payment_intent === q.get("payment_intent")) &&
          (!q.get("charge") || r.charge === q.get("charge")),
      );
      return ok(listOf(all, q, "/v1/refunds"));
    }
    const refundAt = path.match(/^\/v1\/refunds\/([\w-]+)$/);
    if (refundAt && method === "GET") {
      const refund = refunds.get(refundAt[1]!);
      return refund ? ok(refund) : notFound("refund", refundAt[1]!);
    }
    const chargeAt = path.match(/^\/v1\/charges\/([\w-]+)$/);
    if (chargeAt && method === "GET") {
      const charge = charges.get(chargeAt[1]!);
      return charge ? ok(charge) : notFound("charge", chargeAt[1]!);
    }
    if (path === "/v1/payment_intents" && method === "POST") {
      return idempotently(path, key, raw, () => createPaymentIntent(body()));
    }
    const intentAt = path.match(/^\/v1\/payment_intents\/([\w-]+)$/);
    if (intentAt && method === "GET") {
      const pi = paymentIntents.get(intentAt[1]!);
      return pi ? ok(pi) : notFound("payment_intent", intentAt[1]!);
    }
    const customerMethodsAt = path.match(/^\/v1\/customers\/([\w-]+)\/payment_methods$/);
    if (customerMethodsAt && method === "GET") {
      const customerId = customerMethodsAt[1]!;
      if (!customers.has(customerId)) return notFound("customer", customerId);
      const all = [...paymentMethods.values()].filter(
        (pm) => pm.customer === customerId && (!q.get("type") || pm.type === q.get("type")),
      );
      return ok(listOf(all, q, `/v1/customers/${customerId}/payment_methods`));
    }
    const methodAt = path.match(/^\/v1\/payment_methods\/([\w-]+)$/);
    if (methodAt && method === "GET") {
      const pm = paymentMethods.get(methodAt[1]!);
      return pm ? ok(pm) : notFound("PaymentMethod", methodAt[1]!);
    }
    if (path === "/v1/billing_portal/sessions" && method === "POST") {
      return idempotently(path, key, raw, () => createPortalSession(body()));
    }
    return undefined;
  }

  /** The pages a browser opens here besides checkout: the portal, hosted invoices and receipts. */
  function browserPage(method: string, path: string, res: ServerResponse): boolean {
    const html = (status: number, text: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(text);
      return true;
    };
    const portalAt = path.match(/^\/portal\/([\w-]+)(\/card)?$/);
    if (portalAt) {
      const portal = portalSessions.get(portalAt[1]!);
      if (!portal) return false;
      if (method === "GET" && !portalAt[2]) {
        const customer = customers.get(portal.customer)!;
        const pmId = customer.invoice_settings.default_payment_method;
        const card = pmId ? (paymentMethods.get(pmId) ?? null) : null;
        const owed = [...invoices.values()].filter((i) => i.customer === customer.id).reverse();
        return html(200, portalPage(portal, card, cardOf(customer.id), owed));
      }
      if (method === "POST" && portalAt[2]) {
        const customer = customers.get(portal.customer)!;
        if (!customer.invoice_settings.default_payment_method) newCard(customer.email, customer);
        cards.set(customer.id, "ok");
        // Like the real provider, the webhooks and the browser's return race each other.
        void deliver(settleCustomer(customer.id));
        res.writeHead(303, { location: portal.return_url ?? portal.url });
        res.end();
        return true;
      }
    }
    const hostedAt = path.match(/^\/invoices\/([\w-]+)(\/pdf)?$/);
    if (hostedAt && method === "GET") {
      const invoice = invoices.get(hostedAt[1]!);
      if (!invoice) return false;
      if (!hostedAt[2]) return html(200, invoicePage(invoice));
      res.writeHead(200, {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="Invoice-${invoice.number}.pdf"`,
      });
      res.end(invoicePdf(invoice));
      return true;
    }
    const receiptAt = path.match(/^\/receipts\/([\w-]+)$/);
    if (receiptAt && method === "GET") {
      const charge = charges.get(receiptAt[1]!);
      return charge ? html(200, receiptPage(charge)) : false;
    }
    return false;
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
        requests.push({
          method,
          path: url.pathname,
          headers,
          body: parseStripeForm(raw),
          query: parseStripeForm(url.search.slice(1)),
        });
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
          subscription.canceled_at = now();
          subscription.ended_at = subscription.canceled_at;
          // Ended now, not at the period's end: a pending cancel at period end no longer applies.
          subscription.cancel_at_period_end = false;
          subscription.cancel_at = null;
          subscription.cancellation_details.reason = "cancellation_requested";
          void deliver([makeEvent(subscription, "customer.subscription.deleted")]);
        }
        return json(res, 200, subscription);
      }
      const customerPath = url.pathname.match(/^\/v1\/customers\/([\w-]+)$/);
      if (customerPath && method === "GET") {
        const customer = customers.get(customerPath[1]!);
        return customer ? json(res, 200, customer) : missing(res, "customer", customerPath[1]!);
      }
      const answer = url.pathname.startsWith("/v1/") ? route(method, url, raw, headers) : undefined;
      if (answer) return json(res, answer.status, answer.body);
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
      if (!url.pathname.startsWith("/v1/") && browserPage(method, url.pathname, res)) return;
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
    paymentIntents,
    charges,
    refunds,
    paymentMethods,
    portalSessions,
    requests,
    events,
    pay,
    clock: now,
    setCard,
    advance,
    payOpenInvoices,
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
