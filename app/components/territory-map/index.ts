export { MapLegend } from "./MapLegend";
export type { MapShape, UsMapData } from "./map-data";
export { TerritoryMap } from "./TerritoryMap";
export { TerritoryMapView } from "./TerritoryMapView";
export type { MapTerritory, TerritoryMapProps } from "./types";
