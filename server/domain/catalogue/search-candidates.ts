/**
 * The database reads of the search: the rows a read query could match, for the matchers to score. Every value
 * reaches SQL as a bound parameter; no LIKE patterns are built from input (strpos), so '%', '_' and quotes are
 * plain characters.
 */
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { territorySlugFromName } from "#kernel/catalogue.ts";
import type { DbOrTx } from "../../db/client.ts";
import { categories, specialPricingKeywords, territories, vanityNumbers } from "../../db/schema/index.ts";
import { dialDigits, plainDigits, sqlAlnum, sqlDialDigits, sqlPlainDigits } from "./phone.ts";
import type { CategoryRow, KeywordRow, TerritoryRow, VanityRow } from "./search-matchers.ts";
import type { SearchTerms } from "./search-query.ts";
import { visibleTerritory } from "./territories.ts";

/** Candidate vanity numbers read before ranking. */
const VANITY_CANDIDATES = 200;
/** Special pricing keywords read at most. */
const KEYWORD_CANDIDATES = 50;

/** Every category: few enough to score them all. */
export function readCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      categoryType: categories.categoryType,
    })
    .from(categories);
}

/** Special pricing keywords inside the query or containing it (queries of three characters or more; else none). */
export async function readKeywords(db: DbOrTx, t: SearchTerms): Promise<KeywordRow[]> {
  if (t.lower.length < 3) return [];
  return db
    .select({ keywordText: specialPricingKeywords.keywordText })
    .from(specialPricingKeywords)
    .where(
      or(
        sql`strpos(lower(${specialPricingKeywords.keywordText}), ${t.lower}) > 0`,
        sql`strpos(${t.lower}, lower(${specialPricingKeywords.keywordText})) > 0`,
      ),
    )
    .orderBy(specialPricingKeywords.keywordText)
    .limit(KEYWORD_CANDIDATES);
}

/**
 * What the search reads of the catalog on every query, read once and kept by the read models until the catalog
 * changes (read-models/catalogue-views.ts): every category, every vanity number with the forms its conditions
 * compare (computed here as {@link readVanityCandidates} computes them in SQL), every special pricing keyword and
 * every visible territory. A search over it runs no query: at 1,000 vanity numbers the SQL conditions ran five
 * regular expressions per row on every search, and the keyword and territory reads were most of a search's cost.
 */
export type SearchIndex = {
  categories: CategoryRow[];
  vanity: IndexedVanity[];
  keywords: IndexedKeyword[];
  territories: TerritoryRow[];
};

type IndexedVanity = VanityRow & {
  onSale: boolean;
  lower: string;
  lowerSlug: string;
  alnum: string;
  plain: string;
  dial: string;
  lowerName: string;
};

type IndexedKeyword = KeywordRow & { lower: string };

const territoryColumns = {
  id: territories.id,
  name: territories.name,
  state: territories.state,
  portion: territories.portion,
  slug: territories.slug,
  areaCodes: territories.areaCodes,
};

export async function readSearchIndex(db: DbOrTx): Promise<SearchIndex> {
  const categoryRows = await readCategories(db);
  const vanityRows = await db
    .select({
      id: vanityNumbers.id,
      numberText: vanityNumbers.numberText,
      slug: vanityNumbers.slug,
      name: vanityNumbers.name,
      status: vanityNumbers.status,
    })
    .from(vanityNumbers);
  // In the order readKeywords and readTerritoryCandidates read them, so a filtered list is what they would answer.
  const keywordRows = await db
    .select({ keywordText: specialPricingKeywords.keywordText })
    .from(specialPricingKeywords)
    .orderBy(specialPricingKeywords.keywordText);
  const territoryRows = await db
    .select(territoryColumns)
    .from(territories)
    .where(visibleTerritory)
    .orderBy(territories.state, territories.name);
  return {
    categories: categoryRows,
    vanity: vanityRows.map(({ status, ...v }) => ({
      ...v,
      onSale: status !== "pending",
      lower: v.numberText.toLowerCase(),
      lowerSlug: v.slug.toLowerCase(),
      alnum: v.numberText.toLowerCase().replace(/[^a-z0-9]/g, ""),
      plain: plainDigits(v.numberText),
      dial: dialDigits(v.numberText),
      lowerName: (v.name ?? "").toLowerCase(),
    })),
    keywords: keywordRows.map((k) => ({ ...k, lower: k.keywordText.toLowerCase() })),
    territories: territoryRows,
  };
}

/** {@link readKeywords} over a {@link SearchIndex}. */
export function keywordsIn(index: SearchIndex, t: SearchTerms): KeywordRow[] {
  if (t.lower.length < 3) return [];
  return index.keywords
    .filter((k) => k.lower.includes(t.lower) || t.lower.includes(k.lower))
    .slice(0, KEYWORD_CANDIDATES)
    .map(({ keywordText }) => ({ keywordText }));
}

