/**
 * The reservation and waitlist product strings, limits and the phone check: no zod, so components that only need
 * words (the detail card, the hold notice, the dialogs' titles) do not pull the form library into a page.
 * kernel/schemas/reservation.ts builds the form schemas from these and re-exports them.
 */

/** No category chosen. */
export const SELECT_CATEGORY = { title: "Select Category", message: "Please choose a category first." } as const;

/** The territory × category is taken (or the territory is not offered). */
export const TERRITORY_NOT_AVAILABLE = {
  title: "Territory Not Available",
  message: "This territory is not currently available for reservation.",
} as const;

/** The page has no category section to scroll to. */
export const CATEGORY_SELECTION_NOT_AVAILABLE = "Category selection not available.";

/** An available territory was chosen without a category; the page scrolls to the category section. */
export function chooseCategoryPrompt(territoryName: string): string {
  return `Please choose a category below for ${territoryName} before reserving.`;
}

/** Joining the waitlist of a territory × category that can be reserved right now. */
export const WAITLIST_NOT_NEEDED = {
  title: "Territory Available",
  message: "This territory is available for this category, so there is no waitlist. You can reserve it now.",
} as const;

/** The territory or category of a waitlist request does not exist (or the territory is withdrawn). */
export const WAITLIST_TARGET_NOT_FOUND = {
  title: "Territory Not Found",
  message: "This territory or category could not be found.",
} as const;

export const RESERVATION_SUCCESS = {
  title: "Reservation Received",
  message: "Your reservation is confirmed. Check your inbox for the details; our licensing team will be in touch.",
  /** A visitor's hold: held at once, kept only once confirmed from the email. */
  unconfirmedMessage:
    "We've emailed you a link to confirm it: please confirm within 24 hours to keep the hold for 5 business days.",
  /** LICENSE_APPROVAL=auto and the hold was the signed-in account's own: straight on to the agreement. */
  approvedMessage: "It is approved: sign your license agreement and pay to go live.",
} as const;

/** The page a requester reaches from the confirmation link in the reservation email. */
export const HOLD_CONFIRMED = {
  title: "Reservation Confirmed",
  message: (territory: string, code: string, until: string) =>
    `${code} in ${territory} is held for you until ${until}. Our licensing team reviews it next, usually within one business day; your order page shows each step.`,
  /** LICENSE_APPROVAL=auto: the order was approved on confirmation. */
  approved: "Your order is approved: sign the license agreement and pay to go live.",
} as const;

export const WAITLIST_SUCCESS = {
  title: "You're on the Waitlist",
  message: "We'll email you as soon as this territory becomes available.",
} as const;

/** One requester already holds the most territories a person may hold on reservation at once. */
export const RESERVATION_LIMIT = {
  title: "Reservation Limit Reached",
  message: (max: number) =>
    `You already hold ${max} territories on reservation. Our licensing team will contact you about them; please finish those before reserving more.`,
} as const;

export const AGREE_TO_TERMS_MESSAGE = "Please agree to the terms to reserve this territory.";
export const PHONE_MESSAGE = "Please enter a valid phone number, e.g. (555) 123-4567.";

export const NAME_MAX = 120;
export const COMPANY_MAX = 160;
export const MESSAGE_MAX = 2000;

/**
 * A North American or international number: digits with optional +, spaces, dots, dashes, parentheses and an
 * extension (x123 / ext. 123); 10 to 15 digits before the extension.
 */
const PHONE_PATTERN = /^\+?[\d\s().-]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;

export function isValidPhone(value: string): boolean {
  if (!PHONE_PATTERN.test(value)) return false;
  const main = value.replace(/\s*(?:x|ext\.?)\s*\d{1,6}$/i, "");
  const digits = main.replace(/\D/g, "").length;
  return digits >= 10 && digits <= 15;
}

/**
 * How a vanity number is named in the reservation flow: the dialled form of its number text, "(800) LAW-HELP" →
 * "1-800-LAW-HELP". Any other text is kept as it is (trimmed).
 */
export function vanityNumberLabel(numberText: string): string {
  const v = numberText.trim();
  const m = /^\(?(\d{3})\)?[\s-]+([A-Z0-9][A-Z0-9-]*)$/i.exec(v);
  return m ? `1-${m[1]}-${m[2]!.toUpperCase()}` : v;
}

/** What a reservation or waitlist is for: a #Code (or keyword group), or a vanity number. */
export type OfferingKind = "category" | "vanity";

/** The reservation dialog's title: 'Reserve {territory} for {#Code}', or 'Reserve {number} in {territory}'. */
export function reserveTitle(kind: OfferingKind, offeringName: string, territoryName: string): string {
  return kind === "vanity"
    ? `Reserve ${offeringName} in ${territoryName}`
    : `Reserve ${territoryName} for ${offeringName}`;
}

/** The label of the offering in the dialogs' summary strip. */
export function offeringLabel(kind: OfferingKind): string {
  return kind === "vanity" ? "Vanity number" : "#Code";
}

/** Both a #Code and a vanity number were named: a reservation holds one offering. */
export const ONE_OFFERING_MESSAGE = "Choose either a #Code or a vanity number, not both.";
