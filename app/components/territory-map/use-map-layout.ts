import { useMemo } from "react";
import { normalizeMapStatus } from "#kernel/territory-status.ts";
import { type Callout, HIT_CIRCLE_MAX_AREA, layoutCallouts } from "./callouts.ts";
import type { MapShape, UsMapData } from "./map-data.ts";
import type { MapTerritory } from "./types.ts";

export type ActiveShape = { shape: MapShape; territory: MapTerritory };

export type MapLayout = {
  /** The territories by map key, each with its status read as the map reads it (unknown → available). */
  territoryByKey: ReadonlyMap<string, MapTerritory>;
  shapeByKey: ReadonlyMap<string, MapShape>;
  /** Shapes with a territory: focusable, in alphabetical order of their names (the tab order). */
  activeShapes: readonly ActiveShape[];
  /** Shapes without a territory: drawn grey, not focusable. */
  inactiveShapes: readonly MapShape[];
  /** Labelled boxes off the coast for the small territories. */
  callouts: readonly Callout[];
  calloutByKey: ReadonlyMap<string, Callout>;
  /** Tiny territories that also get an enlarged, invisible hit circle. */
  hitCircles: readonly MapShape[];
};

/** Which shapes are territories, in which order, and which get a callout or a hit circle. */
export function layoutMap(map: UsMapData, territories: readonly MapTerritory[]): MapLayout {
  const territoryByKey = new Map<string, MapTerritory>();
  for (const t of territories) territoryByKey.set(t.key, { ...t, status: normalizeMapStatus(t.status) });

  const shapeByKey = new Map(map.shapes.map((s) => [s.key, s]));

  const activeShapes: ActiveShape[] = [];
  const inactiveShapes: MapShape[] = [];
  for (const shape of map.shapes) {
    const territory = territoryByKey.get(shape.key);
    if (territory) activeShapes.push({ shape, territory });
    else inactiveShapes.push(shape);
  }
  activeShapes.sort((a, b) => a.territory.name.localeCompare(b.territory.name, "en"));

  const callouts = layoutCallouts(map.shapes).filter((c) => territoryByKey.has(c.key));
  const calloutByKey = new Map(callouts.map((c) => [c.key, c]));
  const hitCircles = activeShapes.filter(({ shape }) => shape.area < HIT_CIRCLE_MAX_AREA).map(({ shape }) => shape);

  return { territoryByKey, shapeByKey, activeShapes, inactiveShapes, callouts, calloutByKey, hitCircles };
}

export function useMapLayout(map: UsMapData, territories: readonly MapTerritory[]): MapLayout {
  return useMemo(() => layoutMap(map, territories), [map, territories]);
}
