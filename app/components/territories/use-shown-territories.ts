import { useMemo, useState } from "react";
import type { MapTerritory } from "#app/components/territory-map/index.ts";
import type { NumberContext, TerritoryView } from "#kernel/catalogue.ts";
import { type ReservedCategory, shownTerritories, toMapTerritory } from "./territory-views.ts";
import { useOnChange } from "./use-on-change.ts";

export type ShownTerritories = {
  territories: readonly TerritoryView[];
  byId: ReadonlyMap<string, TerritoryView>;
  idByKey: ReadonlyMap<string, string>;
  mapTerritories: MapTerritory[];
  /** Shows a reservation at once, until fresh loader data arrives. */
  addReserved: (reserved: ReservedCategory) => void;
};

/**
 * The explorer's territories: the loader's, with the reservations made here applied optimistically, seen through
 * the chosen category. Fresh loader data supersedes the optimistic updates; so does a new `resetKey` (another
 * page or number context).
 */
export function useShownTerritories({
  loaded,
  context,
  categoryId,
  resetKey,
}: {
  loaded: readonly TerritoryView[];
  context: NumberContext;
  categoryId: string | null;
  resetKey: string;
}): ShownTerritories {
  const [reserved, setReserved] = useState<ReservedCategory[]>([]);
  useOnChange(resetKey, () => setReserved([]));
  useOnChange(loaded, () => setReserved([]));

  const territories = useMemo(
    () => shownTerritories(loaded, reserved, context, categoryId),
    [loaded, reserved, context, categoryId],
  );
  const byId = useMemo(() => new Map(territories.map((t) => [t.id, t])), [territories]);
  const idByKey = useMemo(() => new Map(territories.map((t) => [t.key, t.id])), [territories]);
  const mapTerritories = useMemo(
    () => territories.map((t) => toMapTerritory(t, categoryId)),
    [territories, categoryId],
  );

  return {
    territories,
    byId,
    idByKey,
    mapTerritories,
    addReserved: (r) => setReserved((list) => [...list, r]),
  };
}
