/**
 * Territory and category statuses on the admin territories screens, in the spec's colours (2 §4): licensed,
 * negotiations, available or active, partial; a hidden (inactive) territory is grey.
 */
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import type { TerritoryCategoryStatus, TerritoryStatus } from "#kernel/enums.ts";
import { CATEGORY_STATUS_LABELS } from "#kernel/schemas/territories-admin.ts";

export function TerritoryStatusBadge({ status }: { status: TerritoryStatus }) {
  return <Badge variant={statusBadgeVariant(status)}>{status}</Badge>;
}

export function CategoryStatusBadge({ status }: { status: TerritoryCategoryStatus }) {
  return <Badge variant={statusBadgeVariant(status)}>{CATEGORY_STATUS_LABELS[status]}</Badge>;
}

export type CategoryLink = { categoryId: string; name: string; status: TerritoryCategoryStatus };

/**
 * The territory's categories: those held (licensed or in negotiations) by name with their status, the rest
 * counted, so a row stays short with ten #Codes.
 */
export function CategoryLinks({ links }: { links: readonly CategoryLink[] }) {
  if (!links.length) return <span className="text-muted-foreground">No categories linked</span>;
  const held = links.filter((l) => l.status !== "available");
  const available = links.length - held.length;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label="Categories">
      {held.map((l) => (
        <li key={l.categoryId}>
          <Badge variant={statusBadgeVariant(l.status)}>
            {l.name} {CATEGORY_STATUS_LABELS[l.status]}
          </Badge>
        </li>
      ))}
      {available ? (
        <li className="text-xs text-muted-foreground">
          {held.length ? "+ " : ""}
          {available} available
        </li>
      ) : null}
    </ul>
  );
}
