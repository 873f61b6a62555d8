/**
 * The admin list kit: a server-sorted, server-paged table with search, filters and pagination, all in the URL.
 * The query side is kernel/list-query.ts (defineList); the database side is server/domain/lists/list-sql.ts.
 */
export { type ActionAnswer, ActionAnswerNotice } from "./action-answer.tsx";
export { type DataColumnDef, type DataColumnMeta, dataColumns, dataTableFeatures } from "./columns.ts";
export { ConfirmDeleteButton, DeleteConfirmationHost, type DeleteTarget } from "./confirm-delete.tsx";
export { DataTable, type DataTableProps } from "./data-table.tsx";
export { FormDialogButton, type FormDialogButtonProps } from "./form-dialog-button.tsx";
export { ListPagination, type RowNoun, showingText } from "./list-pagination.tsx";
export { type ListFilterControl, type ListFilterOption, type ListSearchControl, ListToolbar } from "./list-toolbar.tsx";
export { LoadError, refusalMessage, TRY_AGAIN } from "./load-error.tsx";
export { RowActionForm, type RowActionFormProps, RowActionsHost } from "./row-action-form.tsx";
export { RowLink } from "./row-link.tsx";
export { ariaSort, SortLink } from "./sort-link.tsx";
