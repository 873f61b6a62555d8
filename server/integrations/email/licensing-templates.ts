/** Emails of the admin licensing steps: a reservation approved (with an invitation for a new account), a pair freed. */
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { orderPriceSentence } from "./order-templates.ts";
import { formatBusinessDateTime, type OfferingKind } from "./reservation-templates.ts";
import { message, QUESTIONS_LINE } from "./templates.ts";

/** The invitation carries a set-your-password link: its stored copy is redacted after delivery. */
export const LICENCE_INVITATION_TEMPLATE = "licence_invitation";

export type LicenceApprovedData = {
  email: string;
  name: string;
  territoryName: string;
  /** "#4LAW" or "1-800-LAW-HELP". */
  offeringName: string;
  monthlyFeeCents: number;
  setupFeeCents: number;
  /** When the hold lapses if the agreement is not signed and paid. */
  holdUntil: Date;
  /** The order page (signed link): every step and the next one. */
  orderUrl: string;
};

function approvedParagraphs(d: LicenceApprovedData): string[] {
  return [
    `Hi ${d.name},`,
    `Good news: your reservation of ${d.offeringName} in ${d.territoryName} has been approved.`,
    `The price: ${orderPriceSentence(d)}.`,
    `Next: sign your license agreement online, then pay the deposit and first month by card. The license and your landing page go live as soon as the payment clears. ${d.offeringName} in ${d.territoryName} is held for you until ${formatBusinessDateTime(d.holdUntil)}.`,
  ];
}

/** To an existing account holder: the order is approved; sign and pay from the order page. */
export function licenceApproved(d: LicenceApprovedData): EmailMessage {
  return message(
    "licence_approved",
    d.email,
    `Approved: ${d.offeringName} in ${d.territoryName}`,
    [...approvedParagraphs(d), QUESTIONS_LINE],
    { label: "Sign and pay", url: d.orderUrl },
  );
}

/**
 * To a requester without an account: the order is approved, and an account was created for them. The link
 * chooses their password (it works once, for `validDays` days) and signs them in at their order.
 */
export function licenceInvitation(
  d: LicenceApprovedData & { setPasswordUrl: string; validDays: number },
): EmailMessage {
  return message(
    LICENCE_INVITATION_TEMPLATE,
    d.email,
    `Approved: ${d.offeringName} in ${d.territoryName} — choose a password`,
    [
      ...approvedParagraphs(d),
      `We created a PoundCodes account for ${d.email}. Choose a password with the button below (the link works once, for ${d.validDays} days) and you are signed in at your order, ready to sign.`,
      `If the link has expired, use “Forgot password” on the sign-in page with this address. Your order: ${d.orderUrl}`,
      QUESTIONS_LINE,
    ],
    { label: "Choose a password", url: d.setPasswordUrl },
  );
}

/**
 * To someone on a freed pair's waitlist, in the order they joined: the pair can be reserved again, first come
 * first served; their notice stands until `respondBy`.
 */
export function waitlistReleased(w: {
  email: string;
  name: string | null;
  territoryName: string;
  offeringName: string;
  offeringKind: OfferingKind;
  /** 1 for the first to join. */
  position: number;
  respondBy: Date;
  url: string;
}): EmailMessage {
  return message(
    "waitlist_released",
    w.email,
    `Now available: ${w.offeringName} in ${w.territoryName}`,
    [
      w.name ? `Hi ${w.name},` : "Hello,",
      `Good news: ${w.offeringName} in ${w.territoryName} is available again. You were number ${w.position} on its waitlist, so you are among the first to know.`,
      `Reservations are first come, first served. To take it, reserve by ${formatBusinessDateTime(w.respondBy)}; after that this notice lapses and the ${w.offeringKind === "vanity" ? "number" : "territory"} may be offered to others.`,
      QUESTIONS_LINE,
    ],
    { label: "Reserve this territory", url: w.url },
  );
}
