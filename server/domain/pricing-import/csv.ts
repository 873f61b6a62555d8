/**
 * Reading an uploaded CSV: bytes → UTF-8 text (a byte-order mark is dropped) → header and rows, with papaparse
 * (quotes, embedded commas and newlines, CRLF). The delimiter is always a comma: the spec separates area codes by
 * semicolons inside one field, so a file must never be split on them.
 */
import Papa from "papaparse";
import { PRICING_UPLOAD_TEXT } from "#kernel/schemas/pricing-upload.ts";
import { DomainError } from "../errors.ts";

export type CsvRow = {
  /** 0-based index among the data rows. */
  index: number;
  cells: Record<string, string>;
  /** Set when the row's shape is wrong (too few or too many cells, a quote left open). */
  shapeError?: string;
};

export type CsvFile = { headers: string[]; rows: CsvRow[] };

/** The most rows one file may hold; far above the catalogue's size, it bounds the work a bad upload can cause. */
export const MAX_CSV_ROWS = 50_000;

export function invalidCsv(message: string = PRICING_UPLOAD_TEXT.emptyOrInvalid): DomainError {
  return new DomainError({ code: "invalid_csv", status: 400, title: PRICING_UPLOAD_TEXT.emptyOrInvalid, message });
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalidCsv("The file is not a text CSV (it is not UTF-8). Save it as “CSV UTF-8” and upload it again.");
  }
}

const SHAPE_MESSAGES: Record<string, string> = {
  TooFewFields: "the row has fewer cells than the header",
  TooManyFields: "the row has more cells than the header",
  MissingQuotes: "a quoted cell is not closed",
  InvalidQuotes: "a cell has a stray quote",
};

/** Parses the whole file; a file with no header or no data rows is refused with the spec's message. */
export function parseCsv(bytes: Uint8Array): CsvFile {
  const text = decode(bytes);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL and other control bytes mean a binary file
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 4096))) throw invalidCsv();
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    delimiter: ",",
    skipEmptyLines: "greedy",
    transformHeader: (h) =>
      h
        .replace(/^\uFEFF/, "")
        .trim()
        .toLowerCase()
        .replace(/\s+/g, "_"),
  });
  const headers = (result.meta.fields ?? []).filter((h) => h !== "");
  if (headers.length === 0 || result.data.length === 0) throw invalidCsv();
  if (result.data.length > MAX_CSV_ROWS) {
    throw invalidCsv(`The file has ${result.data.length} rows; at most ${MAX_CSV_ROWS} are read in one upload.`);
  }
  const shape = new Map<number, string>();
  for (const e of result.errors) {
    if (typeof e.row === "number" && !shape.has(e.row)) shape.set(e.row, SHAPE_MESSAGES[e.code] ?? e.message);
  }
  const rows = result.data.map((raw, index) => {
    const cells: Record<string, string> = {};
    for (const h of headers) {
      const v = raw[h];
      cells[h] = typeof v === "string" ? v.trim() : "";
    }
    const shapeError = shape.get(index);
    return shapeError ? { index, cells, shapeError } : { index, cells };
  });
  return { headers, rows };
}
