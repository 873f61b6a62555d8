/**
 * Territories as the administrator manages them (spec 2 §2, §3, §4): the list joined with its categories and
 * ordered by state, Hide/Show by the spec's toggle rule, every fee field, a price preview from the pricing engine,
 * and each category's status in the territory. Every verb is admin-only, runs in one transaction with its audit
 * row (before/after of what changed), and category statuses are written only through the availability module.
 */
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  LICENSE_HOLDING_STATUSES,
  type TerritoryCategoryStatus,
  type TerritoryPortion,
  type TerritoryStatus,
} from "#kernel/enums.ts";
import { isUuid } from "#kernel/ids.ts";
import type { ListQuery, SortDirection } from "#kernel/list-query.ts";
import {
  CATEGORY_STATUS_LABELS,
  type CategorySummary,
  HELD_NAMED_ON_ROW,
  type PreviewRow,
  TERRITORY_ADMIN_TEXT,
  TERRITORY_FEE_FIELDS,
  type TerritoryFeeName,
  type TerritoryFeesInput,
  type TerritoryPricePreview,
  toggledTerritoryStatus,
} from "#kernel/schemas/territories-admin.ts";
import type { Database, DbOrTx } from "#server/db/client.ts";
import { builtOncePerShape } from "#server/db/prepared.ts";
import {
  categories,
  reservations,
  territories,
  territoryCategories,
  territoryLicenses,
} from "#server/db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { lockPair, pairAvailability, setPairStatus } from "../availability/availability.ts";
import { recordChange, territoryChanged } from "../changes.ts";
import { DomainError, NotFoundError, ValidationError } from "../errors.ts";
import { type ListSqlOptions, listSql, orderFor, type Page, pageOf, totalCount } from "../lists/list-sql.ts";
import { breakdownLines, type PricingCategory, type PricingTerritory, quotePrice } from "../pricing/pricing.ts";
import { CellError, readMoney, readMultiplier } from "../pricing-import/cells.ts";

export class TerritoryNotFoundError extends NotFoundError {
  override name = "TerritoryNotFoundError";
  constructor(title: string) {
    super("territory_not_found", title, TERRITORY_ADMIN_TEXT.notFound);
  }
}

