/**
 * Tests only: a license's billing end to end on a test database. The official Stripe SDK talks to the stand-in on
 * loopback, whose signed webhooks are forwarded (body and signature as sent) to the application's Hono app, with the
 * real job runtime on the same database so the dunning timers are real pg-boss jobs. `licensedFirm()` takes a new
 * firm through the self-serve path (reserve, sign, pay its checkout on the stand-in) to an active license.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import pino from "pino";
import { expect } from "vitest";
import { loadConfig } from "#server/config.ts";
import {
  emailOutbox,
  licenseInvoices,
  licenseOrders,
  territoryCategories,
  territoryLicenses,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { createHttpApp } from "#server/http/app.ts";
import { testBuild } from "#server/http/test-routes.ts";
import { billingGateway, stripeGateway } from "#server/integrations/stripe/client.ts";
import { startTestJobs } from "#server/jobs/testing.ts";
import { createServices } from "#server/services.ts";
import {
  type StandInEvent,
  type StandInObject,
  type StripeStandIn,
  startStripeStandIn,
} from "#tests/support/stripe-stand-in.ts";
import { startOrderCheckout } from "../orders/checkout.ts";
import { signOrder } from "../orders/test-fixtures.ts";
import { reserveTerritory } from "../reservations/reservations.ts";
import { seedCategory, seedTerritory, seedUser, validReservation } from "../reservations/test-fixtures.ts";
import type { BillingOptions } from "./shared.ts";

export const PUBLIC_URL = "https://portal.poundcodes.example";
const WEBHOOK_SECRET = "whsec_billing_harness";
const DAY = 24 * 60 * 60;

export type BillingHarness = Awaited<ReturnType<typeof startBillingHarness>>;
export type Firm = Awaited<ReturnType<BillingHarness["licensedFirm"]>>;

export async function startBillingHarness() {
  const t: TestDb = await createTestDb();
  let app: ReturnType<typeof createHttpApp> | undefined;
  /** The webhook endpoint's answers, as Stripe would see them. */
  const answers: { type: string; status: number; outcome?: string }[] = [];
  const receiver: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const answer = await app!.request("/api/webhooks/stripe", {
      method: "POST",
      headers: {
        origin: "https://hooks.stripe.example",
        "content-type": "application/json",
        "stripe-signature": String(req.headers["stripe-signature"] ?? ""),
      },
      body,
    });
    const json = (await answer.json().catch(() => ({}))) as { outcome?: string };
    answers.push({ type: (JSON.parse(body) as { type: string }).type, status: answer.status, outcome: json.outcome });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(json));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/stripe`;
  const standIn: StripeStandIn = await startStripeStandIn({ webhook: { url: hook, secret: WEBHOOK_SECRET } });
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-billing-")),
    // Twenty concurrent deliveries are past the default in-flight limit; shedding has its own tests.
    MAX_IN_FLIGHT: "0",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    PUBLIC_URL,
    STRIPE_SECRET_KEY: "sk_test_billing",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
  });
  const services = await createServices(config, { handle: t, logger: pino({ level: "silent" }) });
  const jobs = await startTestJobs(t);
  Object.assign(services, { jobs });
  app = createHttpApp({
    services,
    mode: "production",
    build: testBuild({}),
    requestHandler: async () => new Response("router", { status: 404 }),
  });
  const billing: BillingOptions = {
    publicUrl: PUBLIC_URL,
    salesEmail: config.salesEmail,
    dunning: config.dunning,
    gateway: billingGateway(config.stripe),
  };

  /** Events signed again and delivered again, `times` at once each. */
  async function redeliver(events: StandInEvent<StandInObject>[], times: number) {
    return Promise.all(
      events.flatMap((event) =>
        Array.from({ length: times }, async () => {
          const { payload, signature } = standIn.sign(event);
          const res = await app!.request("/api/webhooks/stripe", {
            method: "POST",
            headers: {
              origin: "https://hooks.stripe.example",
              "content-type": "application/json",
              "stripe-signature": signature,
            },
            body: payload,
          });
          return { status: res.status, outcome: ((await res.json()) as { outcome?: string }).outcome };
        }),
      ),
    );
  }

  /**
   * A firm that reserves a #Code in a new territory, signs and pays its checkout on the stand-in: an active
   * license. `reversed`: the payment's three events arrive last first (`invoice.paid` before the completion).
   */
  let firmCount = 0;
  async function licensedFirm(opts: { reversed?: boolean } = {}) {
    const territory = await seedTerritory(t.db);
    const category = await seedCategory(t.db);
    const email = `firm-${territory.id.slice(0, 8)}@example.com`;
    const userId = await seedUser(t.db, email);
    // Each firm from its own address: an address may place only a few holds a day.
    const actor = { userId, role: "user" as const, ip: `203.0.113.${++firmCount}` };
    const held = await reserveTerritory(t.db, actor, validReservation(territory.id, category.id, email), {
      publicUrl: PUBLIC_URL,
      linkSecret: config.authSecret,
      salesEmail: config.salesEmail,
      approval: "auto",
    });
    const [order] = await t.db.select().from(licenseOrders).where(eq(licenseOrders.reservationId, held.reservationId));
    await signOrder(t.db, order!.id);
    const { url } = await startOrderCheckout(t.db, actor, order!.id, {
      gateway: stripeGateway(config.stripe!),
      publicUrl: PUBLIC_URL,
      linkSecret: config.authSecret,
    });
    const sessionId = url.split("/").pop()!;
    if (opts.reversed) {
      await standIn.pay(sessionId, { deliver: false });
      const batch = standIn.events.slice(-3);
      expect(batch.map((e) => e.type)).toEqual([
        "checkout.session.completed",
        "customer.subscription.created",
        "invoice.paid",
      ]);
      await redeliver(batch.toReversed(), 1);
    } else {
      await standIn.pay(sessionId);
      await standIn.delivered();
    }
    const [row] = await t.db
      .select({ license: territoryLicenses })
      .from(licenseOrders)
      .innerJoin(territoryLicenses, eq(territoryLicenses.id, licenseOrders.licenseId))
      .where(eq(licenseOrders.id, order!.id));
    const license = row!.license;
    expect(license).toMatchObject({ status: "active" });
    expect(license.stripeSubscriptionId).toMatch(/^sub_test_/);
    return { territory, category, email, userId, actor, license, subscriptionId: license.stripeSubscriptionId! };
  }

  return {
    t,
    standIn,
    config,
    billing,
    answers,
    redeliver,
    licensedFirm,
    licenseRow: async (id: string) =>
      (await t.db.select().from(territoryLicenses).where(eq(territoryLicenses.id, id)))[0]!,
    invoicesOf: (licenseId: string) =>
      t.db
        .select()
        .from(licenseInvoices)
        .where(eq(licenseInvoices.licenseId, licenseId))
        .orderBy(asc(licenseInvoices.issuedAt), asc(licenseInvoices.createdAt)),
    /** The pair's status (licensed, available …) of a firm's license. */
    async pairStatus(f: { territory: { id: string }; category: { id: string } }) {
      const [row] = await t.db
        .select({ status: territoryCategories.status })
        .from(territoryCategories)
        .where(
          and(eq(territoryCategories.territoryId, f.territory.id), eq(territoryCategories.categoryId, f.category.id)),
        );
      return row?.status;
    },
    mailTo: (to: string, template: string) =>
      t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template))),
    /** The stand-in's clock as a date, plus some days. */
    clockPlus: (days: number) => new Date((standIn.clock() + days * DAY) * 1000),
    /** Renews a subscription one month on the test clock and waits for its webhooks to be answered. */
    async month(subscriptionId: string) {
      const events = await standIn.advance(subscriptionId);
      await standIn.delivered();
      return events;
    },
    async close() {
      await jobs.stop();
      await standIn.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      await t.close();
    },
  };
}
