/**
 * Territory and category statuses on the admin territories screens, in the spec's colours (2 §4): licensed,
 * negotiations, available or active, partial; a hidden (inactive) territory is grey.
 */
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import type { TerritoryCategoryStatus, TerritoryStatus } from "#kernel/enums.ts";
import { CATEGORY_STATUS_LABELS, type CategorySummary } from "#kernel/schemas/territories-admin.ts";

export function TerritoryStatusBadge({ status }: { status: TerritoryStatus }) {
  return <Badge variant={statusBadgeVariant(status)}>{status}</Badge>;
}

export function CategoryStatusBadge({ status }: { status: TerritoryCategoryStatus }) {
  return <Badge variant={statusBadgeVariant(status)}>{CATEGORY_STATUS_LABELS[status]}</Badge>;
}

/**
 * The territory's categories on its row: those held (licensed or in negotiations) by name with their status, the
 * rest counted, as the list reads them (listTerritoriesForAdmin).
 */
export function CategoryLinks({ summary }: { summary: CategorySummary }) {
  const { held, moreHeld, available } = summary;
  if (!held.length && !available) return <span className="text-muted-foreground">No categories linked</span>;
  const counted = [moreHeld ? `${moreHeld} more held` : null, available ? `${available} available` : null].filter(
    (x) => x !== null,
  );
  // Only counts (most rows): a line of text, not a list of one item.
  if (!held.length) return <span className="text-xs text-muted-foreground">{counted.join(", ")}</span>;
  return (
    <ul className="flex flex-wrap items-center gap-1.5">
      {held.map((l) => (
        <li key={l.name}>
          <Badge variant={statusBadgeVariant(l.status)}>{`${l.name} ${CATEGORY_STATUS_LABELS[l.status]}`}</Badge>
        </li>
      ))}
      {counted.length ? (
        <li className="text-xs text-muted-foreground">{`${held.length ? "+ " : ""}${counted.join(", ")}`}</li>
      ) : null}
    </ul>
  );
}
