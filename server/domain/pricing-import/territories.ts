/**
 * The territory CSV: each row names a territory (name + state + portion) and the fee fields to set. A row matched
 * on name, state and portion updates that territory; otherwise it creates one. Only the columns the file carries
 * are touched on an update; a created territory takes the catalogue's defaults for the others (minimum monthly
 * fee $95.00, status available).
 *
 * The write is set-based: one UPDATE … FROM jsonb_to_recordset for every changed territory and one multi-row
 * INSERT for the new ones, in one transaction, so a file is applied whole or not at all.
 */
import { sql } from "drizzle-orm";
import type { TerritoryPortion, TerritoryStatus } from "#kernel/enums.ts";
import { formatCents } from "#kernel/format.ts";
import {
  csvRowNumber,
  type FieldChange,
  type PlannedRow,
  PRICING_UPLOAD_TEXT,
  TERRITORY_CSV_COLUMNS,
} from "#kernel/schemas/pricing-upload.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { territories } from "#server/db/schema/index.ts";
import {
  CellError,
  readAreaCodes,
  readCount,
  readMoney,
  readMultiplier,
  readName,
  readPortion,
  readState,
  readTerritoryStatus,
} from "./cells.ts";
import type { CsvFile } from "./csv.ts";
import { invalidCsv } from "./csv.ts";

type Kind = "money" | "nullableMoney" | "count" | "multiplier" | "codes" | "status";

/** The optional columns: CSV name, database column, how the cell is read, and the default for a new territory. */
const FIELDS = [
  { column: "area_codes", db: "area_codes", pgType: "text[]", kind: "codes", fallback: [] as string[] },
  { column: "population", db: "population", pgType: "integer", kind: "count", fallback: 0 },
  { column: "base_monthly_fee", db: "base_monthly_fee_cents", pgType: "integer", kind: "money", fallback: 0 },
  { column: "base_setup_fee", db: "base_setup_fee_cents", pgType: "integer", kind: "money", fallback: 0 },
  {
    column: "full_state_monthly_fee",
    db: "full_state_monthly_fee_cents",
    pgType: "integer",
    kind: "nullableMoney",
    fallback: null,
  },
  {
    column: "full_state_setup_fee",
    db: "full_state_setup_fee_cents",
    pgType: "integer",
    kind: "nullableMoney",
    fallback: null,
  },
  { column: "minimum_monthly_fee", db: "minimum_monthly_fee_cents", pgType: "integer", kind: "money", fallback: 9500 },
  {
    column: "pound_help_monthly_fee",
    db: "pound_help_monthly_fee_cents",
    pgType: "integer",
    kind: "nullableMoney",
    fallback: null,
  },
  {
    column: "pound_law_monthly_fee",
    db: "pound_law_monthly_fee_cents",
    pgType: "integer",
    kind: "nullableMoney",
    fallback: null,
  },
  {
    column: "pound_easy_monthly_fee",
    db: "pound_easy_monthly_fee_cents",
    pgType: "integer",
    kind: "nullableMoney",
    fallback: null,
  },
  {
    column: "pound_ssdi_monthly_fee",
    db: "pound_ssdi_monthly_fee_cents",
    pgType: "integer",
    kind: "nullableMoney",
    fallback: null,
  },
  { column: "minutes_multiplier", db: "minutes_multiplier", pgType: "numeric", kind: "multiplier", fallback: 1 },
  { column: "sms_multiplier", db: "sms_multiplier", pgType: "numeric", kind: "multiplier", fallback: 1 },
  {
    column: "web_form_lead_multiplier",
    db: "web_form_lead_multiplier",
    pgType: "numeric",
    kind: "multiplier",
    fallback: 1,
  },
  {
    column: "click_to_call_lead_multiplier",
    db: "click_to_call_lead_multiplier",
    pgType: "numeric",
    kind: "multiplier",
    fallback: 1,
  },
  {
    column: "click_to_message_lead_multiplier",
    db: "click_to_message_lead_multiplier",
    pgType: "numeric",
    kind: "multiplier",
    fallback: 1,
  },
  { column: "status", db: "status", pgType: "text", kind: "status", fallback: "available" },
] as const satisfies readonly { column: string; db: string; pgType: string; kind: Kind; fallback: unknown }[];

type Field = (typeof FIELDS)[number];
type Value = string | number | string[] | null;

/** A territory row as the import compares it: identity plus every optional field, keyed by database column. */
export type TerritoryRecord = {
  id: string;
  name: string;
  state: string;
  portion: TerritoryPortion | null;
  slug: string;
  values: Record<string, Value>;
};

/** A valid CSV row: identity plus the fields its cells set (absent = leave as it is / take the default). */
type ParsedRow = {
  row: number;
  name: string;
  state: string;
  portion: TerritoryPortion | null;
  set: Record<string, Value>;
};

