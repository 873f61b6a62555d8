/**
 * Number search (beyond spec 1): one box that finds #Codes, vanity numbers and territories.
 *
 * - #Codes by code, with or without '#' ("4law", "#help", "hash-4law"; also a prefix or part of the code), or by
 *   keyword: the #Code's description, special pricing keywords and keyword groups (a matching keyword or group
 *   name brings in the #Codes whose description mentions that keyword or the group's terms).
 * - Vanity numbers by text or slug, by digits ignoring punctuation ("5294357" finds "(800) 529-4357" and the number
 *   that dials it, "(800) LAW-HELP"), by a word typed as letters, both in the text and through the phone keypad
 *   ("LAW" = 529), and by name.
 * - Territories by state code ("TX"), map key ("TX-E"), state name ("texas": every Texas territory), territory or
 *   portion name ("south florida") or area code ("305"). Hidden (inactive) territories are never returned.
 *
 * Results are ranked (exact matches first), deduplicated and explained by `matched`. The query is capped at 64
 * characters; empty or whitespace-only input returns []. Every value reaches SQL as a bound parameter; no LIKE
 * patterns are built from input (strpos), so '%', '_' and quotes are plain characters.
 */
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { type SearchResult, territorySlugFromName } from "#kernel/catalogue.ts";
import type { DbOrTx } from "../../db/client.ts";
import { categories, specialPricingKeywords, territories, vanityNumbers } from "../../db/schema/index.ts";
import {
  dialDigits,
  formatDigits,
  keypadDigits,
  plainDigits,
  sqlAlnum,
  sqlDialDigits,
  sqlPlainDigits,
} from "./phone.ts";
import { territoryMapKey, visibleTerritory } from "./territories.ts";
import { US_STATE_NAMES } from "./us-states.ts";

export { keypadDigits } from "./phone.ts";

export const SEARCH_MAX_QUERY_LENGTH = 64;
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;
/** Candidate vanity numbers read before ranking. */
const VANITY_CANDIDATES = 200;

export type SearchOptions = { limit?: number };

/** Control characters become spaces (a NUL would be refused by PostgreSQL), spaces collapse, 64 characters at most. */
export function normalizeSearchQuery(query: string | null | undefined): string {
  if (typeof query !== "string") return "";
  let cleaned = "";
  for (const ch of query) {
    const code = ch.codePointAt(0) ?? 0;
    cleaned += code < 32 || code === 127 ? " " : ch;
  }
  return Array.from(cleaned.replace(/\s+/g, " ").trim()).slice(0, SEARCH_MAX_QUERY_LENGTH).join("").trim();
}

type Terms = {
  /** The query as typed (normalized). */
  q: string;
  lower: string;
  hasLetter: boolean;
  /** The code typed, '#' and punctuation removed ("#4law" → "4law"); "" when the query is not code-like. */
  code: string;
  /** Digits of a digits-and-punctuation query (trunk 1 removed), "" otherwise. */
  digits: string;
  /** Keypad digits of a word query ("law" → "529"), "" otherwise. */
  keypad: string;
  /** Letters and digits only. */
  alnum: string;
  areaCode: string;
  stateCode: string;
  mapKey: { state: string; portion: string } | null;
  /** States whose name equals or begins with the query. */
  states: { code: string; name: string; exact: boolean }[];
};

