/**
 * Vanity numbers and featured numbers as the administrator edits them (/admin/vanity-numbers,
 * /admin/featured-numbers; spec 2 §2, §3, §5, §8): the forms, the slug rule, the product's strings and the rows the
 * screens show. Shared by the route actions (server), the domain and the dialogs (browser). Browser-safe: zod only.
 */
import { z } from "zod";
import {
  FEATURED_NUMBER_TYPES,
  type FeaturedNumberType,
  type TerritoryCategoryStatus,
  type VanityNumberStatus,
} from "../enums.ts";
import type { Choice } from "../forms.ts";

export const NUMBER_TEXT_MAX = 40;
export const NUMBER_SLUG_MAX = 80;
export const NUMBER_DESCRIPTION_MAX = 1000;
export const NUMBER_NOTES_MAX = 2000;
export const POUND_CODE_MAX = 40;
export const LINK_MAX = 300;
/** The fee inputs' step (cents) and the largest amount a fee may hold, in dollars. */
export const FEE_STEP = 0.01;
export const FEE_MAX_DOLLARS = 1_000_000;
/** The licensee and territory choice that assigns nobody (stored as null). */
export const NONE = "none";

/** The administrator's state of a vanity number: on sale (stored 'available') or not yet ('pending'). */
export const VANITY_SALE_STATES = ["available", "pending"] as const;
export const VANITY_SALE_LABELS: Record<(typeof VANITY_SALE_STATES)[number], string> = {
  available: "On sale",
  pending: "Pending (not on sale yet)",
};

export const FEATURED_TYPE_LABELS: Record<FeaturedNumberType, string> = {
  poundcode: "#Code",
  vanity: "Vanity number",
};

/** The spec's strings (§2, §8) and the few these screens add (the spec shows no vanity success toasts). */
export const VANITY_TEXT = {
  pageTitle: "Vanity Numbers",
  empty: "No vanity numbers yet. Add the first one.",
  noMatch: "No vanity numbers found matching your search.",
  errorFetching: "Error fetching vanity numbers",
  errorCreating: "Error creating vanity number",
  errorUpdating: "Error updating vanity number",
  errorDeleting: "Error deleting vanity number",
  created: (text: string) => ({ title: "Vanity number created", message: `${text} has been saved.` }),
  updated: (text: string) => ({ title: "Vanity number updated", message: `${text} has been saved.` }),
  deleted: (text: string) => ({ title: "Vanity number deleted", message: `${text} has been deleted.` }),
  deleteWarning: "This action cannot be undone. The number leaves the catalog and its public page.",
  notFound: "This vanity number no longer exists. It may have been deleted by someone else.",
  textTaken: (text: string) => `A vanity number ${text} already exists.`,
  slugTaken: (slug: string) => `The slug “${slug}” is already used by another vanity number. Choose another.`,
  inUse: (text: string, uses: string) =>
    `${text} cannot be deleted while ${uses} refer to it. Set it to Pending to take it off sale instead.`,
  licenseeNotFound: "That licensee no longer exists. Choose another or None.",
  territoryNotFound: "That territory no longer exists. Choose another or None.",
} as const;

export const FEATURED_TEXT = {
  pageTitle: "Featured Numbers",
  empty: "No numbers found.",
  errorFetching: "Error fetching numbers",
  errorSaving: "Error creating/updating number",
  errorDeleting: "Error deleting number",
  errorToggling: "Error updating status",
  created: (text: string) => ({ title: "Number created successfully", message: `${text} has been saved.` }),
  updated: (text: string) => ({ title: "Number updated successfully", message: `${text} has been saved.` }),
  deleted: (text: string) => ({ title: "Number deleted successfully", message: `${text} has been deleted.` }),
  toggled: (text: string, active: boolean) => ({
    title: "Number status updated",
    message: active ? `${text} is shown on the All Numbers page.` : `${text} is hidden from the All Numbers page.`,
  }),
  deleteWarning: "This action cannot be undone. The number leaves the featured list of the All Numbers page.",
  notFound: "This featured number no longer exists. It may have been deleted by someone else.",
} as const;