function readCell(field: Field, raw: string): Value | undefined {
  switch (field.kind) {
    case "money":
      return raw === "" ? undefined : readMoney(field.column, raw);
    case "nullableMoney":
      return raw === "" ? null : readMoney(field.column, raw);
    case "count":
      return raw === "" ? undefined : readCount(field.column, raw);
    case "multiplier":
      return raw === "" ? undefined : readMultiplier(field.column, raw);
    case "codes":
      return readAreaCodes(field.column, raw);
    case "status":
      return raw === "" ? undefined : (readTerritoryStatus(raw) satisfies TerritoryStatus);
  }
}

const identity = (state: string, portion: TerritoryPortion | null) => `${state}|${portion ?? ""}`;

/** The slug a new territory gets: its name in lower case, words joined by hyphens ("east-texas"). */
export function territorySlugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function display(field: Field, v: Value): string {
  if (v === null) return "—";
  switch (field.kind) {
    case "money":
    case "nullableMoney":
      return formatCents(v as number);
    case "codes":
      return (v as string[]).join("; ") || "—";
    case "count":
      return (v as number).toLocaleString("en-US");
    default:
      return String(v);
  }
}

function same(a: Value, b: Value): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

export type TerritoryPlan = {
  processed: number;
  errors: string[];
  creates: (ParsedRow & { slug: string })[];
  updates: (ParsedRow & { id: string; changes: FieldChange[] })[];
  unchanged: number;
  rows: PlannedRow[];
};

/** Reads the catalogue's territories as the import compares them. */
export async function readTerritoryRecords(db: DbOrTx): Promise<TerritoryRecord[]> {
  const cols = FIELDS.map((f) => sql.raw(`"${f.db}"`));
  const result = await db.execute<Record<string, unknown>>(
    sql`select id, name, state, portion, slug, ${sql.join(cols, sql`, `)} from territories`,
  );
  return result.rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    state: String(r.state),
    portion: (r.portion as TerritoryPortion | null) ?? null,
    slug: String(r.slug),
    values: Object.fromEntries(
      FIELDS.map((f) => {
        const v = r[f.db];
        if (v === null || v === undefined) return [f.db, null];
        if (f.kind === "multiplier") return [f.db, Number(v)];
        if (f.kind === "codes") return [f.db, (v as string[]).slice()];
        return [f.db, v as Value];
      }),
    ),
  }));
}

/** Checks every row against the file's shape, the cell rules and the catalogue, and says what each would do. */
export function planTerritoryImport(file: CsvFile, existing: readonly TerritoryRecord[]): TerritoryPlan {
  if (!file.headers.includes("name") || !file.headers.includes("state")) {
    throw invalidCsv(PRICING_UPLOAD_TEXT.missingTerritoryColumns);
  }
  const present = FIELDS.filter((f) => file.headers.includes(f.column));
  const byIdentity = new Map(existing.map((t) => [identity(t.state, t.portion), t]));
  const bySlug = new Map(existing.map((t) => [t.slug, t]));
  const seen = new Map<string, number>();
  const newSlugs = new Map<string, number>();
  const plan: TerritoryPlan = {
    processed: file.rows.length,
    errors: [],
    creates: [],
    updates: [],
    unchanged: 0,
    rows: [],
  };

  for (const csvRow of file.rows) {
    const row = csvRowNumber(csvRow.index);
    const rawName = csvRow.cells.name ?? "";
    const rawState = csvRow.cells.state ?? "";
    if (rawName === "" || rawState === "") {
      plan.errors.push(PRICING_UPLOAD_TEXT.missingTerritoryFields(row));
      continue;
    }
    const label = rawName.replace(/\s+/g, " ").slice(0, 60);
    const fail = (kind: "Invalid data" | "Insert error" | "Update error", message: string) =>
      plan.errors.push(PRICING_UPLOAD_TEXT.rowError(row, label, kind, message));
    if (csvRow.shapeError) {
      fail("Invalid data", csvRow.shapeError);
      continue;
    }
    let parsed: ParsedRow;
    try {
      const name = readName("name", rawName, 80);
      const state = readState(rawState);
      const portion = readPortion(csvRow.cells.portion ?? "");
      const set: Record<string, Value> = {};
      for (const f of present) {
        const v = readCell(f, csvRow.cells[f.column] ?? "");
        if (v !== undefined) set[f.db] = v;
      }
      parsed = { row, name, state, portion, set };
    } catch (err) {
      if (err instanceof CellError) {
        fail("Invalid data", err.message);
        continue;
      }
      throw err;
    }
    const key = identity(parsed.state, parsed.portion);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fail("Invalid data", `the same territory is already on row ${earlier}; each territory may appear once per file`);
      continue;
    }
    seen.set(key, row);
    const match = byIdentity.get(key);
    if (match && match.name.toLowerCase() !== parsed.name.toLowerCase()) {
      fail(
        "Update error",
        `${parsed.state}${parsed.portion ? ` (${parsed.portion})` : ""} is already in the catalog as “${match.name}”; use that name to update it`,
      );
      continue;
    }
    if (match) {
      const changes: FieldChange[] = [];
      for (const f of present) {
        if (!(f.db in parsed.set)) continue;
        const after = parsed.set[f.db] as Value;
        const before = match.values[f.db] as Value;
        if (!same(before, after))
          changes.push({ field: f.column, before: display(f, before), after: display(f, after) });
      }
      if (changes.length === 0) plan.unchanged++;
      else {
        plan.updates.push({ ...parsed, id: match.id, changes });
        plan.rows.push({ row, label: parsed.name, action: "update", changes });
      }
      continue;
    }
    const slug = territorySlugOf(parsed.name);
    const taken = bySlug.get(slug);
    const takenInFile = newSlugs.get(slug);
    if (!slug || taken || takenInFile !== undefined) {
      fail(
        "Insert error",
        taken
          ? `its page address “${slug}” is already used by “${taken.name}”; give the territory a distinct name`
          : `its page address “${slug}” is already used by row ${takenInFile}`,
      );
      continue;
    }
    newSlugs.set(slug, row);
    const changes = FIELDS.filter((f) => f.db in parsed.set).map((f) => ({
      field: f.column,
      before: "",
      after: display(f, parsed.set[f.db] as Value),
    }));
    plan.creates.push({ ...parsed, slug });
    plan.rows.push({ row, label: parsed.name, action: "create", changes });
  }
  return plan;
}

