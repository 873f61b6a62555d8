/**
 * Read models of the catalogue, computed once per catalogue change instead of once per request.
 *
 * Every number page, the home map and /all-numbers show every territory with its statuses and prices: three queries
 * and a price quote per territory and category (~60 × ~40) on each render, about half of an uncached number page's
 * cost. The search, the sitemap and the administrators' territory list read the whole catalog the same way. Here
 * each view is computed once and kept, per database, until a write changes what it shows:
 * - a committed write that records a catalog, content or landing-page change (server/domain/changes.ts) drops the
 *   views showing it here too, in this process and, through the shared signal (`server/http/cache-signal.ts`), in
 *   every other process on the same PostgreSQL, whether it ran in a request, a webhook or a job;
 * - {@link READ_MODEL_TTL_MS} bounds what changes with the clock alone.
 * The views are kept only for a database the HTTP app enables ({@link enableReadModels}); elsewhere (domain and route
 * tests, scripts) every call computes afresh. Callers must not mutate what they get: it is shared.
 */
import type { CodePickerPage, NumberContext, SearchResult, TerritoryView } from "#kernel/catalogue.ts";
import type { Database, DbOrTx } from "../../db/client.ts";
import type { Actor } from "../actor.ts";
import { poundCodeCategories } from "../catalogue/categories.ts";
import { codePickerPage } from "../catalogue/code-picker.ts";
import { featuredNumbers, lookupNumber, numberPageContent } from "../catalogue/numbers.ts";
import { searchNumbers } from "../catalogue/search.ts";
import { readSearchIndex } from "../catalogue/search-candidates.ts";
import { findTerritoryBySlug, listTerritories } from "../catalogue/territories.ts";
import {
  listTerritoriesForAdmin,
  readCategorySummaries,
  type TerritoriesAdminQuery,
} from "../catalogue/territories-admin.ts";
import { CHANGE } from "../changes.ts";
import { SITEMAP_LIMITS, type SitemapDocuments, type SitemapLimits, sitemapDocuments } from "../seo/sitemap.ts";

/** How long a view may outlive a write that did not signal (jobs); signalled writes drop it at once. */
export const READ_MODEL_TTL_MS = 15_000;
/** Bound on kept views (number lookups are keyed by the identifier as typed). */
const MAX_ENTRIES = 2_000;

type Source = "catalog" | "content" | "sitemap";
type Entry = { value: Promise<unknown>; expires: number; source: Source };
const stores = new WeakMap<object, Map<string, Entry>>();

/** Keep read models for this database (the HTTP app does, for its own). */
export function enableReadModels(db: DbOrTx): void {
  if (!stores.has(db)) stores.set(db, new Map());
}

/**
 * Drops the views a write changed, by the change keys it recorded (server/domain/changes.ts): a content key drops the
 * content views; the catalog, a number, a territory drop the catalog views; any of those or the landing pages drop
 * the sitemap; anything else (a page's path, the sessions) drops nothing. Per-key precision is not needed here:
 * recomputing a view costs one render.
 */
export function invalidateReadModels(db: DbOrTx, tags: readonly string[]): void {
  const store = stores.get(db);
  if (!store) return;
  const content = tags.some((t) => t.startsWith("content:"));
  const catalogue = tags.some(
    (t) => t === CHANGE.catalog || t.startsWith("catalog:") || t.startsWith("number:") || t.startsWith("territory:"),
  );
  const dropped: Record<Source, boolean> = {
    catalog: catalogue,
    content,
    sitemap: catalogue || content || tags.includes(CHANGE.landingPages),
  };
  for (const [key, entry] of store) {
    if (dropped[entry.source]) store.delete(key);
  }
}

/**
 * Stops keeping views for this database, and drops those kept: its next reader computes afresh, as for a database
 * the HTTP app never enabled (tests hand a database to the next file without the app that enabled it).
 */
export function disableReadModels(db: DbOrTx): void {
  stores.delete(db);
}

/** Drops every view kept for this database (what changed is unknown: the shared signal was lost). */
export function clearReadModels(db: DbOrTx): void {
  stores.get(db)?.clear();
}

/** How many views are kept for this database (tests). */
export function readModelSize(db: DbOrTx): number {
  return stores.get(db)?.size ?? 0;
}

