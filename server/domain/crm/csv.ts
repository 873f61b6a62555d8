/**
 * Writing a CSV for download (contacts, analytics …): a header row, then one row per record, comma-separated, each
 * line ended by CRLF, cells quoted by papaparse only when they need it (a comma, a quote, a line break, leading or trailing
 * space).
 *
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a text cell that starts with `=`, `+`, `-`, `@`, a
 * tab or a carriage return as a formula. Every such text cell is written with a single quote in front (`'=1+1`),
 * which spreadsheets show as text and which a person reading the file can still recognise. Headers are treated the
 * same way.
 *
 * Numbers are not text: a value the column gives as a JavaScript `number` (an amount in cents, a count) is written
 * as the number itself, so `-1500` stays `-1500` and still sums in a spreadsheet. A number's own digits cannot
 * carry a formula. The same characters given as a string (`"-1500"`, typed into a free-text field) are text and
 * are neutralised (`'-1500`). A number that is not finite (`NaN`, `Infinity`) is written as an empty cell, as are
 * `null` and `undefined`.
 *
 * The whole file is built in memory: callers bound the number of rows they pass (see `MAX_EXPORT_ROWS` of each
 * export).
 */
import Papa from "papaparse";

export type CsvCell = string | number | null | undefined;

export type CsvColumn<T> = {
  header: string;
  value: (row: T) => CsvCell;
};

/** The characters that make a spreadsheet read a text cell as a formula (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe to open in a spreadsheet: a leading formula character gets a single quote in front. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cellOf(value: CsvCell): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? value : "";
  return neutraliseCell(String(value));
}

/** The rows as CSV text: header row first, every line (the last too) ended by CRLF, no byte-order mark. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const fields = columns.map((column) => neutraliseCell(column.header));
  const data = rows.map((row) => columns.map((column) => cellOf(column.value(row))));
  // escapeFormulae stays off: neutraliseCell above is the one rule (papaparse's own pattern misses cells with a
  // line break after the formula), and numbers must reach papaparse as numbers so it writes them unquoted.
  const text = Papa.unparse({ fields, data }, { newline: "\r\n", escapeFormulae: false, header: true });
  // papaparse ends a header-only file with a line break and any other without; end every file with one.
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
