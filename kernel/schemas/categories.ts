/**
 * Categories (#Codes and keyword groups) and special pricing keywords as the administrator edits them: the
 * forms of /admin/categories, the slug rule, the product's strings (spec 2 §2, §5, §8) and the rows the screen lists.
 * Shared by the route action (server), the domain and the dialogs (browser). Browser-safe: zod only.
 */
import { z } from "zod";
import { CATEGORY_TYPES, type CategoryType } from "../enums.ts";

export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_SLUG_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 1000;
export const KEYWORD_TEXT_MAX = 60;
export const KEYWORD_DESCRIPTION_MAX = 300;
/** The fee percentage's input step (two decimals) and the largest value its column holds. */
export const FEE_PERCENTAGE_STEP = 0.01;
export const FEE_PERCENTAGE_MAX = 99_999.99;
/** The keyword multiplier's input step (three decimals) and the largest value its column holds. */
export const MULTIPLIER_STEP = 0.001;
export const MULTIPLIER_MAX = 999_999.999;

export const CATEGORY_TYPE_LABELS: Record<CategoryType, string> = {
  standard: "Standard (#Code)",
  keyword_group: "Keyword group",
};

/** The product's strings (spec 2 §2, §8), and the few this screen adds. */
export const CATEGORY_TEXT = {
  pageTitle: "Manage Categories & Keywords",
  loading: "Loading Categories...",
  empty: "No categories found. Add your first one!",
  errorFetching: "Error fetching categories",
  errorCreating: "Error creating category",
  errorUpdating: "Error updating category",
  errorDeleting: "Error deleting category",
  created: (name: string) => ({ title: "Category created", message: `${name} has been successfully saved.` }),
  updated: (name: string) => ({ title: "Category updated", message: `${name} has been successfully saved.` }),
  deleted: (name: string) => ({ title: "Category deleted", message: `${name} has been deleted.` }),
  deleteWarning: "This action cannot be undone. Deleting this category might affect existing territory-category links.",
  notFound: "This category no longer exists. It may have been deleted by someone else.",
  slugLocked: "The slug is part of public addresses and cannot be changed once the category exists.",
  slugTaken: (slug: string, owner: string) => `The slug “${slug}” is already used by ${owner}. Choose another.`,
  nameTaken: (name: string) => `A category named ${name} already exists.`,
  poundCodeName: "A standard category is a #Code: its name begins with #, e.g. #4LAW.",
  inUse: (name: string, uses: string) =>
    `${name} cannot be deleted while ${uses} refer to it. Keep the category; its licenses and holds stay as they are.`,
} as const;

export const KEYWORD_TEXT = {
  heading: "Special Pricing Keywords",
  empty: "No special pricing keywords yet. Add one, or upload a keyword CSV.",
  errorCreating: "Error creating keyword",
  errorUpdating: "Error updating keyword",
  errorDeleting: "Error deleting keyword",
  created: (keyword: string) => ({ title: "Keyword created", message: `${keyword} has been successfully saved.` }),
  updated: (keyword: string) => ({ title: "Keyword updated", message: `${keyword} has been successfully saved.` }),
  deleted: (keyword: string) => ({ title: "Keyword deleted", message: `${keyword} has been deleted.` }),
  deleteWarning: "This action cannot be undone. Prices quoted from now on no longer apply this keyword's multiplier.",
  notFound: "This keyword no longer exists. It may have been deleted by someone else.",
  taken: (keyword: string) => `The keyword “${keyword}” already exists. Edit it instead.`,
  invalid: "A keyword starts with a letter or digit and holds only letters, digits, spaces, ' & and -.",
} as const;

/**
 * The slug of a new category, from its name: lower case, a leading # becomes "hash-" (the #Codes' addresses,
 * /number/hash-4law), spaces become dashes, anything but letters, digits and dashes is dropped, and repeated or
 * trailing dashes are folded. "#4LAW" → "hash-4law", "Legal Keywords" → "legal-keywords".
 */
export function categorySlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^#+/, "hash-")
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, CATEGORY_SLUG_MAX);
}

/** A keyword as stored: trimmed, inner spaces folded, lower case (the search compares keywords in lower case). */
export function normalizeKeyword(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

const KEYWORD_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} '&-]*$/u;

/** Whether `n` has at most `places` decimals (within floating-point noise). */
function hasAtMostDecimals(n: number, places: number): boolean {
  const scaled = n * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * A number input: blank is null, anything but a number is refused, a negative clamps to 0, then at most
 * `places` decimals and at most `max`.
 */
function numberInput(label: string, places: number, max: number) {
  const notANumber = `${label} must be a number.`;
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return null;
      if (typeof v === "string") {
        const s = v.trim();
        if (s === "") return null;
        return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
      }
      return v;
    },
    z
      .number({ error: notANumber })
      .refine((n) => Number.isFinite(n), notANumber)
      .transform((n) => (n < 0 ? 0 : n))
      .refine((n) => hasAtMostDecimals(n, places), `${label} may have at most ${places} decimals.`)
      .refine((n) => n <= max, `${label} must be at most ${max.toLocaleString("en-US")}.`)
      .nullable(),
  );
}

