import {
  type CellContext,
  type Column,
  constructTable,
  flexRender,
  type Header,
  type HeaderGroup,
  type RowData,
} from "@tanstack/react-table";
import { storeReactivityBindings } from "@tanstack/table-core/store-reactivity-bindings";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/utils.ts";
import type { ListDefinition, ListQuery } from "#kernel/list-query.ts";
import { type DataColumnDef, type DataColumnMeta, type DataTableFeatures, dataTableFeatures } from "./columns.ts";
import { ListPagination, type RowNoun } from "./list-pagination.tsx";
import { type ListFilterControl, type ListSearchControl, ListToolbar } from "./list-toolbar.tsx";
import { useRowLinkClick } from "./row-link.tsx";
import { ariaSort, SortLink } from "./sort-link.tsx";
import { useListPath, useListPending } from "./use-list-location.ts";

export type DataTableProps<T extends RowData, S extends string, V extends Record<string, unknown>> = {
  /** The list's definition (kernel/list-query.ts): sort keys, filters, page size. */
  list: ListDefinition<S, V>;
  /** The query the loader parsed from the URL and used. */
  query: ListQuery<S, V>;
  /** Stable (module-scope) column definitions from {@link dataColumns}. */
  columns: readonly DataColumnDef<T>[];
  /** The page of rows, as the server sorted it. */
  rows: T[];
  /** How many rows match the search and filters, over all pages. */
  total: number;
  getRowId: (row: T) => string;
  /** Names the table for assistive technology, e.g. "Emails". */
  label: string;
  /** What one row is: "Showing 1–25 of 312 emails". */
  noun?: RowNoun;
  /** A search box (GET `q`). */
  search?: ListSearchControl;
  /** Filter selects (GET, one parameter each). */
  filters?: readonly ListFilterControl<keyof V & string>[];
  /** Beside the search form, e.g. a "New …" button. */
  toolbarActions?: ReactNode;
  /** The screen's message for an empty list, e.g. "No posts found." */
  emptyMessage: ReactNode;
  /** When a search or filter leaves nothing. */
  noMatchMessage?: ReactNode;
  /** Buttons or links for one row (edit, delete, retry …), in a last column / at the foot of the card. */
  rowActions?: (row: T) => ReactNode;
  /** The heading of the actions column (read by screen readers; shown). */
  rowActionsLabel?: string;
};

/**
 * An admin list: search and filters (a GET form), a table whose sortable headers are links, and pagination links.
 * Everything is in the URL and rendered on the server, so it works without JavaScript; with JavaScript the links
 * and the form navigate without reloading. On phones each row is laid out as a card (the `.data-table` rules in
 * app.css): one rendering for every width, so a page of rows costs the server one table, not a table and a list.
 *
 * The server does the work: the loader parses the URL with the list's definition, a domain function returns
 * `{ rows, total }` for that query, and the table shows them as given. TanStack builds the header model of the
 * columns ({@link headerGroupsOf}); the sort state is the query's, and the rows are rendered as they come.
 */
