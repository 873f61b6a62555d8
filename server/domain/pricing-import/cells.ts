/**
 * Cell readers for the pricing CSVs. Each returns the parsed value or throws a CellError whose message names the
 * column and says what is expected; money is read in dollars and returned in integer cents, never as a float.
 */
import { TERRITORY_PORTIONS, TERRITORY_STATUSES, type TerritoryPortion, type TerritoryStatus } from "#kernel/enums.ts";
import { US_STATES } from "#kernel/us-states.ts";

export class CellError extends Error {
  override name = "CellError";
}

const MONEY = /^\$?(\d{1,3}(,\d{3})+|\d+)?(\.\d{1,2})?$/;

/** "1250", "1,250.50", "$95" → cents. Negative amounts, more than two decimals and words are refused. */
export function readMoney(column: string, raw: string): number {
  const v = raw.replace(/\s+/g, "");
  if (!MONEY.test(v) || v === "$" || v === "" || v === ".") {
    throw new CellError(`${column} must be an amount in dollars such as 1250 or 1250.50 (got “${clip(raw)}”)`);
  }
  const [whole = "0", frac = ""] = v.replace(/[$,]/g, "").split(".");
  const cents = Number(whole || "0") * 100 + Number(frac.padEnd(2, "0") || "0");
  if (!Number.isSafeInteger(cents) || cents > 2_000_000_000) throw new CellError(`${column} is too large`);
  return cents;
}

/** A whole number of people, commas allowed. */
export function readCount(column: string, raw: string): number {
  const v = raw.replace(/[\s,]/g, "");
  if (!/^\d+$/.test(v)) throw new CellError(`${column} must be a whole number (got “${clip(raw)}”)`);
  const n = Number(v);
  if (n > 2_000_000_000) throw new CellError(`${column} is too large`);
  return n;
}

/** A multiplier such as 1.25: at most four decimals, 0 to 999,999.9999 (the column's precision). */
export function readMultiplier(column: string, raw: string): number {
  const v = raw.replace(/\s+/g, "");
  if (!/^(\d+)?(\.\d{1,4})?$/.test(v) || v === "" || v === ".") {
    throw new CellError(`${column} must be a number such as 1.25, with at most four decimals (got “${clip(raw)}”)`);
  }
  const n = Number(v);
  if (!Number.isFinite(n) || n >= 1_000_000) throw new CellError(`${column} is too large`);
  return n;
}

/** Area codes separated by semicolons (spaces and commas tolerated): three digits each, no duplicates kept. */
export function readAreaCodes(column: string, raw: string): string[] {
  const parts = raw
    .split(/[;,\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of parts) {
    if (!/^[2-9]\d{2}$/.test(p))
      throw new CellError(`${column} must be three-digit area codes separated by semicolons (got “${clip(p)}”)`);
  }
  return [...new Set(parts)];
}

const STATE_BY_NAME = new Map(US_STATES.map((s) => [s.name.toLowerCase(), s.code]));
const STATE_CODES = new Set(US_STATES.map((s) => s.code));

/** "TX", "tx" or "Texas" → "TX". */
export function readState(raw: string): string {
  const v = raw.trim();
  const code = v.length === 2 ? v.toUpperCase() : STATE_BY_NAME.get(v.toLowerCase());
  if (!code || !STATE_CODES.has(code)) {
    throw new CellError(`state must be a two-letter state code such as TX, or a state's name (got “${clip(raw)}”)`);
  }
  return code;
}

const PORTION_WORDS: Record<string, TerritoryPortion> = {
  north: "N",
  northern: "N",
  central: "C",
  south: "S",
  southern: "S",
  east: "E",
  eastern: "E",
  west: "W",
  western: "W",
};

/** Empty for a whole state; N, C, S, E, W or the word ("East"). */
export function readPortion(raw: string): TerritoryPortion | null {
  const v = raw.trim();
  if (v === "") return null;
  const upper = v.toUpperCase();
  if ((TERRITORY_PORTIONS as readonly string[]).includes(upper)) return upper as TerritoryPortion;
  const word = PORTION_WORDS[v.toLowerCase()];
  if (word) return word;
  throw new CellError(`portion must be empty (the whole state) or one of N, C, S, E, W (got “${clip(raw)}”)`);
}

export function readTerritoryStatus(raw: string): TerritoryStatus {
  const v = raw.trim().toLowerCase();
  if ((TERRITORY_STATUSES as readonly string[]).includes(v)) return v as TerritoryStatus;
  throw new CellError(`status must be one of ${TERRITORY_STATUSES.join(", ")} (got “${clip(raw)}”)`);
}

/**
 * A name people read: starts with a letter, then letters, digits, spaces and . ' - & ( ) /; at most `max`
 * characters. This also refuses spreadsheet formulas (=, +, -, @ first), which have no place in the catalogue.
 */
export function readName(column: string, raw: string, max: number): string {
  const v = raw.trim().replace(/\s+/g, " ");
  if (v.length > max) throw new CellError(`${column} is longer than ${max} characters`);
  if (!/^[\p{L}][\p{L}\p{N} .'&()/-]*$/u.test(v)) {
    throw new CellError(
      `${column} must start with a letter and hold only letters, digits, spaces and . ' - & ( ) / (got “${clip(raw)}”)`,
    );
  }
  return v;
}

/** Free text (a description): formulas are refused, control characters removed, length capped. */
export function readText(column: string, raw: string, max: number): string {
  const v = raw.trim();
  if (v.length > max) throw new CellError(`${column} is longer than ${max} characters`);
  if (/^[=+\-@\t\r]/.test(v)) throw new CellError(`${column} must not start with =, +, - or @ (a spreadsheet formula)`);
  return v;
}

/** What an error message quotes of a cell: short, and without line breaks. */
export function clip(raw: string): string {
  const one = raw.replace(/\s+/g, " ").trim();
  return one.length > 40 ? `${one.slice(0, 37)}…` : one;
}
