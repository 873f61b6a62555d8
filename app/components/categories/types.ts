import type { Answer } from "#kernel/answers.ts";
import type { AdminCategory } from "#kernel/schemas/categories.ts";

/**
 * A category as the admin screen shows it: the domain's row, with what refers to it in words ("2 licences and 1
 * reservation"), which keeps it from being deleted, in place of the counts.
 */
export type CategoryCardData = Omit<AdminCategory, "uses"> & { inUse: string | null };

/** What the page's action answers a dialog. */
export type CategoryAnswer = Answer;

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