export function DataTable<T extends RowData, S extends string, V extends Record<string, unknown>>(
  props: DataTableProps<T, S, V>,
) {
  const { list, query, rows, total, label, noun, rowActions, rowActionsLabel = "Actions" } = props;
  const path = useListPath();
  const pending = useListPending();
  const followRowLink = useRowLinkClick();

  const headerGroups = headerGroupsOf(props.columns);

  // The actions column is shown only when some row has an action.
  const actionsOf = new Map<string, ReactNode>();
  if (rowActions) {
    for (const row of rows) {
      const actions = rowActions(row);
      if (actions !== null && actions !== undefined && actions !== false) actionsOf.set(props.getRowId(row), actions);
    }
  }
  const hasActions = actionsOf.size > 0;

  const headers = headerGroups.at(-1)?.headers ?? [];
  const columns = headers.map((header) => header.column);
  const sortHeaders = headers.filter((h) => list.isSortKey(h.column.id));
  const narrowed = list.isNarrowed(query);

  const sortHref = (header: Header<DataTableFeatures, T, unknown>) => path(list.sortHref(query, header.column.id as S));
  // The URL owns the sort: the column the query sorts by, in its direction.
  const directionOf = (header: Header<DataTableFeatures, T, unknown>) =>
    list.isSortKey(header.column.id) && header.column.id === query.sort ? query.dir : false;

  return (
    <div className="grid gap-4">
      <ListToolbar
        list={list}
        query={query}
        search={props.search}
        filters={props.filters}
        actions={props.toolbarActions}
      />

      {/* One click handler for the row links (RowLink) of every row; the links themselves take the keyboard. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only receives the clicks of the links inside */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a link followed with Enter is a click, which reaches it */}
      <div
        aria-busy={pending || undefined}
        className={cn("grid gap-3 transition-opacity", pending && "opacity-60")}
        onClick={followRowLink}
      >
        {rows.length === 0 ? (
          <EmptyState
            message={
              total > 0 ? (
                <>Page {query.page} is past the end of the list.</>
              ) : narrowed ? (
                (props.noMatchMessage ?? "Nothing matches your search and filters.")
              ) : (
                props.emptyMessage
              )
            }
            action={
              total > 0 ? (
                <Link to={path(list.href(query, { page: 1 }))}>Go to the first page</Link>
              ) : narrowed ? (
                <Link to={path(list.href({ ...list.defaults, sort: query.sort, dir: query.dir, size: query.size }))}>
                  Clear search and filters
                </Link>
              ) : null
            }
          />
        ) : (
          <>
            {/* Phones: the headers are not shown, so the sort choices are links above the cards. */}
            {sortHeaders.length > 0 ? (
              <nav aria-label="Sort" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs md:hidden">
                <span className="font-semibold tracking-wide text-muted-foreground uppercase">Sort by</span>
                {sortHeaders.map((header) => (
                  <SortLink
                    key={header.id}
                    to={sortHref(header)}
                    direction={directionOf(header)}
                    className="font-semibold tracking-wide text-muted-foreground"
                  >
                    {columnLabel(header)}
                    {directionOf(header) ? (
                      <span className="sr-only">
                        {directionOf(header) === "asc" ? ", sorted ascending" : ", sorted descending"}
                      </span>
                    ) : null}
                  </SortLink>
                ))}
              </nav>
            ) : null}

            <Table label={label} className="data-table" containerClassName="data-table-container">
              <TableHeader>
                {headerGroups.map((group) => (
                  <TableRow key={group.id} className="hover:bg-transparent">
                    {group.headers.map((header) => (
                      <TableHead
                        key={header.id}
                        colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                        aria-sort={ariaSort(directionOf(header))}
                        className={header.column.columnDef.meta?.className}
                      >
                        {header.isPlaceholder ? null : list.isSortKey(header.column.id) ? (
                          <SortLink to={sortHref(header)} direction={directionOf(header)}>
                            {renderHeader(header)}
                          </SortLink>
                        ) : (
                          renderHeader(header)
                        )}
                      </TableHead>
                    ))}
                    {hasActions ? <TableHead className="text-right">{rowActionsLabel}</TableHead> : null}
                  </TableRow>
                ))}
              </TableHeader>
              <TableBody>
                {rows.map((original, index) => {
                  const id = props.getRowId(original);
                  // Plain rows and cells: app.css styles a data table's body, so a cell costs one element.
                  return (
                    <tr key={id}>
                      {columns.map((column) => {
                        const meta = column.columnDef.meta;
                        return (
                          <td
                            key={column.id}
                            className={meta?.className}
                            data-label={meta?.card ? undefined : columnLabel({ column })}
                            data-card={meta?.card}
                          >
                            {renderCell(column, original, index)}
                          </td>
                        );
                      })}
                      {hasActions ? (
                        <td className="text-right" data-card="actions">
                          <div className="flex flex-wrap gap-2 md:justify-end">{actionsOf.get(id)}</div>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </TableBody>
            </Table>
          </>
        )}
      </div>

      <ListPagination list={list} query={query} total={total} pageCount={Math.ceil(total / query.size)} noun={noun} />
    </div>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: one cache for every list's columns, whatever their row type
const headerModels = new WeakMap<readonly DataColumnDef<any>[], HeaderGroup<DataTableFeatures, any>[]>();

/**
 * The header groups of a column list, built by TanStack once per list (columns are declared at module scope) rather
 * than with a table instance per render: a header depends on the columns only, and the sort state on the query.
 */
function headerGroupsOf<T extends RowData>(columns: readonly DataColumnDef<T>[]): HeaderGroup<DataTableFeatures, T>[] {
  let groups = headerModels.get(columns);
  if (!groups) {
    const table = constructTable({
      // Outside React: TanStack's store bindings (the React adapter adds its own in useTable).
      features: { ...dataTableFeatures, coreReactivityFeature: storeReactivityBindings() } as DataTableFeatures,
      columns: columns as DataColumnDef<T>[],
      data: [] as T[],
      manualSorting: true,
      manualPagination: true,
    });
    groups = table.getHeaderGroups() as HeaderGroup<DataTableFeatures, T>[];
    headerModels.set(columns, groups);
  }
  return groups as HeaderGroup<DataTableFeatures, T>[];
}

/** A header's content: its column's `header`, text or renderer. */
function renderHeader<T extends RowData>(header: Header<DataTableFeatures, T, unknown>): ReactNode {
  return flexRender(header.column.columnDef.header, header.getContext());
}

/**
 * A cell's content: its column's renderer called as a plain function with the context the kit's renderers use
 * (`getValue`, `renderValue`, `row.original`, `column`), rather than through TanStack's row model, which builds a row
 * object and a cell object with bound methods for every cell, and mounts each renderer as two components
 * (`FlexRender`). The rows are already the page the server chose, so there is nothing for the row model to do. A
 * `cell` renderer must not call hooks; one that needs state returns a component that does.
 */
function renderCell<T extends RowData>(column: Column<DataTableFeatures, T, unknown>, original: T, index: number) {
  const render = column.columnDef.cell;
  if (typeof render !== "function") return (render ?? null) as ReactNode;
  const getValue = () => column.accessorFn?.(original, index);
  const context = { getValue, renderValue: getValue, row: { original, index }, column };
  return render(context as unknown as CellContext<DataTableFeatures, T, unknown>) as ReactNode;
}

/** The column's name as text: its string header, or `meta.label`, or its id. */
function columnLabel(of: { column: { id: string; columnDef: { header?: unknown; meta?: DataColumnMeta } } }): string {
  const def = of.column.columnDef;
  return typeof def.header === "string" ? def.header : (def.meta?.label ?? of.column.id);
}

function EmptyState({ message, action }: { message: ReactNode; action: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
      <p className="text-base font-medium text-foreground">{message}</p>
      {action ? (
        <Button asChild variant="outline" size="sm">
          {action}
        </Button>
      ) : null}
    </div>
  );
}
