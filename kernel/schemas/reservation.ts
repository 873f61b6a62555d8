/**
 * Reservation and waitlist form schemas, shared by the route actions (server), the domain functions and the
 * dialog forms (client). Browser-safe: zod only. The product's titles and messages live here so the UI
 * and the server say the same thing.
 */
import { z } from "zod";

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
} as const;

/** The page a requester reaches from the confirmation link in the reservation email. */
export const HOLD_CONFIRMED = {
  title: "Reservation Confirmed",
  message: (territory: string, code: string, until: string) =>
    `${code} in ${territory} is held for you until ${until}. Our licensing team will contact you about your agreement.`,
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

/** An empty string from a form field (or a null from code) counts as missing. */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** Any 8-4-4-4-12 hex id (every PostgreSQL uuid; z.uuid() would reject non-RFC variants the database accepts). */
const id = (message: string) => z.preprocess(blankToUndefined, z.guid({ error: message }));

const email = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email("Please enter a valid email address."))
  .transform((v) => v.toLowerCase());

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

const phone = z
  .string({ error: "Phone number is required." })
  .trim()
  .min(1, { error: "Phone number is required.", abort: true })
  .max(40, { error: PHONE_MESSAGE, abort: true })
  .refine(isValidPhone, PHONE_MESSAGE);

const optionalText = (max: number, tooLong: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, tooLong).optional());

export const reservationSchema = z.object({
  territoryId: id("Please choose a territory."),
  /** Optional here so the domain can answer a missing category with the 'Select Category' refusal. */
  categoryId: z.preprocess(blankToUndefined, z.guid({ error: SELECT_CATEGORY.message }).optional()),
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters.`),
  email,
  phone,
  company: optionalText(COMPANY_MAX, `Company must be at most ${COMPANY_MAX} characters.`),
  message: optionalText(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters.`),
  agreeToTerms: z.literal(true, { error: AGREE_TO_TERMS_MESSAGE }),
});

/** What callers pass (before parsing); blank optional fields may be "" or null. */
export type ReservationInput = {
  territoryId: string;
  categoryId?: string | null;
  name: string;
  email: string;
  phone: string;
  company?: string | null;
  message?: string | null;
  agreeToTerms: boolean;
};
/** After parsing: trimmed, email lower-cased, blanks removed. */
export type ReservationData = z.output<typeof reservationSchema>;

export const waitlistSchema = z.object({
  territoryId: id("Please choose a territory."),
  categoryId: z.preprocess(blankToUndefined, z.guid({ error: SELECT_CATEGORY.message }).optional()),
  email,
  name: optionalText(NAME_MAX, `Name must be at most ${NAME_MAX} characters.`),
});

export type WaitlistInput = { territoryId: string; categoryId?: string | null; email: string; name?: string | null };
export type WaitlistData = z.output<typeof waitlistSchema>;

/** The confirmation page's form: the one-time token from the emailed link. */
export const confirmHoldSchema = z.object({
  token: z
    .string({ error: "This confirmation link is incomplete." })
    .trim()
    .min(1, "This confirmation link is incomplete.")
    .max(200),
});
