import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StandInEvent, type StripeStandIn, startStripeStandIn } from "#tests/support/stripe-stand-in.ts";
import { loadConfig } from "../config.ts";
import { clientWalletTransactions, licensees, territoryLicenses } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { approveReservation } from "../domain/licensing/approve-admin.ts";
import { startOrderCheckout } from "../domain/orders/checkout.ts";
import { ACTIVATION, ORDER_LINKS, signOrder } from "../domain/orders/test-fixtures.ts";
import { reserveTerritory } from "../domain/reservations/reservations.ts";
import { seedCategory, seedTerritory, seedUser, validReservation } from "../domain/reservations/test-fixtures.ts";
import { NoLicenseeError, PaymentStartError, TopUpNotConfiguredError } from "../domain/wallet/errors.ts";
import { replayBalance } from "../domain/wallet/ledger.ts";
import { balanceOf, seedLicensee } from "../domain/wallet/test-fixtures.ts";
import { confirmReturnedCheckout, startTopUp } from "../domain/wallet/top-up.ts";
import { stripeGateway } from "../integrations/stripe/client.ts";
import { createServices } from "../services.ts";
import { createHttpApp } from "./app.ts";
import { testBuild } from "./test-routes.ts";
import { usageSignature } from "./webhooks.ts";

/**
 * The signed endpoints end to end through the Hono app (edge included), with the official Stripe SDK talking to a
 * stand-in on loopback and webhook payloads signed with the SDK's test-header helper.
 */

const PUBLIC_URL = "https://portal.poundcodes.example";
const WEBHOOK_SECRET = "whsec_test_wallet_secret";
const USAGE_SECRET = "usage-secret-for-tests-0123456789";
const FOREIGN = { origin: "https://hooks.provider.example" };

let t: TestDb;
let standIn: StripeStandIn;
let app: ReturnType<typeof createHttpApp>;
let logs: { level: number; msg: string; [k: string]: unknown }[] = [];
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  t = await createTestDb();
  standIn = await startStripeStandIn({ webhook: { url: "http://127.0.0.1:9/unused", secret: WEBHOOK_SECRET } });
  config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-hooks-")),
    // Twenty concurrent deliveries are past the default in-flight limit; shedding has its own tests.
    MAX_IN_FLIGHT: "0",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    PUBLIC_URL,
    STRIPE_SECRET_KEY: "sk_test_wallet",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
    USAGE_WEBHOOK_SECRET: USAGE_SECRET,
  });
  const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const services = await createServices(config, { handle: t, logger });
  app = createHttpApp({
    services,
    mode: "production",
    build: testBuild({}),
    requestHandler: async () => new Response("router", { status: 404 }),
  });
});
afterAll(async () => {
  await standIn?.close();
  await t?.close();
});

const gateway = () => stripeGateway(config.stripe!);
const actorOf = (userId: string) => ({ userId, role: "user" as const, ip: "198.51.100.5" });

/** A licensee with a checkout session created through the SDK, as the billing page does. */
async function checkout(amountCents: 1_000 | 2_500 | 5_000 = 2_500) {
  const lic = await seedLicensee(t.db);
  const { sessionId } = await startTopUp(
    t.db,
    actorOf(lic.userId),
    { amountCents, attempt: `attempt-${lic.id}` },
    { gateway: gateway(), publicUrl: PUBLIC_URL },
  );
  return { lic, sessionId };
}

