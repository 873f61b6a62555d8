/**
 * The state of an admin list (search, filters, sort, page, page size) lives in the URL, so every list is a plain
 * GET page: sorting and paging are links, search and filters are GET forms, and all of it works without
 * JavaScript, survives a reload and can be bookmarked.
 *
 *   ?q=reset&status=failed&sort=attempts&dir=desc&page=2&size=50
 *
 * A list is declared once with {@link defineList} (its sortable keys, default sort and filters) and the same
 * definition parses the URL on the server and builds the next URLs in the browser. Parsing never fails: a bad or
 * unknown value falls back to its default, the page size is capped, unknown parameters are ignored.
 * Browser-safe: zod only.
 */
import { z } from "zod";
import { MAX_SEARCH_LENGTH, normalizeSearch } from "./text.ts";

// In a module of its own, without zod, for the public pages that count rows (the #Code picker).
export { pageRange } from "./page-range.ts";

export { MAX_SEARCH_LENGTH };

export type SortDirection = "asc" | "desc";

/** The page size of a list unless it says otherwise. */
export const DEFAULT_PAGE_SIZE = 25;
/** No list shows more rows than this on one page, whatever the URL asks for. */
export const MAX_PAGE_SIZE = 100;
/** The page sizes a list offers. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** Pages past this are read as page 1 (keeps offsets sane). */
const MAX_PAGE = 100_000;

/** The parameter names the kit itself uses; filters take other names. */
export const RESERVED_PARAMS = ["q", "sort", "dir", "page", "size"] as const;

/** A filter: a schema for the parameter's text (an enum of statuses, a slug, an email …). */
export type FilterSchemas = Record<string, z.ZodType<string | number | boolean>>;

/** The filter values a parsed query holds: each one set or absent. */
export type FilterValues<F extends FilterSchemas> = { [K in keyof F]?: z.output<F[K]> };

export type ListSpec<S extends string, F extends FilterSchemas> = {
  /** The sortable keys and the direction a first click on each sorts in (dates and counts: desc; text: asc). */
  sorts: Readonly<Record<S, SortDirection>>;
  /** The sort when the URL names none (in its first direction). */
  defaultSort: NoInfer<S>;
  /** Per-list filters by parameter name. */
  filters?: F;
  /** Rows per page when the URL names none; {@link DEFAULT_PAGE_SIZE} unless set. */
  pageSize?: number;
};

/** A parsed list query: what the server reads and what the links are built from. */
export type ListQuery<S extends string = string, V extends Record<string, unknown> = Record<string, unknown>> = {
  /** The search text, trimmed, inner whitespace collapsed; "" for none. */
  q: string;
  sort: S;
  dir: SortDirection;
  /** 1-based. */
  page: number;
  size: number;
  filters: Partial<V>;
};

/** What a link or form changes in the query. Anything but `page` sends the reader back to page 1. */
export type ListChange<S extends string, V extends Record<string, unknown>> = {
  q?: string;
  sort?: S;
  dir?: SortDirection;
  page?: number;
  size?: number;
  /** `undefined` removes a filter. */
  filters?: { [K in keyof V]?: V[K] | undefined };
};

/** Where a page of rows starts and how many it holds. */
export function pageWindow(query: Pick<ListQuery, "page" | "size">): { limit: number; offset: number } {
  return { limit: query.size, offset: (query.page - 1) * query.size };
}

/** The words of a search: each must match somewhere in a row. Duplicates dropped; at most eight. */
export function searchTerms(q: string): string[] {
  return [...new Set(normalizeSearch(q).split(" ").filter(Boolean))].slice(0, 8);
}

const searchSchema = z
  .string()
  .catch("")
  .transform((v) => normalizeSearch(v));

const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

function sizeSchema(fallback: number) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .catch(fallback);
}

export type ListDefinition<S extends string, V extends Record<string, unknown>> = {
  readonly sorts: Readonly<Record<S, SortDirection>>;
  readonly defaultSort: S;
  readonly pageSize: number;
  /** The filter parameter names, in the order they appear in URLs. */
  readonly filterNames: readonly (keyof V & string)[];
  /** The zod schema from the URL's parameters (first value of each, absent as undefined) to the query. */
  readonly schema: z.ZodType<ListQuery<S, V>, Record<string, string | undefined>>;
  /** The query the URL asks for. Never throws. */
  parse(params: URLSearchParams | URL | string): ListQuery<S, V>;
  /** The query with nothing searched, filtered, sorted or paged. */
  readonly defaults: ListQuery<S, V>;
  /** The URL search string ("" or "?…") of the query after a change; defaults are left out. */
  href(query: ListQuery<S, V>, change?: ListChange<S, V>): string;
  /** The URL search string that sorts by `key`: its first direction, or the other one if already sorted by it. */
  sortHref(query: ListQuery<S, V>, key: S): string;
  /** The parameters of the query that differ from the defaults, in a fixed order. */
  params(query: ListQuery<S, V>): URLSearchParams;
  /** True when a search or a filter narrows the list. */
  isNarrowed(query: ListQuery<S, V>): boolean;
  /** True when `key` is one of the list's sort keys. */
  isSortKey(key: string): key is S;
};

