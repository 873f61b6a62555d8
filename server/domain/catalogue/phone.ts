/**
 * Phone-number text helpers shared by the number lookup and the search, in JavaScript and as SQL fragments that
 * compute the same values in the database (so a filter and its explanation agree).
 *
 * - keypad digits: letters become their phone keypad digit (ABC=2, DEF=3, GHI=4, JKL=5, MNO=6, PQRS=7, TUV=8,
 *   WXYZ=9), digits stay, everything else is dropped: "(800) LAW-HELP" → "8005294357".
 * - plain digits: only the digits of the text: "(800) 529-4357" → "8005294357", "(800) LAW-HELP" → "800".
 * - dial digits: the ten digits dialled: keypad digits without a leading trunk "1", cut to ten (letters past the
 *   seventh of the local part are not dialled).
 * A leading "1" is only a trunk prefix when ten digits follow it (NANP area codes never begin with 1).
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const KEYPAD = "22233344455566677778889999";

/** Phone keypad digits of a word: "LAW" → "529", "law-help" → "5294357", "4LAW" → "4529"; other characters dropped. */
export function keypadDigits(word: string): string {
  let out = "";
  for (const ch of word.toUpperCase()) {
    const i = LETTERS.indexOf(ch);
    if (i >= 0) out += KEYPAD[i];
    else if (ch >= "0" && ch <= "9") out += ch;
  }
  return out;
}

function stripTrunk(digits: string): string {
  return /^1\d{10}/.test(digits) ? digits.slice(1) : digits;
}

/** Digits of the text without a leading trunk 1: "1-800-529-4357" → "8005294357". */
export function plainDigits(text: string): string {
  return stripTrunk(text.replace(/\D/g, ""));
}

/** The ten digits a vanity number dials: "(800) LAW-HELP" → "8005294357". */
export function dialDigits(text: string): string {
  return stripTrunk(keypadDigits(text)).slice(0, 10);
}

/** SQL: plainDigits(column). */
export function sqlPlainDigits(column: SQLWrapper): SQL<string> {
  return sql<string>`regexp_replace(regexp_replace(${column}, '[^0-9]', '', 'g'), '^1([0-9]{10})', '\\1')`;
}

/** SQL: dialDigits(column). */
export function sqlDialDigits(column: SQLWrapper): SQL<string> {
  const keyed = sql`translate(upper(${column}), ${sql.raw(`'${LETTERS}'`)}, ${sql.raw(`'${KEYPAD}'`)})`;
  return sql<string>`left(regexp_replace(regexp_replace(${keyed}, '[^0-9]', '', 'g'), '^1([0-9]{10})', '\\1'), 10)`;
}

/** SQL: the text lower-cased with everything but a–z and 0–9 removed ("(800) LAW-HELP" → "800lawhelp"). */
export function sqlAlnum(column: SQLWrapper): SQL<string> {
  return sql<string>`regexp_replace(lower(${column}), '[^a-z0-9]', '', 'g')`;
}

/** "8005294357" → "(800) 529-4357"; anything else unchanged. */
export function formatDigits(digits: string): string {
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

/** Re-exported for the catalogue modules that still import it from here; new code imports #kernel/ids.ts. */
export { UUID_RE } from "#kernel/ids.ts";
