/**
 * Scoring search candidates against a read query. Pure, no database: each matcher takes the candidate rows and
 * returns the results it finds with a score (100 = exact) and a `matched` explanation, in a fixed order.
 * `rankCandidates` keeps the best score per result, then sorts and cuts.
 */
import { type SearchResult, territorySlugFromName } from "#kernel/catalogue.ts";
import { dialDigits, formatDigits, plainDigits } from "./phone.ts";
import type { SearchTerms } from "./search-query.ts";
import { territoryMapKey } from "./territories.ts";

export type Candidate = { result: SearchResult; score: number };

export type CategoryRow = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  categoryType: "standard" | "keyword_group";
};

export type KeywordRow = { keywordText: string };

export type VanityRow = { id: string; numberText: string; slug: string; name: string | null };

export type TerritoryRow = {
  id: string;
  name: string;
  state: string;
  portion: string | null;
  slug: string;
  areaCodes: readonly string[];
};

/** A term a #Code's description may mention, and how to explain the match. */
type Expansion = { term: string; matched: string };

const isWordChar = (ch: string) => (ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9");

/** {@link mentions} on text and term already lower-cased: a scan, no regular expression built per call. */
function mentionsLower(text: string, term: string): boolean {
  if (!term) return false;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    if (at === 0 || !isWordChar(text.charAt(at - 1))) return true;
  }
  return false;
}

