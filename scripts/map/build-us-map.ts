/**
 * Pure builder of the territory map geometry (`app/generated/us-map.json`).
 *
 * Input: the us-atlas `counties-albers-10m.json` topology (already projected to a 975×610 frame) and
 * the county lists of the 13 sub-state portions. Output: 45 whole states + DC keyed by USPS code, the
 * 13 portions keyed "STATE-PORTION", and two border meshes, all fitted to the 959×593 viewBox.
 *
 * Pipeline: geoIdentity().fitExtent([[2,2],[957,591]], states) → folded into the topology transform
 * (the fit is a uniform scale plus translation, so simplification weights come out in px²) →
 * topojson presimplify + simplify at 0.5 px² → merge counties per portion → drop rings under 0.5 px²
 * → relative path commands with one decimal.
 */
import { geoIdentity } from "d3-geo";
import type { Feature, FeatureCollection, Polygon as GeoPolygon, MultiLineString, MultiPolygon } from "geojson";
import { feature, merge, mesh } from "topojson-client";
import { presimplify, simplify } from "topojson-simplify";
import type {
  GeometryCollection,
  GeometryObject,
  Objects,
  Topology,
  MultiPolygon as TopoMultiPolygon,
  Polygon as TopoPolygon,
} from "topojson-specification";
import type { MapBBox, MapShape, UsMapData } from "#app/components/territory-map/map-data.ts";
import { US_STATE_CODE_BY_FIPS } from "#kernel/us-states.ts";
import {
  encodeLines,
  encodePolygons,
  type Point,
  type Polygon,
  poleOfInaccessibility,
  signedArea,
  toDecipixelLine,
  toDecipixelRing,
} from "./geometry.ts";

export const VIEWBOX: [number, number, number, number] = [0, 0, 959, 593];
export const FIT_EXTENT: [[number, number], [number, number]] = [
  [2, 2],
  [957, 591],
];
/** Visvalingam weight (triangle area, px²) under which a vertex is removed. */
export const SIMPLIFY_MIN_WEIGHT = 0.5;
/** Rings (islands, holes) smaller than this area (px²) are dropped. */
export const MIN_RING_AREA = 0.5;

/** Portion key ("CA-N") → county entries ("06001 Alameda": 5-digit FIPS code, space, county name). */
export type PortionCounties = Record<string, readonly string[]>;

export type BuildOptions = { source?: string };

type AreaGeometry = TopoPolygon | TopoMultiPolygon;
type CountyGeometry = GeometryObject & { id?: string | number };

/** Decipixel area (tenths²) per px². */
const DECI2 = 100;

function isAreaGeometry(g: GeometryObject): g is AreaGeometry {
  return g.type === "Polygon" || g.type === "MultiPolygon";
}

function getCollection(topology: Topology, name: string): GeometryCollection {
  const object = topology.objects[name];
  if (object?.type !== "GeometryCollection") {
    throw new Error(`Topology has no GeometryCollection named "${name}"`);
  }
  return object as GeometryCollection;
}

function idOf(g: { id?: string | number }): string {
  return g.id === undefined ? "" : String(g.id);
}

/** Returns a copy of the topology whose coordinates are the fitted viewBox coordinates. */
function fitTopology(topology: Topology, scale: number, tx: number, ty: number): Topology {
  if (topology.transform) {
    const { scale: s, translate: t } = topology.transform;
    return {
      ...topology,
      transform: {
        scale: [s[0] * scale, s[1] * scale],
        translate: [t[0] * scale + tx, t[1] * scale + ty],
      },
    };
  }
  return {
    ...topology,
    arcs: topology.arcs.map((arc) => arc.map((p) => [(p[0] ?? 0) * scale + tx, (p[1] ?? 0) * scale + ty])),
  };
}

