/**
 * The pricing upload, end to end: parse the file, check every row against the catalogue, then either report what
 * would change (a preview) or apply it in one transaction. Two uploads never interleave (an advisory lock), and the
 * plan is recomputed inside the transaction, so what is written matches the catalogue it was checked against.
 *
 * all_or_nothing: a file with any error changes nothing. valid_rows: the rows without errors are applied.
 * Either way, a failure while writing rolls the whole file back.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import {
  PRICING_UPLOAD_TEXT,
  type PricingUploadKind,
  type PricingUploadMode,
  type PricingUploadSummary,
} from "#kernel/schemas/pricing-upload.ts";
import type { Database, DbOrTx } from "#server/db/client.ts";
import { CHANGE, recordChange } from "#server/domain/changes.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { DomainError } from "../errors.ts";
import { type CsvFile, parseCsv } from "./csv.ts";
import { planKeywordImport, readKeywordRecords, writeKeywordPlan } from "./keywords.ts";
import { planTerritoryImport, readTerritoryRecords, writeTerritoryPlan } from "./territories.ts";

export type PricingUploadInput = {
  kind: PricingUploadKind;
  mode: PricingUploadMode;
  /** Preview only: nothing is written. */
  dryRun: boolean;
  fileName: string;
  bytes: Uint8Array;
};

/** How many error lines an answer carries; the count is always complete. */
export const MAX_ERROR_LINES = 200;

type Plan = {
  processed: number;
  errors: string[];
  created: number;
  updated: number;
  unchanged: number;
  rows: PricingUploadSummary["changes"];
  write: (tx: DbOrTx) => Promise<void>;
};

async function plan(db: DbOrTx, kind: PricingUploadKind, file: CsvFile): Promise<Plan> {
  if (kind === "territories") {
    const p = planTerritoryImport(file, await readTerritoryRecords(db));
    return {
      processed: p.processed,
      errors: p.errors,
      created: p.creates.length,
      updated: p.updates.length,
      unchanged: p.unchanged,
      rows: p.rows,
      write: (tx) => writeTerritoryPlan(tx, p),
    };
  }
  const p = planKeywordImport(file, await readKeywordRecords(db));
  return {
    processed: p.processed,
    errors: p.errors,
    created: p.created,
    updated: p.updated,
    unchanged: p.unchanged,
    rows: p.rows,
    write: (tx) => writeKeywordPlan(tx, p),
  };
}

function summarize(input: PricingUploadInput, p: Plan, applied: boolean, started: number): PricingUploadSummary {
  const errors = p.errors.slice(0, MAX_ERROR_LINES);
  if (p.errors.length > MAX_ERROR_LINES) errors.push(`… and ${p.errors.length - MAX_ERROR_LINES} more errors`);
  return {
    kind: input.kind,
    mode: input.mode,
    applied,
    processed: p.processed,
    created: applied || input.dryRun ? p.created : 0,
    updated: applied || input.dryRun ? p.updated : 0,
    unchanged: p.unchanged,
    errorCount: p.errors.length,
    errors,
    changes: p.rows.slice(0, 500),
    elapsedMs: Math.round(performance.now() - started),
  };
}

export async function runPricingUpload(
  db: Database,
  actor: Actor,
  input: PricingUploadInput,
): Promise<PricingUploadSummary> {
  assertAdmin(actor);
  if (input.bytes.byteLength === 0 && input.fileName === "") {
    throw new DomainError({
      code: "no_file",
      status: 400,
      title: PRICING_UPLOAD_TEXT.noFile,
      message: PRICING_UPLOAD_TEXT.noFile,
    });
  }
  const started = performance.now();
  const file = parseCsv(input.bytes);
  if (input.dryRun) return summarize(input, await plan(db, input.kind, file), false, started);
  try {
    return await db.transaction(async (tx) => {
      recordChange(tx, CHANGE.catalog);
      await tx.execute(sqlLock);
      const p = await plan(tx, input.kind, file);
      const blocked = p.errors.length > 0 && input.mode === "all_or_nothing";
      const nothing = p.created + p.updated === 0;
      if (!blocked && !nothing) {
        await p.write(tx);
        await recordAudit(tx, actor, {
          action: "pricing.import",
          entityType: input.kind === "territories" ? "territory" : "special_pricing_keyword",
          entityId: null,
          details: {
            fileName: input.fileName.slice(0, 200),
            mode: input.mode,
            processed: p.processed,
            created: p.created,
            updated: p.updated,
            unchanged: p.unchanged,
            errors: p.errors.length,
          },
        });
      }
      const summary = summarize(input, p, !blocked && !nothing, started);
      if (blocked) summary.errors.unshift(PRICING_UPLOAD_TEXT.nothingApplied(p.errors.length));
      return summary;
    });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const detail = err instanceof Error ? err.message.split("\n")[0] : String(err);
    throw new DomainError({
      code: "csv_write_failed",
      status: 422,
      title: PRICING_UPLOAD_TEXT.processingError,
      message: `${PRICING_UPLOAD_TEXT.processingError}: DB Error - ${detail}. No changes were made.`,
      cause: err,
    });
  }
}

/** One upload at a time, across processes sharing the database. */
const sqlLock = sql`select pg_advisory_xact_lock(hashtext('poundcodes:pricing-upload'))`;
