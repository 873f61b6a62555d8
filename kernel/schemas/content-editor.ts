/**
 * Editable site text as the administrator edits it (/admin/content-editor; spec 2 §2, §3, §5, §7, §8, §9): the
 * key rule, the add and save forms, the product's strings and the items the screen lists. Shared by the route action
 * (server), the domain and the screen (browser). Browser-safe: zod only.
 */
import { z } from "zod";

export const CONTENT_KEY_MAX = 100;
export const CONTENT_VALUE_MAX = 20_000;
export const PAGE_SLUG_MAX = 60;
export const CONTENT_DESCRIPTION_MAX = 300;
/** A value longer than this is edited in a 10-row textarea (spec 2 §9). */
export const LONG_VALUE_CHARS = 200;

/** The spec's strings (§2, §5, §8) and the few this screen adds. */
export const CONTENT_TEXT = {
  pageTitle: "Content Editor",
  allPages: "All Pages",
  empty: "No content items found...",
  noMatch: "No content items match your search on this page.",
  errorFetching: "Error fetching content items",
  errorCreating: "Error creating content item",
  errorSaving: "Error saving content",
  required: "Content Key and Value are required.",
  keyHint: "Lowercase letters, digits and underscores. Must be unique, no spaces.",
  created: (key: string) => ({
    title: "Content item created successfully",
    message: `${key} is saved. Pages that read this key show it now.`,
  }),
  saved: (key: string) => ({ title: "Content saved", message: `${key} is updated on the site.` }),
  unchanged: (key: string) => ({ title: "Content saved", message: `${key} was already up to date.` }),
  keyTaken: (key: string) =>
    `The key “${key}” is already used by another content item. Keys are unique: choose another.`,
  notFound: "This content item no longer exists.",
  pageSlugInvalid: "Page may hold only lowercase letters, digits and dashes, such as home or number-detail.",
} as const;

/**
 * The key as it is typed: lower case, spaces and dashes become underscores, anything else is dropped. Runs on
 * every keystroke, so a trailing underscore stays (the next word follows it).
 */
export function forceContentKey(input: string): string {
  return input
    .toLowerCase()
    .replace(/[\s-]+/g, "_")
    .replace(/[^a-z0-9_]/g, "")
    .replace(/_+/g, "_")
    .slice(0, CONTENT_KEY_MAX);
}

/** The key as stored: {@link forceContentKey}, without leading or trailing underscores. "Home Hero " → "home_hero". */
export function normalizeContentKey(input: string): string {
  return forceContentKey(input.trim()).replace(/^_+|_+$/g, "");
}

/** A page slug as stored: lower case, spaces to dashes, only a-z, 0-9 and dashes. "Number Detail" → "number-detail". */
export function normalizePageSlug(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Rows of the textarea that edits `value`: 10 past {@link LONG_VALUE_CHARS} characters (spec 2 §9), else 4. */
export function contentRows(value: string): number {
  return value.length > LONG_VALUE_CHARS ? 10 : 4;
}

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

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

const valueField = z
  .string()
  .max(CONTENT_VALUE_MAX, `The value must be at most ${CONTENT_VALUE_MAX.toLocaleString("en-US")} characters.`);

/** 'Add New Content Item': key and initial value required; the key is normalised; page and description optional. */
export const contentCreateSchema = z.object({
  intent: z.literal("create-content"),
  contentKey: z
    .string({ error: CONTENT_TEXT.required })
    .transform(normalizeContentKey)
    .pipe(
      z
        .string()
        .min(1, CONTENT_TEXT.required)
        .max(CONTENT_KEY_MAX, `Content Key must be at most ${CONTENT_KEY_MAX} characters.`),
    ),
  contentValue: z
    .string({ error: CONTENT_TEXT.required })
    .refine((v) => v.trim().length > 0, CONTENT_TEXT.required)
    .pipe(valueField),
  pageSlug: z.preprocess(
    (v) => (typeof v === "string" ? blankToUndefined(normalizePageSlug(v)) : v),
    z
      .string()
      .max(PAGE_SLUG_MAX, `Page must be at most ${PAGE_SLUG_MAX} characters.`)
      .regex(/^[a-z0-9-]+$/, CONTENT_TEXT.pageSlugInvalid)
      .optional()
      .transform((v) => v ?? null),
  ),
  description: optionalText("Description", CONTENT_DESCRIPTION_MAX),
});
export type ContentCreateData = z.output<typeof contentCreateSchema>;

/** The inline edit of one card: the value only (spec 2 §7: update content_value and updated_at). */
export const contentSaveSchema = z.object({
  intent: z.literal("save-content"),
  id: z.uuid(CONTENT_TEXT.notFound),
  // An emptied textarea is sent as nothing: the value is then blank, which the pages read as "not set".
  contentValue: z.preprocess((v) => (v === undefined || v === null ? "" : v), valueField),
});
export type ContentSaveData = z.output<typeof contentSaveSchema>;

/** An editable content item as the domain lists it for the screen (the loader sends `updatedAt` as an ISO string). */
export type AdminContentItem = {
  id: string;
  contentKey: string;
  contentValue: string;
  pageSlug: string | null;
  description: string | null;
  updatedAt: Date;
  /** A public page that shows this item, when one is known to read it. */
  shownOn: { path: string; label: string } | null;
};