/** True when the text has a word beginning with the term ("injury" in "personal injury", "law" in "lawyer"). */
export function mentions(text: string | null, term: string): boolean {
  if (!text) return false;
  return mentionsLower(text.toLowerCase(), term.toLowerCase());
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

/**
 * The words that bring in #Codes by their description beyond the query itself: the matching special pricing
 * keywords, then the terms of every keyword group whose name contains the query or whose name's stem ("Legal" of
 * "Legal Keywords") the query contains.
 */
export function keywordExpansions(
  t: SearchTerms,
  categoryRows: readonly CategoryRow[],
  keywordRows: readonly KeywordRow[],
): Expansion[] {
  const expansions: Expansion[] = keywordRows.map((k) => ({
    term: k.keywordText.toLowerCase(),
    matched: `keyword "${k.keywordText}"`,
  }));
  if (t.lower.length < 3) return expansions;
  for (const g of categoryRows) {
    if (g.categoryType !== "keyword_group") continue;
    const name = g.name.toLowerCase();
    const stem = name.replace(/\s*keywords?$/, "");
    if (name.includes(t.lower) || (stem.length >= 3 && t.lower.includes(stem))) {
      for (const term of keywordGroupTerms(g.description)) expansions.push({ term, matched: `${g.name}: ${term}` });
    }
  }
  return expansions;
}

/** The best match of one #Code: its slug or code, the start or part of its code, its description, an expansion. */
function matchPoundCode(t: SearchTerms, c: CategoryRow, expansions: readonly Expansion[]): Candidate | null {
  const code = c.name.replace(/^#+/, "").toLowerCase();
  const found = (score: number, matched: string): Candidate => ({
    result: { kind: "poundcode", id: c.id, name: c.name, slug: c.slug, description: c.description, matched },
    score,
  });
  if (t.lower === c.slug.toLowerCase() || (t.code && t.code === code)) return found(100, `code ${c.name}`);
  if (t.code.length >= 2 && code.startsWith(t.code))
    return found(80, `code ${c.name} starts with ${t.code.toUpperCase()}`);
  if (t.code.length >= 3 && code.includes(t.code)) return found(78, `code ${c.name} contains ${t.code.toUpperCase()}`);
  if (!c.description) return null;
  const description = c.description.toLowerCase();
  if (t.lower.length >= 3 && mentionsLower(description, t.lower)) return found(40, `description mentions "${t.q}"`);
  const hit = expansions.find((e) => mentionsLower(description, e.term));
  return hit ? found(30, hit.matched) : null;
}

/** #Codes (standard categories) by code, slug, description or keyword. */
export function matchPoundCodes(
  t: SearchTerms,
  categoryRows: readonly CategoryRow[],
  keywordRows: readonly KeywordRow[],
): Candidate[] {
  const expansions = keywordExpansions(t, categoryRows, keywordRows);
  const out: Candidate[] = [];
  for (const c of categoryRows) {
    if (c.categoryType !== "standard") continue;
    const candidate = matchPoundCode(t, c, expansions);
    if (candidate) out.push(candidate);
  }
  return out;
}

/** Digits typed: the number written in those digits, the number that dials them, then either containing them. */
function matchVanityDigits(t: SearchTerms, plain: string, dial: string): [number, string] | null {
  if (!t.digits) return null;
  // Equal digits only count for a number written in digits, not for the area code of a lettered one.
  if (plain.length >= 10 && plain === t.digits) return [100, `number ${formatDigits(t.digits)}`];
  if (dial.length >= 10 && dial === t.digits) return [95, `dials ${formatDigits(t.digits)}`];
  if (plain.includes(t.digits)) return [70, `digits ${t.digits}`];
  if (dial.includes(t.digits)) return [65, `dials ${t.digits}`];
  return null;
}

/** Every match of one vanity number, in order: exact text or slug (alone), digits, letters, keypad word, name. */
function matchVanityNumber(t: SearchTerms, v: VanityRow): [number, string][] {
  const text = v.numberText.toLowerCase();
  if (text === t.lower || v.slug.toLowerCase() === t.lower) return [[100, `number ${v.numberText}`]];
  const dial = dialDigits(v.numberText);
  const matches: [number, string][] = [];
  const digits = matchVanityDigits(t, plainDigits(v.numberText), dial);
  if (digits) matches.push(digits);
  if (t.hasLetter && t.alnum.length >= 2 && text.replace(/[^a-z0-9]/g, "").includes(t.alnum)) {
    matches.push([75, `number contains ${t.q.toUpperCase()}`]);
  }
  if (t.keypad && dial.includes(t.keypad)) {
    matches.push([55, `keypad ${t.q.toUpperCase()} = ${t.keypad}`]);
  }
  if (t.lower.length >= 3 && v.name?.toLowerCase().includes(t.lower)) matches.push([45, `name "${v.name}"`]);
  return matches;
}

/** Vanity numbers by text, slug, digits, letters, keypad word or name. */
export function matchVanityNumbers(t: SearchTerms, vanityRows: readonly VanityRow[]): Candidate[] {
  return vanityRows.flatMap((v) =>
    matchVanityNumber(t, v).map(([score, matched]) => ({
      result: { kind: "vanity", id: v.id, numberText: v.numberText, slug: v.slug, name: v.name, matched },
      score,
    })),
  );
}

/** Every match of one territory, in order: state code, map key, area code, name or slug, state name, word of name. */
function matchTerritory(t: SearchTerms, row: TerritoryRow, key: string, slug: string): [number, string][] {
  const matches: [number, string][] = [];
  const name = row.name.toLowerCase();
  if (t.stateCode && row.state === t.stateCode) matches.push([100, `state code ${row.state}`]);
  if (t.mapKey && row.state === t.mapKey.state && row.portion === t.mapKey.portion) {
    matches.push([100, `territory ${key}`]);
  }
  if (t.areaCode && row.areaCodes.includes(t.areaCode)) matches.push([100, `area code ${t.areaCode}`]);
  if (name === t.lower || slug === t.lower || row.slug.toLowerCase() === t.lower) {
    matches.push([100, `territory ${row.name}`]);
  }
  const state = t.states.find((s) => s.code === row.state);
  if (state) matches.push([state.exact ? 90 : 55, `state ${state.name}`]);
  if (t.lower.length >= 3 && mentions(row.name, t.lower)) matches.push([60, `name contains "${t.q}"`]);
  return matches;
}

/** Territories by state code, map key, area code, name, slug or state name. */
export function matchTerritories(t: SearchTerms, territoryRows: readonly TerritoryRow[]): Candidate[] {
  return territoryRows.flatMap((row) => {
    const key = territoryMapKey(row.state, row.portion);
    const slug = territorySlugFromName(row.name);
    return matchTerritory(t, row, key, slug).map(([score, matched]) => ({
      result: { kind: "territory", id: row.id, name: row.name, slug, key, areaCodes: [...row.areaCodes], matched },
      score,
    }));
  });
}

const KIND_ORDER: Record<SearchResult["kind"], number> = { poundcode: 0, territory: 1, vanity: 2 };

function label(r: SearchResult): string {
  return r.kind === "vanity" ? r.numberText : r.name;
}

function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.score !== b.score) return b.score - a.score;
  const k = KIND_ORDER[a.result.kind] - KIND_ORDER[b.result.kind];
  if (k !== 0) return k;
  const la = label(a.result);
  const lb = label(b.result);
  return la < lb ? -1 : la > lb ? 1 : 0;
}

/**
 * One result per #Code, number or territory with its best score (the first of equal scores wins), best first:
 * score, then #Codes before territories before numbers, then by label. At most `limit`.
 */
export function rankCandidates(candidates: readonly Candidate[], limit: number): SearchResult[] {
  const best = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const key = `${candidate.result.kind}:${candidate.result.id}`;
    const prev = best.get(key);
    if (!prev || prev.score < candidate.score) best.set(key, candidate);
  }
  return [...best.values()]
    .sort(compareCandidates)
    .slice(0, limit)
    .map((c) => c.result);
}
