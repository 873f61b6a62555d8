/**
 * The keyword CSV: `keyword` and `multiplier` required, `description` optional. A row is matched on keyword_text
 * (keywords are stored in lower case, as the search compares them) and updates it; otherwise it creates one.
 * One INSERT … ON CONFLICT (keyword_text) DO UPDATE per thousand rows, inside the caller's transaction.
 */
import { sql } from "drizzle-orm";
import {
  csvRowNumber,
  type FieldChange,
  type PlannedRow,
  PRICING_UPLOAD_TEXT,
} from "#kernel/schemas/pricing-upload.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { specialPricingKeywords } from "#server/db/schema/index.ts";
import { CellError, readMultiplier, readText } from "./cells.ts";
import { type CsvFile, invalidCsv } from "./csv.ts";

export type KeywordRecord = { keywordText: string; multiplier: number; description: string | null };

type KeywordRow = { row: number; keywordText: string; multiplier: number; description: string | null | undefined };

export type KeywordPlan = {
  processed: number;
  errors: string[];
  writes: KeywordRow[];
  created: number;
  updated: number;
  unchanged: number;
  rows: PlannedRow[];
};

export async function readKeywordRecords(db: DbOrTx): Promise<KeywordRecord[]> {
  const rows = await db
    .select({
      keywordText: specialPricingKeywords.keywordText,
      multiplier: specialPricingKeywords.multiplier,
      description: specialPricingKeywords.description,
    })
    .from(specialPricingKeywords);
  return rows.map((r) => ({ ...r, multiplier: Number(r.multiplier) }));
}

const KEYWORD = /^[\p{L}\p{N}][\p{L}\p{N} '&-]*$/u;

export function planKeywordImport(file: CsvFile, existing: readonly KeywordRecord[]): KeywordPlan {
  if (!file.headers.includes("keyword") || !file.headers.includes("multiplier")) {
    throw invalidCsv(PRICING_UPLOAD_TEXT.missingKeywordColumns);
  }
  const hasDescription = file.headers.includes("description");
  const byText = new Map(existing.map((k) => [k.keywordText, k]));
  const seen = new Map<string, number>();
  const plan: KeywordPlan = {
    processed: file.rows.length,
    errors: [],
    writes: [],
    created: 0,
    updated: 0,
    unchanged: 0,
    rows: [],
  };
  for (const csvRow of file.rows) {
    const row = csvRowNumber(csvRow.index);
    const rawKeyword = csvRow.cells.keyword ?? "";
    const rawMultiplier = csvRow.cells.multiplier ?? "";
    if (rawKeyword === "" || rawMultiplier === "") {
      plan.errors.push(PRICING_UPLOAD_TEXT.missingKeywordFields(row));
      continue;
    }
    const label = rawKeyword.replace(/\s+/g, " ").slice(0, 60);
    const fail = (message: string) =>
      plan.errors.push(PRICING_UPLOAD_TEXT.rowError(row, label, "Invalid data", message));
    if (csvRow.shapeError) {
      fail(csvRow.shapeError);
      continue;
    }
    let parsed: KeywordRow;
    try {
      const keywordText = rawKeyword.trim().replace(/\s+/g, " ").toLowerCase();
      if (keywordText.length > 60 || !KEYWORD.test(keywordText)) {
        throw new CellError("keyword must start with a letter or digit and hold only letters, digits, spaces, ' & -");
      }
      const multiplier = readMultiplier("multiplier", rawMultiplier);
      const rawDescription = csvRow.cells.description ?? "";
      const description = hasDescription
        ? rawDescription === ""
          ? null
          : readText("description", rawDescription, 300)
        : undefined;
      parsed = { row, keywordText, multiplier, description };
    } catch (err) {
      if (err instanceof CellError) {
        fail(err.message);
        continue;
      }
      throw err;
    }
    const earlier = seen.get(parsed.keywordText);
    if (earlier !== undefined) {
      fail(`the same keyword is already on row ${earlier}; each keyword may appear once per file`);
      continue;
    }
    seen.set(parsed.keywordText, row);
    const match = byText.get(parsed.keywordText);
    const changes: FieldChange[] = [];
    if (!match || match.multiplier !== parsed.multiplier) {
      changes.push({
        field: "multiplier",
        before: match ? String(match.multiplier) : "",
        after: String(parsed.multiplier),
      });
    }
    if (parsed.description !== undefined && (!match || match.description !== parsed.description)) {
      changes.push({ field: "description", before: match?.description ?? "", after: parsed.description ?? "—" });
    }
    if (match && changes.length === 0) {
      plan.unchanged++;
      continue;
    }
    plan.writes.push(parsed);
    if (match) plan.updated++;
    else plan.created++;
    plan.rows.push({ row, label: parsed.keywordText, action: match ? "update" : "create", changes });
  }
  return plan;
}

export async function writeKeywordPlan(tx: DbOrTx, plan: KeywordPlan): Promise<void> {
  for (let i = 0; i < plan.writes.length; i += 1000) {
    const chunk = plan.writes.slice(i, i + 1000);
    await tx
      .insert(specialPricingKeywords)
      .values(
        chunk.map((w) => ({
          keywordText: w.keywordText,
          multiplier: w.multiplier,
          description: w.description ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: specialPricingKeywords.keywordText,
        set: {
          multiplier: sql`excluded.multiplier`,
          // A file without a description column leaves descriptions as they are.
          ...(chunk.some((w) => w.description !== undefined) ? { description: sql`excluded.description` } : {}),
          updatedAt: sql`now()`,
        },
      });
  }
}
