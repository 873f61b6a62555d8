import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalMiddleware } from "#server/auth/guards.ts";
import { clientWalletTransactions, licensees } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { answerOf, callRoute, formPost, routeContext, runMiddleware, testServices } from "#server/web/test-support.ts";
import { type StripeStandIn, startStripeStandIn } from "#tests/support/stripe-stand-in.ts";
import { action, loader } from "./billing.tsx";
import { loader as entryLoader } from "./billing-transaction.tsx";
import { behindPortalGuard, type Member, member as signedUp } from "./portal-test-support.ts";

type Services = Awaited<ReturnType<typeof testServices>>;
let t: TestDb;
let plain: Services;
let withStripe: Services;
let standIn: StripeStandIn;
let a: Member;
let b: Member;
let noLicensee: Member;
let aEntries: string[];

const member = (s: Services, licensee = true) =>
  signedUp(s, { licensee }, async ({ userId, email, name }) => {
    const [row] = await t.db
      .insert(licensees)
      .values({ userId, email, contactName: name, companyName: "Quinn Law", minutesSmsWalletCents: 4_290 })
      .returning({ id: licensees.id });
    return row!.id;
  });

beforeAll(async () => {
  t = await createTestDb();
  standIn = await startStripeStandIn();
  plain = await testServices(t);
  withStripe = await testServices(t, {
    STRIPE_SECRET_KEY: "sk_test_route",
    STRIPE_WEBHOOK_SECRET: "whsec_route",
    STRIPE_API_URL: standIn.url,
  });
  a = await member(plain);
  b = await member(plain);
  noLicensee = await member(plain, false);
  const rows = await t.db
    .insert(clientWalletTransactions)
    .values([
      {
        licenseeId: a.licenseeId!,
        amountCents: 5_000,
        transactionType: "top_up",
        description: "Wallet top-up ($50.00)",
        paymentReference: "cs_test_a1",
        transactionDate: new Date("2026-10-01T12:00:00Z"),
      },
      {
        licenseeId: a.licenseeId!,
        amountCents: -760,
        transactionType: "usage",
        description: "October usage",
        details: { kind: "call_minutes", quantity: 152, unitCents: 5 },
        transactionDate: new Date("2026-10-31T12:00:00Z"),
      },
      {
        licenseeId: a.licenseeId!,
        amountCents: 50,
        transactionType: "adjustment",
        description: "Goodwill",
        transactionDate: new Date("2026-11-02T12:00:00Z"),
      },
      {
        licenseeId: b.licenseeId!,
        amountCents: 1_000,
        transactionType: "top_up",
        description: "B's top-up",
        paymentReference: "cs_test_b1",
      },
    ])
    .returning({ id: clientWalletTransactions.id });
  aEntries = rows.slice(0, 3).map((r) => r.id);
});
afterAll(async () => {
  await standIn?.close();
  await t?.close();
});

const page = (s: Services, who: Member, search = "") =>
  behindPortalGuard(s, who, `/dashboard/billing${search}`, (args) => callRoute(loader, args));
const entry = (who: Member, id: string) =>
  behindPortalGuard(plain, who, `/dashboard/billing/transactions/${id}`, (args) => callRoute(entryLoader, args), {
    transactionId: id,
  });

async function topUp(s: Services, who: Member, fields: Record<string, string>) {
  const request = formPost("/dashboard/billing", fields, { cookie: who.cookie });
  const context = routeContext(s);
  let out: unknown;
  await runMiddleware(portalMiddleware, { request, context }, async () => {
    out = await callRoute(action, { request, context });
    return new Response(null);
  });
  return answerOf(out);
}

describe("/dashboard/billing", () => {
  it("shows the caller's own balance and history, newest first, with the balance after each entry", async () => {
    const view = await page(plain, a);
    expect(view.wallet.balanceCents).toBe(4_290);
    expect(view.wallet.entries.map((e) => [e.description, e.amountCents, e.balanceAfterCents])).toEqual([
      ["Goodwill", 50, 4_290],
      ["October usage", -760, 4_240],
      ["Wallet top-up ($50.00)", 5_000, 5_000],
    ]);
    expect(view.topUpsEnabled).toBe(false);
    expect(view.attempt).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(view)).not.toContain("B's top-up");
  });

  it("has no wallet for an account without a licensee record", async () => {
    const view = await page(plain, noLicensee);
    expect(view.wallet).toMatchObject({ licensee: null, entries: [] });
  });

  it("shows the spec's messages on the way back from checkout", async () => {
    expect((await page(plain, a, "?payment=canceled")).notice).toBe("canceled");
    expect((await page(plain, a, "?payment=success&session_id=cs_test_unknown")).notice).toBe("success");
  });

  it("answers 'Configuration Needed' to a top-up without Stripe, and refuses amounts the spec does not offer", async () => {
    const r = await topUp(plain, a, { amountCents: "2500", attempt: "attempt-0001" });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({
      ok: false,
      title: "Configuration Needed",
      message: "Stripe Price ID for this amount is not configured yet.",
    });
    const odd = await topUp(withStripe, a, { amountCents: "1234", attempt: "attempt-0001" });
    expect(odd.status).toBe(400);
    expect(standIn.requests).toHaveLength(0);
  });

  it("redirects a top-up to the provider's checkout page for the caller's licensee", async () => {
    const r = await topUp(withStripe, a, { amountCents: "1000", attempt: "attempt-0002" });
    expect(r.status).toBe(302);
    const location = r.headers.get("location")!;
    expect(location.startsWith(`${standIn.url}/checkout/cs_test_`)).toBe(true);
    const session = [...standIn.sessions.values()].at(-1)!;
    expect(session).toMatchObject({ client_reference_id: a.licenseeId, amount_total: 1_000 });
    const none = await topUp(withStripe, noLicensee, { amountCents: "1000", attempt: "attempt-0003" });
    expect(none.body).toMatchObject({ ok: false, message: "User data not loaded. Cannot proceed." });
  });
});