function searchTerms(q: string): Terms {
  const lower = q.toLowerCase();
  const hasLetter = /[a-z]/.test(lower);
  const code = /^#*\s*[a-z0-9][a-z0-9\s-]*$/.test(lower) ? lower.replace(/[^a-z0-9]/g, "") : "";
  const digitsOnly = /^[\d\s().+-]+$/.test(lower);
  const digits = digitsOnly ? plainDigits(lower) : "";
  const keypad = hasLetter && /^[a-z0-9\s-]+$/.test(lower) ? keypadDigits(lower) : "";
  const areaCode = /^\(?\d{3}\)?$/.test(lower) ? lower.replace(/\D/g, "") : "";
  const stateCode = /^[a-z]{2}$/.test(lower) ? lower.toUpperCase() : "";
  const keyMatch = /^([a-z]{2})-([ncsew])$/.exec(lower);
  const mapKey = keyMatch ? { state: keyMatch[1]!.toUpperCase(), portion: keyMatch[2]!.toUpperCase() } : null;
  const states =
    lower.length >= 3
      ? Object.entries(US_STATE_NAMES)
          .filter(([, name]) => name.toLowerCase().startsWith(lower))
          .map(([c, name]) => ({ code: c, name, exact: name.toLowerCase() === lower }))
      : [];
  return {
    q,
    lower,
    hasLetter,
    code,
    digits: digits.length >= 3 ? digits : "",
    keypad: keypad.length >= 3 ? keypad : "",
    alnum: lower.replace(/[^a-z0-9]/g, ""),
    areaCode,
    stateCode,
    mapKey,
    states,
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** True when the text has a word beginning with the term ("injury" in "personal injury", "law" in "lawyer"). */
function mentions(text: string | null, term: string): boolean {
  if (!text || !term) return false;
  return new RegExp(`(^|[^a-z0-9])${escapeRegExp(term)}`, "i").test(text);
}

/**
 * The terms a keyword group's description lists before "and related …"/"… terms":
 * "Attorney, lawyer, injury, accident and related legal terms …" → attorney, lawyer, injury, accident.
 */
export function keywordGroupTerms(description: string | null): string[] {
  if (!description) return [];
  const head = description.split(/\band related\b|\bterms\b|[.;:]/i)[0] ?? "";
  return head
    .split(/,|\band\b|\bor\b/i)
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length >= 3 && s.split(/\s+/).length <= 2);
}

type Candidate = { result: SearchResult; score: number };

const KIND_ORDER: Record<SearchResult["kind"], number> = { poundcode: 0, territory: 1, vanity: 2 };

function label(r: SearchResult): string {
  return r.kind === "vanity" ? r.numberText : r.name;
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return SEARCH_DEFAULT_LIMIT;
  return Math.min(SEARCH_MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

/**
 * Searches #Codes, vanity numbers and territories; the best `limit` results (default 20, at most 100), best first.
 * At most four queries.
 */
export async function searchNumbers(
  db: DbOrTx,
  query: string | null | undefined,
  options: SearchOptions = {},
): Promise<SearchResult[]> {
  const q = normalizeSearchQuery(query);
  if (!q) return [];
  const limit = clampLimit(options.limit);
  const t = searchTerms(q);

  // Sequential on purpose: a transaction is one connection, and node-postgres deprecates overlapping queries on it.
  const categoryRows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      categoryType: categories.categoryType,
    })
    .from(categories);
  const keywordRows =
    t.lower.length >= 3
      ? await db
          .select({ keywordText: specialPricingKeywords.keywordText })
          .from(specialPricingKeywords)
          .where(
            or(
              sql`strpos(lower(${specialPricingKeywords.keywordText}), ${t.lower}) > 0`,
              sql`strpos(${t.lower}, lower(${specialPricingKeywords.keywordText})) > 0`,
            ),
          )
          .orderBy(specialPricingKeywords.keywordText)
          .limit(50)
      : [];
  const vanityRows = await queryVanity(db, t);
  const territoryRows = await queryTerritories(db, t);

  const found = new Map<string, Candidate>();
  const add = (result: SearchResult, score: number) => {
    const key = `${result.kind}:${result.id}`;
    const prev = found.get(key);
    if (!prev || prev.score < score) found.set(key, { result, score });
  };

  // #Codes
  const expansions: { term: string; matched: string }[] = keywordRows.map((k) => ({
    term: k.keywordText.toLowerCase(),
    matched: `keyword "${k.keywordText}"`,
  }));
  if (t.lower.length >= 3) {
    for (const g of categoryRows) {
      if (g.categoryType !== "keyword_group") continue;
      const name = g.name.toLowerCase();
      const stem = name.replace(/\s*keywords?$/, "");
      if (name.includes(t.lower) || (stem.length >= 3 && t.lower.includes(stem))) {
        for (const term of keywordGroupTerms(g.description)) expansions.push({ term, matched: `${g.name}: ${term}` });
      }
    }
  }
  for (const c of categoryRows) {
    if (c.categoryType !== "standard") continue;
    const code = c.name.replace(/^#+/, "").toLowerCase();
    const result = (score: number, matched: string) =>
      add({ kind: "poundcode", id: c.id, name: c.name, slug: c.slug, description: c.description, matched }, score);
    if (t.lower === c.slug.toLowerCase() || (t.code && t.code === code)) {
      result(100, `code ${c.name}`);
      continue;
    }
    if (t.code.length >= 2 && code.startsWith(t.code)) result(80, `code ${c.name} starts with ${t.code.toUpperCase()}`);
    else if (t.code.length >= 3 && code.includes(t.code)) result(78, `code ${c.name} contains ${t.code.toUpperCase()}`);
    else if (t.lower.length >= 3 && mentions(c.description, t.lower)) result(40, `description mentions "${t.q}"`);
    else {
      const hit = expansions.find((e) => mentions(c.description, e.term));
      if (hit) result(30, hit.matched);
    }
  }

  // Vanity numbers
  for (const v of vanityRows) {
    const result = (score: number, matched: string) =>
      add({ kind: "vanity", id: v.id, numberText: v.numberText, slug: v.slug, name: v.name, matched }, score);
    const text = v.numberText.toLowerCase();
    if (text === t.lower || v.slug.toLowerCase() === t.lower) {
      result(100, `number ${v.numberText}`);
      continue;
    }
    const plain = plainDigits(v.numberText);
    const dial = dialDigits(v.numberText);
    if (t.digits) {
      // Equal digits only count for a number written in digits, not for the area code of a lettered one.
      if (plain.length >= 10 && plain === t.digits) result(100, `number ${formatDigits(t.digits)}`);
      else if (dial.length >= 10 && dial === t.digits) result(95, `dials ${formatDigits(t.digits)}`);
      else if (plain.includes(t.digits)) result(70, `digits ${t.digits}`);
      else if (dial.includes(t.digits)) result(65, `dials ${t.digits}`);
    }
    if (t.hasLetter && t.alnum.length >= 2 && text.replace(/[^a-z0-9]/g, "").includes(t.alnum)) {
      result(75, `number contains ${t.q.toUpperCase()}`);
    }
    if (t.keypad && dial.includes(t.keypad)) result(55, `keypad ${t.q.toUpperCase()} = ${t.keypad}`);
    if (t.lower.length >= 3 && v.name?.toLowerCase().includes(t.lower)) result(45, `name "${v.name}"`);
  }

  // Territories
  for (const row of territoryRows) {
    const key = territoryMapKey(row.state, row.portion);
    const slug = territorySlugFromName(row.name);
    const result = (score: number, matched: string) =>
      add({ kind: "territory", id: row.id, name: row.name, slug, key, areaCodes: [...row.areaCodes], matched }, score);
    const name = row.name.toLowerCase();
    if (t.stateCode && row.state === t.stateCode) result(100, `state code ${row.state}`);
    if (t.mapKey && row.state === t.mapKey.state && row.portion === t.mapKey.portion) result(100, `territory ${key}`);
    if (t.areaCode && row.areaCodes.includes(t.areaCode)) result(100, `area code ${t.areaCode}`);
    if (name === t.lower || slug === t.lower || row.slug.toLowerCase() === t.lower)
      result(100, `territory ${row.name}`);
    const state = t.states.find((s) => s.code === row.state);
    if (state) result(state.exact ? 90 : 55, `state ${state.name}`);
    if (t.lower.length >= 3 && mentions(row.name, t.lower)) result(60, `name contains "${t.q}"`);
  }

  return [...found.values()]
    .sort((a, b) => {
      if (a.score !== b.score) return b.score - a.score;
      const k = KIND_ORDER[a.result.kind] - KIND_ORDER[b.result.kind];
      if (k !== 0) return k;
      const la = label(a.result);
      const lb = label(b.result);
      return la < lb ? -1 : la > lb ? 1 : 0;
    })
    .slice(0, limit)
    .map((c) => c.result);
}

function queryVanity(db: DbOrTx, t: Terms) {
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
      sql`(${vanityNumbers.status} = 'available') desc`,
      sql`${text} collate "C"`,
      vanityNumbers.id,
    )
    .limit(VANITY_CANDIDATES);
}

function queryTerritories(db: DbOrTx, t: Terms) {
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
  if (!conditions.length) {
    return Promise.resolve(
      [] as { id: string; name: string; state: string; portion: string | null; slug: string; areaCodes: string[] }[],
    );
  }
  return db
    .select({
      id: territories.id,
      name: territories.name,
      state: territories.state,
      portion: territories.portion,
      slug: territories.slug,
      areaCodes: territories.areaCodes,
    })
    .from(territories)
    .where(and(visibleTerritory, or(...conditions)))
    .orderBy(territories.state, territories.name);
}
