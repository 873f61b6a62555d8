/** Emails of the admin licensing steps: a reservation approved (with an invitation for a new account), a pair freed. */
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { formatBusinessDateTime, type OfferingKind } from "./reservation-templates.ts";
import { message } from "./templates.ts";

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
  /** `${publicUrl}/dashboard/agreements`, where the agreement waits for signature. */
  agreementsUrl: string;
};

const dollars = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

function approvedParagraphs(d: LicenceApprovedData): string[] {
  return [
    `Hi ${d.name},`,
    `Good news: your reservation of ${d.offeringName} in ${d.territoryName} has been approved. The territory is now licensed to you.`,
    `Your licence fee is ${dollars(d.monthlyFeeCents)} a month, with a one-time setup fee of ${dollars(d.setupFeeCents)}.`,
    "Your license agreement is ready. Please review and sign it in your dashboard to activate service.",
    "Questions? Call us at (800) 580-1500, Monday to Friday, 9:00 AM to 6:00 PM EST.",
  ];
}

/** To an existing account holder: the reservation became a licence; sign the agreement in the portal. */
export function licenceApproved(d: LicenceApprovedData): EmailMessage {
  return message(
    "licence_approved",
    d.email,
    `Approved: ${d.offeringName} in ${d.territoryName}`,
    approvedParagraphs(d),
    { label: "Review and sign", url: d.agreementsUrl },
  );
}

/**
 * To a requester without an account: the reservation became a licence, and an account was created for them. The
 * link sets their password (it works once, for `validDays` days); then the agreement is in their dashboard.
 */
export function licenceInvitation(
  d: LicenceApprovedData & { setPasswordUrl: string; validDays: number },
): EmailMessage {
  return message(
    LICENCE_INVITATION_TEMPLATE,
    d.email,
    `Approved: ${d.offeringName} in ${d.territoryName} — set up your account`,
    [
      ...approvedParagraphs(d).slice(0, 3),
      `We created a PoundCodes account for ${d.email}. Choose a password with the button below (the link works once, for ${d.validDays} days), and you are signed in to review and sign your license agreement.`,
      "If the link has expired, use “Forgot password” on the sign-in page with this address.",
      "Questions? Call us at (800) 580-1500, Monday to Friday, 9:00 AM to 6:00 PM EST.",
    ],
    { label: "Choose your password", url: d.setPasswordUrl },
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
      "Questions? Call us at (800) 580-1500, Monday to Friday, 9:00 AM to 6:00 PM EST.",
    ],
    { label: "Reserve this territory", url: w.url },
  );
}
