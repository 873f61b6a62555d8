/**
 * Blog posts as the administrator edits them (/admin/blog): the form, the slug rule, the tag list and the
 * product's strings (spec 2 §2, §4, §5, §8). Shared by the route action (server), the domain and the form
 * (browser). Browser-safe: zod only.
 */
import { z } from "zod";
import { BLOG_POST_STATUSES, type BlogPostStatus } from "../enums.ts";

export const POST_TITLE_MAX = 200;
export const POST_SLUG_MAX = 200;
export const POST_EXCERPT_MAX = 500;
export const POST_AUTHOR_MAX = 120;
export const POST_IMAGE_URL_MAX = 2000;
/** Stored HTML; the form body as a whole is capped at 1 MB by the server. */
export const POST_CONTENT_MAX = 500_000;
export const POST_TAG_MAX = 40;
export const POST_TAGS_MAX = 20;

export const BLOG_STATUS_LABELS: Record<BlogPostStatus, string> = { draft: "Draft", published: "Published" };

/** The product's strings (spec 2 §2, §8), and the few this screen adds. */
export const BLOG_ADMIN_TEXT = {
  pageTitle: "Blog Posts",
  subtitle: "Articles for the public blog. Drafts stay private; publishing puts a post on /blog at once.",
  empty: "No posts found.",
  noMatch: "No posts found.",
  errorFetching: "Error fetching posts",
  errorCreating: "Error creating post",
  errorUpdating: "Error updating post",
  errorDeleting: "Error deleting post",
  created: (title: string) => ({ title: "Post created", message: `${title} has been saved.` }),
  updated: (title: string) => ({ title: "Post updated", message: `${title} has been saved.` }),
  deleted: (title: string) => ({ title: "Post deleted", message: `${title} has been deleted.` }),
  deleteWarning: "This action cannot be undone. The post leaves the public blog at once.",
  notFound: "This post no longer exists. It may have been deleted by someone else.",
  slugLocked: "The slug is the post's public address and cannot be changed once the post exists.",
  slugHint: "Made from the title: lower-case letters, digits and hyphens.",
  slugTaken: (slug: string, owner: string) => `The slug “${slug}” is already used by “${owner}”. Choose another.`,
  tagsHint: "Separate tags with commas, e.g. Radio, Call Tracking.",
  imageUrlInvalid: "Use an uploaded image or a web address starting with https://.",
  publishHint: "Publishing stamps today's date if the post has none; moving it back to draft clears it.",
} as const;

/**
 * The slug of a new post, from its title (spec 2 §5): lower case, spaces to hyphens, only a–z, 0–9 and hyphens;
 * repeated and edge hyphens are folded. "Cut Missed Calls by 50%" → "cut-missed-calls-by-50".
 */
export function postSlug(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, POST_SLUG_MAX);
}

/** "Radio, call tracking, , Radio" → ["Radio", "call tracking"]: split on commas, trimmed, empties and repeats dropped. */
export function splitList(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of (text ?? "").split(",")) {
    const item = raw.trim().replace(/\s+/g, " ");
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const idField = (message: string) => z.uuid(message);

export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/** A required slug field (posts and topics share the rule). */
export function slugField(max: number) {
  return z
    .string({ error: "Slug is required." })
    .trim()
    .min(1, "Slug is required.")
    .max(max, `Slug must be at most ${max} characters.`)
    .regex(/^[a-z0-9-]*$/, "Slug may hold only lower-case letters, digits and hyphens.");
}

/** An optional plain text field: blank is null. */
export function optionalText(label: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, `${label} must be at most ${max} characters.`)
      .optional()
      .transform((v) => v ?? null),
  );
}

/** A comma-separated list field, parsed into its items. */
export function listField(label: string, itemMax: number, countMax: number) {
  return z
    .string()
    .optional()
    .transform(splitList)
    .refine((items) => items.every((i) => i.length <= itemMax), `Each ${label} must be at most ${itemMax} characters.`)
    .refine((items) => items.length <= countMax, `At most ${countMax} ${label}s.`);
}

/** Stored HTML as the editor posts it (sanitized by the domain on save). */
export function htmlField(max: number) {
  return z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v.length <= max, "The content is too long. Please split it up.");
}

/** An uploaded image's /media/… URL or a web address. */
const imageUrlField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(POST_IMAGE_URL_MAX, BLOG_ADMIN_TEXT.imageUrlInvalid)
    .regex(/^(https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/i, BLOG_ADMIN_TEXT.imageUrlInvalid)
    .optional()
    .transform((v) => v ?? null),
);

/** The post form (create and edit; `id` set when editing). */
export const blogPostFormSchema = z.object({
  intent: z.literal("save-post"),
  id: z.preprocess((v) => (v === "" || v === null ? undefined : v), idField(BLOG_ADMIN_TEXT.notFound).optional()),
  title: z
    .string({ error: "Title is required." })
    .trim()
    .min(1, "Title is required.")
    .max(POST_TITLE_MAX, `Title must be at most ${POST_TITLE_MAX} characters.`),
  slug: slugField(POST_SLUG_MAX),
  excerpt: optionalText("Excerpt", POST_EXCERPT_MAX),
  content: htmlField(POST_CONTENT_MAX),
  imageUrl: imageUrlField,
  tags: listField("tag", POST_TAG_MAX, POST_TAGS_MAX),
  status: z.enum(BLOG_POST_STATUSES, "Choose a status: draft or published."),
  authorName: optionalText("Author", POST_AUTHOR_MAX),
});
export type BlogPostFormData = z.output<typeof blogPostFormSchema>;
/** What the form's fields hold as text (Conform's field types). */
export type BlogPostFields = {
  intent: string;
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  tags: string;
  status: string;
  authorName: string;
};

export const deletePostSchema = z.object({ intent: z.literal("delete-post"), id: idField(BLOG_ADMIN_TEXT.notFound) });
export type DeletePostData = z.output<typeof deletePostSchema>;
