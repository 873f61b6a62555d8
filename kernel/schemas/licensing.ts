/**
 * What the licensing explainers show (/licensing/by-state, /licensing/by-state-category,
 * /licensing/by-state-keyword): produced by server/domain/licensing/explainers.ts, rendered by
 * app/components/marketing/licensing-*.tsx. Every amount is integer cents from the pricing engine.
 */
import type { PriceLine } from "../catalogue.ts";

export type CatalogueFigures = {
  /** Territories on offer: whole states, DC and portions. */
  territories: number;
  /** Territories that are a whole state (or DC). */
  wholeStates: number;
  /** Territories that are a portion of a state. */
  portions: number;
  /** States divided into portions. */
  splitStates: number;
  poundCodes: number;
  keywordGroups: number;
  pricingKeywords: number;
};

export type ExampleTerritory = {
  id: string;
  name: string;
  /** The state's name, e.g. "Texas" for East Texas. */
  stateName: string;
  portion: string | null;
  population: number;
};

/** One priced quote, ready to show: the monthly total, the deposit and every line of the breakdown. */
export type ExplainerQuote = {
  scope: "territory" | "full_state";
  finalMonthlyCents: number;
  setupCents: number;
  minimumApplied: boolean;
  minimumMonthlyFeeCents: number;
  /** True when the territory's own fee for this #Code set the base. */
  codeSpecificFee: boolean;
  lines: PriceLine[];
};

/** A monthly price and the territories (by name) that cost exactly that when licensed alone. */
export type PriceExtreme = { monthlyCents: number; names: string[] };

export type StateExplainer = {
  figures: CatalogueFigures;
  example: {
    territory: ExampleTerritory;
    /** The territory alone (all categories, based on population). */
    territoryQuote: ExplainerQuote;
    /** The whole state the territory belongs to; null when the territory is a whole state. */
    fullStateQuote: ExplainerQuote | null;
    /** The lowest and highest monthly price of a territory licensed alone. */
    lowest: PriceExtreme;
    highest: PriceExtreme;
  } | null;
};

export type CodePrice = {
  name: string;
  slug: string;
  description: string | null;
  feePercentageOfBase: number | null;
  monthlyCents: number;
  /** Priced at the territory's own rate for this #Code rather than by its percentage. */
  codeSpecificFee: boolean;
};

export type CategoryExplainer = {
  figures: CatalogueFigures;
  example: {
    territory: ExampleTerritory;
    /** Every #Code in the example territory, by percentage (highest first) then name. */
    codes: CodePrice[];
    /** One #Code worked line by line: see workedCode. */
    worked: { name: string; quote: ExplainerQuote };
  } | null;
};

export type GroupPrice = {
  name: string;
  slug: string;
  description: string | null;
  keywordBaseMultiplier: number | null;
  monthlyCents: number;
};

export type KeywordExplainer = {
  figures: CatalogueFigures;
  /** Special pricing keywords, highest multiplier first, then by text. */
  keywords: { keywordText: string; multiplier: number; description: string | null }[];
  example: {
    territory: ExampleTerritory;
    /** Every keyword group in the example territory, highest multiplier first, then by name. */
    groups: GroupPrice[];
    /** The first group, worked line by line. */
    worked: { name: string; quote: ExplainerQuote };
    /** The same group with the first special pricing keyword; null when there is none. */
    withKeyword: { name: string; keywordText: string; quote: ExplainerQuote } | null;
  } | null;
};
