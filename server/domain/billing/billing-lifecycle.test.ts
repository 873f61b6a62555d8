/**
 * A license's money for its whole life, on the database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * the official Stripe SDK talks to the stand-in on loopback, whose test clock renews the subscription month by
 * month and sends the signed invoice events to the application's webhook endpoint (the Hono app, edge included).
 *
 * - A year: 12 paid invoices, each recorded once; the month-3 invoice fails → the licensee is emailed, the license
 *   is overdue, then suspended after the grace period (landing page neutral, usage refused); paying it reactivates
 *   everything at once.
 * - A month-7 invoice left unpaid: suspended, then ended after LICENSE_TERMINATE_DAYS, the subscription canceled at
 *   Stripe, the pair released and its waitlist emailed in join order.
 * - Every event delivered again, out of order, and twenty at once: one effect.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, dynamicPages, emailOutbox, providerEvents, waitlistEntries } from "#server/db/schema/index.ts";
import { LandingPageGoneError, LandingPageUnavailableError } from "../landing-pages/errors.ts";
import { getLandingPage } from "../landing-pages/landing-pages.ts";
import { LicenseNotLiveError } from "../wallet/errors.ts";
import { recordUsage } from "../wallet/usage.ts";
import { runDunning } from "./dunning.ts";
import { type BillingHarness, type Firm, PUBLIC_URL, startBillingHarness } from "./test-harness.ts";
import { licenseAlertsOfUser } from "./view.ts";

let h: BillingHarness;
/** Every firm licenses before the test clock moves (a checkout expires by the stand-in's clock). */
const firms = {} as Record<"year" | "unpaid" | "raced" | "concurrent" | "reversed" | "action", Firm>;

beforeAll(async () => {
  h = await startBillingHarness();
  firms.year = await h.licensedFirm();
  firms.unpaid = await h.licensedFirm();
  firms.raced = await h.licensedFirm();
  firms.concurrent = await h.licensedFirm();
  firms.reversed = await h.licensedFirm({ reversed: true });
  firms.action = await h.licensedFirm();
});
afterAll(() => h?.close());

function landing(code: string, territoryName: string) {
  return getLandingPage(h.t.db, { poundCode: code, territorySlug: territoryName.toLowerCase().replaceAll(" ", "-") });
}

/** The license's "license.ended" audit entries, with what ended it (the dunning pass or Stripe's event). */
async function endsOf(licenseId: string) {
  const rows = await h.t.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, licenseId), eq(auditLog.action, "license.ended")));
  return rows.map((r) => r.details as { source: string; released: boolean; notified: number });
}

function usage(licenseeId: string, licenseId: string, n: number) {
  return recordUsage(
    h.t.db,
    { id: `evt-usage-${licenseId}-${n}`, licensee_id: licenseeId, license_id: licenseId, kind: "sms", quantity: 1 },
    { lowBalanceCents: 0, publicUrl: PUBLIC_URL },
  );
}

