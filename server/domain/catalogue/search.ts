/**
 * Number search: one box that finds #Codes, vanity numbers and territories.
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
 * characters; empty or whitespace-only input returns []. Every value reaches SQL as a bound parameter.
 *
 * The steps: search-query.ts reads the query, search-candidates.ts reads the rows it could match,
 * search-matchers.ts scores and ranks them.
 */
import type { SearchResult } from "#kernel/catalogue.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  keywordsIn,
  readCategories,
  readKeywords,
  readTerritoryCandidates,
  readVanityCandidates,
  type SearchIndex,
  territoryCandidatesIn,
  vanityCandidatesIn,
} from "./search-candidates.ts";
import { matchPoundCodes, matchTerritories, matchVanityNumbers, rankCandidates } from "./search-matchers.ts";
import { normalizeSearchQuery, parseSearchQuery } from "./search-query.ts";

// The route module normalizes the query it shows back with the same rule.
export { normalizeSearchQuery, SEARCH_MAX_QUERY_LENGTH } from "./search-query.ts";

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;

export type SearchOptions = {
  limit?: number;
  /** What the search reads of the catalog, read once and kept (the read models'); read from the database without it. */
  index?: SearchIndex;
};

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return SEARCH_DEFAULT_LIMIT;
  return Math.min(SEARCH_MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

/**
 * Searches #Codes, vanity numbers and territories; the best `limit` results (default 20, at most 100), best first.
 * At most four queries; none with a kept {@link SearchIndex}.
 */
export async function searchNumbers(
  db: DbOrTx,
  query: string | null | undefined,
  options: SearchOptions = {},
): Promise<SearchResult[]> {
  const q = normalizeSearchQuery(query);
  if (!q) return [];
  const t = parseSearchQuery(q);

  // Sequential on purpose: a transaction is one connection, and node-postgres deprecates overlapping queries on it.
  const { index } = options;
  const categoryRows = index ? index.categories : await readCategories(db);
  const keywordRows = index ? keywordsIn(index, t) : await readKeywords(db, t);
  const vanityRows = index ? vanityCandidatesIn(index, t) : await readVanityCandidates(db, t);
  const territoryRows = index ? territoryCandidatesIn(index, t) : await readTerritoryCandidates(db, t);

  const candidates = [
    ...matchPoundCodes(t, categoryRows, keywordRows),
    ...matchVanityNumbers(t, vanityRows),
    ...matchTerritories(t, territoryRows),
  ];
  return rankCandidates(candidates, clampLimit(options.limit));
}
