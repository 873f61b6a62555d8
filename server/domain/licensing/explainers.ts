/**
 * Read models of the three licensing explainers (/licensing/by-state, /licensing/by-state-category and
 * /licensing/by-state-keyword): live figures from the catalogue and worked price examples.
 *
 * Every amount comes from quotePrice; this module only counts rows and chooses what to price:
 * - Figures count visible territories (an admin's hidden ones are left out, as on the map), #Codes, keyword
 *   groups and special pricing keywords. All three pages show the same figures.
 * - The example territory is the most populous portion of a state (so a portion and its whole state can be
 *   compared), or the most populous territory when no state is divided; ties go to the name. All three pages
 *   price the same territory, so a figure shown on one matches the others.
 * Three queries per explainer, whatever the size of the catalogue.
 */
import { asc, sql } from "drizzle-orm";
import type {
  CatalogueFigures,
  CategoryExplainer,
  ExampleTerritory,
  ExplainerQuote,
  KeywordExplainer,
  PriceExtreme,
  StateExplainer,
} from "#kernel/schemas/licensing.ts";
import { US_STATE_NAMES } from "#kernel/us-states.ts";
import type { DbOrTx } from "../../db/client.ts";
import { categories, specialPricingKeywords, territories } from "../../db/schema/index.ts";
import { visibleTerritory } from "../catalogue/territories.ts";
import {
  breakdownLines,
  type PriceBreakdown,
  type PricingCategory,
  type PricingKeyword,
  type PricingTerritory,
  quotePrice,
} from "../pricing/pricing.ts";

type TerritoryRow = PricingTerritory & {
  id: string;
  name: string;
  state: string;
  portion: string | null;
  population: number;
};

type CategoryRow = NonNullable<PricingCategory> & { description: string | null };

type Catalogue = {
  territories: TerritoryRow[];
  categories: CategoryRow[];
  keywords: (NonNullable<PricingKeyword> & { description: string | null })[];
};

async function loadCatalogue(db: DbOrTx): Promise<Catalogue> {
  // Sequential on purpose: a transaction is one connection.
  const territoryRows = await db
    .select({
      id: territories.id,
      name: territories.name,
      state: territories.state,
      portion: territories.portion,
      population: territories.population,
      baseMonthlyFeeCents: territories.baseMonthlyFeeCents,
      baseSetupFeeCents: territories.baseSetupFeeCents,
      fullStateMonthlyFeeCents: territories.fullStateMonthlyFeeCents,
      fullStateSetupFeeCents: territories.fullStateSetupFeeCents,
      minimumMonthlyFeeCents: territories.minimumMonthlyFeeCents,
      poundHelpMonthlyFeeCents: territories.poundHelpMonthlyFeeCents,
      poundLawMonthlyFeeCents: territories.poundLawMonthlyFeeCents,
      poundEasyMonthlyFeeCents: territories.poundEasyMonthlyFeeCents,
      poundSsdiMonthlyFeeCents: territories.poundSsdiMonthlyFeeCents,
      minutesMultiplier: territories.minutesMultiplier,
      smsMultiplier: territories.smsMultiplier,
      webFormLeadMultiplier: territories.webFormLeadMultiplier,
    })
    .from(territories)
    .where(visibleTerritory)
    .orderBy(sql`${territories.name} collate "C"`, asc(territories.id));
  const categoryRows = await db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      categoryType: categories.categoryType,
      feePercentageOfBase: categories.feePercentageOfBase,
      keywordBaseMultiplier: categories.keywordBaseMultiplier,
    })
    .from(categories)
    .orderBy(sql`${categories.name} collate "C"`);
  const keywordRows = await db
    .select({
      keywordText: specialPricingKeywords.keywordText,
      multiplier: specialPricingKeywords.multiplier,
      description: specialPricingKeywords.description,
    })
    .from(specialPricingKeywords)
    .orderBy(sql`${specialPricingKeywords.keywordText} collate "C"`);
  return { territories: territoryRows, categories: categoryRows, keywords: keywordRows };
}

