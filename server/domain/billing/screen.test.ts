import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { licenseInvoices, licenseRefunds } from "#server/db/schema/index.ts";
import type { Actor } from "../actor.ts";
import { seedUser } from "../reservations/test-fixtures.ts";
import { billingScreenOf } from "./screen.ts";
import { type BillingHarness, type Firm, startBillingHarness } from "./test-harness.ts";

let h: BillingHarness;
let a: Firm;
let b: Firm;

beforeAll(async () => {
  h = await startBillingHarness();
  a = await h.licensedFirm();
  b = await h.licensedFirm();
}, 60_000);
afterAll(() => h?.close());

const screenOf = (firm: { actor: Actor }) => billingScreenOf(h.t.db, firm.actor, { dunning: h.billing.dunning });

describe("the Billing & Wallet screen's read", () => {
  it("shows a licensee their own license with its paid first invoice, their wallet and their card settings", async () => {
    const screen = await screenOf(a);
    expect(screen.billing.licenses.map((l) => l.id)).toEqual([a.license.id]);
    const [license] = screen.billing.licenses;
    expect(license).toMatchObject({ status: "active", standing: "active", hasSubscription: true });
    expect(license?.invoices.map((i) => [i.kind, i.status])).toEqual([["first", "paid"]]);
    expect(screen.billing.hasBillingAccount).toBe(true);
    expect(screen.wallet.licensee?.email).toBe(a.email);
    expect(screen.wallet).toMatchObject({ balanceCents: 0, entries: [], totalEntries: 0 });
    expect(screen.autoRecharge).toMatchObject({ enabled: false, pending: false });
  });

  it("lists a license's invoices and refunds newest first, each as it was recorded", async () => {
    const c = await h.licensedFirm();
    const [cycle] = await h.t.db
      .insert(licenseInvoices)
      .values({
        licenseId: c.license.id,
        stripeInvoiceId: `in_cycle_${c.license.id}`,
        billingReason: "subscription_cycle",
        status: "paid",
        periodStart: new Date("2030-01-02T00:00:00.000Z"),
        periodEnd: new Date("2030-02-02T00:00:00.000Z"),
        amountDueCents: 45_000,
        amountPaidCents: 45_000,
        amountRefundedCents: 10_000,
        hostedInvoiceUrl: "https://invoice.stripe.com/i/cycle",
        paymentIntentId: `pi_cycle_${c.license.id}`,
        issuedAt: new Date("2030-01-02T03:04:05.678Z"),
        paidAt: new Date("2030-01-02T03:05:00.001Z"),
      })
      .returning({ id: licenseInvoices.id });
    const [refund] = await h.t.db
      .insert(licenseRefunds)
      .values({
        licenseId: c.license.id,
        invoiceId: cycle!.id,
        stripeRefundId: `re_cycle_${c.license.id}`,
        amountCents: 10_000,
        kind: "other",
        reason: "A goodwill credit",
        refundedAt: new Date("2030-01-03T00:00:00.001Z"),
      })
      .returning({ id: licenseRefunds.id });
    const [license] = (await screenOf(c)).billing.licenses;
    expect(license?.invoices.map((i) => i.kind)).toEqual(["monthly", "first"]);
    expect(license?.invoices[0]).toEqual({
      id: cycle!.id,
      stripeInvoiceId: `in_cycle_${c.license.id}`,
      kind: "monthly",
      status: "paid",
      periodStart: "2030-01-02T00:00:00.000Z",
      periodEnd: "2030-02-02T00:00:00.000Z",
      amountDueCents: 45_000,
      amountPaidCents: 45_000,
      amountRefundedCents: 10_000,
      hostedInvoiceUrl: "https://invoice.stripe.com/i/cycle",
      invoicePdfUrl: null,
      issuedAt: "2030-01-02T03:04:05.678Z",
      paidAt: "2030-01-02T03:05:00.001Z",
      refundableCents: 35_000,
    });
    expect(license?.refunds).toEqual([
      {
        id: refund!.id,
        amountCents: 10_000,
        kind: "other",
        reason: "A goodwill credit",
        refundedAt: "2030-01-03T00:00:00.001Z",
      },
    ]);
  });

  it("never shows another licensee's license or invoices", async () => {
    const [mine, theirs] = await Promise.all([screenOf(a), screenOf(b)]);
    expect(theirs.billing.licenses.map((l) => l.id)).toEqual([b.license.id]);
    const invoicesOf = (s: typeof mine) => s.billing.licenses.flatMap((l) => l.invoices.map((i) => i.id));
    expect(invoicesOf(theirs)).not.toEqual(expect.arrayContaining(invoicesOf(mine)));
    expect(theirs.wallet.licensee?.id).not.toBe(mine.wallet.licensee?.id);
  });

  it("has empty views for an account without a licensee record, and for no account", async () => {
    const userId = await seedUser(h.t.db, "no-licensee@example.com");
    const empty = {
      wallet: { licensee: null, balanceCents: 0, lastMonthDepositCents: 0, entries: [], totalEntries: 0 },
      billing: { licenses: [], hasBillingAccount: false },
      autoRecharge: null,
    };
    expect(await screenOf({ actor: { userId, role: "user", ip: "203.0.113.90" } })).toEqual(empty);
    expect(await screenOf({ actor: { userId: null, ip: "203.0.113.91" } })).toEqual(empty);
  });
});
