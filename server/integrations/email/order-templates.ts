/**
 * Emails of a license order after approval: the first payment received and the license live (to the licensee),
 * the sale (to sales), and a payment that arrived after its order closed (to sales). Every one states the figures
 * it concerns.
 */
import { formatCents } from "#kernel/format.ts";
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { message, QUESTIONS_LINE } from "./templates.ts";

export type OrderFigures = {
  /** "#4LAW in Ohio". */
  what: string;
  monthlyFeeCents: number;
  setupFeeCents: number;
};

/** "$2,215.00 a month and a one-time setup deposit of $3,540.00 ($5,755.00 due at checkout)". */
export function orderPriceSentence(f: Pick<OrderFigures, "monthlyFeeCents" | "setupFeeCents">): string {
  const due = formatCents(f.monthlyFeeCents + f.setupFeeCents);
  return `${formatCents(f.monthlyFeeCents)} a month and a one-time setup deposit of ${formatCents(f.setupFeeCents)} (${due} due at checkout: the deposit and the first month)`;
}

/** To the licensee: paid, active, and their landing page ready for its content. */
export function licenseActivated(
  d: OrderFigures & {
    email: string;
    name: string;
    paidCents: number;
    checkoutSessionId: string;
    paidAt: Date;
    /** The editor of the new landing page, for a #Code; null for a vanity number. */
    pageEditorUrl: string | null;
    orderUrl: string;
    billingUrl: string;
  },
): EmailMessage {
  return message(
    "license_activated",
    d.email,
    `Your license is active: ${d.what}`,
    [
      `Hi ${d.name},`,
      `Payment received: ${formatCents(d.paidCents)} on ${d.paidAt.toISOString().slice(0, 10)} (the setup deposit of ${formatCents(d.setupFeeCents)} and your first month of ${formatCents(d.monthlyFeeCents)}). Receipt reference: ${d.checkoutSessionId}.`,
      `${d.what} is now licensed to you, and your license fee of ${formatCents(d.monthlyFeeCents)} a month renews monthly.`,
      d.pageEditorUrl
        ? `Your landing page is ready for your firm's details: add your description, areas of practice, offices and hours at ${d.pageEditorUrl}, with a preview as you type. It goes public once it has your description and areas of practice.`
        : "Your number is reserved for you; routing starts once it is set up.",
      `Next steps: set up your page, then fund your wallet for calls and text messages (${d.billingUrl}).`,
      QUESTIONS_LINE,
    ],
    { label: "See your order", url: d.orderUrl },
  );
}

/** To sales: a license went live without anyone's help. */
export function licenseSoldNotice(
  to: string,
  d: OrderFigures & { licenseeName: string; licenseeEmail: string; paidCents: number; hasPage: boolean },
): EmailMessage {
  return message("license_sold_notice", to, `License active: ${d.what}`, [
    `${d.licenseeName} (${d.licenseeEmail}) signed and paid for ${d.what}.`,
    `Collected ${formatCents(d.paidCents)}: setup deposit ${formatCents(d.setupFeeCents)} and first month ${formatCents(d.monthlyFeeCents)}. The subscription renews monthly.`,
    d.hasPage
      ? "Their landing page goes public once they add their description and areas of practice."
      : "No landing page: a vanity number has none.",
  ]);
}

/** To sales: a checkout was paid for an order that had already closed; it was not activated. */
export function latePaymentNotice(
  to: string,
  d: OrderFigures & { state: string; checkoutSessionId: string; paidCents: number },
): EmailMessage {
  return message("license_late_payment", to, `Payment for a closed order: ${d.what}`, [
    `Checkout ${d.checkoutSessionId} collected ${formatCents(d.paidCents)} for ${d.what}, but the order had already closed (${d.state}). The license was not activated and the pair was not taken from whoever holds it now.`,
    "Refund the payment and cancel the subscription in the Stripe dashboard, and tell the payer.",
  ]);
}