function figuresOf(c: Catalogue): CatalogueFigures {
  const portions = c.territories.filter((t) => t.portion !== null);
  return {
    territories: c.territories.length,
    wholeStates: c.territories.length - portions.length,
    portions: portions.length,
    splitStates: new Set(portions.map((t) => t.state)).size,
    poundCodes: c.categories.filter((x) => x.categoryType === "standard").length,
    keywordGroups: c.categories.filter((x) => x.categoryType === "keyword_group").length,
    pricingKeywords: c.keywords.length,
  };
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The most populous portion, or the most populous territory when no state is divided; null when none. */
function exampleTerritoryOf(c: Catalogue): TerritoryRow | null {
  const portions = c.territories.filter((t) => t.portion !== null);
  const pool = portions.length > 0 ? portions : c.territories;
  return [...pool].sort((a, b) => b.population - a.population || byName(a, b))[0] ?? null;
}

function describeTerritory(t: TerritoryRow): ExampleTerritory {
  return {
    id: t.id,
    name: t.name,
    stateName: US_STATE_NAMES[t.state] ?? t.state,
    portion: t.portion,
    population: t.population,
  };
}

function shown(b: PriceBreakdown): ExplainerQuote {
  return {
    scope: b.scope,
    finalMonthlyCents: b.finalMonthlyCents,
    setupCents: b.setupCents,
    minimumApplied: b.minimumApplied,
    minimumMonthlyFeeCents: b.minimumMonthlyFeeCents,
    codeSpecificFee: b.codeSpecificFee,
    lines: breakdownLines(b).map((l) => ({ key: l.key, label: l.label, cents: l.cents, kind: l.kind })),
  };
}

function pricingCategory(c: CategoryRow): PricingCategory {
  return {
    slug: c.slug,
    name: c.name,
    categoryType: c.categoryType,
    feePercentageOfBase: c.feePercentageOfBase,
    keywordBaseMultiplier: c.keywordBaseMultiplier,
  };
}

/** /licensing/by-state: a territory licensed on its own, priced by population. */
export async function stateExplainer(db: DbOrTx): Promise<StateExplainer> {
  const c = await loadCatalogue(db);
  const figures = figuresOf(c);
  const t = exampleTerritoryOf(c);
  if (!t) return { figures, example: null };
  const priced = c.territories
    .map((row) => ({ name: row.name, monthlyCents: quotePrice({ territory: row }).finalMonthlyCents }))
    .sort((a, b) => a.monthlyCents - b.monthlyCents || byName(a, b));
  const extreme = (monthlyCents: number): PriceExtreme => ({
    monthlyCents,
    names: priced.filter((p) => p.monthlyCents === monthlyCents).map((p) => p.name),
  });
  const lowest = extreme(priced[0]!.monthlyCents);
  const highest = extreme(priced[priced.length - 1]!.monthlyCents);
  return {
    figures,
    example: {
      territory: describeTerritory(t),
      territoryQuote: shown(quotePrice({ territory: t })),
      fullStateQuote: t.portion === null ? null : shown(quotePrice({ territory: t, scope: "full_state" })),
      lowest,
      highest,
    },
  };
}

/**
 * /licensing/by-state-category: one #Code in one territory. The worked #Code is the first one (highest
 * percentage first) priced by its percentage rather than a territory rate, preferring one whose percentage is not
 * 100 so the adjustment shows; failing that, the first #Code.
 */
export async function categoryExplainer(db: DbOrTx): Promise<CategoryExplainer> {
  const c = await loadCatalogue(db);
  const figures = figuresOf(c);
  const t = exampleTerritoryOf(c);
  const codes = c.categories
    .filter((x) => x.categoryType === "standard")
    .sort((a, b) => (b.feePercentageOfBase ?? 0) - (a.feePercentageOfBase ?? 0) || byName(a, b));
  if (!t || codes.length === 0) return { figures, example: null };
  const quotes = codes.map((code) => ({ code, quote: quotePrice({ territory: t, category: pricingCategory(code) }) }));
  const byPercentage = quotes.filter((q) => !q.quote.codeSpecificFee);
  const worked =
    byPercentage.find((q) => q.code.feePercentageOfBase !== null && q.code.feePercentageOfBase !== 100) ??
    byPercentage[0] ??
    quotes[0]!;
  return {
    figures,
    example: {
      territory: describeTerritory(t),
      codes: quotes.map(({ code, quote }) => ({
        name: code.name,
        slug: code.slug,
        description: code.description,
        feePercentageOfBase: code.feePercentageOfBase,
        monthlyCents: quote.finalMonthlyCents,
        codeSpecificFee: quote.codeSpecificFee,
      })),
      worked: { name: worked.code.name, quote: shown(worked.quote) },
    },
  };
}

/** /licensing/by-state-keyword: a keyword group in one territory, optionally with a special pricing keyword. */
export async function keywordExplainer(db: DbOrTx): Promise<KeywordExplainer> {
  const c = await loadCatalogue(db);
  const figures = figuresOf(c);
  const keywords = [...c.keywords].sort(
    (a, b) => b.multiplier - a.multiplier || (a.keywordText < b.keywordText ? -1 : 1),
  );
  const t = exampleTerritoryOf(c);
  const groups = c.categories
    .filter((x) => x.categoryType === "keyword_group")
    .sort((a, b) => (b.keywordBaseMultiplier ?? 0) - (a.keywordBaseMultiplier ?? 0) || byName(a, b));
  if (!t || groups.length === 0) return { figures, keywords, example: null };
  const first = groups[0]!;
  const keyword = keywords[0] ?? null;
  return {
    figures,
    keywords,
    example: {
      territory: describeTerritory(t),
      groups: groups.map((g) => ({
        name: g.name,
        slug: g.slug,
        description: g.description,
        keywordBaseMultiplier: g.keywordBaseMultiplier,
        monthlyCents: quotePrice({ territory: t, category: pricingCategory(g) }).finalMonthlyCents,
      })),
      worked: { name: first.name, quote: shown(quotePrice({ territory: t, category: pricingCategory(first) })) },
      withKeyword: keyword
        ? {
            name: first.name,
            keywordText: keyword.keywordText,
            quote: shown(
              quotePrice({
                territory: t,
                category: pricingCategory(first),
                keyword: { keywordText: keyword.keywordText, multiplier: keyword.multiplier },
              }),
            ),
          }
        : null,
    },
  };
}
