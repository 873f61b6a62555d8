/**
 * Territory read models: the map and list of every territory with its per-category statuses and prices, the
 * slug lookup of landing pages
 * and /number/{code}/{territorySlug}, and the home-page map popup.
 *
 * Statuses: a category without a territory_categories row is available. A territory's map status is that
 * category's status on a category (#Code) page; on a vanity number's page it is that number's status there (a
 * missing territory_vanity_numbers row is available; a number the administrator keeps 'pending' shows as in
 * negotiations everywhere); otherwise it is derived over the #Codes (category_type 'standard') only.
 * Territories with status 'inactive' are hidden by admins and never listed.
 */
import { and, asc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import {
  type CategoryQuote,
  type NumberContext,
  type PriceLine,
  type TerritoryPopup,
  type TerritoryView,
  territorySlugFromName,
} from "#kernel/catalogue.ts";
import { vanityNumberLabel } from "#kernel/schemas/reservation-strings.ts";
import type { DisplayStatus } from "#kernel/territory-status.ts";
import { statusForCategory, territoryStatusOnPage } from "#kernel/territory-status.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  categories,
  type Territory,
  territories,
  territoryCategories,
  territoryVanityNumbers,
  vanityNumbers,
} from "../../db/schema/index.ts";
import { breakdownLines, type PriceBreakdown, type PricingCategory, quotePrice } from "../pricing/pricing.ts";
import { quoteVanity, type VanityFees, vanityTerritoryStatuses } from "./vanity.ts";

/** The home map popup lists at most 5 #Codes and 5 vanity numbers. */
export const POPUP_LIMIT = 5;

/** Territories an admin has not hidden. */
export const visibleTerritory: SQL = ne(territories.status, "inactive");

/** Map key: "TX" for a whole state, "CA-N" for a portion. */
export function territoryMapKey(state: string, portion: string | null): string {
  return portion ? `${state}-${portion}` : state;
}

type CategoryRow = {
  id: string;
  name: string;
  slug: string;
  categoryType: "standard" | "keyword_group";
  feePercentageOfBase: number | null;
  keywordBaseMultiplier: number | null;
};

function toPricingCategory(c: CategoryRow): PricingCategory {
  return {
    slug: c.slug,
    name: c.name,
    categoryType: c.categoryType,
    feePercentageOfBase: c.feePercentageOfBase,
    keywordBaseMultiplier: c.keywordBaseMultiplier,
  };
}

/**
 * A category's quote for the card: its monthly figure and the lines that make it up (base, adjustments, minimum,
 * total). The deposit and usage prices are the territory's own, shown once beside it.
 */
export function categoryQuoteOf(categoryId: string, q: PriceBreakdown): CategoryQuote {
  return {
    categoryId,
    categoryName: q.category?.name ?? "",
    finalMonthlyCents: q.finalMonthlyCents,
    lines: breakdownLines(q)
      .filter((l) => l.kind === "monthly" || l.kind === "adjustment" || l.kind === "total")
      .map((l): PriceLine => ({ key: l.key, label: l.label, cents: l.cents, kind: l.kind })),
  };
}

/** The label of a vanity quote's first line: the number's own monthly fee is the base. */
export const VANITY_BASE_LINE = "Vanity number monthly fee";

/**
 * A vanity number's quote for the card, in the shape of a category quote (`categoryId` is the number's id,
 * `categoryName` its dialled form, "1-800-LAW-HELP").
 */
export function vanityQuoteOf(vanityNumberId: string, name: string, q: PriceBreakdown): CategoryQuote {
  return {
    categoryId: vanityNumberId,
    categoryName: name,
    finalMonthlyCents: q.finalMonthlyCents,
    lines: breakdownLines(q)
      .filter((l) => l.kind === "monthly" || l.kind === "adjustment" || l.kind === "total")
      .map(
        (l): PriceLine => ({
          key: l.key,
          label: l.key === "base" ? VANITY_BASE_LINE : l.label,
          cents: l.cents,
          kind: l.kind,
        }),
      ),
  };
}

type VanityPage = {
  id: string;
  name: string;
  fees: VanityFees;
  pending: boolean;
  statuses: Map<string, string>;
};

/** What a vanity number's page needs besides the territories: its fees, admin state and per-territory statuses. */
async function vanityPage(db: DbOrTx, vanityNumberId: string): Promise<VanityPage | null> {
  const [v] = await db
    .select({
      id: vanityNumbers.id,
      numberText: vanityNumbers.numberText,
      status: vanityNumbers.status,
      monthlyFeeCents: vanityNumbers.monthlyFeeCents,
      setupFeeCents: vanityNumbers.setupFeeCents,
    })
    .from(vanityNumbers)
    .where(eq(vanityNumbers.id, vanityNumberId));
  if (!v) return null;
  return {
    id: v.id,
    name: vanityNumberLabel(v.numberText),
    fees: { monthlyFeeCents: v.monthlyFeeCents, setupFeeCents: v.setupFeeCents },
    pending: v.status === "pending",
    statuses: await vanityTerritoryStatuses(db, v.id),
  };
}

