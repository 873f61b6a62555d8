/**
 * Emails of a license's billing after its first month (docs/decisions/015-license-billing-ledger.md): a payment
 * that failed or needs the card holder, the suspension, the reactivation, the end for non-payment, a cancellation
 * (scheduled or at once), a refund, and a wallet auto-recharge that was declined. Each states the license, the
 * amount and the date it concerns, and links to where the licensee can act.
 */
import { formatCents, formatDate } from "#kernel/format.ts";
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { message, QUESTIONS_LINE } from "./templates.ts";

/** Who the email is to and which license it is about ("#4LAW in Ohio"). */
export type LicenseAddressee = { email: string; name: string; what: string };

/** An invoice could not be charged (a declined card, or a bank asking the holder to confirm). */
export function licensePaymentFailed(
  to: LicenseAddressee,
  d: {
    amountCents: number;
    needsAction: boolean;
    invoiceUrl: string | null;
    billingUrl: string;
    suspendOn: Date;
    endOn: Date;
  },
): EmailMessage {
  const why = d.needsAction
    ? `Your bank asks you to confirm the payment of ${formatCents(d.amountCents)} for ${to.what}.`
    : `We could not charge your card for ${to.what}: the payment of ${formatCents(d.amountCents)} was declined.`;
  return message(
    d.needsAction ? "license_payment_action_required" : "license_payment_failed",
    to.email,
    d.needsAction ? `Please confirm your payment: ${to.what}` : `Payment failed: ${to.what}`,
    [
      `Hi ${to.name},`,
      why,
      `Your license stays active for now. If the invoice is still unpaid on ${formatDate(d.suspendOn)}, the license is suspended: your landing page shows a "temporarily unavailable" notice and calls and texts stop. If it is still unpaid on ${formatDate(d.endOn)}, the license ends and the territory is offered to others.`,
      d.invoiceUrl
        ? `Update your card from your billing page, or pay this invoice directly: ${d.invoiceUrl}`
        : "Update your card from your billing page and the invoice is charged again at once.",
      QUESTIONS_LINE,
    ],
    { label: "Fix my payment method", url: d.billingUrl },
  );
}

/** The grace period passed with the invoice unpaid. */
export function licenseSuspended(
  to: LicenseAddressee,
  d: { amountCents: number; billingUrl: string; endOn: Date },
): EmailMessage {
  return message(
    "license_suspended",
    to.email,
    `License suspended: ${to.what}`,
    [
      `Hi ${to.name},`,
      `The invoice of ${formatCents(d.amountCents)} for ${to.what} is still unpaid, so the license is suspended: your landing page shows a "temporarily unavailable" notice and new calls and texts are not taken. The territory is still yours.`,
      `Pay the invoice and everything comes back at once. If it is still unpaid on ${formatDate(d.endOn)}, the license ends and the territory is offered to others.`,
      QUESTIONS_LINE,
    ],
    { label: "Pay now", url: d.billingUrl },
  );
}

/** A payment cleared on an overdue or suspended license. */
export function licenseReactivated(
  to: LicenseAddressee,
  d: { amountCents: number; wasSuspended: boolean; billingUrl: string },
): EmailMessage {
  return message(
    "license_reactivated",
    to.email,
    `Payment received: ${to.what}`,
    [
      `Hi ${to.name},`,
      `Thank you: your payment of ${formatCents(d.amountCents)} for ${to.what} has cleared.`,
      d.wasSuspended
        ? "Your license is active again: your landing page is back and calls and texts are taken as before."
        : "Your license is in good standing again.",
      QUESTIONS_LINE,
    ],
    { label: "See your billing", url: d.billingUrl },
  );
}