/**
 * The slug of a new vanity number, from its text: lower case, anything but letters and digits becomes a dash,
 * repeated and outer dashes folded. "1-800-LAW-HELP" → "1-800-law-help", "(888) SUE-FAST" → "888-sue-fast".
 */
export function vanitySlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, NUMBER_SLUG_MAX);
}

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const idField = (message: string) => z.uuid(message);
const optionalId = (message: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), idField(message).optional());

/** Optional text: blank is null. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, `${label} must be at most ${max} characters.`)
      .optional()
      .transform((v) => v ?? null),
  );

/** A licensee or territory choice: 'none' (or blank) is null, anything else must be an id. */
const assignment = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" || v === NONE ? null : v),
    idField(message).nullable(),
  );

/**
 * A fee in dollars as typed ("95", "1250.50", "$1,250.50"): blank is null; otherwise at most two decimals, not
 * negative, at most {@link FEE_MAX_DOLLARS}. The text is kept: the domain reads it into integer cents with the
 * pricing import's money reader, so dollars never pass through a float.
 */
const feeInput = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? undefined : typeof v === "string" ? blankToUndefined(v.trim()) : String(v)),
    z
      .string()
      .transform((s) => s.replace(/\s+/g, ""))
      .refine((s) => !s.startsWith("-"), `${label} cannot be negative.`)
      .refine(
        (s) => s.startsWith("-") || (/^\$?(\d{1,3}(,\d{3})+|\d+)?(\.\d{1,2})?$/.test(s) && /\d/.test(s)),
        `${label} must be an amount in dollars with at most two decimals, such as 95 or 1250.50.`,
      )
      .refine(
        (s) => !/^\$?[\d,]*(\.\d*)?$/.test(s) || Number(s.replace(/[$,]/g, "")) <= FEE_MAX_DOLLARS,
        `${label} must be at most $${FEE_MAX_DOLLARS.toLocaleString("en-US")}.`,
      )
      .optional()
      .transform((v) => v ?? null),
  );

/** The vanity number dialog (add and edit; `id` set when editing). A blank slug is derived from the number. */
export const vanityFormSchema = z
  .object({
    intent: z.literal("save-vanity"),
    id: optionalId(VANITY_TEXT.notFound),
    numberText: z
      .string({ error: "Number is required." })
      .trim()
      .min(1, "Number is required.")
      .max(NUMBER_TEXT_MAX, `Number must be at most ${NUMBER_TEXT_MAX} characters.`),
    slug: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .max(NUMBER_SLUG_MAX, `Slug must be at most ${NUMBER_SLUG_MAX} characters.`)
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Slug may hold only lower-case letters, digits and single dashes.")
        .optional(),
    ),
    status: z.enum(VANITY_SALE_STATES, "Choose On sale or Pending."),
    associatedPoundCode: optionalText("Associated #Code", POUND_CODE_MAX),
    monthlyFee: feeInput("Monthly fee"),
    setupFee: feeInput("Setup fee"),
    licenseeId: assignment(VANITY_TEXT.licenseeNotFound),
    territoryId: assignment(VANITY_TEXT.territoryNotFound),
    description: optionalText("Description", NUMBER_DESCRIPTION_MAX),
    notes: optionalText("Notes", NUMBER_NOTES_MAX),
  })
  .transform((v) => ({ ...v, slug: v.slug ?? vanitySlug(v.numberText) }))
  .superRefine((v, ctx) => {
    if (!v.slug)
      ctx.addIssue({
        code: "custom",
        path: ["slug"],
        message: "Slug is required: the number has no letters or digits.",
      });
  });
export type VanityFormData = z.output<typeof vanityFormSchema>;