function deliver(event: StandInEvent | Record<string, unknown>, opts: { secret?: string; tamper?: boolean } = {}) {
  const payload = JSON.stringify(event);
  let signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
  if (opts.tamper) signature = signature.replace(/v1=([0-9a-f])/, (_m, c) => `v1=${c === "0" ? "1" : "0"}`);
  return app.request("/api/webhooks/stripe", {
    method: "POST",
    headers: { ...FOREIGN, "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

const entriesOf = (licenseeId: string) =>
  t.db.select().from(clientWalletTransactions).where(eq(clientWalletTransactions.licenseeId, licenseeId));

describe("top-up sessions through the SDK", () => {
  it("creates a Checkout Session with inline price data, the licensee as reference and an idempotency key", async () => {
    const { lic, sessionId } = await checkout(2_500);
    const req = standIn.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(req.method).toBe("POST");
    expect(req.headers["idempotency-key"]).toBe(`wallet-top-up:${lic.id}:2500:attempt-${lic.id}`);
    expect(req.headers.authorization).toBe("Bearer sk_test_wallet");
    expect(req.body).toMatchObject({
      mode: "payment",
      client_reference_id: lic.id,
      customer_email: lic.email,
      metadata: { purpose: "wallet_top_up", licensee_id: lic.id },
      success_url: `${PUBLIC_URL}/dashboard/billing?payment=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/dashboard/billing?payment=canceled`,
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "2500" } }],
    });
    expect(JSON.stringify(req.body)).not.toContain("price]"); // no price ids
    // A double submit of the same rendered form opens the same checkout; a new form, a new one.
    const again = await startTopUp(
      t.db,
      actorOf(lic.userId),
      { amountCents: 2_500, attempt: `attempt-${lic.id}` },
      { gateway: gateway(), publicUrl: PUBLIC_URL },
    );
    expect(again.sessionId).toBe(sessionId);
    const fresh = await startTopUp(
      t.db,
      actorOf(lic.userId),
      { amountCents: 2_500, attempt: "another-attempt" },
      { gateway: gateway(), publicUrl: PUBLIC_URL },
    );
    expect(fresh.sessionId).not.toBe(sessionId);
    expect(await balanceOf(t.db, lic.id)).toBe(0); // nothing is credited before payment
  });

  it("refuses without Stripe, without a licensee record, and when the provider fails", async () => {
    const lic = await seedLicensee(t.db);
    const input = { amountCents: 1_000 as const, attempt: "attempt-refusals" };
    await expect(
      startTopUp(t.db, actorOf(lic.userId), input, { gateway: null, publicUrl: PUBLIC_URL }),
    ).rejects.toBeInstanceOf(TopUpNotConfiguredError);
    await expect(
      startTopUp(t.db, actorOf("user_without_licensee"), input, { gateway: gateway(), publicUrl: PUBLIC_URL }),
    ).rejects.toBeInstanceOf(NoLicenseeError);
    const badKey = stripeGateway({ ...config.stripe!, secretKey: "rk_not_a_secret_key" });
    const err = await startTopUp(t.db, actorOf(lic.userId), input, { gateway: badKey, publicUrl: PUBLIC_URL }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PaymentStartError);
    expect((err as PaymentStartError).message).toBe("Failed to initiate payment. Please try again.");
  });
});

describe("POST /api/webhooks/stripe", () => {
  it("refuses a tampered signature, a wrong secret, a missing header and a malformed body with 400", async () => {
    const { lic, sessionId } = await checkout();
    const event = await standIn.pay(sessionId, { deliver: false });
    expect((await deliver(event, { tamper: true })).status).toBe(400);
    expect((await deliver(event, { secret: "whsec_someone_else" })).status).toBe(400);
    const noHeader = await app.request("/api/webhooks/stripe", {
      method: "POST",
      headers: { ...FOREIGN, "content-type": "application/json" },
      body: JSON.stringify(event),
    });
    expect(noHeader.status).toBe(400);
    const payload = "{not json";
    const malformed = await app.request("/api/webhooks/stripe", {
      method: "POST",
      headers: {
        ...FOREIGN,
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(malformed.status).toBe(400);
    expect(await entriesOf(lic.id)).toEqual([]);
  });

  it("refuses a signed timestamp from the future beyond the tolerance, as it does a stale one", async () => {
    const { lic, sessionId } = await checkout();
    const event = await standIn.pay(sessionId, { deliver: false });
    const payload = JSON.stringify(event);
    const at = (offsetSeconds: number) =>
      app.request("/api/webhooks/stripe", {
        method: "POST",
        headers: {
          ...FOREIGN,
          "content-type": "application/json",
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
            timestamp: Math.floor(Date.now() / 1000) + offsetSeconds,
          }),
        },
        body: payload,
      });
    expect((await at(600)).status).toBe(400);
    expect(logs.findLast((l) => l.msg === "stripe webhook refused")).toMatchObject({
      reason: "StripeFutureTimestampError",
    });
    expect((await at(-600)).status).toBe(400);
    expect(await entriesOf(lic.id)).toEqual([]);
    // Within the tolerance either way (clocks drift a little), the event is taken.
    expect((await at(60)).status).toBe(200);
    expect(await entriesOf(lic.id)).toHaveLength(1);
  });

  it("credits a paid session once, with the amount Stripe reports, however often the event is delivered", async () => {
    const { lic, sessionId } = await checkout(5_000);
    const event = await standIn.pay(sessionId, { deliver: false });
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "credited" });
    expect(await (await deliver(event)).json()).toEqual({ received: true, outcome: "duplicate" });
    const rows = await entriesOf(lic.id);
    expect(rows).toMatchObject([
      {
        amountCents: 5_000,
        transactionType: "top_up",
        paymentReference: sessionId,
        description: "Wallet top-up ($50.00)",
      },
    ]);
    expect(await balanceOf(t.db, lic.id)).toBe(5_000);
  });

  it("credits exactly once under 20 concurrent deliveries", async () => {
    const { lic, sessionId } = await checkout(1_000);
    const event = await standIn.pay(sessionId, { deliver: false });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const outcomes = await Promise.all(answers.map(async (a) => ((await a.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((o) => o === "credited")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(19);
    expect(await entriesOf(lic.id)).toHaveLength(1);
    expect(await replayBalance(t.db, lic.id)).toMatchObject({ ledgerCents: 1_000, cachedCents: 1_000, matches: true });
  });

  it("does not credit an unpaid session; credits it when the async payment succeeds", async () => {
    const { lic, sessionId } = await checkout(2_500);
    const unpaid = await standIn.pay(sessionId, { paymentStatus: "unpaid", deliver: false });
    expect(await (await deliver(unpaid)).json()).toEqual({ received: true, outcome: "unpaid" });
    expect(await balanceOf(t.db, lic.id)).toBe(0);
    const succeeded: StandInEvent = {
      ...unpaid,
      id: "evt_test_async_ok",
      type: "checkout.session.async_payment_succeeded",
      data: { object: { ...unpaid.data.object, payment_status: "paid" } },
    };
    expect(await (await deliver(succeeded)).json()).toEqual({ received: true, outcome: "credited" });
    expect(await balanceOf(t.db, lic.id)).toBe(2_500);
  });

  it("acknowledges event types outside the allow-list without acting on them", async () => {
    const { lic, sessionId } = await checkout();
    const event = await standIn.pay(sessionId, { deliver: false });
    const other = { ...event, type: "checkout.session.expired" };
    expect(await (await deliver(other)).json()).toEqual({ received: true, ignored: "checkout.session.expired" });
    expect(await balanceOf(t.db, lic.id)).toBe(0);
  });

  it("credits nothing for an unknown licensee, and logs it", async () => {
    const { lic, sessionId } = await checkout();
    const event = await standIn.pay(sessionId, { deliver: false });
    const stranger = "0f0f0f0f-0000-4000-8000-000000000000";
    const forged: StandInEvent = {
      ...event,
      data: {
        object: {
          ...event.data.object,
          client_reference_id: stranger,
          metadata: { purpose: "wallet_top_up", licensee_id: stranger },
        },
      },
    };
    logs = [];
    const res = await deliver(forged);
    expect(await res.json()).toEqual({ received: true, outcome: "unknown_licensee" });
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: "stripe webhook: unknown licensee, not credited", clientReferenceId: stranger }),
    );
    expect(JSON.stringify(logs)).not.toContain(WEBHOOK_SECRET);
    expect(await balanceOf(t.db, lic.id)).toBe(0);
    expect(
      await t.db
        .select()
        .from(clientWalletTransactions)
        .where(eq(clientWalletTransactions.paymentReference, sessionId)),
    ).toEqual([]);
  });

  it("a quick return to the success page and a late webhook credit once", async () => {
    const { lic, sessionId } = await checkout(2_500);
    const event = await standIn.pay(sessionId, { deliver: false });
    const opts = { gateway: gateway(), lowBalanceCents: 1_000, publicUrl: PUBLIC_URL };
    expect(await confirmReturnedCheckout(t.db, actorOf(lic.userId), sessionId, opts)).toEqual({ outcome: "credited" });
    expect(await confirmReturnedCheckout(t.db, actorOf(lic.userId), sessionId, opts)).toEqual({ outcome: "duplicate" });
    expect(await (await deliver(event)).json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await balanceOf(t.db, lic.id)).toBe(2_500);
    // Someone else's session id on my success URL credits nobody.
    const other = await seedLicensee(t.db);
    expect(await confirmReturnedCheckout(t.db, actorOf(other.userId), sessionId, opts)).toEqual({
      outcome: "not_yours",
    });
    const mine = await checkout(1_000);
    expect(await confirmReturnedCheckout(t.db, actorOf(other.userId), mine.sessionId, opts)).toEqual({
      outcome: "not_yours",
    });
    expect(await balanceOf(t.db, other.id)).toBe(0);
    // An unpaid session is not credited from the return either.
    expect(await confirmReturnedCheckout(t.db, actorOf(mine.lic.userId), mine.sessionId, opts)).toEqual({
      outcome: "unpaid",
    });
  });
});

describe("license checkouts through the SDK and the webhook", () => {
  it("opens a subscription-mode checkout for the deposit and first month, and activates once under 20 deliveries", async () => {
    const territory = await seedTerritory(t.db);
    const category = await seedCategory(t.db);
    const held = await reserveTerritory(t.db, { userId: null }, validReservation(territory.id, category.id), {
      ...ACTIVATION,
      publicUrl: PUBLIC_URL,
    });
    const admin = { userId: await seedUser(t.db), role: "admin" as const };
    const approved = await approveReservation(t.db, admin, { reservationId: held.reservationId }, ORDER_LINKS);
    await signOrder(t.db, approved.orderId);
    const [owner] = await t.db.select().from(licensees).where(eq(licensees.id, approved.licenseeId));
    await startOrderCheckout(t.db, actorOf(owner!.userId), approved.orderId, {
      gateway: gateway(),
      publicUrl: PUBLIC_URL,
      linkSecret: ORDER_LINKS.linkSecret,
    });

    // What the SDK sent: inline prices, a one-time deposit and a monthly fee, the order as reference, a key.
    const req = standIn.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(req.headers["idempotency-key"]).toBe(`license-order:${approved.orderId}:first`);
    expect(req.body).toMatchObject({
      mode: "subscription",
      client_reference_id: approved.orderId,
      metadata: { purpose: "license_order", order_id: approved.orderId, license_id: approved.licenceId },
      subscription_data: { metadata: { order_id: approved.orderId } },
      line_items: [
        { price_data: { unit_amount: "20000", product_data: { name: "Setup deposit" } } },
        { price_data: { unit_amount: "50000", recurring: { interval: "month" } } },
      ],
    });
    expect(JSON.stringify(req.body)).not.toContain("price]");
    const sessionId = [...standIn.sessions.values()].find((x) => x.client_reference_id === approved.orderId)!.id;

    const event = await standIn.pay(sessionId, { deliver: false });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    const outcomes = await Promise.all(answers.map(async (a) => ((await a.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((o) => o === "activated")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(19);
    const [license] = await t.db.select().from(territoryLicenses).where(eq(territoryLicenses.id, approved.licenceId));
    const paid = standIn.sessions.get(sessionId)!;
    expect(license).toMatchObject({
      status: "active",
      stripeCustomerId: paid.customer,
      stripeSubscriptionId: paid.subscription,
    });
    // The subscription's creation is acknowledged and ignored; its first invoice is recorded once (the license's
    // billing history), and a second delivery of it is a duplicate.
    const later = standIn.events.filter((e) => e.type !== "checkout.session.completed");
    expect(later.map((e) => e.type)).toEqual(["customer.subscription.created", "invoice.paid"]);
    expect(await (await deliver(later[0]!)).json()).toEqual({
      received: true,
      ignored: "customer.subscription.created",
    });
    expect(await (await deliver(later[1]!)).json()).toEqual({ received: true, outcome: "recorded" });
    expect(await (await deliver(later[1]!)).json()).toEqual({ received: true, outcome: "duplicate" });
  });
});

describe("POST /api/webhooks/usage", () => {
  const post = (body: string, signature: string | null) =>
    app.request("/api/webhooks/usage", {
      method: "POST",
      headers: {
        ...FOREIGN,
        "content-type": "application/json",
        ...(signature ? { "PoundCodes-Signature": signature } : {}),
      },
      body,
    });
  const signed = (event: Record<string, unknown>, at?: number) => {
    const body = JSON.stringify(event);
    return post(body, usageSignature(body, USAGE_SECRET, at));
  };

  it("refuses a bad, missing or stale signature with 401, debiting nothing", async () => {
    const lic = await seedLicensee(t.db);
    const body = JSON.stringify({ id: "evt-bad-1", licensee_id: lic.id, kind: "sms", quantity: 3 });
    expect((await post(body, usageSignature(body, "another-secret-0123456789"))).status).toBe(401);
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, usageSignature(`${body} `, USAGE_SECRET))).status).toBe(401); // body changed after signing
    const stale = await post(body, usageSignature(body, USAGE_SECRET, Math.floor(Date.now() / 1000) - 3_600));
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ reason: "stale" });
    expect(await entriesOf(lic.id)).toEqual([]);
  });

  it("debits a signed event once: a replayed event id changes nothing", async () => {
    const lic = await seedLicensee(t.db);
    const occurredAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 1_000);
    const event = {
      id: "evt-call-42",
      licensee_id: lic.id,
      kind: "call_minutes",
      quantity: 7,
      occurred_at: occurredAt.toISOString(),
    };
    const first = await signed(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: "recorded", amount_cents: -35, balance_cents: -35 });
    const replay = await signed(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ status: "duplicate" });
    const rows = await entriesOf(lic.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.transactionDate.toISOString()).toBe(occurredAt.toISOString());
    expect(await replayBalance(t.db, lic.id)).toMatchObject({ ledgerCents: -35, cachedCents: -35, matches: true });
  });

  it("answers a duplicate with the licensee's own entry: another licensee's event of the same id is its own", async () => {
    const first = await seedLicensee(t.db);
    const second = await seedLicensee(t.db);
    const event = { id: "evt-shared-7", kind: "sms", quantity: 2 };
    const a = await (await signed({ ...event, licensee_id: first.id })).json();
    const b = await (await signed({ ...event, licensee_id: second.id })).json();
    expect(a).toMatchObject({ status: "recorded" });
    expect(b).toMatchObject({ status: "recorded" });
    expect(b.entry_id).not.toBe(a.entry_id);
    const again = await (await signed({ ...event, licensee_id: second.id })).json();
    expect(again).toEqual({ status: "duplicate", entry_id: b.entry_id });
    expect(await entriesOf(first.id)).toHaveLength(1);
    expect(await entriesOf(second.id)).toHaveLength(1);
  });

  it("refuses an occurred_at before the licensee or license existed, or ahead of the clock, debiting nothing", async () => {
    const lic = await seedLicensee(t.db);
    const base = { licensee_id: lic.id, kind: "call_minutes", quantity: 1 };
    for (const [id, occurred_at] of [
      ["evt-1900", "1900-01-01T00:00:00Z"],
      ["evt-yesterday", new Date(Date.now() - 86_400_000).toISOString()],
      ["evt-ahead", new Date(Date.now() + 3_600_000).toISOString()],
    ] as const) {
      const res = await signed({ ...base, id, occurred_at });
      expect(res.status, id).toBe(400);
      expect(await res.json()).toMatchObject({ code: "occurred_at_out_of_range" });
    }
    expect(await entriesOf(lic.id)).toEqual([]);
  });

  it("refuses an unknown licensee (404) and bad bodies (400), debiting nothing", async () => {
    const lic = await seedLicensee(t.db);
    const unknown = await signed({
      id: "evt-x",
      licensee_id: "00000000-0000-4000-8000-00000000abcd",
      kind: "sms",
      quantity: 1,
    });
    expect(unknown.status).toBe(404);
    const notJson = "{quantity: 3";
    expect((await post(notJson, usageSignature(notJson, USAGE_SECRET))).status).toBe(400);
    const zero = await signed({ id: "evt-zero", licensee_id: lic.id, kind: "sms", quantity: 0 });
    expect(zero.status).toBe(400);
    expect(await zero.json()).toEqual({ error: "quantity must be at least 1." });
    const kind = await signed({ id: "evt-kind", licensee_id: lic.id, kind: "fax", quantity: 1 });
    expect(kind.status).toBe(400);
    expect(await entriesOf(lic.id)).toEqual([]);
  });

  it("replays every wallet touched here to its cached balance", async () => {
    const ids = (
      await t.db.selectDistinct({ id: clientWalletTransactions.licenseeId }).from(clientWalletTransactions)
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    for (const id of ids) expect((await replayBalance(t.db, id)).matches).toBe(true);
  });
});

describe("the endpoints exist only when configured", () => {
  it("answers 404 through the router without the secrets", async () => {
    const bare = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-hooks-")),
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    });
    const services = await createServices(bare, { handle: t, logger: pino({ level: "silent" }) });
    const plain = createHttpApp({
      services,
      mode: "production",
      build: testBuild({}),
      // the app answers a post to a page without an action with 405: the webhook module must answer first
      requestHandler: async () => new Response("router", { status: 405 }),
    });
    for (const p of ["/api/webhooks/stripe", "/api/webhooks/usage"]) {
      const res = await plain.request(p, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(404);
    }
    // Only those two paths skip the same-origin check.
    const other = await plain.request("/api/webhooks/other", { method: "POST", body: "{}", headers: FOREIGN });
    expect(other.status).toBe(403);
  });
});
