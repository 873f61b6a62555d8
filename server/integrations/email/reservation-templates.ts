/** Emails of the reservation and waitlist flows, in the shared layout of templates.ts. */
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { orderPriceSentence } from "./order-templates.ts";
import { message, QUESTIONS_LINE } from "./templates.ts";

/** e.g. "Friday, November 20, 2026 at 3:04 PM EST" — business hours are Eastern time. */
export function formatBusinessDateTime(date: Date): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(date);
}

/**
 * What a hold is on: a category (#Code), the default, or a vanity number. `categoryName` in the email data is the
 * offering's name either way ("#4LAW", "1-800-LAW-HELP").
 */
export type OfferingKind = "category" | "vanity";

/** "for this category" / "for this number": what a territory is held or released for. */
function forThis(kind: OfferingKind | undefined): string {
  return kind === "vanity" ? "for this number" : "for this category";
}

export type ReservationEmailData = {
  reservationId: string;
  territoryName: string;
  /** The offering's name: the #Code, or the vanity number ("1-800-LAW-HELP"). */
  categoryName: string;
  offeringKind?: OfferingKind;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  message: string | null;
  expiresAt: Date;
  /** How many business days a confirmed hold lasts (shown to the requester). */
  holdBusinessDays: number;
  /** The one-time link that confirms a visitor's hold; null when the hold is confirmed already. */
  confirmUrl: string | null;
  /** The price if licensed now. */
  monthlyFeeCents: number;
  setupFeeCents: number;
  /** The order page (signed link): where the requester sees every step and the next one. */
  orderUrl: string;
  /** What comes next: LICENSE_APPROVAL=auto approves a confirmed hold at once; manual waits for the team. */
  approval: "auto" | "manual";
};

/** To the requester: what is held, until when, how to keep it, and what happens next. */
export function reservationConfirmation(r: ReservationEmailData): EmailMessage {
  const until = formatBusinessDateTime(r.expiresAt);
  return message(
    "reservation_confirmation",
    r.email,
    `Your reservation: ${r.categoryName} in ${r.territoryName}`,
    [
      `Hi ${r.name},`,
      `Thank you for reserving ${r.categoryName} in ${r.territoryName}. The territory is now held for you and shown as in negotiations, so no one else can reserve it ${forThis(r.offeringKind)}.`,
      r.confirmUrl
        ? `Please confirm your hold by ${until} with the button below. Once confirmed, the territory stays held for you for ${r.holdBusinessDays} business days. An unconfirmed hold is released after 24 hours.`
        : `Your hold lasts ${r.holdBusinessDays} business days, until ${until}.`,
      `The price: ${orderPriceSentence(r)}.`,
      r.approval === "auto"
        ? "Next: once your hold is confirmed you sign the license agreement online and pay by card; the license and your landing page go live as soon as the payment clears."
        : "Next: our licensing team reviews your reservation, usually within one business day; then you sign the license agreement online and pay by card, and the license goes live as soon as the payment clears.",
      `See where your order stands at any time: ${r.orderUrl}`,
      QUESTIONS_LINE,
      `Reservation reference: ${r.reservationId}`,
    ],
    r.confirmUrl ? { label: "Confirm my reservation", url: r.confirmUrl } : { label: "See my order", url: r.orderUrl },
  );
}

/** To the sales team: a new reservation to follow up. */
export function reservationSalesNotice(salesEmail: string, r: ReservationEmailData): EmailMessage {
  return message("reservation_notice", salesEmail, `New reservation: ${r.categoryName} in ${r.territoryName}`, [
    `${r.name} reserved ${r.categoryName} in ${r.territoryName}. The territory is now in negotiations ${forThis(r.offeringKind)}.`,
    [
      `Name: ${r.name}`,
      `Email: ${r.email}`,
      `Phone: ${r.phone}`,
      `Company: ${r.company ?? "—"}`,
      `Hold expires: ${formatBusinessDateTime(r.expiresAt)}`,
      `Price: ${orderPriceSentence(r)}`,
      `Reservation reference: ${r.reservationId}`,
    ].join("\n"),
    `Message: ${r.message ?? "—"}`,
    "A lead with source 'reservation' was added to the CRM.",
  ]);
}

/** To someone who joined the waitlist of a taken territory × category. */
export function waitlistConfirmation(w: {
  email: string;
  name: string | null;
  territoryName: string;
  categoryName: string;
  offeringKind?: OfferingKind;
}): EmailMessage {
  return message("waitlist_confirmation", w.email, `You're on the waitlist: ${w.categoryName} in ${w.territoryName}`, [
    w.name ? `Hi ${w.name},` : "Hello,",
    `You're on the waitlist for ${w.categoryName} in ${w.territoryName}. This territory is currently taken ${forThis(w.offeringKind)}.`,
    "If it becomes available, we'll email you at this address so you can reserve it. You don't need to do anything else.",
    QUESTIONS_LINE,
  ]);
}

/** To someone on the waitlist: the territory × category they waited for can be reserved again. */
export function waitlistAvailable(w: {
  email: string;
  name: string | null;
  territoryName: string;
  categoryName: string;
  offeringKind?: OfferingKind;
  /** The number page with the territory selected. */
  url: string;
  /** How many business days a new reservation holds the territory. */
  holdBusinessDays: number;
}): EmailMessage {
  return message(
    "waitlist_available",
    w.email,
    `Now available: ${w.categoryName} in ${w.territoryName}`,
    [
      w.name ? `Hi ${w.name},` : "Hello,",
      `Good news: ${w.categoryName} in ${w.territoryName} is available again. You joined the waitlist for it, so you are among the first to know.`,
      `Reservations are first come, first served. Reserving holds the territory for you for ${w.holdBusinessDays} business days while our licensing team walks you through pricing and the license agreement.`,
      QUESTIONS_LINE,
    ],
    { label: "Reserve this territory", url: w.url },
  );
}

/** To the requester: their hold ended without a license, and the territory was released. */
export function reservationExpired(r: {
  reservationId: string;
  email: string;
  name: string;
  territoryName: string;
  categoryName: string;
  offeringKind?: OfferingKind;
  expiresAt: Date;
  /** The number page with the territory selected. */
  url: string;
}): EmailMessage {
  return message(
    "reservation_expired",
    r.email,
    `Your reservation has ended: ${r.categoryName} in ${r.territoryName}`,
    [
      `Hi ${r.name},`,
      `Your hold on ${r.categoryName} in ${r.territoryName} ended on ${formatBusinessDateTime(r.expiresAt)}. The territory has been released ${forThis(r.offeringKind)} and others can now reserve it.`,
      "If you are still interested, you can reserve it again while it remains available, or call us at (800) 580-1500, Monday to Friday, 9:00 AM to 6:00 PM EST, and we will pick up where we left off.",
      `Reservation reference: ${r.reservationId}`,
    ],
    { label: "View this territory", url: r.url },
  );
}