/** Declares a list: its sortable keys, default sort, filters and page size. */
export function defineList<S extends string, F extends FilterSchemas = Record<never, never>>(
  spec: ListSpec<S, F>,
): ListDefinition<S, FilterValues<F>> {
  type V = FilterValues<F>;
  const sortKeys = Object.keys(spec.sorts) as S[];
  if (!sortKeys.includes(spec.defaultSort)) throw new Error(`defaultSort "${spec.defaultSort}" is not a sort key`);
  const filterSchemas: FilterSchemas = spec.filters ?? {};
  const filterNames = Object.keys(filterSchemas) as (keyof V & string)[];
  for (const name of filterNames) {
    if ((RESERVED_PARAMS as readonly string[]).includes(name)) throw new Error(`"${name}" is not a filter name`);
  }
  const pageSize = Math.min(Math.max(1, Math.trunc(spec.pageSize ?? DEFAULT_PAGE_SIZE)), MAX_PAGE_SIZE);
  const isSortKey = (key: string): key is S => Object.hasOwn(spec.sorts, key);

  const schema = z
    .object({
      q: searchSchema.optional().transform((v) => v ?? ""),
      sort: z
        .string()
        .optional()
        .transform((v) => (v !== undefined && isSortKey(v) ? v : spec.defaultSort)),
      dir: z.enum(["asc", "desc"]).optional().catch(undefined),
      page: pageSchema.optional().transform((v) => v ?? 1),
      size: sizeSchema(pageSize)
        .optional()
        .transform((v) => v ?? pageSize),
      ...Object.fromEntries(filterNames.map((name) => [name, filterSchemas[name]!.optional().catch(undefined)])),
    })
    .transform((raw): ListQuery<S, V> => {
      const r = raw as typeof raw & Record<string, unknown>;
      const filters: Partial<V> = {};
      for (const name of filterNames) {
        if (r[name] !== undefined) (filters as Record<string, unknown>)[name] = r[name];
      }
      const sort = r.sort as S;
      return { q: r.q, sort, dir: r.dir ?? spec.sorts[sort], page: r.page, size: r.size, filters };
    });

  const defaults: ListQuery<S, V> = {
    q: "",
    sort: spec.defaultSort,
    dir: spec.sorts[spec.defaultSort],
    page: 1,
    size: pageSize,
    filters: {},
  };

  function parse(input: URLSearchParams | URL | string): ListQuery<S, V> {
    const params =
      input instanceof URLSearchParams
        ? input
        : input instanceof URL
          ? input.searchParams
          : new URLSearchParams(input.startsWith("?") ? input.slice(1) : input);
    const raw: Record<string, string | undefined> = {};
    for (const name of [...RESERVED_PARAMS, ...filterNames]) {
      const value = params.get(name);
      // An empty field of a GET form ("All statuses", a cleared search box) means "not set".
      raw[name] = value === null || value.trim() === "" ? undefined : value;
    }
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : defaults;
  }

  function params(query: ListQuery<S, V>): URLSearchParams {
    const out = new URLSearchParams();
    if (query.q) out.set("q", query.q);
    for (const name of filterNames) {
      const value = query.filters[name];
      if (value !== undefined && value !== null && value !== "") out.set(name, String(value));
    }
    if (query.sort !== spec.defaultSort) out.set("sort", query.sort);
    if (query.dir !== spec.sorts[query.sort]) out.set("dir", query.dir);
    if (query.size !== pageSize) out.set("size", String(query.size));
    if (query.page > 1) out.set("page", String(query.page));
    return out;
  }

  function href(query: ListQuery<S, V>, change: ListChange<S, V> = {}): string {
    const changesPage = change.page !== undefined;
    const changesOther = Object.keys(change).some((k) => k !== "page");
    const sort = change.sort ?? query.sort;
    const next: ListQuery<S, V> = {
      q: change.q !== undefined ? normalizeSearch(change.q) : query.q,
      sort,
      dir: change.dir ?? (change.sort !== undefined ? spec.sorts[sort] : query.dir),
      size: change.size !== undefined ? Math.min(Math.max(1, Math.trunc(change.size)), MAX_PAGE_SIZE) : query.size,
      page: changesPage ? Math.max(1, Math.trunc(change.page!)) : changesOther ? 1 : query.page,
      filters: { ...query.filters },
    };
    if (change.filters) {
      for (const [name, value] of Object.entries(change.filters)) {
        if (value === undefined || value === "") delete (next.filters as Record<string, unknown>)[name];
        else (next.filters as Record<string, unknown>)[name] = value;
      }
    }
    const search = params(next).toString();
    return search ? `?${search}` : "";
  }

  function sortHref(query: ListQuery<S, V>, key: S): string {
    if (query.sort === key) return href(query, { sort: key, dir: query.dir === "asc" ? "desc" : "asc" });
    return href(query, { sort: key });
  }

  function isNarrowed(query: ListQuery<S, V>): boolean {
    return query.q !== "" || Object.values(query.filters).some((v) => v !== undefined);
  }

  return {
    sorts: spec.sorts,
    defaultSort: spec.defaultSort,
    pageSize,
    filterNames,
    schema: schema as unknown as z.ZodType<ListQuery<S, V>, Record<string, string | undefined>>,
    parse,
    defaults,
    href,
    sortHref,
    params,
    isNarrowed,
    isSortKey,
  };
}

/** The sort key type of a list definition. */
export type SortKeyOf<L> = L extends ListDefinition<infer S, Record<string, unknown>> ? S : never;
/** The parsed query type of a list definition. */
export type QueryOf<L> = L extends ListDefinition<infer S, infer V> ? ListQuery<S, V> : never;