/** The license ended: unpaid past the end date, or cancelled (at once or at the end of the paid period). */
export function licenseEnded(
  to: LicenseAddressee,
  d: { reason: "unpaid" | "cancelled"; endedAt: Date; refundCents: number; billingUrl: string },
): EmailMessage {
  return message(
    "license_ended",
    to.email,
    `License ended: ${to.what}`,
    [
      `Hi ${to.name},`,
      d.reason === "unpaid"
        ? `Your license for ${to.what} ended on ${formatDate(d.endedAt)} because its invoice stayed unpaid. The subscription is canceled and no further charges will be made.`
        : `Your license for ${to.what} ended on ${formatDate(d.endedAt)} as you asked. The subscription is canceled and no further charges will be made.`,
      ...(d.refundCents > 0
        ? [
            `Your setup deposit of ${formatCents(d.refundCents)} is being refunded to your card; banks usually show it within 5 to 10 business days.`,
          ]
        : []),
      "Your landing page is no longer published. Your billing history stays available in your dashboard.",
      QUESTIONS_LINE,
    ],
    { label: "See your billing history", url: d.billingUrl },
  );
}

/** The licensee (or an administrator) asked for the license to end at the end of its paid period. */
export function licenseCancellationScheduled(
  to: LicenseAddressee,
  d: { endsOn: Date; billingUrl: string; byAdministrator: boolean },
): EmailMessage {
  return message(
    "license_cancellation_scheduled",
    to.email,
    `Cancellation confirmed: ${to.what}`,
    [
      `Hi ${to.name},`,
      d.byAdministrator
        ? `Our team has canceled your license for ${to.what} at the end of its paid period.`
        : `We have received your cancellation of ${to.what}.`,
      `The license stays active until ${formatDate(d.endsOn)}, the end of the period you have paid for; it then ends and no further charges are made.`,
      QUESTIONS_LINE,
    ],
    { label: "See your billing", url: d.billingUrl },
  );
}

/** Money was given back on a license invoice. */
export function licenseRefunded(
  to: LicenseAddressee,
  d: { amountCents: number; reason: string | null; billingUrl: string },
): EmailMessage {
  return message(
    "license_refunded",
    to.email,
    `Refund issued: ${formatCents(d.amountCents)}`,
    [
      `Hi ${to.name},`,
      `We have refunded ${formatCents(d.amountCents)} on your license for ${to.what}${d.reason ? ` (${d.reason})` : ""}.`,
      "Banks usually show a refund within 5 to 10 business days.",
      QUESTIONS_LINE,
    ],
    { label: "See your billing history", url: d.billingUrl },
  );
}

/** To sales: a license ended for non-payment and its pair is back on sale. */
export function licenseEndedNotice(
  to: string,
  d: { what: string; licenseeName: string; licenseeEmail: string; reason: "unpaid" | "cancelled"; notified: number },
): EmailMessage {
  return message("license_ended_notice", to, `License ended: ${d.what}`, [
    `${d.licenseeName} (${d.licenseeEmail}) no longer licenses ${d.what}: ${d.reason === "unpaid" ? "its invoice stayed unpaid" : "the license was canceled"}.`,
    `The pair is available again; ${d.notified} waitlist ${d.notified === 1 ? "entry was" : "entries were"} told.`,
  ]);
}

/** A wallet auto-recharge was declined: auto-recharge is off until the licensee fixes the card. */
export function autoRechargeFailed(
  to: { email: string; name: string },
  d: { amountCents: number; reason: string; billingUrl: string },
): EmailMessage {
  return message(
    "wallet_auto_recharge_failed",
    to.email,
    "Auto-recharge failed: your wallet was not topped up",
    [
      `Hi ${to.name},`,
      `We tried to add ${formatCents(d.amountCents)} to your wallet with your saved card, and the payment did not go through: ${d.reason}`,
      "Auto-recharge is now off so the card is not tried again. Top up your wallet or save a working card and turn auto-recharge back on from your billing page.",
      QUESTIONS_LINE,
    ],
    { label: "Open billing", url: d.billingUrl },
  );
}