function kept<T>(db: DbOrTx, source: Source, key: string, compute: () => Promise<T>): Promise<T> {
  const store = stores.get(db);
  if (!store) return compute();
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (store.size >= MAX_ENTRIES) store.clear();
  // Stored before it settles, so concurrent requests share one computation, and an invalidation while it runs
  // drops it (the next request computes afresh). A failure is never kept.
  const value = compute();
  const entry: Entry = { value, expires: now + READ_MODEL_TTL_MS, source };
  store.set(key, entry);
  value.catch(() => {
    if (store.get(key) === entry) store.delete(key);
  });
  return value;
}

function contextKey(ctx: NumberContext): string {
  return ctx.kind === "poundcode" ? `poundcode:${ctx.categoryId}` : ctx.kind === "vanity" ? `vanity:${ctx.id}` : "all";
}

/** Every visible territory as a number page shows it ({@link listTerritories}), kept per number. */
export function territoryViews(db: DbOrTx, ctx: NumberContext): Promise<TerritoryView[]> {
  return kept(db, "catalog", `territories:${contextKey(ctx)}`, () => listTerritories(db, { context: ctx }));
}

/**
 * Every visible territory with its overall status and base price: the home map (its popups fetch a territory's
 * numbers when opened) and the all-numbers explorer (a chosen #Code's rows are fetched when it is chosen).
 */
export function overviewTerritories(db: DbOrTx): Promise<TerritoryView[]> {
  return territoryViews(db, { kind: "all" });
}

/** {@link lookupNumber}, kept per identifier as typed; an unknown identifier is never kept. */
export function numberContext(db: DbOrTx, identifier: string): Promise<NumberContext> {
  return kept(db, "catalog", `number:${identifier}`, () => lookupNumber(db, identifier));
}

/** The id of the visible territory a URL slug names ({@link findTerritoryBySlug}), or null; kept per slug. */
export function territoryIdBySlug(db: DbOrTx, slug: string): Promise<string | null> {
  return kept(db, "catalog", `territory-slug:${slug}`, async () => (await findTerritoryBySlug(db, slug))?.id ?? null);
}

/** The #Code picker's first page as an all-numbers page renders it ({@link codePickerPage}), kept. */
export function firstCodePickerPage(db: DbOrTx): Promise<CodePickerPage> {
  return kept(db, "catalog", "code-picker:first", () => codePickerPage(db));
}

/** {@link searchNumbers} over the catalog's categories and vanity numbers as read once and kept. */
export async function searchCatalog(db: DbOrTx, query: string | null | undefined): Promise<SearchResult[]> {
  return searchNumbers(db, query, { index: await kept(db, "catalog", "search-index", () => readSearchIndex(db)) });
}

/** {@link poundCodeCategories}, kept. */
export function poundCodes(db: DbOrTx): ReturnType<typeof poundCodeCategories> {
  return kept(db, "catalog", "pound-codes", () => poundCodeCategories(db));
}

/** {@link featuredNumbers}, kept. */
export function featured(db: DbOrTx): ReturnType<typeof featuredNumbers> {
  return kept(db, "catalog", "featured", () => featuredNumbers(db));
}

/** {@link numberPageContent} (editable site text), kept until a content write. */
export function numberContent(db: DbOrTx): ReturnType<typeof numberPageContent> {
  return kept(db, "content", "number-page-content", () => numberPageContent(db));
}

/**
 * The sitemap's documents ({@link sitemapDocuments}), kept until the catalog, a post, a support topic or a landing
 * page changes: at 50 times the demo catalog, building them was 12 ms of a request against 0.3 ms to compress them.
 */
export function sitemapView(
  db: DbOrTx,
  publicUrl: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<SitemapDocuments> {
  return kept(db, "sitemap", `sitemap:${limits.maxUrls}:${limits.maxBytes}:${publicUrl}`, () =>
    sitemapDocuments(db, publicUrl, limits),
  );
}

/**
 * {@link listTerritoriesForAdmin} with every territory's category summary kept ({@link readCategorySummaries}): the
 * summaries cost the database the same for one page as for all, 45 ms at 50 times the demo catalog, and any
 * category's status change drops them.
 */
export function territoriesForAdmin(
  db: Database,
  actor: Actor,
  query: TerritoriesAdminQuery,
): ReturnType<typeof listTerritoriesForAdmin> {
  return listTerritoriesForAdmin(db, actor, query, () =>
    kept(db, "catalog", "admin:category-summaries", () => readCategorySummaries(db)),
  );
}
