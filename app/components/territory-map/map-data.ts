/**
 * Shape of `app/generated/us-map.json`, written by `scripts/build-map.ts` (`npm run build:generated`).
 * All coordinates are in the 959×593 viewBox of the territory map.
 */

export const MAP_VIEWBOX_WIDTH = 959;
export const MAP_VIEWBOX_HEIGHT = 593;

/** [minX, minY, maxX, maxY] */
export type MapBBox = [number, number, number, number];

export type MapShape = {
  /** Territory map key: a 2-letter state code ("OH", "DC") or "STATE-PORTION" ("CA-N"). */
  key: string;
  /** SVG path data (relative commands, one decimal). */
  d: string;
  /** A point well inside the largest polygon of the shape (pole of inaccessibility), for labels and callouts. */
  label: [number, number];
  bbox: MapBBox;
  /** Area in square viewBox units. */
  area: number;
};

export type UsMapData = {
  viewBox: [number, number, number, number];
  shapes: MapShape[];
  borders: {
    /** Borders between neighbouring states (including the outer borders of split states). */
    states: string;
    /** Borders between portions of the same state. */
    portions: string;
  };
  source: string;
};
