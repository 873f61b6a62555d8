/**
 * Turns a parsed list query (kernel/list-query.ts) into the pieces of one Drizzle select: the search condition,
 * the order, the limit and the offset. Every domain list function returns a {@link Page}: the rows of the page and
 * the total number of rows that match, counted in the same read with a window function.
 *
 * Rules:
 * - Only the allow-listed columns are sortable or searchable; a sort key is looked up, never spliced into SQL.
 * - Search text reaches the database only as a bound parameter, with `\`, `%` and `_` escaped, so a search for
 *   "50%" finds "50%" and not everything that starts with "50".
 * - Each word of the search must match at least one searchable column (case-insensitive, anywhere in the text).
 * - The order always ends with a unique column, so rows never swap pages between two requests.
 * - Empty values sort last in both directions.
 *
 * A domain list function reads like this:
 *
 *   export async function listThingsPage(db: Database, query: ThingsQuery): Promise<Page<ThingRow>> {
 *     const list = listSql(query, {
 *       sorts: { name: things.name, created: things.createdAt },
 *       search: [things.name, things.slug],
 *       tiebreak: things.id,
 *     });
 *     const where = and(list.search, query.filters.status ? eq(things.status, query.filters.status) : undefined);
 *     const rows = await db
 *       .select({ id: things.id, name: things.name, total: totalCount() })
 *       .from(things)
 *       .where(where)
 *       .orderBy(...list.orderBy)
 *       .limit(list.limit)
 *       .offset(list.offset);
 *     return pageOf(rows, list, () => db.$count(things, where));
 *   }
 */
import { type Column, ilike, or, type SQL, sql } from "drizzle-orm";
import { type ListQuery, pageWindow, type SortDirection, searchTerms } from "#kernel/list-query.ts";

/** One page of a list and the number of rows matching its search and filters. */
export type Page<T> = { rows: T[]; total: number };

type Orderable = Column | SQL | SQL.Aliased;

/**
 * How a sort key orders rows: a column or expression (sorted in the chosen direction), optionally followed by
 * fixed orderings that break its ties (e.g. newest first within one status).
 */
export type SortSpec = Orderable | { by: Orderable; ties?: SQL[] };

export type ListSqlOptions<S extends string> = {
  /** The allow-list of sortable keys. */
  sorts: Readonly<Record<S, SortSpec>>;
  /** The searchable text columns (cast other types to text in an `sql` expression). */
  search: readonly (Column | SQL)[];
  /** A unique column (the primary key): the last word of every order. */
  tiebreak: Column;
};

export type ListSql = {
  /** The search condition, or undefined when nothing is searched; `and()` it with the list's own filters. */
  search: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
};

/** A case-insensitive "contains" pattern for LIKE/ILIKE with the wildcards of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every word of `q` in at least one of the columns; undefined for an empty search. */
export function searchCondition(q: string, columns: readonly (Column | SQL)[]): SQL | undefined {
  const terms = searchTerms(q);
  if (terms.length === 0 || columns.length === 0) return undefined;
  const perTerm = terms.map((term) => or(...columns.map((column) => ilike(column, containsPattern(term))))!);
  return sql.join(
    perTerm.map((c) => sql`(${c})`),
    sql` and `,
  );
}

function ordered(expr: Orderable, dir: SortDirection): SQL {
  return dir === "asc" ? sql`${expr} asc nulls last` : sql`${expr} desc nulls last`;
}

/** The ORDER BY of a sort key: its column in the chosen direction, its fixed tie-breakers, then the unique column. */
export function orderFor(spec: SortSpec, dir: SortDirection, tiebreak: Column): SQL[] {
  const { by, ties = [] } = typeof spec === "object" && spec !== null && "by" in spec ? spec : { by: spec };
  return [ordered(by, dir), ...ties, ordered(tiebreak, dir)];
}

/** The search, order, limit and offset of a parsed list query. */
export function listSql<S extends string>(query: ListQuery<S>, opts: ListSqlOptions<S>): ListSql {
  if (!Object.hasOwn(opts.sorts, query.sort)) throw new Error(`"${query.sort}" is not a sortable column of this list`);
  const { limit, offset } = pageWindow(query);
  return {
    search: searchCondition(query.q, opts.search),
    orderBy: orderFor(opts.sorts[query.sort], query.dir, opts.tiebreak),
    limit,
    offset,
  };
}

/** Select this as `total` beside a page's columns: the number of rows matching the WHERE, before LIMIT/OFFSET. */
export function totalCount(): SQL.Aliased<number> {
  return sql<number>`count(*) over ()`.mapWith(Number).as("total");
}

/**
 * The page from rows selected with {@link totalCount}. A page past the end has no row to read the total from;
 * then `recount` counts the matching rows.
 */
export async function pageOf<T extends { total: number }>(
  rows: T[],
  list: Pick<ListSql, "offset">,
  recount: () => Promise<number>,
): Promise<Page<Omit<T, "total">>> {
  const total = rows.length > 0 ? rows[0]!.total : list.offset > 0 ? Number(await recount()) : 0;
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}
