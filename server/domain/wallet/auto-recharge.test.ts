/**
 * Auto-recharge on the database with the Stripe stand-in: a top-up that saves its card; one recharge per fall
 * under the threshold even with 20 concurrent usage debits, credited once per payment intent; a declined recharge
 * turns auto-recharge off and emails the licensee once.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientWalletTransactions, emailOutbox, licensees } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { stripeBillingGateway, stripeGateway } from "#server/integrations/stripe/client.ts";
import { type StripeStandIn, startStripeStandIn } from "#tests/support/stripe-stand-in.ts";
import { ValidationError } from "../errors.ts";
import { autoRechargeOfLicensee, runAutoRecharge, setAutoRecharge } from "./auto-recharge.ts";
import { replayBalance } from "./ledger.ts";
import type { RechargeJobQueue } from "./recharge-trigger.ts";
import { seedLicensee } from "./test-fixtures.ts";
import { confirmReturnedCheckout, startTopUp } from "./top-up.ts";
import { recordUsage } from "./usage.ts";

const PUBLIC_URL = "https://portal.poundcodes.example";
let t: TestDb;
let standIn: StripeStandIn;
const cfg = () => ({ secretKey: "sk_test_recharge", webhookSecret: "whsec_unused", apiUrl: standIn.url });

beforeAll(async () => {
  t = await createTestDb();
  standIn = await startStripeStandIn({ secretKey: "sk_test_recharge" });
});
afterAll(async () => {
  await standIn?.close();
  await t?.close();
});

/** A queue that records what was queued (the ledger's transaction decides; the job runs runAutoRecharge). */
function recordingQueue() {
  const queued: string[] = [];
  const queue: RechargeJobQueue = {
    async enqueue(_tx, _name, data, options) {
      queued.push(`${data.licenseeId}:${options?.singletonKey}`);
      return "job";
    },
  };
  return { queue, queued };
}

const ledger = (recharge: RechargeJobQueue | null = null) => ({ lowBalanceCents: 0, publicUrl: PUBLIC_URL, recharge });
const actorOf = (userId: string) => ({ userId, role: "user" as const, ip: "198.51.100.9" });
const licensee = async (id: string) => (await t.db.select().from(licensees).where(eq(licensees.id, id)))[0]!;

/** A licensee who topped up $25.00 with "Save this card" ticked, through checkout on the stand-in. */
async function withSavedCard() {
  const lic = await seedLicensee(t.db);
  const { sessionId } = await startTopUp(
    t.db,
    actorOf(lic.userId),
    { amountCents: 2_500, attempt: `attempt-${lic.id}`, saveCard: true },
    { gateway: stripeGateway(cfg()), publicUrl: PUBLIC_URL },
  );
  const req = standIn.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
  expect(req.body).toMatchObject({
    customer_creation: "always",
    payment_intent_data: { setup_future_usage: "off_session" },
    metadata: { save_card: "1" },
  });
  await standIn.pay(sessionId);
  const r = await confirmReturnedCheckout(t.db, actorOf(lic.userId), sessionId, {
    ...ledger(),
    gateway: stripeGateway(cfg()),
    billing: stripeBillingGateway(cfg()),
  });
  expect(r.outcome).toBe("credited");
  return lic;
}

/** Twenty usage debits of 20 call minutes ($1.00 each at the base rate) at once. */
function twentyDebits(licenseeId: string, tag: string, recharge: RechargeJobQueue) {
  return Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      recordUsage(
        t.db,
        { id: `recharge-${tag}-${licenseeId}-${i}`, licensee_id: licenseeId, kind: "call_minutes", quantity: 20 },
        ledger(recharge),
      ),
    ),
  );
}

