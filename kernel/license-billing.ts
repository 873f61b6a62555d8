/**
 * What the billing screens show of a license and of the wallet's auto-recharge, as the server answers it and the
 * components render it (browser-safe: types and words only). Dates are ISO 8601 strings; money is integer cents.
 */
import type { LicenseStatus } from "./enums.ts";

/** A license's standing on the billing screens. */
export type LicenseStanding = "active" | "overdue" | "suspended" | "ending" | "ended" | "pending";

/** The words of each standing (the badge on the portal's and the admin's screens). */
export const STANDING_LABELS: Record<LicenseStanding, string> = {
  active: "Active",
  overdue: "Payment overdue",
  suspended: "Suspended",
  ending: "Canceling",
  ended: "Ended",
  pending: "Awaiting signature and payment",
};

export type InvoiceView = {
  id: string;
  stripeInvoiceId: string;
  /** The setup deposit with the first month, a monthly fee, or another invoice. */
  kind: "first" | "monthly" | "other";
  status: string;
  periodStart: string | null;
  periodEnd: string | null;
  amountDueCents: number;
  amountPaidCents: number;
  amountRefundedCents: number;
  hostedInvoiceUrl: string | null;
  invoicePdfUrl: string | null;
  issuedAt: string;
  paidAt: string | null;
  /** Paid through Stripe with money left to give back (a refund goes through its payment). */
  refundableCents: number;
};

export type RefundView = {
  id: string;
  amountCents: number;
  kind: string;
  reason: string | null;
  refundedAt: string;
};

export type LicenseBillingView = {
  id: string;
  /** "#4LAW in Ohio". */
  what: string;
  status: LicenseStatus;
  standing: LicenseStanding;
  monthlyCents: number;
  setupFeeCents: number;
  startsAt: string;
  endsAt: string | null;
  endReason: string | null;
  currentPeriodEnd: string | null;
  cancelAt: string | null;
  overdueSince: string | null;
  suspendOn: string | null;
  endOn: string | null;
  hasSubscription: boolean;
  /** What cancelling now does (only while it runs and no cancellation is set). */
  cancel: { mode: "now"; refundCents: number; deadline: string } | { mode: "period_end"; endsOn: string } | null;
  invoices: InvoiceView[];
  refunds: RefundView[];
};

/** The wallet's saved card and auto-recharge settings. */
export type AutoRechargeView = {
  savedCardLabel: string | null;
  enabled: boolean;
  thresholdCents: number | null;
  amountCents: number | null;
  pending: boolean;
  /** Why the system turned it off (a declined card), until the licensee turns it on again or saves a new card. */
  offReason: string | null;
};
