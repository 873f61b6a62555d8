export type { MapShape, UsMapData } from "./map-data.ts";
export { MapLegend } from "./map-legend.tsx";
export { TerritoryMap } from "./territory-map.tsx";
export { TerritoryMapView } from "./territory-map-view.tsx";
export type { MapTerritory, TerritoryMapProps } from "./types.ts";
