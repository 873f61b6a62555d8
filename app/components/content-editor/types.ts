import type { SubmissionResult } from "@conform-to/react";

/** An editable content item as the screen shows it (the loader's plain data). */
export type ContentItemData = {
  id: string;
  contentKey: string;
  contentValue: string;
  pageSlug: string | null;
  description: string | null;
  /** ISO time of the last change. */
  updatedAt: string;
  /** The public page known to show it. */
  shownOn: { path: string; label: string } | null;
};

/** What the page's action answers a form. */
export type ContentAnswer =
  | { ok: true; title: string; message: string }
  | { ok: false; title?: string; message?: string; result?: SubmissionResult<string[]> };

/** The visible fields of 'Add New Content Item', as the form holds them. */
export type NewContentFields = { contentKey: string; contentValue: string; pageSlug: string; description: string };

/** Where the forms post: the page's own action. */
export const CONTENT_EDITOR_ACTION = "/admin/content-editor";
