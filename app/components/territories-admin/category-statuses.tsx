/**
 * Each category's status in one territory, with a button per other status. The page's action sets it through the
 * availability module, which refuses a status that contradicts an active licence or hold (the refusal is a toast,
 * or the page's notice without JavaScript).
 */
import { RowActionForm } from "#app/components/data-table/index.ts";
import { TERRITORY_CATEGORY_STATUSES, type TerritoryCategoryStatus } from "#kernel/enums.ts";
import { CATEGORY_STATUS_LABELS } from "#kernel/schemas/territories-admin.ts";
import { CategoryStatusBadge } from "./status.tsx";

export type CategoryStatusRow = {
  categoryId: string;
  name: string;
  kind: "poundcode" | "keyword_group";
  status: TerritoryCategoryStatus;
  heldBy: "license" | "reservation" | null;
};

const SET_LABEL: Record<TerritoryCategoryStatus, string> = {
  available: "Set available",
  negotiations: "Set negotiations",
  licensed: "Set licensed",
};

export function CategoryStatuses({ territory, rows }: { territory: string; rows: readonly CategoryStatusRow[] }) {
  if (!rows.length) return <p className="text-sm text-muted-foreground">No categories yet.</p>;
  return (
    <ul className="divide-y divide-border" aria-label={`Category statuses in ${territory}`}>
      {rows.map((r) => (
        <li
          key={r.categoryId}
          className="flex flex-wrap items-center justify-between gap-3 py-3"
          data-category={r.name}
        >
          <div className="grid gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{r.name}</span>
              <CategoryStatusBadge status={r.status} />
            </span>
            {r.heldBy ? (
              <span className="text-xs text-muted-foreground">
                {r.heldBy === "license" ? "Held by an active license" : "Held by an active reservation"}
              </span>
            ) : r.kind === "keyword_group" ? (
              <span className="text-xs text-muted-foreground">Keyword group</span>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {/* Keyed by place, not by status: the button pressed names the status the category then has, so it
                leaves the list. Keyed by status, its form would unmount with the reload that follows, before its
                answer's toast, and "Status updated" would be lost whenever both arrive in one render. */}
            {TERRITORY_CATEGORY_STATUSES.filter((s) => s !== r.status).map((s, place) => (
              <RowActionForm
                key={place}
                intent="set-category-status"
                values={{ categoryId: r.categoryId, status: s }}
                context={`for ${r.name} in ${territory}, now ${CATEGORY_STATUS_LABELS[r.status]}`}
                pendingLabel="Saving…"
              >
                {SET_LABEL[s]}
              </RowActionForm>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