/** A category status change that would contradict an active licence or hold: 409, nothing written. */
export class PairHeldError extends DomainError {
  override name = "PairHeldError";
  constructor(message: string) {
    super({ code: "pair_held", status: 409, title: TERRITORY_ADMIN_TEXT.errorUpdatingStatus, message });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The list

export type TerritoriesAdminQuery = ListQuery<"state" | "name" | "status", { status?: TerritoryStatus }>;

export type TerritoryAdminRow = {
  id: string;
  name: string;
  state: string;
  portion: TerritoryPortion | null;
  status: TerritoryStatus;
  baseMonthlyFeeCents: number;
  /** Its categories as its row shows them: the first held ones by name, the rest counted. */
  categories: CategorySummary;
};

/** The list's sort keys, searched columns and tie-breaker (listSql). */
const TERRITORY_LIST = {
  sorts: {
    state: { by: territories.state, ties: [sql`${territories.portion} asc nulls first`, asc(territories.name)] },
    name: territories.name,
    status: { by: territories.status, ties: [asc(territories.state)] },
  },
  search: [territories.name, territories.state, territories.slug],
  tiebreak: territories.id,
} satisfies ListSqlOptions<TerritoriesAdminQuery["sort"]>;

/** The page's select: the territories' own columns and the list's total, with the status, limit and offset. */
function territoriesPageSelect(db: DbOrTx, where: SQL | undefined, orderBy: SQL[]) {
  return db
    .select({
      id: territories.id,
      name: territories.name,
      state: territories.state,
      portion: territories.portion,
      status: territories.status,
      baseMonthlyFeeCents: territories.baseMonthlyFeeCents,
      total: totalCount(),
    })
    .from(territories)
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
}

type PageShape = { sort: TerritoriesAdminQuery["sort"]; dir: SortDirection; byStatus: boolean };

/**
 * The list as an administrator opens, sorts, filters and pages it, without a search: one statement per sort,
 * direction and filter, built once per database, with the status, limit and offset as placeholders.
 */
const unsearchedPage = builtOncePerShape(
  (s: PageShape) => `${s.sort}_${s.dir}_${s.byStatus ? "status" : "all"}`,
  (db, s, key) =>
    territoriesPageSelect(
      db,
      s.byStatus ? eq(territories.status, sql.placeholder("status")) : undefined,
      orderFor(TERRITORY_LIST.sorts[s.sort], s.dir, TERRITORY_LIST.tiebreak),
    )
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(`territories_admin_${key}`),
);

/** Every territory's categories as its row sums them up, by territory id; a territory without any has none. */
export type CategorySummaries = ReadonlyMap<string, CategorySummary>;

const NO_CATEGORIES: CategorySummary = { held: [], moreHeld: 0, available: 0 };

/**
 * Every territory's {@link CategorySummary} in two statements: the statuses counted, and the first
 * {@link HELD_NAMED_ON_ROW} held categories of each by name. Read for all territories at once, to be kept by the
 * read models: at 50 times the demo catalog (510 #Codes in each of 59 territories) the same figures read per row
 * of a page, three sub-selects a row, took 30 ms of the database for every page of 25, and 45 ms here for all.
 */
export async function readCategorySummaries(db: DbOrTx): Promise<CategorySummaries> {
  const counts = await db
    .select({
      territoryId: territoryCategories.territoryId,
      status: territoryCategories.status,
      count: sql<number>`count(*)::int`,
    })
    .from(territoryCategories)
    .groupBy(territoryCategories.territoryId, territoryCategories.status);
  const ranked = db
    .select({
      territoryId: territoryCategories.territoryId,
      status: territoryCategories.status,
      name: categories.name,
      rank: sql<number>`row_number() over (partition by ${territoryCategories.territoryId}
        order by ${categories.name} collate "C", ${categories.id})`.as("rank"),
    })
    .from(territoryCategories)
    .innerJoin(categories, eq(categories.id, territoryCategories.categoryId))
    .where(sql`${territoryCategories.status} <> 'available'`)
    .as("ranked");
  const named = await db
    .select({ territoryId: ranked.territoryId, status: ranked.status, name: ranked.name })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${HELD_NAMED_ON_ROW}`)
    .orderBy(ranked.territoryId, ranked.rank);
  const summaries = new Map<string, CategorySummary>();
  const summaryOf = (id: string) => {
    const summary = summaries.get(id) ?? { ...NO_CATEGORIES, held: [] };
    summaries.set(id, summary);
    return summary;
  };
  for (const c of counts) {
    const summary = summaryOf(c.territoryId);
    if (c.status === "available") summary.available += c.count;
    else summary.moreHeld += c.count;
  }
  for (const n of named) {
    const summary = summaryOf(n.territoryId);
    summary.held.push({ name: n.name, status: n.status as Exclude<TerritoryCategoryStatus, "available"> });
    summary.moreHeld -= 1;
  }
  return summaries;
}

/**
 * One page of territories, ordered by state (then portion and name) unless the query sorts otherwise, each with its
 * categories summed up: from `summaries` when given (the read models keep them), else read here.
 */
export async function listTerritoriesForAdmin(
  db: Database,
  actor: Actor,
  query: TerritoriesAdminQuery,
  summaries: () => Promise<CategorySummaries> = () => readCategorySummaries(db),
): Promise<Page<TerritoryAdminRow>> {
  assertAdmin(actor);
  const list = listSql(query, TERRITORY_LIST);
  const status = query.filters.status;
  const where = and(list.search, status ? eq(territories.status, status) : undefined);
  const rows = list.search
    ? await territoriesPageSelect(db, where, list.orderBy).limit(list.limit).offset(list.offset)
    : await unsearchedPage(db, { sort: query.sort, dir: query.dir, byStatus: status !== undefined }).execute({
        status,
        limit: list.limit,
        offset: list.offset,
      });
  const page = await pageOf(rows, list, () => db.$count(territories, where));
  const byTerritory = page.rows.length ? await summaries() : new Map<string, CategorySummary>();
  return {
    total: page.total,
    rows: page.rows.map((r) => ({ ...r, categories: byTerritory.get(r.id) ?? NO_CATEGORIES })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Hide / Show

/** The spec's toggle (2 §4): a shown territory → inactive (Hide), a hidden one → active (Show). Audited. */
export async function toggleTerritoryVisibility(
  db: Database,
  actor: Actor,
  input: { territoryId: string },
): Promise<{ name: string; status: TerritoryStatus }> {
  assertAdmin(actor);
  if (!isUuid(input.territoryId)) throw new TerritoryNotFoundError(TERRITORY_ADMIN_TEXT.errorUpdatingStatus);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: territories.name, slug: territories.slug, status: territories.status })
      .from(territories)
      .where(eq(territories.id, input.territoryId))
      .for("update");
    if (!row) throw new TerritoryNotFoundError(TERRITORY_ADMIN_TEXT.errorUpdatingStatus);
    recordChange(tx, territoryChanged(row.slug));
    const status = toggledTerritoryStatus(row.status);
    await tx.update(territories).set({ status }).where(eq(territories.id, input.territoryId));
    await recordAudit(tx, actor, {
      action: "territory.toggle",
      entityType: "territory",
      entityId: input.territoryId,
      details: { before: { status: row.status }, after: { status } },
    });
    return { name: row.name, status };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// One territory

/** The stored fee columns, one per form field. */
const FEE_COLUMNS = {
  baseMonthlyFee: "baseMonthlyFeeCents",
  baseSetupFee: "baseSetupFeeCents",
  fullStateMonthlyFee: "fullStateMonthlyFeeCents",
  fullStateSetupFee: "fullStateSetupFeeCents",
  minimumMonthlyFee: "minimumMonthlyFeeCents",
  poundHelpMonthlyFee: "poundHelpMonthlyFeeCents",
  poundLawMonthlyFee: "poundLawMonthlyFeeCents",
  poundEasyMonthlyFee: "poundEasyMonthlyFeeCents",
  poundSsdiMonthlyFee: "poundSsdiMonthlyFeeCents",
  minutesMultiplier: "minutesMultiplier",
  smsMultiplier: "smsMultiplier",
  webFormLeadMultiplier: "webFormLeadMultiplier",
  clickToCallLeadMultiplier: "clickToCallLeadMultiplier",
  clickToMessageLeadMultiplier: "clickToMessageLeadMultiplier",
} as const satisfies Record<TerritoryFeeName, keyof typeof territories.$inferSelect>;

type FeeColumn = (typeof FEE_COLUMNS)[TerritoryFeeName];
/** A territory's fees as stored: cents (null = not set) and multipliers. */
export type TerritoryFees = {
  baseMonthlyFeeCents: number;
  baseSetupFeeCents: number;
  fullStateMonthlyFeeCents: number | null;
  fullStateSetupFeeCents: number | null;
  minimumMonthlyFeeCents: number;
  poundHelpMonthlyFeeCents: number | null;
  poundLawMonthlyFeeCents: number | null;
  poundEasyMonthlyFeeCents: number | null;
  poundSsdiMonthlyFeeCents: number | null;
  minutesMultiplier: number;
  smsMultiplier: number;
  webFormLeadMultiplier: number;
  clickToCallLeadMultiplier: number;
  clickToMessageLeadMultiplier: number;
};

const feeSelection = Object.fromEntries(Object.values(FEE_COLUMNS).map((c) => [c, territories[c as FeeColumn]])) as {
  [K in FeeColumn]: (typeof territories)[K];
};

/**
 * The typed fees as stored values: money through the pricing upload's `readMoney` (dollars → integer cents),
 * multipliers through `readMultiplier`. Every field's problem is reported at once; nothing is guessed.
 */
export function parseTerritoryFees(input: TerritoryFeesInput): TerritoryFees {
  const out: Record<string, number | null> = {};
  const fieldErrors: Record<string, string[]> = {};
  for (const f of TERRITORY_FEE_FIELDS) {
    const raw = (input[f.name] ?? "").trim();
    const column = FEE_COLUMNS[f.name];
    if (raw === "") {
      if (f.optional) out[column] = null;
      else if (f.blankMeans !== undefined) out[column] = readMoney(f.label, f.blankMeans);
      else fieldErrors[f.name] = [`${f.label} is required.`];
      continue;
    }
    try {
      out[column] = f.kind === "money" ? readMoney(f.label, raw) : readMultiplier(f.label, raw);
    } catch (err) {
      if (!(err instanceof CellError)) throw err;
      fieldErrors[f.name] = [`${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`];
    }
  }
  if (Object.keys(fieldErrors).length) throw new ValidationError(fieldErrors, TERRITORY_ADMIN_TEXT.errorUpdatingFees);
  return out as TerritoryFees;
}

export type TerritoryCategoryAdmin = {
  categoryId: string;
  name: string;
  kind: "poundcode" | "keyword_group";
  status: TerritoryCategoryStatus;
  /** What holds it besides its status row: an active licence or an active reservation. */
  heldBy: "license" | "reservation" | null;
};

export type TerritoryAdminDetail = {
  id: string;
  name: string;
  state: string;
  portion: TerritoryPortion | null;
  slug: string;
  status: TerritoryStatus;
  population: number;
  fees: TerritoryFees;
  categories: TerritoryCategoryAdmin[];
  preview: TerritoryPricePreview;
};

async function categoryRows(db: DbOrTx) {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      categoryType: categories.categoryType,
      feePercentageOfBase: categories.feePercentageOfBase,
      keywordBaseMultiplier: categories.keywordBaseMultiplier,
    })
    .from(categories)
    .orderBy(asc(categories.categoryType), sql`${categories.name} collate "C"`, asc(categories.id));
  return rows;
}

/** One territory with its fees, every category's status in it and the prices those fees give. */
export async function getTerritoryForAdmin(
  db: Database,
  actor: Actor,
  territoryId: string,
): Promise<TerritoryAdminDetail> {
  assertAdmin(actor);
  if (!isUuid(territoryId)) throw new TerritoryNotFoundError("Territory Not Found");
  const [t] = await db
    .select({
      id: territories.id,
      name: territories.name,
      state: territories.state,
      portion: territories.portion,
      slug: territories.slug,
      status: territories.status,
      population: territories.population,
      ...feeSelection,
    })
    .from(territories)
    .where(eq(territories.id, territoryId));
  if (!t) throw new TerritoryNotFoundError("Territory Not Found");
  const cats = await categoryRows(db);
  const statuses = await db
    .select({ categoryId: territoryCategories.categoryId, status: territoryCategories.status })
    .from(territoryCategories)
    .where(eq(territoryCategories.territoryId, territoryId));
  const licensed = await db
    .select({ categoryId: territoryLicenses.categoryId })
    .from(territoryLicenses)
    .where(
      and(
        eq(territoryLicenses.territoryId, territoryId),
        inArray(territoryLicenses.status, [...LICENSE_HOLDING_STATUSES]),
      ),
    );
  const reserved = await db
    .select({ categoryId: reservations.categoryId })
    .from(reservations)
    .where(and(eq(reservations.territoryId, territoryId), eq(reservations.status, "active")));
  const heldBy = new Map<string, "license" | "reservation">();
  for (const r of reserved) if (r.categoryId) heldBy.set(r.categoryId, "reservation");
  for (const r of licensed) if (r.categoryId) heldBy.set(r.categoryId, "license");
  const statusOf = new Map(statuses.map((s) => [s.categoryId, s.status]));
  const { id, name, state, portion, slug, status, population, ...feeCols } = t;
  const fees = feeCols as TerritoryFees;
  return {
    id,
    name,
    state,
    portion,
    slug,
    status,
    population,
    fees,
    categories: cats.map((c) => ({
      categoryId: c.id,
      name: c.name,
      kind: c.categoryType === "standard" ? "poundcode" : "keyword_group",
      status: statusOf.get(c.id) ?? "available",
      heldBy: heldBy.get(c.id) ?? null,
    })),
    preview: pricePreview(fees, cats),
  };
}

/** Saves every fee field; only changed columns are written, and the audit row carries their before and after. */
export async function saveTerritoryFees(
  db: Database,
  actor: Actor,
  input: { territoryId: string } & TerritoryFeesInput,
): Promise<{ name: string; changed: string[] }> {
  assertAdmin(actor);
  const fees = parseTerritoryFees(input);
  if (!isUuid(input.territoryId)) throw new TerritoryNotFoundError(TERRITORY_ADMIN_TEXT.errorUpdatingFees);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: territories.name, slug: territories.slug, ...feeSelection })
      .from(territories)
      .where(eq(territories.id, input.territoryId))
      .for("update");
    if (!row) throw new TerritoryNotFoundError(TERRITORY_ADMIN_TEXT.errorUpdatingFees);
    recordChange(tx, territoryChanged(row.slug));
    const before: Record<string, number | null> = {};
    const after: Record<string, number | null> = {};
    for (const column of Object.values(FEE_COLUMNS)) {
      if (row[column] !== fees[column]) {
        before[column] = row[column];
        after[column] = fees[column];
      }
    }
    const changed = Object.keys(after);
    if (!changed.length) return { name: row.name, changed };
    await tx
      .update(territories)
      .set(after as Partial<TerritoryFees>)
      .where(eq(territories.id, input.territoryId));
    await recordAudit(tx, actor, {
      action: "territory.update",
      entityType: "territory",
      entityId: input.territoryId,
      details: { before, after },
    });
    return { name: row.name, changed };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Price preview

type CategoryRow = Awaited<ReturnType<typeof categoryRows>>[number];

/** A preview row's categories: up to three by name, then how many more. */
function namesOf(names: readonly string[]): string {
  return names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
}

function pricePreview(fees: TerritoryFees, cats: CategoryRow[]): TerritoryPricePreview {
  const territory: PricingTerritory = fees;
  const alone = quotePrice({ territory });
  const fullState = quotePrice({ territory, scope: "full_state" });
  const basisOf = (q: ReturnType<typeof quotePrice>) =>
    breakdownLines(q)
      .filter((l) => l.kind === "monthly" || l.kind === "adjustment")
      .map((l) => l.label)
      .join(" · ");
  const rows: PreviewRow[] = [
    { key: "territory", label: "Territory", finalMonthlyCents: alone.finalMonthlyCents, basis: basisOf(alone) },
    {
      key: "full_state",
      label: "Full state",
      finalMonthlyCents: fullState.finalMonthlyCents,
      basis: basisOf(fullState),
    },
  ];
  // Categories priced alike (the same figure, made the same way) share a row: with five hundred #Codes most are the
  // base fee, and the preview, answered on every edit, stays a few rows long.
  const alike = new Map<string, { ids: string[]; names: string[]; cents: number; basis: string; rule: string }>();
  for (const c of cats) {
    const category: PricingCategory = {
      slug: c.slug,
      name: c.name,
      categoryType: c.categoryType,
      feePercentageOfBase: c.feePercentageOfBase,
      keywordBaseMultiplier: c.keywordBaseMultiplier,
    };
    const q = quotePrice({ territory, category });
    const basis = basisOf(q);
    // The rule without the category's own name ("Category adjustment (#4LAW 100%)" → "… (100%)").
    const rule = basis.split(`${c.name} `).join("");
    const key = `${q.finalMonthlyCents}\n${rule}`;
    const group = alike.get(key) ?? { ids: [], names: [], cents: q.finalMonthlyCents, basis, rule };
    group.ids.push(c.id);
    group.names.push(c.name);
    alike.set(key, group);
  }
  for (const g of alike.values()) {
    const basis = g.names.length === 1 ? g.basis : g.rule;
    rows.push({ key: g.ids[0]!, label: namesOf(g.names), finalMonthlyCents: g.cents, basis });
  }
  return {
    rows,
    setupCents: alone.setupCents,
    fullStateSetupCents: fullState.setupCents,
    perMinuteCents: alone.perMinuteCents,
    perSmsCents: alone.perSmsCents,
    perWebFormLeadCents: alone.perWebFormLeadCents,
  };
}

/** The prices the typed (unsaved) fees would give, from the same engine the public pages use. Writes nothing. */
export async function previewTerritoryPrices(
  db: Database,
  actor: Actor,
  input: TerritoryFeesInput,
): Promise<TerritoryPricePreview> {
  assertAdmin(actor);
  const fees = parseTerritoryFees(input);
  return pricePreview(fees, await categoryRows(db));
}

// ---------------------------------------------------------------------------------------------------------------
// A category's status in the territory

/**
 * Sets one category's status in one territory through the availability module. The status row summarises the
 * facts, so a change that contradicts them is refused: a pair with an active licence stays licensed, a pair with
 * an active reservation stays in negotiations (409, nothing written). Audited with before and after.
 */
export async function setTerritoryCategoryStatus(
  db: Database,
  actor: Actor,
  input: { territoryId: string; categoryId: string; status: TerritoryCategoryStatus },
): Promise<{ territory: string; category: string; status: TerritoryCategoryStatus; changed: boolean }> {
  assertAdmin(actor);
  const title = TERRITORY_ADMIN_TEXT.errorUpdatingStatus;
  if (!isUuid(input.territoryId)) throw new TerritoryNotFoundError(title);
  if (!isUuid(input.categoryId))
    throw new NotFoundError("category_not_found", title, TERRITORY_ADMIN_TEXT.categoryNotFound);
  return db.transaction(async (tx) => {
    const [t] = await tx
      .select({ name: territories.name })
      .from(territories)
      .where(eq(territories.id, input.territoryId));
    if (!t) throw new TerritoryNotFoundError(title);
    const [c] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, input.categoryId));
    if (!c) throw new NotFoundError("category_not_found", title, TERRITORY_ADMIN_TEXT.categoryNotFound);
    const pair = { territoryId: input.territoryId, categoryId: input.categoryId };
    const locked = await lockPair(tx, pair);
    const availability = await pairAvailability(tx, pair, { status: locked.status });
    const label = CATEGORY_STATUS_LABELS[input.status];
    if (!availability.free && availability.heldBy === "license" && input.status !== "licensed") {
      throw new PairHeldError(TERRITORY_ADMIN_TEXT.heldByLicence(c.name, t.name, label));
    }
    if (!availability.free && availability.heldBy === "reservation" && input.status !== "negotiations") {
      throw new PairHeldError(TERRITORY_ADMIN_TEXT.heldByReservation(c.name, t.name, label));
    }
    const changed = locked.status !== input.status;
    if (changed) {
      await setPairStatus(tx, pair, input.status);
      await recordAudit(tx, actor, {
        action: "territory_category.status",
        entityType: "territory",
        entityId: input.territoryId,
        details: {
          categoryId: input.categoryId,
          category: c.name,
          before: { status: locked.status },
          after: { status: input.status },
        },
      });
    }
    return { territory: t.name, category: c.name, status: input.status, changed };
  });
}