describe("a year of a license on the test clock", () => {
  it("records 12 paid invoices once each; a failure in month 3 suspends after the grace period and payment reactivates", async () => {
    const firm = firms.year;
    const { license, subscriptionId } = firm;
    const customerId = license.stripeCustomerId!;
    // The firm completes its landing page (without its required content the page is not public at all).
    await h.t.db
      .update(dynamicPages)
      .set({ companyDescription: "We answer every call.", services: ["Free consultations"] })
      .where(eq(dynamicPages.licenseeId, license.licenseeId));
    const first = await h.invoicesOf(license.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      billingReason: "subscription_create",
      status: "paid",
      amountPaidCents: license.setupFeeCents + license.monthlyFeeCents,
    });

    // Month 2 is paid; month 3's card declines.
    await h.month(subscriptionId);
    h.standIn.setCard(customerId, "fails");
    await h.month(subscriptionId);
    let row = await h.licenseRow(license.id);
    expect(row.status).toBe("active");
    expect(row.paymentOverdueSince).not.toBeNull();
    const failed = (await h.invoicesOf(license.id)).at(-1)!;
    expect(failed).toMatchObject({ status: "failed", amountPaidCents: 0, amountDueCents: license.monthlyFeeCents });
    expect(row.overdueInvoiceId).toBe(failed.stripeInvoiceId);
    const failMail = await h.mailTo(firm.email, "license_payment_failed");
    expect(failMail).toHaveLength(1);
    expect(failMail[0]!.textBody).toContain("/dashboard/billing");
    expect(failMail[0]!.textBody).toContain("$500.00");

    // The two timers are pg-boss jobs, due at the grace and the end dates, one each.
    const timers = await h.t.db.execute<{ singleton_key: string; start_after: Date }>(
      sql`select singleton_key, start_after from pgboss.job where name = 'licenses.dunning' and data->>'licenseId' = ${license.id} order by start_after`,
    );
    expect(timers.rows.map((r) => r.singleton_key)).toEqual([
      `${license.id}:${failed.stripeInvoiceId}:suspend`,
      `${license.id}:${failed.stripeInvoiceId}:end`,
    ]);
    const since = row.paymentOverdueSince!.getTime();
    const startAfter = timers.rows.map((r) => new Date(r.start_after).getTime() - since);
    // The delays count from now (the test clock may be ahead), so they are at most the grace and end periods.
    expect(startAfter[0]!).toBeGreaterThan(0);

    // Inside the grace period nothing happens; after it the license is suspended.
    expect(await runDunning(h.t.db, { ...h.billing, now: h.clockPlus(6) })).toEqual({
      suspended: 0,
      ended: 0,
      cancelled: 0,
    });
    expect(await runDunning(h.t.db, { ...h.billing, now: h.clockPlus(8) })).toEqual({
      suspended: 1,
      ended: 0,
      cancelled: 0,
    });
    // A second pass (another process, a retried job) changes nothing more.
    expect(await runDunning(h.t.db, { ...h.billing, now: h.clockPlus(8) })).toEqual({
      suspended: 0,
      ended: 0,
      cancelled: 0,
    });
    row = await h.licenseRow(license.id);
    expect(row.status).toBe("suspended");
    // The dashboard warns the licensee, naming the date the license would end.
    expect(await licenseAlertsOfUser(h.t.db, firm.actor, { dunning: h.billing.dunning })).toEqual([
      {
        id: license.id,
        what: `${firm.category.name} in ${firm.territory.name}`,
        standing: "suspended",
        suspendOn: new Date(row.paymentOverdueSince!.getTime() + 7 * 86_400_000).toISOString(),
        endOn: new Date(row.paymentOverdueSince!.getTime() + 30 * 86_400_000).toISOString(),
      },
    ]);
    expect(await h.mailTo(firm.email, "license_suspended")).toHaveLength(1);
    // The landing page is neutral (503, not the firm's content, not a 404) and usage is refused.
    const unavailable = await landing(firm.category.name, firm.territory.name).catch((e: unknown) => e);
    expect(unavailable).toBeInstanceOf(LandingPageUnavailableError);
    expect((unavailable as LandingPageUnavailableError).status).toBe(503);
    const refused = await usage(license.licenseeId, license.id, 1).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LicenseNotLiveError);
    // The pair stays the licensee's.
    expect(await h.pairStatus(firm)).toBe("licensed");

    // The licensee fixes the card: the invoice is paid and everything is back at once.
    h.standIn.setCard(customerId, "ok");
    await h.standIn.payOpenInvoices(customerId);
    await h.standIn.delivered();
    row = await h.licenseRow(license.id);
    expect(row).toMatchObject({
      status: "active",
      paymentOverdueSince: null,
      suspendedAt: null,
      overdueInvoiceId: null,
    });
    expect(await h.mailTo(firm.email, "license_reactivated")).toHaveLength(1);
    expect(await licenseAlertsOfUser(h.t.db, firm.actor, { dunning: h.billing.dunning })).toEqual([]);
    expect((await landing(firm.category.name, firm.territory.name)).businessName).toBeTruthy();
    expect(await usage(license.licenseeId, license.id, 2)).toMatchObject({ status: "recorded" });
    expect((await h.invoicesOf(license.id)).find((i) => i.stripeInvoiceId === failed.stripeInvoiceId)!.status).toBe(
      "paid",
    );
    // Once recovered, the timers find nothing to do when they run.
    expect(await runDunning(h.t.db, { ...h.billing, now: h.clockPlus(31), licenseId: license.id })).toEqual({
      suspended: 0,
      ended: 0,
      cancelled: 0,
    });

    // Months 4 to 12.
    for (let m = 4; m <= 12; m++) await h.month(subscriptionId);
    const year = await h.invoicesOf(license.id);
    expect(year).toHaveLength(12);
    expect(year.every((i) => i.status === "paid")).toBe(true);
    expect(new Set(year.map((i) => i.stripeInvoiceId)).size).toBe(12);
    expect(
      year
        .filter((i) => i.billingReason === "subscription_cycle")
        .every((i) => i.amountPaidCents === license.monthlyFeeCents),
    ).toBe(true);
    // Consecutive monthly periods: each starts where the one before ended.
    for (let i = 2; i < year.length; i++) expect(year[i]!.periodStart).toEqual(year[i - 1]!.periodEnd);
    row = await h.licenseRow(license.id);
    expect(row.currentPeriodEnd).toEqual(year.at(-1)!.periodEnd);
    expect(row.subscriptionAmountCents).toBe(license.monthlyFeeCents);
    expect(h.answers.every((a) => a.status === 200)).toBe(true);

    // Every event of the year delivered again, three at once each: nothing moves.
    const mine = h.standIn.events.filter((e) => JSON.stringify(e.data.object).includes(subscriptionId));
    const before = {
      invoices: await h.invoicesOf(license.id),
      mails: (await h.t.db.select().from(emailOutbox)).length,
    };
    const again = await h.redeliver(mine, 3);
    expect(again.every((r) => r.status === 200)).toBe(true);
    // Billing events answer "duplicate"; the checkout's completion too; types outside the allow-list no outcome.
    expect(again.filter((r) => r.outcome !== undefined && r.outcome !== "duplicate")).toEqual([]);
    expect(await h.invoicesOf(license.id)).toEqual(before.invoices);
    expect((await h.t.db.select().from(emailOutbox)).length).toBe(before.mails);

    // The year's ledger, as the closing note quotes it.
    const ledger = year.map(
      (i, n) =>
        `${String(n + 1).padStart(2)} ${i.billingReason === "subscription_create" ? "deposit+month" : "month        "} ${i.periodStart!.toISOString().slice(0, 10)}..${i.periodEnd!.toISOString().slice(0, 10)} $${(i.amountPaidCents / 100).toFixed(2)} ${i.status}${i.failedAt ? " (failed first, then paid)" : ""}`,
    );
    console.info(`billing lifecycle (${h.t.driver}), license ${license.id.slice(0, 8)}:\n${ledger.join("\n")}`);

    const audit = await h.t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, license.id))
      .orderBy(asc(auditLog.createdAt));
    expect(audit.map((a) => a.action)).toEqual(["license.payment_overdue", "license.suspended", "license.reactivated"]);
  });

  it("a month-7 invoice left unpaid ends the license, cancels the subscription and tells the waitlist in order", async () => {
    const firm = firms.unpaid;
    const { license, subscriptionId } = firm;
    const waiting = ["first@example.net", "second@example.net", "third@example.net"];
    for (const [i, email] of waiting.entries()) {
      await h.t.db.insert(waitlistEntries).values({
        territoryId: firm.territory.id,
        categoryId: firm.category.id,
        email,
        name: `Waiting ${i + 1}`,
        createdAt: new Date(Date.now() - (10 - i) * 60_000),
      });
    }
    for (let m = 2; m <= 6; m++) await h.month(subscriptionId);
    h.standIn.setCard(license.stripeCustomerId!, "fails");
    await h.month(subscriptionId);
    expect((await h.licenseRow(license.id)).paymentOverdueSince).not.toBeNull();
    expect(await runDunning(h.t.db, { ...h.billing, now: h.clockPlus(8) })).toMatchObject({ suspended: 1 });
    expect(await runDunning(h.t.db, { ...h.billing, now: h.clockPlus(29) })).toMatchObject({ ended: 0 });
    const mailsBefore = (await h.t.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
    expect(await runDunning(h.t.db, { ...h.billing, now: h.clockPlus(31) })).toEqual({
      suspended: 0,
      ended: 1,
      cancelled: 0,
    });
    await h.standIn.delivered();

    const row = await h.licenseRow(license.id);
    expect(row).toMatchObject({ status: "ended", endReason: "unpaid" });
    expect(h.standIn.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    // Ended once: by this pass, and then Stripe's own customer.subscription.deleted, which followed the cancel, found
    // it ended and did nothing more; or, when that event came first (a quick webhook under load), by the event alone.
    const ends = await endsOf(license.id);
    expect(ends).toHaveLength(1);
    expect(h.answers.filter((a) => a.type === "customer.subscription.deleted").at(-1)).toMatchObject({
      status: 200,
      outcome: ends[0]!.source === "dunning" ? "ignored" : "recorded",
    });
    expect(await h.pairStatus(firm)).toBe("available");
    const released = await h.t.db
      .select({ to: emailOutbox.toAddress, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.template, "waitlist_released"))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
    // One email each, numbered in the order they joined (the rows share their transaction's time).
    const toWaiting = released.filter((m) => waiting.includes(m.to));
    expect(toWaiting).toHaveLength(3);
    for (const [i, email] of waiting.entries()) {
      expect(toWaiting.find((m) => m.to === email)!.text).toContain(`You were number ${i + 1} on its waitlist`);
    }
    expect(await h.mailTo(firm.email, "license_ended")).toHaveLength(1);
    expect((await h.t.db.select({ id: emailOutbox.id }).from(emailOutbox)).length).toBeGreaterThan(mailsBefore);
    const invoices = await h.invoicesOf(license.id);
    expect(invoices.filter((i) => i.status === "paid")).toHaveLength(6);
    expect(invoices.at(-1)!.status).toBe("failed");
    // The page is gone (410, not the firm's content, not a 404): the license ended.
    await expect(landing(firm.category.name, firm.territory.name)).rejects.toBeInstanceOf(LandingPageGoneError);
  });

  it("an unpaid license whose cancellation's deletion event Stripe delivers first is counted ended once", async () => {
    const firm = firms.raced;
    const { license, subscriptionId } = firm;
    await h.t.db.insert(waitlistEntries).values({
      territoryId: firm.territory.id,
      categoryId: firm.category.id,
      email: "raced-waiting@example.net",
      name: "Waiting",
    });
    h.standIn.setCard(license.stripeCustomerId!, "fails");
    await h.month(subscriptionId);
    expect(await runDunning(h.t.db, { ...h.billing, now: h.clockPlus(8), licenseId: license.id })).toMatchObject({
      suspended: 1,
    });
    // Stripe answers the cancellation only once its customer.subscription.deleted event was handled: the event's
    // handler ends the license, releases the pair and tells the waitlist before the pass takes the row.
    const gateway = h.billing.gateway!;
    const eventFirst = Object.assign(Object.create(gateway) as typeof gateway, {
      async cancelSubscriptionNow(id: string) {
        const answer = await gateway.cancelSubscriptionNow(id);
        await h.standIn.delivered();
        return answer;
      },
    });
    expect(
      await runDunning(h.t.db, { ...h.billing, gateway: eventFirst, now: h.clockPlus(31), licenseId: license.id }),
    ).toEqual({ suspended: 0, ended: 1, cancelled: 0 });
    expect(h.answers.filter((a) => a.type === "customer.subscription.deleted").at(-1)).toMatchObject({
      status: 200,
      outcome: "recorded",
    });
    expect(await h.licenseRow(license.id)).toMatchObject({ status: "ended", endReason: "unpaid" });
    expect(await endsOf(license.id)).toEqual([
      expect.objectContaining({ source: "stripe", released: true, notified: 1 }),
    ]);
    expect(await h.pairStatus(firm)).toBe("available");
    expect(await h.mailTo(firm.email, "license_ended")).toHaveLength(1);
    expect(await h.mailTo("raced-waiting@example.net", "waitlist_released")).toHaveLength(1);
  });
});