export type ListTerritoriesInput = { context: NumberContext };

/**
 * Every visible territory, ordered by state then name, with its map/list status and prices. A territory's
 * per-category rows are not here: the all-numbers explorer asks for one #Code's statuses and prices when a visitor
 * chooses it (the #Code's own territory views), and for a page of #Codes with their status in one territory
 * (code-picker.ts), so no page carries the catalog times the territories.
 * Three queries whatever the size of the catalog: territories, the status rows the page's status needs (the page's
 * #Code on its page; every #Code's on the all-numbers page, to derive each territory's overall status; none on a
 * vanity number's page) and the categories it prices or counts; two more on a vanity number's page (the number,
 * its territory statuses), where the status is the number's in each territory and the prices are the number's own
 * (its quote in `pricing.categoryQuote`, its monthly fee and deposit as the territory's figures).
 */
export async function listTerritories(db: DbOrTx, input: ListTerritoriesInput): Promise<TerritoryView[]> {
  const { context } = input;
  const pageCategoryId = context.kind === "poundcode" ? context.categoryId : null;
  // Sequential on purpose: a transaction is one connection, and node-postgres deprecates overlapping queries on it.
  const territoryRows = await db
    .select()
    .from(territories)
    .where(visibleTerritory)
    .orderBy(asc(territories.state), sql`${territories.name} collate "C"`, asc(territories.id));
  const statusRows =
    context.kind === "vanity"
      ? []
      : await db
          .select({
            territoryId: territoryCategories.territoryId,
            categoryId: territoryCategories.categoryId,
            status: territoryCategories.status,
          })
          .from(territoryCategories)
          .innerJoin(territories, eq(territories.id, territoryCategories.territoryId))
          .innerJoin(categories, eq(categories.id, territoryCategories.categoryId))
          .where(
            and(
              visibleTerritory,
              pageCategoryId !== null
                ? eq(territoryCategories.categoryId, pageCategoryId)
                : eq(categories.categoryType, "standard"),
            ),
          );
  const categoryRows: CategoryRow[] =
    context.kind === "vanity"
      ? []
      : await db
          .select({
            id: categories.id,
            name: categories.name,
            slug: categories.slug,
            categoryType: categories.categoryType,
            feePercentageOfBase: categories.feePercentageOfBase,
            keywordBaseMultiplier: categories.keywordBaseMultiplier,
          })
          .from(categories)
          .where(pageCategoryId !== null ? eq(categories.id, pageCategoryId) : eq(categories.categoryType, "standard"));
  const vanity = context.kind === "vanity" ? await vanityPage(db, context.id) : null;

  const poundCodeIds = categoryRows.filter((c) => c.categoryType === "standard").map((c) => c.id);
  const pageCategory = pageCategoryId !== null ? (categoryRows.find((c) => c.id === pageCategoryId) ?? null) : null;

  const statusByTerritory = new Map<string, Map<string, string>>();
  for (const r of statusRows) {
    let m = statusByTerritory.get(r.territoryId);
    if (!m) {
      m = new Map();
      statusByTerritory.set(r.territoryId, m);
    }
    m.set(r.categoryId, r.status);
  }

  return territoryRows.map((t): TerritoryView => {
    const statuses = statusByTerritory.get(t.id) ?? new Map<string, string>();
    let categoryQuote: CategoryQuote | null = pageCategory
      ? categoryQuoteOf(pageCategory.id, quotePrice({ territory: t, category: toPricingCategory(pageCategory) }))
      : null;
    let mapStatus: DisplayStatus = territoryStatusOnPage(statuses, poundCodeIds, pageCategoryId);
    let quote = quotePrice({ territory: t });
    if (vanity) {
      mapStatus = vanity.pending ? "negotiations" : statusForCategory(vanity.statuses.get(t.id));
      quote = quoteVanity(t, vanity.fees);
      categoryQuote = vanityQuoteOf(vanity.id, vanity.name, quote);
    }

    return {
      id: t.id,
      key: territoryMapKey(t.state, t.portion),
      name: t.name,
      state: t.state,
      portion: t.portion,
      slug: territorySlugFromName(t.name),
      population: t.population,
      areaCodes: [...t.areaCodes],
      listStatus: mapStatus,
      mapStatus,
      pricing: {
        baseMonthlyCents: quote.finalMonthlyCents,
        setupCents: quote.setupCents,
        perMinuteCents: quote.perMinuteCents,
        perSmsCents: quote.perSmsCents,
        perWebFormLeadCents: quote.perWebFormLeadCents,
        categoryQuote,
      },
      categories: [],
    };
  });
}