const idField = (message: string) => z.uuid(message);

/**
 * The category dialog (add and edit; `id` set when editing). On the server's side of the parse the fields that
 * do not belong to the type are dropped: the multiplier for a standard category, the fee percentage for a
 * keyword group; empty numbers are null.
 */
export const categoryFormSchema = z
  .object({
    intent: z.literal("save-category"),
    id: z.preprocess((v) => (v === "" || v === null ? undefined : v), idField(CATEGORY_TEXT.notFound).optional()),
    name: z
      .string({ error: "Name is required." })
      .trim()
      .min(1, "Name is required.")
      .max(CATEGORY_NAME_MAX, `Name must be at most ${CATEGORY_NAME_MAX} characters.`),
    slug: z
      .string({ error: "Slug is required." })
      .trim()
      .min(1, "Slug is required.")
      .max(CATEGORY_SLUG_MAX, `Slug must be at most ${CATEGORY_SLUG_MAX} characters.`)
      .regex(/^[a-z0-9-]+$/, "Slug may hold only lower-case letters, digits and dashes."),
    description: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .string()
        .trim()
        .max(CATEGORY_DESCRIPTION_MAX, `Description must be at most ${CATEGORY_DESCRIPTION_MAX} characters.`)
        .optional(),
    ),
    categoryType: z.enum(CATEGORY_TYPES, "Choose a type: standard or keyword group."),
    feePercentageOfBase: numberInput("Fee percentage", 2, FEE_PERCENTAGE_MAX).optional(),
    keywordBaseMultiplier: numberInput("Keyword multiplier", 3, MULTIPLIER_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.categoryType === "standard" && !v.name.startsWith("#")) {
      ctx.addIssue({ code: "custom", path: ["name"], message: CATEGORY_TEXT.poundCodeName });
    }
  })
  .transform((v) => ({
    intent: v.intent,
    id: v.id,
    name: v.name,
    slug: v.slug,
    description: v.description ?? null,
    categoryType: v.categoryType,
    feePercentageOfBase: v.categoryType === "standard" ? (v.feePercentageOfBase ?? null) : null,
    keywordBaseMultiplier: v.categoryType === "keyword_group" ? (v.keywordBaseMultiplier ?? null) : null,
  }));
export type CategoryFormData = z.output<typeof categoryFormSchema>;

export const deleteCategorySchema = z.object({
  intent: z.literal("delete-category"),
  id: idField(CATEGORY_TEXT.notFound),
});
export type DeleteCategoryData = z.output<typeof deleteCategorySchema>;

/** The keyword dialog (add and edit; `id` set when editing). The keyword is stored in lower case. */
export const keywordFormSchema = z.object({
  intent: z.literal("save-keyword"),
  id: z.preprocess((v) => (v === "" || v === null ? undefined : v), idField(KEYWORD_TEXT.notFound).optional()),
  keywordText: z
    .string({ error: "Keyword is required." })
    .transform(normalizeKeyword)
    .pipe(
      z
        .string()
        .min(1, "Keyword is required.")
        .max(KEYWORD_TEXT_MAX, `Keyword must be at most ${KEYWORD_TEXT_MAX} characters.`)
        .regex(KEYWORD_PATTERN, KEYWORD_TEXT.invalid),
    ),
  multiplier: numberInput("Multiplier", 3, MULTIPLIER_MAX).pipe(z.number({ error: "Multiplier is required." })),
  description: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .max(KEYWORD_DESCRIPTION_MAX, `Description must be at most ${KEYWORD_DESCRIPTION_MAX} characters.`)
      .optional()
      .transform((d) => d ?? null),
  ),
});
export type KeywordFormData = z.output<typeof keywordFormSchema>;

export const deleteKeywordSchema = z.object({
  intent: z.literal("delete-keyword"),
  id: idField(KEYWORD_TEXT.notFound),
});
export type DeleteKeywordData = z.output<typeof deleteKeywordSchema>;

/** What still refers to a category, counted. */
export type CategoryUses = { licences: number; reservations: number; waitlist: number; heldLinks: number };

/** A category as the domain lists it for the admin screen. */
export type AdminCategory = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  categoryType: CategoryType;
  feePercentageOfBase: number | null;
  keywordBaseMultiplier: number | null;
  /** territory_categories rows of the category (its territory links). */
  territoryLinks: number;
  uses: CategoryUses;
};

/** A special pricing keyword as the domain lists it for the admin screen. */
export type AdminKeyword = { id: string; keywordText: string; multiplier: number; description: string | null };
