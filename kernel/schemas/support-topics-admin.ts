/**
 * Support topics as the administrator edits them (/admin/support-topics): the form, the slug rule, the keyword
 * list and the product's strings (spec 2 §2, §5, §8). Shared by the route action (server), the domain and the
 * form (browser). Browser-safe: zod only.
 */
import { z } from "zod";
import { htmlField, listField, optionalText, postSlug, slugField } from "./blog-admin.ts";

export const TOPIC_TITLE_MAX = 200;
export const TOPIC_SLUG_MAX = 200;
export const TOPIC_CATEGORY_MAX = 80;
export const TOPIC_SUMMARY_MAX = 500;
export const TOPIC_CONTENT_MAX = 500_000;
export const TOPIC_KEYWORD_MAX = 60;
export const TOPIC_KEYWORDS_MAX = 30;

/** The product's strings (spec 2 §2, §8), and the few this screen adds. */
export const TOPIC_ADMIN_TEXT = {
  pageTitle: "Support Topics",
  subtitle: "The help-center guides on /support-topics. Unpublished topics stay private.",
  empty: "No topics found.",
  noMatch: "No topics found.",
  errorFetching: "Error fetching topics",
  errorCreating: "Error creating topic",
  errorUpdating: "Error updating topic",
  errorDeleting: "Error deleting topic",
  created: (title: string) => ({ title: "Topic created successfully", message: `${title} has been saved.` }),
  updated: (title: string) => ({ title: "Topic updated successfully", message: `${title} has been saved.` }),
  deleted: (title: string) => ({ title: "Topic deleted successfully", message: `${title} has been deleted.` }),
  deleteWarning: "This action cannot be undone. The topic leaves the public help center at once.",
  notFound: "This topic no longer exists. It may have been deleted by someone else.",
  slugLocked: "The slug is the topic's public address and cannot be changed once the topic exists.",
  slugHint: "Made from the title: lower-case letters, digits and hyphens.",
  slugTaken: (slug: string, owner: string) => `The slug “${slug}” is already used by “${owner}”. Choose another.`,
  keywordsHint: "Separate keywords with commas, e.g. wallet, top-up, billing.",
  publishedHint: "Published topics are listed on /support-topics and searchable by visitors.",
} as const;

/**
 * The slug of a new topic, from its title (spec 2 §5): lower case, spaces to hyphens, other non-alphanumerics
 * removed. The same rule as a post's.
 */
export const topicSlug = postSlug;

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** The topic form (create and edit; `id` set when editing). */
export const supportTopicFormSchema = z.object({
  intent: z.literal("save-topic"),
  id: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.uuid(TOPIC_ADMIN_TEXT.notFound).optional()),
  title: z
    .string({ error: "Title is required." })
    .trim()
    .min(1, "Title is required.")
    .max(TOPIC_TITLE_MAX, `Title must be at most ${TOPIC_TITLE_MAX} characters.`),
  slug: slugField(TOPIC_SLUG_MAX),
  category: optionalText("Category", TOPIC_CATEGORY_MAX),
  summary: optionalText("Summary", TOPIC_SUMMARY_MAX),
  content: htmlField(TOPIC_CONTENT_MAX),
  keywords: listField("keyword", TOPIC_KEYWORD_MAX, TOPIC_KEYWORDS_MAX),
  published: checkbox,
});
export type SupportTopicFormData = z.output<typeof supportTopicFormSchema>;
export type SupportTopicFields = {
  intent: string;
  id: string;
  title: string;
  slug: string;
  category: string;
  summary: string;
  content: string;
  keywords: string;
  published: boolean;
};

export const deleteTopicSchema = z.object({
  intent: z.literal("delete-topic"),
  id: z.uuid(TOPIC_ADMIN_TEXT.notFound),
});
export type DeleteTopicData = z.output<typeof deleteTopicSchema>;
