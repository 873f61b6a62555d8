/**
 * FOR TESTS AND DEMOS ONLY: a stand-in for the Stripe API on loopback. Production never starts it.
 *
 * The official SDK, pointed here with STRIPE_API_URL, creates and retrieves Checkout Sessions
 * (`POST /v1/checkout/sessions`, form-encoded, honouring Idempotency-Key; `GET /v1/checkout/sessions/:id`). Each
 * session's `url` is a small hosted checkout page here: "Pay" marks the session paid, sends the signed
 * `checkout.session.completed` webhook to the application (signed with the SDK's test-header helper and the
 * configured webhook secret), and sends the browser back to the session's success URL; "Cancel" sends it to the
 * cancel URL. Tests read what the SDK sent in `requests` and drive sessions with `pay()`.
 *
 * Run it by hand for a demo: npx node server/integrations/stripe/stand-in.ts --port 12111 \
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
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  livemode: false;
  created: number;
};

export type StandInRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };

export type StandInOptions = {
  port?: number;
  /** Where "Pay" sends the signed webhook; without it no webhook is sent. */
  webhook?: { url: string; secret: string };
  /** The secret key the SDK must send (any `sk_` key when unset). */
  secretKey?: string;
};

export type StripeStandIn = {
  url: string;
  port: number;
  sessions: Map<string, StandInSession>;
  requests: StandInRequest[];
  /** Marks a session paid (or leaves it unpaid, for async methods) and returns the event it would send. */
  pay(
    id: string,
    opts?: { paymentStatus?: StandInSession["payment_status"]; deliver?: boolean },
  ): Promise<StandInEvent>;
  /** A signed webhook request body and header for `event` (what Stripe sends). */
  sign(event: StandInEvent): { payload: string; signature: string };
  close(): Promise<void>;
};

export type StandInEvent = {
  id: string;
  object: "event";
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: StandInSession };
};

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

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

function checkoutPage(s: StandInSession): string {
  const amount = `$${(s.amount_total / 100).toFixed(2)}`;
  const done = s.status !== "open";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Checkout (test stand-in)</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f4f6fa;color:#0b1f3a}main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 8px 30px rgba(11,31,58,.12)}h1{font-size:20px;margin:0 0 4px}p{color:#4b5563}.amount{font-size:36px;font-weight:700;margin:16px 0}button{width:100%;padding:12px;border-radius:8px;border:0;font-size:16px;font-weight:600;cursor:pointer;margin-top:10px}.pay{background:#0b1f3a;color:#fff}.cancel{background:#e5e7eb;color:#0b1f3a}.note{font-size:12px;margin-top:18px}</style></head>
<body><main><h1>PoundCodes wallet top-up</h1><p>Test checkout: no card is charged.</p><div class="amount" data-testid="checkout-amount">${amount}</div>
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

export async function startStripeStandIn(opts: StandInOptions = {}): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const idempotent = new Map<string, StandInSession>();
  const requests: StandInRequest[] = [];
  let base = "";

  function makeEvent(session: StandInSession, type: string): StandInEvent {
    return {
      id: rid("evt"),
      object: "event",
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { ...session } },
    };
  }

  function sign(event: StandInEvent) {
    const payload = JSON.stringify(event);
    const secret = opts.webhook?.secret ?? "whsec_stand_in";
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  async function deliver(event: StandInEvent) {
    if (!opts.webhook) return;
    const { payload, signature } = sign(event);
    try {
      await fetch(opts.webhook.url, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
    } catch {
      // the application is down: a real provider would retry later; the success page fulfils meanwhile
    }
  }

  async function pay(id: string, o: { paymentStatus?: StandInSession["payment_status"]; deliver?: boolean } = {}) {
    const session = sessions.get(id);
    if (!session) throw new Error(`No such checkout session: ${id}`);
    session.status = "complete";
    session.payment_status = o.paymentStatus ?? "paid";
    const event = makeEvent(session, "checkout.session.completed");
    if (o.deliver !== false) await deliver(event);
    return event;
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", base);
      const raw = req.method === "POST" ? await readBody(req) : "";
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
      );
      if (url.pathname.startsWith("/v1/")) {
        requests.push({ method: req.method ?? "GET", path: url.pathname, headers, body: parseStripeForm(raw) });
        const auth = headers.authorization ?? "";
        const key = auth.replace(/^Bearer\s+/i, "");
        if (!key.startsWith("sk_") || (opts.secretKey && key !== opts.secretKey)) {
          return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided.");
        }
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const ikey = headers["idempotency-key"];
        const again = ikey ? idempotent.get(ikey) : undefined;
        if (again) return json(res, 200, again);
        const p = parseStripeForm(raw) as {
          mode?: string;
          line_items?: { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }[];
          client_reference_id?: string;
          customer_email?: string;
          metadata?: Record<string, string>;
          success_url?: string;
          cancel_url?: string;
        };
        const items = p.line_items ?? [];
        if (!p.success_url || !p.mode || items.length === 0 || items.some((i) => !i.price_data?.unit_amount)) {
          return stripeError(
            res,
            400,
            "invalid_request_error",
            "Missing required param: line_items.",
            "parameter_missing",
          );
        }
        const total = items.reduce((a, i) => a + Number(i.price_data!.unit_amount) * Number(i.quantity ?? 1), 0);
        const id = rid("cs");
        const session: StandInSession = {
          id,
          object: "checkout.session",
          url: `${base}/checkout/${id}`,
          mode: p.mode,
          status: "open",
          payment_status: "unpaid",
          amount_total: total,
          amount_subtotal: total,
          currency: items[0]!.price_data!.currency ?? "usd",
          client_reference_id: p.client_reference_id ?? null,
          customer_email: p.customer_email ?? null,
          metadata: p.metadata ?? {},
          success_url: p.success_url,
          cancel_url: p.cancel_url ?? p.success_url,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        sessions.set(id, session);
        if (ikey) idempotent.set(ikey, session);
        return json(res, 200, session);
      }
      const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
      if (req.method === "GET" && retrieve) {
        const session = sessions.get(retrieve[1]!);
        if (!session) {
          return stripeError(
            res,
            404,
            "invalid_request_error",
            `No such checkout.session: '${retrieve[1]}'`,
            "resource_missing",
          );
        }
        return json(res, 200, session);
      }
      const page = url.pathname.match(/^\/checkout\/([\w-]+)(?:\/(pay|cancel))?$/);
      const session = page ? sessions.get(page[1]!) : undefined;
      if (page && session) {
        if (req.method === "GET" && !page[2]) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(checkoutPage(session));
        }
        if (req.method === "POST" && page[2] === "pay" && session.status === "open") {
          session.status = "complete";
          session.payment_status = "paid";
          // Like the real provider, the webhook and the browser's return race each other.
          void deliver(makeEvent(session, "checkout.session.completed"));
          res.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
          return res.end();
        }
        if (req.method === "POST" && page[2] === "cancel") {
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
    requests,
    pay,
    sign,
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
