/**
 * Reservation and waitlist form schemas, shared by the route actions (server), the domain functions and the
 * dialog forms (client). Browser-safe: zod only. The product's titles and messages live in the zod-free
 * ./reservation-strings.ts (re-exported here) so the UI and the server say the same thing; a component that
 * needs only words imports that module, not this one.
 */
import { z } from "zod";
import {
  AGREE_TO_TERMS_MESSAGE,
  COMPANY_MAX,
  isValidPhone,
  MESSAGE_MAX,
  NAME_MAX,
  ONE_OFFERING_MESSAGE,
  PHONE_MESSAGE,
  SELECT_CATEGORY,
} from "./reservation-strings.ts";

export * from "./reservation-strings.ts";

/** An empty string from a form field (or a null from code) counts as missing. */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** A territory's URL slug: lower-case words joined by dashes ("east-texas"). */
const TERRITORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The territory of a reservation or waitlist form: its id, or its URL slug. The number pages' explorer knows
 * territories by slug (their ids cost 1.1 KB of /all-numbers' compressed HTML, see packed.ts); the domain looks up
 * either.
 * An id is any 8-4-4-4-12 hex id (every PostgreSQL uuid; z.uuid() would reject non-RFC variants the database accepts).
 */
const territoryRef = z.preprocess(
  blankToUndefined,
  z.union([z.guid(), z.string().max(120).regex(TERRITORY_SLUG_PATTERN)], { error: "Please choose a territory." }),
);

const email = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email("Please enter a valid email address."))
  .transform((v) => v.toLowerCase());

const phone = z
  .string({ error: "Phone number is required." })
  .trim()
  .min(1, { error: "Phone number is required.", abort: true })
  .max(40, { error: PHONE_MESSAGE, abort: true })
  .refine(isValidPhone, PHONE_MESSAGE);

const optionalText = (max: number, tooLong: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, tooLong).optional());

/** Optional ids of the offering: a category (#Code) or a vanity number, one of them (the domain answers neither). */
const categoryId = z.preprocess(blankToUndefined, z.guid({ error: SELECT_CATEGORY.message }).optional());
const vanityNumberId = z.preprocess(blankToUndefined, z.guid({ error: "Please choose a vanity number." }).optional());

/** A form naming both offerings is refused on the vanity number field. */
function oneOffering(v: { categoryId?: unknown; vanityNumberId?: unknown }, ctx: z.RefinementCtx) {
  if (v.categoryId !== undefined && v.vanityNumberId !== undefined) {
    ctx.addIssue({ code: "custom", path: ["vanityNumberId"], message: ONE_OFFERING_MESSAGE });
  }
}

export const reservationSchema = z
  .object({
    territoryId: territoryRef,
    /**
     * Optional here so the domain can answer a missing offering with the 'Select Category' refusal. A #Code page
     * and /all-numbers send categoryId; a vanity number's page sends vanityNumberId.
     */
    categoryId,
    vanityNumberId,
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
  })
  .superRefine(oneOffering);

/** What callers pass (before parsing); blank optional fields may be "" or null. */
export type ReservationInput = {
  territoryId: string;
  categoryId?: string | null;
  vanityNumberId?: string | null;
  name: string;
  email: string;
  phone: string;
  company?: string | null;
  message?: string | null;
  agreeToTerms: boolean;
};
/** After parsing: trimmed, email lower-cased, blanks removed. */
export type ReservationData = z.output<typeof reservationSchema>;

export const waitlistSchema = z
  .object({
    territoryId: territoryRef,
    categoryId,
    vanityNumberId,
    email,
    name: optionalText(NAME_MAX, `Name must be at most ${NAME_MAX} characters.`),
  })
  .superRefine(oneOffering);

export type WaitlistInput = {
  territoryId: string;
  categoryId?: string | null;
  vanityNumberId?: string | null;
  email: string;
  name?: string | null;
};
export type WaitlistData = z.output<typeof waitlistSchema>;

/** The confirmation page's form: the one-time token from the emailed link. */
export const confirmHoldSchema = z.object({
  token: z
    .string({ error: "This confirmation link is incomplete." })
    .trim()
    .min(1, "This confirmation link is incomplete.")
    .max(200),
});
