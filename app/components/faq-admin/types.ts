import type { SubmissionResult } from "@conform-to/react";

/** A FAQ item as the admin screen shows it (the loader's plain data). */
export type FaqItemData = {
  id: string;
  question: string;
  /** As stored: what the edit dialog starts from. */
  answer: string;
  /** Sanitized on the server, as the public page renders it. */
  answerHtml: string;
  category: string | null;
  categoryLabel: string;
  displayOrder: number;
  isPublished: boolean;
};

/** What the page's action answers a dialog or a row action. */
export type FaqAnswer =
  | { ok: true; title: string; message: string }
  | { ok: false; title?: string; message?: string; result?: SubmissionResult<string[]> };

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
