import type { Answer } from "#kernel/answers.ts";
import type { AdminFeaturedRow, AdminVanityRow } from "#kernel/schemas/numbers-admin.ts";

/** What the pages' actions answer a dialog, a toggle or a delete. */
export type NumbersAnswer = Answer;

/** A vanity number as the admin screens show and edit it: the domain's row, from the list or the number's page. */
export type VanityRowData = Omit<AdminVanityRow, "createdAt">;

/** The visible fields of the vanity dialog, as the form holds them. */
export type VanityFields = {
  numberText: string;
  slug: string;
  status: string;
  associatedPoundCode: string;
  monthlyFee: string;
  setupFee: string;
  licenseeId: string;
  territoryId: string;
  description: string;
  notes: string;
};

/** A featured number as the admin screen shows and edits it: the domain's row. */
export type FeaturedRowData = Omit<AdminFeaturedRow, "createdAt">;

export type FeaturedFields = {
  numberText: string;
  description: string;
  numberIdLink: string;
  type: string;
  displayOrder: string;
  isActive: boolean;
};