/** Applies a plan's updates and creates: two statements whatever the file's size. */
export async function writeTerritoryPlan(tx: DbOrTx, plan: TerritoryPlan): Promise<void> {
  if (plan.updates.length > 0) {
    const touched = FIELDS.filter((f) => plan.updates.some((u) => f.db in u.set));
    const records = plan.updates.map((u) => ({ id: u.id, ...u.set }));
    // A cell left empty in a not-null column keeps the territory's value; in a nullable column it clears it.
    const sets = touched.map((f) =>
      f.kind === "nullableMoney" || f.kind === "codes"
        ? sql.raw(`"${f.db}" = case when v ? '${f.db}' then r."${f.db}" else t."${f.db}" end`)
        : sql.raw(`"${f.db}" = coalesce(r."${f.db}", t."${f.db}")`),
    );
    const defs = touched.map((f) => sql.raw(`"${f.db}" ${f.pgType}`));
    await tx.execute(sql`
      update territories t set ${sql.join(sets, sql`, `)}, updated_at = now()
      from jsonb_array_elements(${JSON.stringify(records)}::jsonb) as v,
           lateral jsonb_to_record(v) as r(id uuid, ${sql.join(defs, sql`, `)})
      where t.id = r.id`);
  }
  for (let i = 0; i < plan.creates.length; i += 1000) {
    const chunk = plan.creates.slice(i, i + 1000);
    await tx.insert(territories).values(
      chunk.map((c) => {
        const value = (f: Field) => (f.db in c.set ? c.set[f.db] : f.fallback);
        return {
          name: c.name,
          state: c.state,
          portion: c.portion,
          slug: c.slug,
          areaCodes: value(FIELDS[0]) as string[],
          population: value(FIELDS[1]) as number,
          baseMonthlyFeeCents: value(FIELDS[2]) as number,
          baseSetupFeeCents: value(FIELDS[3]) as number,
          fullStateMonthlyFeeCents: value(FIELDS[4]) as number | null,
          fullStateSetupFeeCents: value(FIELDS[5]) as number | null,
          minimumMonthlyFeeCents: value(FIELDS[6]) as number,
          poundHelpMonthlyFeeCents: value(FIELDS[7]) as number | null,
          poundLawMonthlyFeeCents: value(FIELDS[8]) as number | null,
          poundEasyMonthlyFeeCents: value(FIELDS[9]) as number | null,
          poundSsdiMonthlyFeeCents: value(FIELDS[10]) as number | null,
          minutesMultiplier: value(FIELDS[11]) as number,
          smsMultiplier: value(FIELDS[12]) as number,
          webFormLeadMultiplier: value(FIELDS[13]) as number,
          clickToCallLeadMultiplier: value(FIELDS[14]) as number,
          clickToMessageLeadMultiplier: value(FIELDS[15]) as number,
          status: value(FIELDS[16]) as TerritoryStatus,
        };
      }),
    );
  }
}

/** For tests and the bench: the columns a complete territory CSV carries, in order. */
export const TERRITORY_COLUMNS = TERRITORY_CSV_COLUMNS;
