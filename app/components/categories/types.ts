import type { SubmissionResult } from "@conform-to/react";
import type { CategoryType } from "#kernel/enums.ts";

/** A category as the admin screen shows it (the loader's plain data). */
export type CategoryCardData = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  categoryType: CategoryType;
  feePercentageOfBase: number | null;
  keywordBaseMultiplier: number | null;
  territoryLinks: number;
  /** What refers to the category and keeps it from being deleted, in words ("2 licences and 1 reservation"). */
  inUse: string | null;
};

/** A special pricing keyword as the admin screen shows it. */
export type KeywordRowData = { id: string; keywordText: string; multiplier: number; description: string | null };

/** What the page's action answers a dialog. */
export type CategoryAnswer =
  | { ok: true; title: string; message: string }
  | { ok: false; title?: string; message?: string; result?: SubmissionResult<string[]> };

/** The visible fields of the category dialog, as the form holds them. */
export type CategoryFields = {
  name: string;
  slug: string;
  description: string;
  categoryType: string;
  feePercentageOfBase: string;
  keywordBaseMultiplier: string;
};

/** The visible fields of the keyword dialog. */
export type KeywordFields = { keywordText: string; multiplier: string; description: string };

/** Where the dialogs post: the page's own action. */
export const CATEGORIES_ACTION = "/admin/categories";
