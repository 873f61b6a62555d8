import type { Answer } from "#kernel/answers.ts";
import type { AdminFaqItem } from "#kernel/schemas/faq-admin.ts";

/** A FAQ item as the admin screen shows it: the domain's item, less the dates the loader leaves out. */
export type FaqItemData = Omit<AdminFaqItem, "createdAt" | "updatedAt">;

/** What the page's action answers a dialog or a row action. */
export type FaqAnswer = Answer;

/** The visible fields of the FAQ dialog, as the form holds them. */
export type FaqFields = {
  question: string;
  answer: string;
  category: string;
  displayOrder: string;
  isPublished: boolean;
};

/** Where the forms post: the page's own action. */
export const FAQ_ACTION = "/admin/faq";
