/**
 * Column definitions for {@link DataTable}, on TanStack Table 9. The table is headless and every list's rows come
 * from the server already searched, filtered, sorted and paged, so the kit registers only the sorting and
 * pagination features (in manual mode) and no client row models; TanStack builds the header model of the columns.
 *
 *   const col = dataColumns<MessageRow>();
 *   const columns = col.columns([
 *     col.accessor("createdAt", { id: "created", header: "Created", cell: (c) => formatDateTime(c.getValue()) }),
 *     col.accessor("subject", { header: "Subject", meta: { card: "title" } }),
 *   ]);
 *
 * Declare columns at module scope: the table builds their header model once per column list, which it knows by
 * identity. A `cell` renderer is called as a plain function
 * (no hooks in it; return a component when a cell needs state). A column is sortable when its id is one of the
 * list's sort keys (give accessor columns an explicit `id` when the key differs from the field name).
 */
import {
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";

export type DataColumnMeta = {
  /** The column's name as text, when its header is not a plain string (phone cards and the phone sort links). */
  label?: string;
  /** Classes for the column's header and cells, e.g. "w-40" or "text-right tabular-nums". */
  className?: string;
  /**
   * On phones every row is a card. `title` makes this column the card's heading (typically the link to the
   * record); `hidden` leaves it off the card. Other columns are labelled lines.
   */
  card?: "title" | "hidden";
};

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<DataColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

// biome-ignore lint/suspicious/noExplicitAny: each column keeps its own value type; a list of them is heterogeneous
export type DataColumnDef<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** The column helper for a list of `T` rows. */
export function dataColumns<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}