/** {@link readTerritoryCandidates} over a {@link SearchIndex}: {@link territoryConditions} as a filter. */
export function territoryCandidatesIn(index: SearchIndex, t: SearchTerms): TerritoryRow[] {
  const long = t.lower.length >= 3;
  const codes = new Set(t.states.map((s) => s.code));
  return index.territories.filter(
    (r) =>
      r.state === t.stateCode ||
      (t.mapKey !== null && r.state === t.mapKey.state && r.portion === t.mapKey.portion) ||
      (t.areaCode !== "" && r.areaCodes.includes(t.areaCode)) ||
      codes.has(r.state) ||
      (long &&
        (r.name.toLowerCase().includes(t.lower) ||
          r.slug.toLowerCase() === t.lower ||
          territorySlugFromName(r.name) === t.lower)),
  );
}

/** {@link readVanityCandidates} over a {@link SearchIndex}: the same conditions, order and limit, without a query. */
export function vanityCandidatesIn(index: SearchIndex, t: SearchTerms): VanityRow[] {
  const isExact = (v: IndexedVanity) => v.lower === t.lower || v.lowerSlug === t.lower;
  const matches = (v: IndexedVanity) =>
    isExact(v) ||
    (t.hasLetter && t.alnum.length >= 2 && v.alnum.includes(t.alnum)) ||
    (t.digits !== "" && (v.plain.includes(t.digits) || v.dial.includes(t.digits))) ||
    (t.keypad !== "" && v.dial.includes(t.keypad)) ||
    (t.lower.length >= 3 && v.lowerName.includes(t.lower));
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return index.vanity
    .filter(matches)
    .sort(
      (a, b) =>
        Number(isExact(b)) - Number(isExact(a)) ||
        Number(b.onSale) - Number(a.onSale) ||
        byCodePoint(a.numberText, b.numberText) ||
        byCodePoint(a.id, b.id),
    )
    .slice(0, VANITY_CANDIDATES)
    .map(({ id, numberText, slug, name }) => ({ id, numberText, slug, name }));
}

/** Vanity numbers any vanity matcher could match; exact matches, then available numbers, first. */
export function readVanityCandidates(db: DbOrTx, t: SearchTerms): Promise<VanityRow[]> {
  const text = vanityNumbers.numberText;
  const exact = sql`(lower(${text}) = ${t.lower} or lower(${vanityNumbers.slug}) = ${t.lower})`;
  const conditions: SQL[] = [exact];
  if (t.hasLetter && t.alnum.length >= 2) conditions.push(sql`strpos(${sqlAlnum(text)}, ${t.alnum}) > 0`);
  if (t.digits) {
    conditions.push(
      sql`strpos(${sqlPlainDigits(text)}, ${t.digits}) > 0`,
      sql`strpos(${sqlDialDigits(text)}, ${t.digits}) > 0`,
    );
  }
  if (t.keypad) conditions.push(sql`strpos(${sqlDialDigits(text)}, ${t.keypad}) > 0`);
  if (t.lower.length >= 3) conditions.push(sql`strpos(lower(coalesce(${vanityNumbers.name}, '')), ${t.lower}) > 0`);
  return db
    .select({ id: vanityNumbers.id, numberText: text, slug: vanityNumbers.slug, name: vanityNumbers.name })
    .from(vanityNumbers)
    .where(or(...conditions))
    .orderBy(
      sql`${exact} desc`,
      sql`(${vanityNumbers.status} <> 'pending') desc`, // on sale first (the status shown is derived per territory)
      sql`${text} collate "C"`,
      vanityNumbers.id,
    )
    .limit(VANITY_CANDIDATES);
}

/** The conditions under which a territory could match the query; none when no territory matcher applies. */
function territoryConditions(t: SearchTerms): SQL[] {
  const conditions: SQL[] = [];
  if (t.stateCode) conditions.push(eq(territories.state, t.stateCode));
  if (t.mapKey) {
    const c = and(eq(territories.state, t.mapKey.state), sql`${territories.portion} = ${t.mapKey.portion}`);
    if (c) conditions.push(c);
  }
  if (t.areaCode) conditions.push(sql`${t.areaCode} = any(${territories.areaCodes})`);
  if (t.states.length) {
    conditions.push(
      inArray(
        territories.state,
        t.states.map((s) => s.code),
      ),
    );
  }
  if (t.lower.length >= 3) {
    conditions.push(
      sql`strpos(lower(${territories.name}), ${t.lower}) > 0`,
      sql`lower(${territories.slug}) = ${t.lower}`,
      sql`lower(regexp_replace(btrim(${territories.name}), '[[:space:]]+', '-', 'g')) = ${t.lower}`,
    );
  }
  return conditions;
}

/** Visible territories any territory matcher could match, by state and name; no query when none could. */
export async function readTerritoryCandidates(db: DbOrTx, t: SearchTerms): Promise<TerritoryRow[]> {
  const conditions = territoryConditions(t);
  if (!conditions.length) return [];
  return db
    .select(territoryColumns)
    .from(territories)
    .where(and(visibleTerritory, or(...conditions)))
    .orderBy(territories.state, territories.name);
}
