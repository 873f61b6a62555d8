/**
 * The administrators' pricing upload (territory CSV and keyword CSV): the product's strings, the columns each file
 * may carry, and the shape of the summary the server answers. Browser-safe, no zod: the page only needs strings.
 */
import type { Answer } from "../answers.ts";

/** The largest CSV the server reads (the edge refuses bigger bodies with 413 before any parsing). */
export const PRICING_CSV_MAX_BYTES = 8 * 1024 * 1024;

export const PRICING_UPLOAD_KINDS = ["territories", "keywords"] as const;
export type PricingUploadKind = (typeof PRICING_UPLOAD_KINDS)[number];

/**
 * all_or_nothing: any row with an error leaves the catalogue untouched.
 * valid_rows: the rows without errors are applied; the others are listed.
 */
export const PRICING_UPLOAD_MODES = ["all_or_nothing", "valid_rows"] as const;
export type PricingUploadMode = (typeof PRICING_UPLOAD_MODES)[number];

export const PRICING_UPLOAD_TEXT = {
  noFile: "No file selected",
  emptyOrInvalid: "Empty or Invalid CSV",
  processingError: "Error processing CSV",
  tooLarge: "The file is larger than 8 MB. Split it into smaller files and upload them one by one.",
  missingTerritoryFields: (row: number) => `Row ${row}: Missing required fields 'name' or 'state'.`,
  missingKeywordFields: (row: number) => `Row ${row}: Missing required fields 'keyword' or 'multiplier'.`,
  missingKeywordColumns: "The keyword CSV needs a 'keyword' column and a 'multiplier' column.",
  missingTerritoryColumns: "The territory CSV needs a 'name' column and a 'state' column.",
  rowError: (
    row: number,
    name: string,
    kind: "DB Error" | "Update error" | "Insert error" | "Invalid data",
    message: string,
  ) => `Row ${row} (${name}): ${kind} - ${message}`,
  nothingApplied: (errors: number) =>
    `No changes were made: ${errors === 1 ? "1 row has an error" : `${errors} rows have errors`}. Fix ${errors === 1 ? "it" : "them"} and upload the file again, or choose to apply only the valid rows.`,
} as const;

/** Columns of the territory CSV (the spec's field names; fees in dollars, multipliers as decimals). */
export const TERRITORY_CSV_COLUMNS = [
  "name",
  "state",
  "portion",
  "area_codes",
  "population",
  "base_monthly_fee",
  "base_setup_fee",
  "full_state_monthly_fee",
  "full_state_setup_fee",
  "minimum_monthly_fee",
  "pound_help_monthly_fee",
  "pound_law_monthly_fee",
  "pound_easy_monthly_fee",
  "pound_ssdi_monthly_fee",
  "minutes_multiplier",
  "sms_multiplier",
  "web_form_lead_multiplier",
  "click_to_call_lead_multiplier",
  "click_to_message_lead_multiplier",
  "status",
] as const;

/** Columns of the keyword CSV. */
export const KEYWORD_CSV_COLUMNS = ["keyword", "multiplier", "description"] as const;

/** One field that an update changes, formatted for people ("$95.00", "1.25", "212; 646"). */
export type FieldChange = { field: string; before: string; after: string };

export type PlannedRow = {
  /** The row's line in the file as a spreadsheet numbers it (the header is row 1). */
  row: number;
  /** The territory's name or the keyword. */
  label: string;
  action: "create" | "update" | "unchanged";
  changes: FieldChange[];
};

/** What a preview or an import answers. */
export type PricingUploadSummary = {
  kind: PricingUploadKind;
  mode: PricingUploadMode;
  /** True when the catalogue was changed (false for a preview or an all-or-nothing file with errors). */
  applied: boolean;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  /** How many rows have errors (the lines below may be cut short). */
  errorCount: number;
  errors: string[];
  /** Creates and updates, in file order (a preview lists what would change). */
  changes: PlannedRow[];
  /** Milliseconds the server spent parsing, checking and writing. */
  elapsedMs: number;
};

/** What the upload answers the page (its action, or the script's POST): the summary, or a refusal. */
export type PricingUploadAnswer = Answer<{ ok: true; summary: PricingUploadSummary }>;

/** The spreadsheet row number of the i-th data row (0-based) of a file whose first line is the header. */
export function csvRowNumber(dataIndex: number): number {
  return dataIndex + 2;
}
