/**
 * The #Code picker of the all-numbers explorer: a page of #Codes at a time, narrowed by name on the server, each
 * with its status in the territory the visitor selected. The explorer never holds the whole catalog: at 500 #Codes
 * the page listed 500 cards and carried 30,000 territory × #Code statuses.
 *
 * Matching is on the #Code's name or slug, case-insensitive, anywhere in it ("law", "#4L", "hash-4law"); wildcards
 * typed by the visitor match themselves. Order: name by code point, the same on every database collation.
 */
import { and, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { type CodePickerPage, territorySlugFromName } from "#kernel/catalogue.ts";
import { statusForCategory } from "#kernel/territory-status.ts";
import type { DbOrTx } from "../../db/client.ts";
import { categories, territoryCategories } from "../../db/schema/index.ts";
import { normalizeSearchQuery } from "./search-query.ts";
import { findTerritoryBySlug, TERRITORY_SLUG_RE } from "./territories.ts";

/** #Codes per page: two rows of four on a wide screen, four rows of two on a phone. */
export const CODE_PICKER_PAGE_SIZE = 8;

/** Pages past this are not asked for by the picker; a larger number in a URL is read as this one. */
const MAX_PAGE = 10_000;

export type CodePickerInput = {
  q?: string | null;
  /** 1-based; past the last page reads as the last page. */
  page?: number | null;
  /** The territory whose statuses the cards show (a URL slug); unknown or hidden reads as none. */
  territory?: string | null;
  /** Only the #Codes available in `territory` (ignored without one). */
  onlyAvailable?: boolean;
};

/** LIKE's own characters typed by a visitor match themselves. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of #Codes for the picker. Three queries (two without a territory). */
export async function codePickerPage(db: DbOrTx, input: CodePickerInput = {}): Promise<CodePickerPage> {
  const q = normalizeSearchQuery(input.q);
  const slug = typeof input.territory === "string" ? input.territory.trim().toLowerCase() : "";
  const territory = TERRITORY_SLUG_RE.test(slug) ? await findTerritoryBySlug(db, slug) : null;
  const onlyAvailable = territory !== null && input.onlyAvailable === true;

  const conditions: SQL[] = [eq(categories.categoryType, "standard")];
  if (q) {
    const pattern = likePattern(q);
    const named = or(ilike(categories.name, pattern), ilike(categories.slug, pattern));
    if (named) conditions.push(named);
  }
  // A #Code without a row in the territory is available there.
  const statusJoin = and(
    eq(territoryCategories.categoryId, categories.id),
    territory ? eq(territoryCategories.territoryId, territory.id) : sql`false`,
  );
  if (onlyAvailable) {
    conditions.push(sql`(${territoryCategories.status} is null or ${territoryCategories.status} = 'available')`);
  }
  const where = and(...conditions);

  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(categories)
    .leftJoin(territoryCategories, statusJoin)
    .where(where);
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / CODE_PICKER_PAGE_SIZE));
  const asked = Number.isFinite(input.page) ? Math.floor(input.page ?? 1) : 1;
  const page = Math.min(pageCount, Math.max(1, Math.min(MAX_PAGE, asked)));

  const rows =
    total === 0
      ? []
      : await db
          .select({
            id: categories.id,
            name: categories.name,
            slug: categories.slug,
            status: territoryCategories.status,
          })
          .from(categories)
          .leftJoin(territoryCategories, statusJoin)
          .where(where)
          .orderBy(sql`${categories.name} collate "C"`, categories.id)
          .limit(CODE_PICKER_PAGE_SIZE)
          .offset((page - 1) * CODE_PICKER_PAGE_SIZE);

  return {
    q,
    page,
    pageCount,
    pageSize: CODE_PICKER_PAGE_SIZE,
    total,
    territory: territory ? { slug: territorySlugFromName(territory.name), name: territory.name } : null,
    onlyAvailable,
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      status: territory ? statusForCategory(r.status) : null,
    })),
  };
}
