/**
 * Browser-safe shapes of the catalogue read models: what loaders send to the territory map, list, card,
 * popup and number pages. Produced by server/domain/catalogue; rendered by app/components/territories.
 */
import type { MapStatus } from "./territory-status.ts";

/** Card statuses (spec 1 §4): unlicensed means available; anything else unknown shows 'Unknown'. */
export type ListStatus = "available" | "licensed" | "negotiations" | "unlicensed" | "partial" | (string & {});

export type PriceLine = {
  key: string;
  label: string;
  cents: number;
  kind: "monthly" | "adjustment" | "total" | "one_off" | "usage";
};

export type TerritoryPricing = {
  /** The territory's base monthly fee (all categories, based on population). */
  baseMonthlyCents: number;
  /** Shown as a deposit. */
  setupCents: number;
  perMinuteCents: number;
  perSmsCents: number;
  perWebFormLeadCents: number;
  /** Present when the page is about one category: that category's quote, line by line. */
  categoryQuote: { categoryName: string; finalMonthlyCents: number; lines: PriceLine[] } | null;
};

export type TerritoryCategory = {
  categoryId: string;
  name: string;
  slug: string;
  kind: "poundcode" | "keyword_group";
  /** available | negotiations | licensed (a missing row means available). */
  status: "available" | "negotiations" | "licensed";
};

export type TerritoryView = {
  id: string;
  /** Map key: state code or STATE-PORTION, e.g. "TX" or "CA-N". */
  key: string;
  name: string;
  state: string;
  portion: string | null;
  /** Name lowercased, spaces → hyphens (spec: card links /number/{code or general}/{slug}). */
  slug: string;
  population: number;
  areaCodes: string[];
  /** For the card: the category's status on a category page, otherwise derived from all categories. */
  listStatus: ListStatus;
  mapStatus: MapStatus;
  pricing: TerritoryPricing;
  categories: TerritoryCategory[];
};

/** What a page is about: one #Code, one vanity number, or all numbers. */
export type NumberContext =
  | { kind: "poundcode"; categoryId: string; name: string; slug: string; description: string | null }
  | {
      kind: "vanity";
      id: string;
      numberText: string;
      slug: string;
      name: string | null;
      description: string | null;
      status: string;
      territoryId: string | null;
      associatedPoundCode: string | null;
    }
  | { kind: "all" };

export type TerritoryPopup = {
  territoryId: string;
  name: string;
  areaCodes: string[];
  population: number;
  /** Up to 5 available #Codes and 5 available vanity numbers, each linking to /number/{id}. */
  poundCodes: { id: string; name: string; slug: string }[];
  vanityNumbers: { id: string; numberText: string; slug: string }[];
};

export type FeaturedNumber = {
  id: string;
  numberText: string;
  description: string | null;
  link: string | null;
  type: "poundcode" | "vanity";
};

export type SearchResult =
  | { kind: "poundcode"; id: string; name: string; slug: string; description: string | null; matched: string }
  | { kind: "vanity"; id: string; numberText: string; slug: string; name: string | null; matched: string }
  | { kind: "territory"; id: string; name: string; slug: string; key: string; areaCodes: string[]; matched: string };

/** Card link (spec 1 §2): /number/{pound_code_slug | 'general'}/{territory slug}, or /number/all-numbers/{slug}. */
export function territoryCardHref(territorySlug: string, ctx: NumberContext): string {
  const prefix = ctx.kind === "poundcode" ? ctx.slug : ctx.kind === "all" ? "all-numbers" : "general";
  return `/number/${prefix}/${territorySlug}`;
}

/** Territory name lowercased with spaces replaced by hyphens (spec 1 §2). */
export function territorySlugFromName(name: string): string {
  return name.toLowerCase().trim().replace(/\s+/g, "-");
}