describe("a payment that needs the card holder", () => {
  it("marks the license overdue and asks the licensee to confirm; confirming it clears the debt", async () => {
    const firm = firms.action;
    const customerId = firm.license.stripeCustomerId!;
    h.standIn.setCard(customerId, "requires_action");
    await h.month(firm.subscriptionId);
    const invoice = (await h.invoicesOf(firm.license.id)).at(-1)!;
    expect(invoice.status).toBe("action_required");
    expect(await h.licenseRow(firm.license.id)).toMatchObject({
      status: "active",
      overdueInvoiceId: invoice.stripeInvoiceId,
    });
    const mail = await h.mailTo(firm.email, "license_payment_action_required");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Please confirm your payment: ${firm.category.name} in ${firm.territory.name}`);
    expect(mail[0]!.textBody).toContain(invoice.hostedInvoiceUrl!);
    h.standIn.setCard(customerId, "ok");
    await h.standIn.payOpenInvoices(customerId);
    await h.standIn.delivered();
    expect(await h.licenseRow(firm.license.id)).toMatchObject({ status: "active", paymentOverdueSince: null });
    expect((await h.invoicesOf(firm.license.id)).at(-1)!.status).toBe("paid");
  });
});

describe("duplicate and concurrent deliveries", () => {
  it("invoice.paid before checkout.session.completed records the first invoice once and the checkout activates", async () => {
    const firm = firms.reversed;
    const invoices = await h.invoicesOf(firm.license.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ billingReason: "subscription_create", status: "paid" });
    expect(firm.license).toMatchObject({ status: "active" });
  });

  it("twenty concurrent deliveries of each event of a failure and a recovery have one effect", async () => {
    const firm = firms.concurrent;
    const customerId = firm.license.stripeCustomerId!;
    h.standIn.setCard(customerId, "fails");
    const failing = await h.standIn.advance(firm.subscriptionId, { deliver: false });
    h.standIn.setCard(customerId, "ok");
    const paying = await h.standIn.payOpenInvoices(customerId, { deliver: false });
    // Out of order: the recovery arrives first, twenty times at once, then the failure twenty times.
    const first = await h.redeliver(paying, 20);
    const second = await h.redeliver(failing, 20);
    expect([...first, ...second].every((r) => r.status === 200)).toBe(true);
    for (const event of [...paying, ...failing]) {
      const rows = await h.t.db.select().from(providerEvents).where(eq(providerEvents.id, event.id));
      expect(rows).toHaveLength(1);
    }
    const invoices = await h.invoicesOf(firm.license.id);
    expect(invoices).toHaveLength(2);
    // The late failure did not undo the payment: paid stays paid, and the license was never overdue.
    expect(invoices[1]!.status).toBe("paid");
    expect(await h.licenseRow(firm.license.id)).toMatchObject({ status: "active", paymentOverdueSince: null });
    expect(await h.mailTo(firm.email, "license_payment_failed")).toHaveLength(0);
  });
});