export type FindTerritoryOptions = {
  /** Also find territories an admin has hidden (status 'inactive'). Default false. */
  includeInactive?: boolean;
};

/**
 * The territory a URL slug names (landing pages /p/{code}/{slug} and /number/{code}/{slug}), or null.
 * Case-insensitive; tried in this order, best first:
 * 1. the slug column;
 * 2. the slug derived from the name (territorySlugFromName: lower-cased, spaces → hyphens), what the cards link to;
 * 3. the name, with the slug's dashes turned into spaces;
 * 4. the portion code (e.g. "e" → East Texas), only when a single territory has it.
 * One query.
 */
export async function findTerritoryBySlug(
  db: DbOrTx,
  slug: string,
  options: FindTerritoryOptions = {},
): Promise<Territory | null> {
  const raw = typeof slug === "string" ? slug.trim().toLowerCase() : "";
  if (!raw || raw.length > 200) return null;
  const spaced = raw.replace(/-/g, " ").replace(/\s+/g, " ").trim();
  if (!spaced) return null;

  const derivedSlug = sql`lower(regexp_replace(btrim(${territories.name}), '[[:space:]]+', '-', 'g'))`;
  const nameSpaced = sql`lower(regexp_replace(btrim(${territories.name}), '[[:space:]]+', ' ', 'g'))`;
  const rank = sql<number>`(case
    when lower(${territories.slug}) = ${raw} then 0
    when ${derivedSlug} = ${raw} then 1
    when ${nameSpaced} = ${spaced} then 2
    else 3 end)`;
  const matches = or(
    sql`lower(${territories.slug}) = ${raw}`,
    sql`${derivedSlug} = ${raw}`,
    sql`${nameSpaced} = ${spaced}`,
    sql`lower(${territories.portion}) = ${spaced}`,
  );
  const rows = await db
    .select({ territory: territories, rank })
    .from(territories)
    .where(options.includeInactive ? matches : and(matches, visibleTerritory))
    .orderBy(rank, asc(territories.state), asc(territories.name))
    .limit(2);
  const [first, second] = rows;
  if (!first) return null;
  // A bare portion code shared by several territories ("n": four states) names none of them.
  if (Number(first.rank) === 3 && second && Number(second.rank) === 3) return null;
  return first.territory;
}

/**
 * The home-page map popup of one territory: name, area codes, population, up to 5 available
 * #Codes (no row or status available there; by name) and up to 5 vanity numbers available there (on sale, and no
 * territory_vanity_numbers row or status available there; the territory's own local numbers first, then
 * toll-free/national ones, then other territories'; by number text). Null for an unknown or hidden territory.
 * Three queries.
 */
/** A territory slug as stored: lower-case words joined by hyphens. */
export const TERRITORY_SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function territoryPopup(db: DbOrTx, territorySlug: string): Promise<TerritoryPopup | null> {
  if (typeof territorySlug !== "string" || !TERRITORY_SLUG_RE.test(territorySlug)) return null;
  const [territory] = await db
    .select({
      id: territories.id,
      slug: territories.slug,
      name: territories.name,
      areaCodes: territories.areaCodes,
      population: territories.population,
    })
    .from(territories)
    .where(and(eq(territories.slug, territorySlug), visibleTerritory));
  if (!territory) return null;

  const poundCodes = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .leftJoin(
      territoryCategories,
      and(eq(territoryCategories.categoryId, categories.id), eq(territoryCategories.territoryId, territory.id)),
    )
    .where(
      and(
        eq(categories.categoryType, "standard"),
        or(sql`${territoryCategories.status} is null`, eq(territoryCategories.status, "available")),
      ),
    )
    .orderBy(sql`${categories.name} collate "C"`, asc(categories.id))
    .limit(POPUP_LIMIT);
  const vanity = await db
    .select({ id: vanityNumbers.id, numberText: vanityNumbers.numberText, slug: vanityNumbers.slug })
    .from(vanityNumbers)
    .leftJoin(
      territoryVanityNumbers,
      and(
        eq(territoryVanityNumbers.vanityNumberId, vanityNumbers.id),
        eq(territoryVanityNumbers.territoryId, territory.id),
      ),
    )
    .where(
      and(
        ne(vanityNumbers.status, "pending"),
        or(sql`${territoryVanityNumbers.status} is null`, eq(territoryVanityNumbers.status, "available")),
      ),
    )
    .orderBy(
      sql`(case when ${vanityNumbers.territoryId} = ${territory.id} then 0 when ${vanityNumbers.territoryId} is null then 1 else 2 end)`,
      sql`${vanityNumbers.numberText} collate "C"`,
      asc(vanityNumbers.id),
    )
    .limit(POPUP_LIMIT);

  return {
    slug: territory.slug,
    name: territory.name,
    areaCodes: [...territory.areaCodes],
    population: territory.population,
    poundCodes,
    vanityNumbers: vanity,
  };
}