describe("/dashboard/billing: custom top-ups, license fees, cancellation, portal and auto-recharge", () => {
  it("opens a checkout for a custom whole-dollar amount and refuses amounts outside $10–$1,000 with clear messages", async () => {
    const ok = await topUp(withStripe, a, { intent: "top_up", customAmount: "$75", attempt: "attempt-0100" });
    expect(ok.status).toBe(302);
    expect([...standIn.sessions.values()].at(-1)).toMatchObject({ amount_total: 7_500 });
    const before = standIn.requests.length;
    for (const [customAmount, message] of [
      ["9", "The smallest top-up is $10."],
      ["1001", "The largest top-up is $1,000."],
      ["12.50", "Enter whole dollars, for example 75."],
      ["", "Enter an amount."],
    ] as const) {
      const r = await topUp(withStripe, a, { intent: "top_up", customAmount, attempt: "attempt-0101" });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ ok: false, message });
    }
    expect(standIn.requests.length).toBe(before);
    // Ticking "Save this card" asks Checkout to keep it for off-session use.
    await topUp(withStripe, a, { intent: "top_up", customAmount: "20", saveCard: "on", attempt: "attempt-0102" });
    expect(standIn.requests.at(-1)!.body).toMatchObject({
      payment_intent_data: { setup_future_usage: "off_session" },
      metadata: { save_card: "1" },
    });
  });

  it("lists no license fees for a licensee without licenses, and offers no portal before any card payment", async () => {
    const view = await page(withStripe, a);
    expect(view.licenses).toEqual([]);
    expect(view.portalEnabled).toBe(false);
    expect(view.autoRecharge).toMatchObject({ savedCardLabel: null, enabled: false });
    const portal = await topUp(withStripe, a, { intent: "portal" });
    expect(portal.status).toBe(409);
    expect(portal.body).toMatchObject({ ok: false, title: "No Payment Method Yet" });
  });

  it("refuses to cancel a license that is not the caller's, and auto-recharge without a saved card", async () => {
    const cancel = await topUp(withStripe, a, { intent: "cancel", licenseId: "00000000-0000-4000-8000-000000000000" });
    expect(cancel.status).toBe(404);
    expect(cancel.body).toMatchObject({ ok: false, message: "This license does not exist or is not yours." });
    const malformed = await topUp(withStripe, a, { intent: "cancel", licenseId: "nope" });
    expect(malformed.status).toBe(400);
    const on = await topUp(withStripe, a, {
      intent: "auto_recharge",
      enabled: "on",
      thresholdDollars: "10",
      amountDollars: "25",
    });
    expect(on.status).toBe(400);
    expect(on.body).toMatchObject({ ok: false, message: expect.stringContaining("Save a card first") });
    const bad = await topUp(withStripe, a, {
      intent: "auto_recharge",
      enabled: "on",
      thresholdDollars: "ten",
      amountDollars: "5",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, message: "Enter whole dollars, for example 75." });
  });
});

describe("/dashboard/billing/transactions/:id", () => {
  it("shows an own entry with what it was for", async () => {
    const view = await entry(a, aEntries[1]!);
    expect(view).toMatchObject({
      entry: { description: "October usage", amountCents: -760, transactionType: "usage" },
      usage: { kind: "call_minutes", quantity: 152, unitCents: 5 },
    });
  });

  it("answers 404 for another licensee's entry, a missing one and a malformed id", async () => {
    for (const [who, id] of [
      [b, aEntries[0]!],
      [noLicensee, aEntries[0]!],
      [a, "00000000-0000-4000-8000-000000000000"],
      [a, "not-an-id"],
    ] as const) {
      const err = await entry(who, id).catch((e: unknown) => e);
      expect((err as { init?: { status?: number } }).init?.status, `${who.email} ${id}`).toBe(404);
    }
  });
});