/** Rounds, cleans and orients the polygons of a shape; drops rings under MIN_RING_AREA. */
function cleanPolygons(coordinates: number[][][][]): { polygons: Polygon[]; areas: number[] } {
  const polygons: Polygon[] = [];
  const areas: number[] = [];
  for (const polygon of coordinates) {
    const [outerRaw, ...holesRaw] = polygon;
    if (!outerRaw) continue;
    const outer = toDecipixelRing(outerRaw);
    const outerArea = Math.abs(signedArea(outer));
    if (outer.length < 3 || outerArea < MIN_RING_AREA * DECI2) continue;
    if (signedArea(outer) < 0) outer.reverse();
    const rings: Polygon = [outer];
    let area = outerArea;
    for (const holeRaw of holesRaw) {
      const hole = toDecipixelRing(holeRaw);
      const holeArea = Math.abs(signedArea(hole));
      if (hole.length < 3 || holeArea < MIN_RING_AREA * DECI2) continue;
      if (signedArea(hole) > 0) hole.reverse();
      rings.push(hole);
      area -= holeArea;
    }
    polygons.push(rings);
    areas.push(area);
  }
  return { polygons, areas };
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

function makeShape(key: string, geometry: GeoPolygon | MultiPolygon): MapShape {
  const coordinates = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  const { polygons, areas } = cleanPolygons(coordinates);
  if (polygons.length === 0) throw new Error(`Shape ${key} has no polygon left after simplification`);

  let largest = 0;
  areas.forEach((a, i) => {
    if (a > (areas[largest] ?? 0)) largest = i;
  });
  // Precision 5 decipixels = 0.5 viewBox units.
  const [lx, ly] = poleOfInaccessibility(polygons[largest] as Polygon, 5);

  const bbox: MapBBox = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  for (const polygon of polygons) {
    for (const [x, y] of polygon[0] as Point[]) {
      bbox[0] = Math.min(bbox[0], x);
      bbox[1] = Math.min(bbox[1], y);
      bbox[2] = Math.max(bbox[2], x);
      bbox[3] = Math.max(bbox[3], y);
    }
  }

  return {
    key,
    d: encodePolygons(polygons),
    label: [Math.round(lx) / 10, Math.round(ly) / 10],
    bbox: [bbox[0] / 10, bbox[1] / 10, bbox[2] / 10, bbox[3] / 10],
    area: round1(areas.reduce((s, a) => s + a, 0) / DECI2),
  };
}

function encodeMesh(lines: MultiLineString): string {
  return encodeLines(lines.coordinates.map((line) => toDecipixelLine(line)).filter((line) => line.length >= 2));
}

/** Checks that the portions of each split state hold every county of that state exactly once. */
function indexPortions(
  portionCounties: PortionCounties,
  counties: readonly CountyGeometry[],
): { portionOfCounty: Map<string, string>; splitStates: Set<string> } {
  const fipsByUsps = new Map(Object.entries(US_STATE_CODE_BY_FIPS).map(([fips, usps]) => [usps, fips]));
  const portionOfCounty = new Map<string, string>();
  const splitStates = new Set<string>();
  for (const [key, entries] of Object.entries(portionCounties)) {
    const match = /^([A-Z]{2})-([A-Z])$/.exec(key);
    const stateCode = match?.[1];
    const stateFips = stateCode ? fipsByUsps.get(stateCode) : undefined;
    if (!stateCode || !stateFips) throw new Error(`Invalid portion key "${key}"`);
    splitStates.add(stateFips);
    for (const entry of entries) {
      const fips = entry.slice(0, 5);
      if (!/^\d{5}$/.test(fips) || !fips.startsWith(stateFips)) {
        throw new Error(`Portion ${key}: county "${entry}" is not a county of ${stateCode}`);
      }
      const previous = portionOfCounty.get(fips);
      if (previous) throw new Error(`County ${fips} is in both ${previous} and ${key}`);
      portionOfCounty.set(fips, key);
    }
  }
  const known = new Set(counties.map(idOf));
  for (const fips of portionOfCounty.keys()) {
    if (!known.has(fips)) throw new Error(`County ${fips} of ${portionOfCounty.get(fips)} is not in the topology`);
  }
  for (const county of counties) {
    const fips = idOf(county);
    if (splitStates.has(fips.slice(0, 2)) && !portionOfCounty.has(fips)) {
      throw new Error(`County ${fips} of a split state is in no portion`);
    }
  }
  return { portionOfCounty, splitStates };
}

export function buildUsMap(
  topology: Topology,
  portionCounties: PortionCounties,
  options: BuildOptions = {},
): UsMapData {
  const statesObject = getCollection(topology, "states");
  const countiesObject = getCollection(topology, "counties");
  const counties = countiesObject.geometries as CountyGeometry[];
  const { portionOfCounty, splitStates } = indexPortions(portionCounties, counties);

  // Fit exactly as documented: geoIdentity().fitExtent(FIT_EXTENT, states). geoIdentity without
  // reflection is p ↦ k·p + t, which we fold into the topology's quantization transform.
  const states = feature(topology, statesObject) as FeatureCollection;
  const fit = geoIdentity().fitExtent(FIT_EXTENT, states);
  const k = fit.scale();
  const [tx, ty] = fit.translate();
  const fitted = fitTopology(topology, k, tx, ty);
  const simplified = simplify(presimplify(fitted as Topology<Objects>), SIMPLIFY_MIN_WEIGHT);

  const shapes: MapShape[] = [];

  for (const geometry of statesObject.geometries) {
    const fips = idOf(geometry as CountyGeometry);
    const usps = US_STATE_CODE_BY_FIPS[fips];
    // Territories (PR, GU, …) have no USPS entry here; split states are drawn as portions.
    if (!usps || splitStates.has(fips) || !isAreaGeometry(geometry)) continue;
    const f = feature(simplified, geometry) as Feature<GeoPolygon | MultiPolygon>;
    shapes.push(makeShape(usps, f.geometry));
  }

  const countiesByPortion = new Map<string, AreaGeometry[]>();
  for (const county of counties) {
    const portion = portionOfCounty.get(idOf(county));
    if (!portion || !isAreaGeometry(county)) continue;
    const list = countiesByPortion.get(portion) ?? [];
    list.push(county);
    countiesByPortion.set(portion, list);
  }
  for (const [key, geometries] of countiesByPortion) {
    shapes.push(makeShape(key, merge(simplified, geometries)));
  }

  shapes.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const stateBorders = mesh(simplified, statesObject, (a, b) => a !== b);
  const portionBorders = mesh(simplified, countiesObject, (a, b) => {
    const pa = portionOfCounty.get(idOf(a as CountyGeometry));
    const pb = portionOfCounty.get(idOf(b as CountyGeometry));
    return pa !== undefined && pb !== undefined && pa !== pb && pa.slice(0, 2) === pb.slice(0, 2);
  });

  return {
    viewBox: VIEWBOX,
    shapes,
    borders: { states: encodeMesh(stateBorders), portions: encodeMesh(portionBorders) },
    source:
      options.source ??
      "US Census Bureau cartographic boundaries (2017) via us-atlas counties-albers-10m; portions merged from county lists",
  };
}

/** Serializes the map data the same way the build script writes it. */
export function serializeUsMap(data: UsMapData): string {
  return `${JSON.stringify(data)}\n`;
}
