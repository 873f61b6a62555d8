import type { Answer } from "#kernel/answers.ts";
import type { AdminContentItem } from "#kernel/schemas/content-editor.ts";

/** An editable content item as the screen shows it: the domain's item, with `updatedAt` as the loader sends it. */
export type ContentItemData = Omit<AdminContentItem, "updatedAt"> & {
  /** ISO time of the last change. */
  updatedAt: string;
};

/** What the page's action answers a form. */
export type ContentAnswer = Answer;

/** The visible fields of 'Add New Content Item', as the form holds them. */
export type NewContentFields = { contentKey: string; contentValue: string; pageSlug: string; description: string };

/** Where the forms post: the page's own action. */
export const CONTENT_EDITOR_ACTION = "/admin/content-editor";