describe("saving the card at a top-up", () => {
  it("keeps the customer and the card, shows how it reads, and refuses auto-recharge without one", async () => {
    const lic = await withSavedCard();
    const row = await licensee(lic.id);
    expect(row.stripeCustomerId).toMatch(/^cus_test_/);
    expect(row.savedPaymentMethodId).toMatch(/^pm_test_/);
    expect(autoRechargeOfLicensee(row)).toMatchObject({
      savedCardLabel: "Visa ending 4242",
      enabled: false,
    });
    const bare = await seedLicensee(t.db);
    await expect(
      setAutoRecharge(t.db, actorOf(bare.userId), { enabled: true, thresholdCents: 1_000, amountCents: 2_500 }, {}),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe("auto-recharge", () => {
  it("recharges once per fall under the threshold, even with 20 concurrent debits, and credits once", async () => {
    const lic = await withSavedCard();
    const { queue, queued } = recordingQueue();
    // $25.00 on the wallet; recharge $25.00 when it falls under $10.00.
    const set = await setAutoRecharge(
      t.db,
      actorOf(lic.userId),
      { enabled: true, thresholdCents: 1_000, amountCents: 2_500 },
      { jobs: queue },
    );
    expect(set).toEqual({ enabled: true, startedNow: false });
    await twentyDebits(lic.id, "first", queue);
    expect((await licensee(lic.id)).minutesSmsWalletCents).toBe(500);
    expect(queued).toEqual([`${lic.id}:${lic.id}:1`]);
    expect((await licensee(lic.id)).autoRechargePendingAt).not.toBeNull();

    // The job runs (twice: a retry after a lost answer charges once, by the idempotency key, and credits once).
    const [a, b] = await Promise.all([
      runAutoRecharge(t.db, lic.id, { ...ledger(queue), gateway: stripeBillingGateway(cfg()) }),
      runAutoRecharge(t.db, lic.id, { ...ledger(queue), gateway: stripeBillingGateway(cfg()) }),
    ]);
    expect([a.outcome, b.outcome].sort()).toEqual(["credited", "credited"]);
    expect(a.paymentIntentId).toBe(b.paymentIntentId);
    const credits = await t.db
      .select()
      .from(clientWalletTransactions)
      .where(
        and(
          eq(clientWalletTransactions.licenseeId, lic.id),
          eq(clientWalletTransactions.paymentReference, a.paymentIntentId!),
        ),
      );
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      amountCents: 2_500,
      transactionType: "top_up",
      description: "Auto-recharge ($25.00)",
    });
    const after = await licensee(lic.id);
    expect(after.minutesSmsWalletCents).toBe(3_000);
    expect(after.autoRechargePendingAt).toBeNull();
    expect((await replayBalance(t.db, lic.id)).matches).toBe(true);
    expect(await runAutoRecharge(t.db, lic.id, { ...ledger(queue), gateway: stripeBillingGateway(cfg()) })).toEqual({
      outcome: "none",
    });
    expect([...standIn.paymentIntents.values()].filter((p) => p.metadata?.licensee_id === lic.id)).toHaveLength(1);
  });

  it("a declined recharge turns auto-recharge off and emails once; later falls start nothing", async () => {
    const lic = await withSavedCard();
    const { queue, queued } = recordingQueue();
    await setAutoRecharge(
      t.db,
      actorOf(lic.userId),
      { enabled: true, thresholdCents: 1_000, amountCents: 2_500 },
      {
        jobs: queue,
      },
    );
    standIn.setCard((await licensee(lic.id)).stripeCustomerId!, "fails");
    await twentyDebits(lic.id, "declined", queue);
    expect(queued).toHaveLength(1);
    const gateway = stripeBillingGateway(cfg());
    const results = await Promise.all([
      runAutoRecharge(t.db, lic.id, { ...ledger(queue), gateway }),
      runAutoRecharge(t.db, lic.id, { ...ledger(queue), gateway }),
    ]);
    expect(results.map((r) => r.outcome)).toContain("declined");
    const row = await licensee(lic.id);
    expect(row).toMatchObject({ autoRechargeEnabled: false, autoRechargePendingAt: null });
    expect(row.autoRechargeOffReason).toBe("Your card was declined.");
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, row.email), eq(emailOutbox.template, "wallet_auto_recharge_failed")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("Auto-recharge is now off");
    // Nothing was credited, and a further debit queues nothing.
    expect(row.minutesSmsWalletCents).toBe(500);
    await recordUsage(
      t.db,
      { id: `recharge-after-${lic.id}`, licensee_id: lic.id, kind: "call_minutes", quantity: 1 },
      ledger(queue),
    );
    expect(queued).toHaveLength(1);
  });

  it("turned on while already under the threshold, starts one recharge at once", async () => {
    const lic = await withSavedCard();
    const { queue, queued } = recordingQueue();
    const set = await setAutoRecharge(
      t.db,
      actorOf(lic.userId),
      { enabled: true, thresholdCents: 5_000, amountCents: 1_000 },
      { jobs: queue },
    );
    expect(set).toEqual({ enabled: true, startedNow: true });
    expect(queued).toHaveLength(1);
    // Saving again while it is pending starts no second one.
    await setAutoRecharge(
      t.db,
      actorOf(lic.userId),
      { enabled: true, thresholdCents: 5_000, amountCents: 1_000 },
      {
        jobs: queue,
      },
    );
    expect(queued).toHaveLength(1);
  });
});
