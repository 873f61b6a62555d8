/**
 * Reading a search query: what the text typed into the search box can be. Pure, no database.
 *
 * One query can be several kinds at once ("305" is digits and an area code, "ga" is a state code and a word), so
 * each reader answers on its own and an empty value means "not this kind".
 */
import { US_STATES } from "#kernel/us-states.ts";
import { keypadDigits, plainDigits } from "./phone.ts";

export const SEARCH_MAX_QUERY_LENGTH = 64;

/** Digit and keypad terms shorter than this would match almost everything, so they are ignored. */
const MIN_DIGITS = 3;

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

export type MapKeyTerm = { state: string; portion: string };

export type StateNameTerm = { code: string; name: string; exact: boolean };

export type SearchTerms = {
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
  mapKey: MapKeyTerm | null;
  /** States whose name equals or begins with the query. */
  states: StateNameTerm[];
};

/** A #Code typed with or without '#' ("#4law", "4 law", "hash-4law" → "4law", "hash4law"); "" otherwise. */
export function codeTerm(lower: string): string {
  return /^#*\s*[a-z0-9][a-z0-9\s-]*$/.test(lower) ? lower.replace(/[^a-z0-9]/g, "") : "";
}

/** The digits of a query made of digits and phone punctuation ("1 (800) 529-4357" → "8005294357"); "" otherwise. */
export function digitsTerm(lower: string): string {
  const digits = /^[\d\s().+-]+$/.test(lower) ? plainDigits(lower) : "";
  return digits.length >= MIN_DIGITS ? digits : "";
}

/** The keypad digits of a word query with at least one letter ("law" → "529", "law-help" → "5294357"); "" otherwise. */
export function keypadTerm(lower: string): string {
  const keypad = /[a-z]/.test(lower) && /^[a-z0-9\s-]+$/.test(lower) ? keypadDigits(lower) : "";
  return keypad.length >= MIN_DIGITS ? keypad : "";
}

/** A three-digit area code, optionally in parentheses ("305", "(212)"); "" otherwise. */
export function areaCodeTerm(lower: string): string {
  return /^\(?\d{3}\)?$/.test(lower) ? lower.replace(/\D/g, "") : "";
}

/** Two letters read as a state code ("tx" → "TX"); "" otherwise. */
export function stateCodeTerm(lower: string): string {
  return /^[a-z]{2}$/.test(lower) ? lower.toUpperCase() : "";
}

/** A portion's map key ("tx-e" → TX, E); null otherwise. */
export function mapKeyTerm(lower: string): MapKeyTerm | null {
  const match = /^([a-z]{2})-([ncsew])$/.exec(lower);
  return match ? { state: match[1]!.toUpperCase(), portion: match[2]!.toUpperCase() } : null;
}

/** States whose name begins with the query (three characters at least), and whether the name is the whole query. */
export function stateNameTerms(lower: string): StateNameTerm[] {
  if (lower.length < 3) return [];
  return US_STATES.filter((s) => s.name.toLowerCase().startsWith(lower)).map((s) => ({
    code: s.code,
    name: s.name,
    exact: s.name.toLowerCase() === lower,
  }));
}

/** Every reading of a normalized query. */
export function parseSearchQuery(q: string): SearchTerms {
  const lower = q.toLowerCase();
  return {
    q,
    lower,
    hasLetter: /[a-z]/.test(lower),
    code: codeTerm(lower),
    digits: digitsTerm(lower),
    keypad: keypadTerm(lower),
    alnum: lower.replace(/[^a-z0-9]/g, ""),
    areaCode: areaCodeTerm(lower),
    stateCode: stateCodeTerm(lower),
    mapKey: mapKeyTerm(lower),
    states: stateNameTerms(lower),
  };
}
