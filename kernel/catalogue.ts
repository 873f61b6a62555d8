/**
 * Browser-safe shapes of the catalogue read models: what loaders send to the territory map, list, card,
 * popup and number pages. Produced by server/domain/catalogue; rendered by app/components/territories.
 */
import type { CategoryDisplayStatus, DisplayStatus, ListStatus } from "./territory-status.ts";

export type PriceLine = {
  key: string;
  label: string;
  cents: number;
  kind: "monthly" | "adjustment" | "total" | "one_off" | "usage";
};

/** One category's price in one territory, from the pricing engine. */
export type CategoryQuote = {
  categoryId: string;
  categoryName: string;
  /** The category's monthly price there: the one monthly figure the card shows for it. */
  finalMonthlyCents: number;
  /** How that figure is made, in display order: the monthly and adjustment lines add up to the total line. */
  lines: PriceLine[];
};

export type TerritoryPricing = {
  /** The territory's base monthly fee (all categories, based on population). */
  baseMonthlyCents: number;
  /** Shown as a deposit. */
  setupCents: number;
  perMinuteCents: number;
  perSmsCents: number;
  /** The product's fixed price of a web-form lead. */
  perWebFormLeadCents: number;
  /** Present when the page is about one category: that category's quote, line by line. */
  categoryQuote: CategoryQuote | null;
};

export type TerritoryCategory = {
  categoryId: string;
  name: string;
  slug: string;
  kind: "poundcode" | "keyword_group";
  /** available | negotiations | licensed (a missing row means available). */
  status: CategoryDisplayStatus;
  /** The category's monthly price in this territory (the engine's final monthly amount); null when not known. */
  monthlyCents: number | null;
};

export type TerritoryView = {
  id: string;
  /** Map key: state code or STATE-PORTION, e.g. "TX" or "CA-N". */
  key: string;
  name: string;
  state: string;
  portion: string | null;
  /** Name lowercased, spaces → hyphens (card links are /number/{code or general}/{slug}). */
  slug: string;
  population: number;
  areaCodes: string[];
  /**
   * For the card (read with cardStatus): the category's status on a category page, otherwise derived from all
   * categories.
   */
  listStatus: ListStatus;
  /** For the map: the territory's displayed status. */
  mapStatus: DisplayStatus;
  pricing: TerritoryPricing;
  categories: TerritoryCategory[];
};

/** What the home map and its popups show of a territory (the home page sends only this). */
export type MapTerritoryView = Pick<
  TerritoryView,
  "key" | "name" | "slug" | "population" | "areaCodes" | "mapStatus"
> & {
  baseMonthlyCents: number;
};

/** A #Code a visitor can pick when reserving (standard categories), on the vanity and all-numbers pages. */
export type CategoryOption = { id: string; name: string; slug: string };

/**
 * One number's status and monthly price in every territory (/resources/territories?number=…): what the map draws,
 * and what the all-numbers explorer shows once a visitor chooses that #Code.
 */
export type NumberTerritories = {
  context: NumberContext;
  territories: {
    id: string;
    key: string;
    slug: string;
    name: string;
    status: DisplayStatus;
    areaCodes: string[];
    baseMonthlyCents: number;
    /** The number's own monthly price there (its quote's figure); null on the all-numbers view. */
    monthlyCents: number | null;
  }[];
};

/** One #Code of the picker's page, with its status in the territory asked about (null when none was). */
export type CodePickerItem = CategoryOption & { status: CategoryDisplayStatus | null };

/**
 * A page of the #Code picker (the all-numbers explorer's category section): the #Codes whose name matches `q`, by
 * name, `pageSize` at a time, each with its status in `territory`; with `onlyAvailable`, only those available there.
 */
export type CodePickerPage = {
  q: string;
  page: number;
  pageCount: number;
  pageSize: number;
  /** How many #Codes match, over every page. */
  total: number;
  territory: { slug: string; name: string } | null;
  onlyAvailable: boolean;
  items: CodePickerItem[];
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
  /** The territory's slug: what the popup was asked for. */
  slug: string;
  name: string;
  areaCodes: string[];
  population: number;
  /** Up to 5 available #Codes and 5 available vanity numbers, each linking to /number/{slug}/{territory}. */
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

/** Card link: /number/{pound_code_slug | 'general'}/{territory slug}, or /number/all-numbers/{slug}. */
export function territoryCardHref(territorySlug: string, ctx: NumberContext): string {
  const prefix = ctx.kind === "poundcode" ? ctx.slug : ctx.kind === "all" ? "all-numbers" : "general";
  return `/number/${prefix}/${territorySlug}`;
}

/** Territory name lowercased with spaces replaced by hyphens. */
export function territorySlugFromName(name: string): string {
  return name.toLowerCase().trim().replace(/\s+/g, "-");
}
