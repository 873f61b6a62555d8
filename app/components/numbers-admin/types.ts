import type { SubmissionResult } from "@conform-to/react";

/** What the pages' actions answer a dialog, a toggle or a delete. */
export type NumbersAnswer =
  | { ok: true; title: string; message: string }
  | { ok: false; title?: string; message?: string; result?: SubmissionResult<string[]> };

export type Choice = { value: string; label: string };

/** A vanity number as the admin screens show and edit it (the loaders' plain data). */
export type VanityRowData = {
  id: string;
  numberText: string;
  slug: string;
  saleState: "available" | "pending";
  status: string;
  monthlyFeeCents: number | null;
  setupFeeCents: number | null;
  licenseeId: string | null;
  licenseeName: string | null;
  territoryId: string | null;
  territoryName: string | null;
  associatedPoundCode: string | null;
  description: string | null;
  notes: string | null;
};

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

export type FeaturedRowData = {
  id: string;
  numberText: string;
  description: string | null;
  numberIdLink: string | null;
  type: "poundcode" | "vanity";
  displayOrder: number;
  isActive: boolean;
};

export type FeaturedFields = {
  numberText: string;
  description: string;
  numberIdLink: string;
  type: string;
  displayOrder: string;
  isActive: boolean;
};