export const deleteVanitySchema = z.object({ intent: z.literal("delete-vanity"), id: idField(VANITY_TEXT.notFound) });
export type DeleteVanityData = z.output<typeof deleteVanitySchema>;

/** A /number/{id} identifier, a site path or an http(s) address. */
const LINK_PATTERN = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*|\/[^\s]*|https?:\/\/[^\s]+)$/i;

/** The featured number dialog (add and edit). display_order is an integer, 0 when blank (spec 2 §5, §9). */
export const featuredFormSchema = z.object({
  intent: z.literal("save-featured"),
  id: optionalId(FEATURED_TEXT.notFound),
  numberText: z
    .string({ error: "Number is required." })
    .trim()
    .min(1, "Number is required.")
    .max(NUMBER_TEXT_MAX, `Number must be at most ${NUMBER_TEXT_MAX} characters.`),
  description: optionalText("Description", NUMBER_DESCRIPTION_MAX),
  numberIdLink: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(LINK_MAX, `Link must be at most ${LINK_MAX} characters.`)
      .regex(LINK_PATTERN, "Link must be a number's slug such as hash-4law, a path such as /contact, or a web address.")
      .optional()
      .transform((v) => v ?? null),
  ),
  type: z.enum(FEATURED_NUMBER_TYPES, "Choose a type: #Code or vanity number."),
  displayOrder: z.preprocess(
    (v) =>
      v === undefined || v === null || (typeof v === "string" && v.trim() === "")
        ? 0
        : typeof v === "string"
          ? Number(v.trim())
          : v,
    z
      .number({ error: "Display order must be a whole number." })
      .int("Display order must be a whole number.")
      .min(-100_000, "Display order must be between -100000 and 100000.")
      .max(100_000, "Display order must be between -100000 and 100000."),
  ),
  isActive: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});
export type FeaturedFormData = z.output<typeof featuredFormSchema>;

export const toggleFeaturedSchema = z.object({
  intent: z.literal("toggle-featured"),
  id: idField(FEATURED_TEXT.notFound),
});
export type ToggleFeaturedData = z.output<typeof toggleFeaturedSchema>;

export const deleteFeaturedSchema = z.object({
  intent: z.literal("delete-featured"),
  id: idField(FEATURED_TEXT.notFound),
});
export type DeleteFeaturedData = z.output<typeof deleteFeaturedSchema>;

/** A vanity number as the domain lists it for the admin screens (the loaders send `createdAt` as an ISO string). */
export type AdminVanityRow = {
  id: string;
  numberText: string;
  slug: string;
  /** What the administrator stored: 'pending' = not on sale; anything else = on sale. */
  saleState: "available" | "pending";
  /** Derived from its territories (available, reserved, licensed, pending). */
  status: VanityNumberStatus;
  monthlyFeeCents: number | null;
  setupFeeCents: number | null;
  licenseeId: string | null;
  licenseeName: string | null;
  territoryId: string | null;
  territoryName: string | null;
  associatedPoundCode: string | null;
  description: string | null;
  notes: string | null;
  createdAt: Date;
};

/** One territory of a vanity number, with the number's status there. */
export type VanityTerritoryRow = { territoryId: string; name: string; state: string; status: TerritoryCategoryStatus };
/** One vanity number's page: the row, with its territories. */
export type AdminVanityDetail = AdminVanityRow & { territories: VanityTerritoryRow[] };
/** The licensees and territories the vanity form offers (besides None). */
export type VanityChoices = { licensees: Choice[]; territories: Choice[] };

/** A featured number as the domain lists it for the admin screen (the loader sends `createdAt` as an ISO string). */
export type AdminFeaturedRow = {
  id: string;
  numberText: string;
  description: string | null;
  numberIdLink: string | null;
  type: FeaturedNumberType;
  displayOrder: number;
  isActive: boolean;
  createdAt: Date;
};
