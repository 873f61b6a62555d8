/**
 * Cancelling and refunding a license on the database with the Stripe stand-in: inside the 5-business-day window
 * the license ends at once and the deposit is refunded (once, even when the request is repeated or doubled);
 * outside it the subscription is set to cancel at the period's end, and the license ends then; administrators
 * cancel with a reason and refund with an attempt token that makes a repeat refund once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { licenseInvoices, licenseRefunds } from "#server/db/schema/index.ts";
import { ForbiddenError, ValidationError } from "../errors.ts";
import { seedUser } from "../reservations/test-fixtures.ts";
import { cancelLicense, cancelLicenseAsAdmin, cancellationTerms, depositRefundDeadline } from "./cancel.ts";
import { runDunning } from "./dunning.ts";
import { FirstPaymentPendingError, LicenseNotCancellableError, LicenseNotFoundError } from "./errors.ts";
import { refundLicenseInvoice } from "./refunds.ts";
import { type BillingHarness, type Firm, startBillingHarness } from "./test-harness.ts";

let h: BillingHarness;
let adminId: string;
const firms = {} as Record<"inside" | "outside" | "doubled" | "admin" | "refund" | "unrecorded", Firm>;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  h = await startBillingHarness();
  adminId = await seedUser(h.t.db);
  for (const k of ["inside", "outside", "doubled", "admin", "refund", "unrecorded"] as const) {
    firms[k] = await h.licensedFirm();
  }
});
afterAll(() => h?.close());

const admin = () => ({ userId: adminId, role: "admin" as const });
const refundsOf = (licenseId: string) =>
  h.t.db.select().from(licenseRefunds).where(eq(licenseRefunds.licenseId, licenseId));
const stripeRefundsOf = (paymentIntentId: string) =>
  [...h.standIn.refunds.values()].filter((r) => r.payment_intent === paymentIntentId);

describe("the refund window", () => {
  it("is 5 business days from activation: weekends do not count", () => {
    // Friday 2026-11-27, noon Eastern → the next Friday.
    const friday = new Date("2026-11-27T17:00:00Z");
    expect(depositRefundDeadline(friday).toISOString()).toBe("2026-12-04T17:00:00.000Z");
    // Worked out once per start: asked again, the same instant in a date of its own (a caller may change it).
    const again = depositRefundDeadline(new Date(friday));
    expect(again.toISOString()).toBe("2026-12-04T17:00:00.000Z");
    again.setUTCFullYear(2030);
    expect(depositRefundDeadline(friday).toISOString()).toBe("2026-12-04T17:00:00.000Z");
    // Across a change of clocks: Friday 2026-10-30, noon Eastern (daylight time) → noon Eastern (standard time).
    expect(depositRefundDeadline(new Date("2026-10-30T16:00:00Z")).toISOString()).toBe("2026-11-06T17:00:00.000Z");
    const license = { startsAt: friday, currentPeriodEnd: new Date("2026-12-27T17:00:00Z"), setupFeeCents: 20_000 };
    expect(cancellationTerms(license, new Date("2026-12-04T16:59:00Z"))).toMatchObject({
      mode: "now",
      refundCents: 20_000,
    });
    expect(cancellationTerms(license, new Date("2026-12-04T17:00:00Z"))).toMatchObject({
      mode: "period_end",
      endsOn: new Date("2026-12-27T17:00:00Z"),
    });
  });
});

describe("a licensee cancels", () => {
  it("inside the window: ends at once, refunds the deposit once, releases the pair; a repeat refunds nothing", async () => {
    const f = firms.inside;
    const r = await cancelLicense(h.t.db, f.actor, { licenseId: f.license.id }, h.billing);
    expect(r).toMatchObject({ mode: "now", refundCents: f.license.setupFeeCents });
    await h.standIn.delivered();
    const [first] = await h.invoicesOf(f.license.id);
    const atStripe = stripeRefundsOf(first!.paymentIntentId!);
    expect(atStripe.map((x) => x.amount)).toEqual([f.license.setupFeeCents]);
    expect(h.standIn.subscriptions.get(f.subscriptionId)!.status).toBe("canceled");
    expect(await h.licenseRow(f.license.id)).toMatchObject({ status: "cancelled", endReason: "cancelled" });
    expect(await h.pairStatus(f)).toBe("available");
    // Recorded once, although both our call and Stripe's charge.refunded saw it.
    const rows = await refundsOf(f.license.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "deposit", amountCents: f.license.setupFeeCents });
    expect((await h.invoicesOf(f.license.id))[0]!.amountRefundedCents).toBe(f.license.setupFeeCents);
    const mail = await h.mailTo(f.email, "license_ended");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.textBody).toContain("setup deposit of $200.00 is being refunded");
    // Asked again: refused, and nothing more is refunded.
    await expect(cancelLicense(h.t.db, f.actor, { licenseId: f.license.id }, h.billing)).rejects.toBeInstanceOf(
      LicenseNotCancellableError,
    );
    expect(stripeRefundsOf(first!.paymentIntentId!)).toHaveLength(1);
  });

  it("inside the window, a doubled request refunds once at Stripe and records once", async () => {
    const f = firms.doubled;
    const both = await Promise.allSettled([
      cancelLicense(h.t.db, f.actor, { licenseId: f.license.id }, h.billing),
      cancelLicense(h.t.db, f.actor, { licenseId: f.license.id }, h.billing),
    ]);
    expect(both.filter((x) => x.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    await h.standIn.delivered();
    const [first] = await h.invoicesOf(f.license.id);
    expect(stripeRefundsOf(first!.paymentIntentId!)).toHaveLength(1);
    expect(await refundsOf(f.license.id)).toHaveLength(1);
    expect(await h.mailTo(f.email, "license_ended")).toHaveLength(1);
  });

  it("outside the window: cancels at the end of the paid period, and the license ends then", async () => {
    const f = firms.outside;
    const later = new Date(f.license.startsAt.getTime() + 9 * DAY_MS);
    const r = await cancelLicense(h.t.db, f.actor, { licenseId: f.license.id }, { ...h.billing, now: later });
    const sub = h.standIn.subscriptions.get(f.subscriptionId)!;
    expect(sub.cancel_at_period_end).toBe(true);
    expect(r.mode).toBe("period_end");
    const row = await h.licenseRow(f.license.id);
    expect(row.status).toBe("active");
    expect(row.cancelAt?.getTime()).toBe(r.endsAt.getTime());
    expect(row.cancelAt?.getTime()).toBe(row.currentPeriodEnd?.getTime());
    expect(await h.mailTo(f.email, "license_cancellation_scheduled")).toHaveLength(1);
    expect(stripeRefundsOf((await h.invoicesOf(f.license.id))[0]!.paymentIntentId!)).toHaveLength(0);
    await expect(
      cancelLicense(h.t.db, f.actor, { licenseId: f.license.id }, { ...h.billing, now: later }),
    ).rejects.toThrow(/already set to end on/);
    // At the period's end Stripe ends the subscription; its event ends the license and releases the pair.
    await h.month(f.subscriptionId);
    expect(await h.licenseRow(f.license.id)).toMatchObject({ status: "cancelled", endReason: "cancelled" });
    expect(await h.pairStatus(f)).toBe("available");
    expect(await h.mailTo(f.email, "license_ended")).toHaveLength(1);
    expect(await h.invoicesOf(f.license.id)).toHaveLength(1);
  });

  it("inside the window, before the first payment's invoice is recorded: refused, nothing ended or refunded", async () => {
    const f = firms.unrecorded;
    // As if Stripe's invoice.paid had not arrived yet.
    await h.t.db.delete(licenseInvoices).where(eq(licenseInvoices.licenseId, f.license.id));
    await expect(cancelLicense(h.t.db, f.actor, { licenseId: f.license.id }, h.billing)).rejects.toBeInstanceOf(
      FirstPaymentPendingError,
    );
    expect(await h.licenseRow(f.license.id)).toMatchObject({ status: "active" });
    expect(h.standIn.subscriptions.get(f.subscriptionId)!.status).toBe("active");
    expect([...h.standIn.refunds.values()].filter((r) => r.metadata?.license_id === f.license.id)).toHaveLength(0);
  });

  it("someone else's license is not found", async () => {
    await expect(
      cancelLicense(h.t.db, firms.admin.actor, { licenseId: firms.refund.license.id }, h.billing),
    ).rejects.toBeInstanceOf(LicenseNotFoundError);
  });
});

describe("administrators", () => {
  it("cancel now with a reason, without a refund; a reason is required", async () => {
    const f = firms.admin;
    await expect(
      cancelLicenseAsAdmin(h.t.db, admin(), { licenseId: f.license.id, when: "now", reason: " " }, h.billing),
    ).rejects.toBeInstanceOf(ValidationError);
    const r = await cancelLicenseAsAdmin(
      h.t.db,
      admin(),
      { licenseId: f.license.id, when: "now", reason: "Firm closed its Ohio office" },
      h.billing,
    );
    expect(r).toMatchObject({ mode: "now", refundCents: 0 });
    expect(await refundsOf(f.license.id)).toHaveLength(0);
    expect(h.standIn.subscriptions.get(f.subscriptionId)!.status).toBe("canceled");
    expect(await h.licenseRow(f.license.id)).toMatchObject({ status: "cancelled" });
  });

  it("refund part of an invoice once per attempt, never more than was paid, and only as administrators", async () => {
    const f = firms.refund;
    const input = {
      licenseId: f.license.id,
      amountCents: 5_000,
      reason: "Goodwill: routing outage",
      attempt: "a1b2c3d4",
    };
    await expect(refundLicenseInvoice(h.t.db, f.actor, input, h.billing)).rejects.toBeInstanceOf(ForbiddenError);
    const [one, two] = await Promise.all([
      refundLicenseInvoice(h.t.db, admin(), input, h.billing),
      refundLicenseInvoice(h.t.db, admin(), input, h.billing),
    ]);
    expect(one!.refundId).toBe(two!.refundId);
    await h.standIn.delivered();
    const [invoice] = await h.invoicesOf(f.license.id);
    expect(stripeRefundsOf(invoice!.paymentIntentId!).map((x) => x.amount)).toEqual([5_000]);
    const rows = await refundsOf(f.license.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "other", reason: "Goodwill: routing outage", requestedBy: adminId });
    expect(await h.mailTo(f.email, "license_refunded")).toHaveLength(1);
    const left = invoice!.amountPaidCents - 5_000;
    await expect(
      refundLicenseInvoice(h.t.db, admin(), { ...input, amountCents: left + 1, attempt: "e5f6g7h8" }, h.billing),
    ).rejects.toBeInstanceOf(ValidationError);
    // The license runs on; the dunning pass has nothing to do with it.
    expect(await runDunning(h.t.db, { ...h.billing, licenseId: f.license.id })).toEqual({
      suspended: 0,
      ended: 0,
      cancelled: 0,
    });
  });
});
