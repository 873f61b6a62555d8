/**
 * FAQ items as the administrator edits them (/admin/faq; spec 2 §2, §3, §4, §5, §7, §8): the dialog form, the
 * publish switch, delete, the product's strings and the items the screen lists. Shared by the route action (server),
 * the domain and the screen (browser). Browser-safe: zod only.
 */
import { z } from "zod";

export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 10_000;
export const FAQ_CATEGORY_MAX = 60;
export const FAQ_ORDER_LIMIT = 100_000;

/** The spec's strings (§8) and the few this screen adds. */
export const FAQ_ADMIN_TEXT = {
  pageTitle: "FAQ",
  empty: "No FAQ items yet. Add the first question.",
  noMatch: "No FAQ items match your search and filters.",
  errorFetching: "Error fetching FAQs",
  errorSaving: "Error saving FAQ",
  errorDeleting: "Error deleting FAQ",
  created: (question: string) => ({ title: "FAQ Created", message: `“${question}” has been saved.` }),
  updated: (question: string) => ({ title: "FAQ Updated", message: `“${question}” has been saved.` }),
  deleted: (question: string) => ({ title: "FAQ Deleted", message: `“${question}” has been deleted.` }),
  published: (question: string, isPublished: boolean) => ({
    title: "FAQ Updated",
    message: isPublished
      ? `“${question}” is published: visitors see it on the FAQ page.`
      : `“${question}” is a draft now: it is hidden from the FAQ page.`,
  }),
  deleteWarning: "This action cannot be undone. The question leaves the FAQ page at once.",
  notFound: "This FAQ item no longer exists. It may have been deleted by someone else.",
  questionRequired: "Question is required.",
  answerRequired: "Answer is required.",
  orderInvalid: "Display order must be a whole number.",
} as const;

/** The publication states, for the status filter. */
export const FAQ_STATUSES = ["published", "draft"] as const;
export type FaqStatus = (typeof FAQ_STATUSES)[number];
export const FAQ_STATUS_LABELS: Record<FaqStatus, string> = { published: "Published", draft: "Draft" };

const idField = z.uuid(FAQ_ADMIN_TEXT.notFound);

/** The FAQ dialog (add and edit; `id` set when editing). A blank category is null (shown as "General"). */
export const faqFormSchema = z.object({
  intent: z.literal("save-faq"),
  id: z.preprocess((v) => (v === "" || v === null ? undefined : v), idField.optional()),
  question: z
    .string({ error: FAQ_ADMIN_TEXT.questionRequired })
    .trim()
    .min(1, FAQ_ADMIN_TEXT.questionRequired)
    .max(FAQ_QUESTION_MAX, `Question must be at most ${FAQ_QUESTION_MAX} characters.`),
  answer: z
    .string({ error: FAQ_ADMIN_TEXT.answerRequired })
    .trim()
    .min(1, FAQ_ADMIN_TEXT.answerRequired)
    .max(FAQ_ANSWER_MAX, `Answer must be at most ${FAQ_ANSWER_MAX.toLocaleString("en-US")} characters.`),
  category: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .transform((s) => s.replace(/\s+/g, " "))
      .pipe(z.string().max(FAQ_CATEGORY_MAX, `Category must be at most ${FAQ_CATEGORY_MAX} characters.`))
      .optional()
      .transform((v) => v ?? null),
  ),
  displayOrder: z.preprocess(
    (v) =>
      v === undefined || v === null || (typeof v === "string" && v.trim() === "")
        ? 0
        : typeof v === "string"
          ? Number(v.trim())
          : v,
    z
      .number({ error: FAQ_ADMIN_TEXT.orderInvalid })
      .int(FAQ_ADMIN_TEXT.orderInvalid)
      .min(-FAQ_ORDER_LIMIT, `Display order must be between -${FAQ_ORDER_LIMIT} and ${FAQ_ORDER_LIMIT}.`)
      .max(FAQ_ORDER_LIMIT, `Display order must be between -${FAQ_ORDER_LIMIT} and ${FAQ_ORDER_LIMIT}.`),
  ),
  isPublished: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});
export type FaqFormData = z.output<typeof faqFormSchema>;

/** Publish or unpublish (sets is_published to the value asked for, so a double click changes nothing twice). */
export const faqPublishSchema = z.object({
  intent: z.literal("publish-faq"),
  id: idField,
  publish: z.enum(["true", "false"]).transform((v) => v === "true"),
});
export type FaqPublishData = z.output<typeof faqPublishSchema>;

export const faqDeleteSchema = z.object({ intent: z.literal("delete-faq"), id: idField });
export type FaqDeleteData = z.output<typeof faqDeleteSchema>;

/** A FAQ item as the domain lists it for the screen. */
export type AdminFaqItem = {
  id: string;
  question: string;
  /** As stored: what the edit dialog starts from. */
  answer: string;
  /** Sanitized HTML, exactly as the public page renders it. */
  answerHtml: string;
  /** The stored category, or null ("General"). */
  category: string | null;
  /** The category as shown: the stored one, or "General". */
  categoryLabel: string;
  displayOrder: number;
  isPublished: boolean;
  createdAt: Date;
  updatedAt: Date;
};
