import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { geoIdentity } from "d3-geo";
import type { FeatureCollection, Polygon as GeoPolygon, MultiPolygon } from "geojson";
import { feature } from "topojson-client";
import type { Topology } from "topojson-specification";
import { beforeAll, describe, expect, it } from "vitest";
import type { MapShape, UsMapData } from "#app/components/territory-map/map-data.ts";
import portionCounties from "#server/db/seed/data/portion-counties.json" with { type: "json" };
import { buildUsMap, FIT_EXTENT, type PortionCounties, serializeUsMap } from "./build-us-map.ts";
import { type Polygon, pointInPolygon } from "./geometry.ts";

const root = join(import.meta.dirname, "..", "..");
const topology = JSON.parse(
  readFileSync(join(root, "node_modules", "us-atlas", "counties-albers-10m.json"), "utf8"),
) as Topology;
const portions: PortionCounties = portionCounties;

const WHOLE = [
  "AK",
  "AL",
  "AR",
  "AZ",
  "CO",
  "CT",
  "DC",
  "DE",
  "GA",
  "HI",
  "IA",
  "ID",
  "IN",
  "KS",
  "KY",
  "LA",
  "MA",
  "MD",
  "ME",
  "MI",
  "MN",
  "MO",
  "MS",
  "MT",
  "NC",
  "ND",
  "NE",
  "NH",
  "NJ",
  "NM",
  "NV",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "UT",
  "VA",
  "VT",
  "WA",
  "WI",
  "WV",
  "WY",
];
const PORTIONS = [
  "CA-N",
  "CA-C",
  "CA-S",
  "TX-E",
  "TX-W",
  "FL-N",
  "FL-C",
  "FL-S",
  "NY-N",
  "NY-S",
  "IL-N",
  "IL-C",
  "IL-S",
];

/** Parses the builder's path data (m, z and implicit relative line-tos) into rings/lines of absolute points. */
function parsePath(d: string): [number, number][][] {
  const tokens = d.match(/[mz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  expect(tokens.join("").length).toBe(d.replace(/[\s,]/g, "").length);
  const rings: [number, number][][] = [];
  let cx = 0;
  let cy = 0;
  let start: [number, number] = [0, 0];
  let current: [number, number][] | null = null;
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i] as string;
    if (t === "z") {
      cx = start[0];
      cy = start[1];
      current = null;
      i++;
    } else if (t === "m") {
      cx += Number(tokens[i + 1]);
      cy += Number(tokens[i + 2]);
      start = [cx, cy];
      current = [[cx, cy]];
      rings.push(current);
      i += 3;
    } else {
      if (!current) throw new Error("line-to without a current subpath");
      cx += Number(t);
      cy += Number(tokens[i + 1]);
      current.push([cx, cy]);
      i += 2;
    }
  }
  return rings;
}

function planarArea(geometry: GeoPolygon | MultiPolygon, k: number): number {
  const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  let sum = 0;
  for (const polygon of polygons) {
    polygon.forEach((ring, index) => {
      let a = 0;
      for (let i = 0; i < ring.length - 1; i++) {
        const p = ring[i] as number[];
        const q = ring[i + 1] as number[];
        a += (p[0] as number) * (q[1] as number) - (q[0] as number) * (p[1] as number);
      }
      sum += (index === 0 ? 1 : -1) * Math.abs(a / 2);
    });
  }
  return sum * k * k;
}

let data: UsMapData;
let json: string;
let buildMs: number;
const byKey = new Map<string, MapShape>();
const ringsByKey = new Map<string, Polygon>();

beforeAll(() => {
  const t0 = performance.now();
  data = buildUsMap(topology, portions);
  buildMs = performance.now() - t0;
  json = serializeUsMap(data);
  for (const shape of data.shapes) {
    byKey.set(shape.key, shape);
    ringsByKey.set(shape.key, parsePath(shape.d));
  }
});

describe("buildUsMap", () => {
  it("builds the 59 territory shapes: 45 states, DC and 13 portions", () => {
    expect(data.shapes).toHaveLength(59);
    expect(data.shapes.map((s) => s.key)).toEqual([...WHOLE, ...PORTIONS].sort());
  });

  it("keeps the viewBox of the spec", () => {
    expect(data.viewBox).toEqual([0, 0, 959, 593]);
  });

  it("writes non-empty relative paths that stay inside the viewBox", () => {
    for (const shape of data.shapes) {
      expect(shape.d, shape.key).toMatch(/^m[-.\d]/);
      expect(shape.d, shape.key).not.toMatch(/[A-Z]/);
      const rings = ringsByKey.get(shape.key) ?? [];
      expect(rings.length, shape.key).toBeGreaterThan(0);
      for (const ring of rings) {
        expect(ring.length, shape.key).toBeGreaterThanOrEqual(3);
        for (const [x, y] of ring) {
          expect(x).toBeGreaterThanOrEqual(FIT_EXTENT[0][0] - 0.1);
          expect(x).toBeLessThanOrEqual(FIT_EXTENT[1][0] + 0.1);
          expect(y).toBeGreaterThanOrEqual(FIT_EXTENT[0][1] - 0.1);
          expect(y).toBeLessThanOrEqual(FIT_EXTENT[1][1] + 0.1);
        }
      }
    }
  });

  it("uses at most one decimal", () => {
    expect(json).not.toMatch(/\d\.\d\d/);
  });

  it("gives each shape a bounding box, an area and a label point inside the shape", () => {
    for (const shape of data.shapes) {
      const [x0, y0, x1, y1] = shape.bbox;
      expect(x1 - x0, shape.key).toBeGreaterThan(0);
      expect(y1 - y0, shape.key).toBeGreaterThan(0);
      expect(shape.area, shape.key).toBeGreaterThan(0);
      expect(shape.area, shape.key).toBeLessThanOrEqual((x1 - x0) * (y1 - y0));
      const [lx, ly] = shape.label;
      expect(lx >= x0 && lx <= x1 && ly >= y0 && ly <= y1, shape.key).toBe(true);
      expect(pointInPolygon(lx, ly, ringsByKey.get(shape.key) ?? []), shape.key).toBe(true);
    }
  });

  it("drops islands under 0.5 px²", () => {
    for (const shape of data.shapes) {
      for (const ring of ringsByKey.get(shape.key) ?? []) {
        let a = 0;
        for (let i = 0; i < ring.length; i++) {
          const p = ring[i] as [number, number];
          const q = ring[(i + 1) % ring.length] as [number, number];
          a += p[0] * q[1] - q[0] * p[1];
        }
        expect(Math.abs(a / 2), shape.key).toBeGreaterThanOrEqual(0.5 - 1e-9);
      }
    }
  });

  it("includes the state border and portion border meshes", () => {
    for (const d of [data.borders.states, data.borders.portions]) {
      const lines = parsePath(d);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        for (const [x, y] of line) {
          expect(x >= 0 && x <= 959 && y >= 0 && y <= 593).toBe(true);
        }
      }
    }
  });

  it("fits in 40 KB gzipped", () => {
    expect(gzipSync(json, { level: 9 }).length).toBeLessThanOrEqual(40 * 1024);
  });

  it("is deterministic and fast", () => {
    expect(serializeUsMap(buildUsMap(topology, portions))).toBe(json);
    expect(buildMs).toBeLessThan(3000);
  });

  it("places the portions of a state where they belong", () => {
    const label = (key: string): [number, number] => (byKey.get(key) as MapShape).label;
    // y grows southwards
    expect(label("CA-N")[1]).toBeLessThan(label("CA-C")[1]);
    expect(label("CA-C")[1]).toBeLessThan(label("CA-S")[1]);
    expect(label("FL-N")[1]).toBeLessThan(label("FL-C")[1]);
    expect(label("FL-C")[1]).toBeLessThan(label("FL-S")[1]);
    expect(label("IL-N")[1]).toBeLessThan(label("IL-C")[1]);
    expect(label("IL-C")[1]).toBeLessThan(label("IL-S")[1]);
    expect(label("NY-N")[1]).toBeLessThan(label("NY-S")[1]);
    expect(label("TX-W")[0]).toBeLessThan(label("TX-E")[0]);
  });

  it("splits each state into portions that neither overlap nor leave gaps", () => {
    const states = feature(topology, topology.objects.states as never) as unknown as FeatureCollection<
      GeoPolygon | MultiPolygon
    >;
    const k = geoIdentity().fitExtent(FIT_EXTENT, states).scale();
    const fips: Record<string, string> = { CA: "06", TX: "48", FL: "12", NY: "36", IL: "17" };
    const raw = (code: string): number => {
      const f = states.features.find((s) => String(s.id) === code);
      if (!f) throw new Error(code);
      return planarArea(f.geometry, k);
    };
    for (const [state, code] of Object.entries(fips)) {
      const parts = PORTIONS.filter((p) => p.startsWith(`${state}-`));
      const sum = parts.reduce((s, p) => s + (byKey.get(p) as MapShape).area, 0);
      const whole = raw(code);
      expect(Math.abs(sum - whole) / whole, state).toBeLessThan(0.02);
      // No portion's label point lies inside a sibling portion.
      for (const a of parts) {
        for (const b of parts) {
          if (a === b) continue;
          const [x, y] = (byKey.get(a) as MapShape).label;
          expect(pointInPolygon(x, y, ringsByKey.get(b) ?? []), `${a} label inside ${b}`).toBe(false);
        }
      }
    }
  });

  it("rejects portion lists that miss or repeat a county", () => {
    const missing: PortionCounties = { ...portions, "CA-N": (portions["CA-N"] ?? []).slice(1) };
    expect(() => buildUsMap(topology, missing)).toThrow(/in no portion/);
    const repeated: PortionCounties = { ...portions, "CA-S": [...(portions["CA-S"] ?? []), "06001 Alameda"] };
    expect(() => buildUsMap(topology, repeated)).toThrow(/both/);
    expect(() => buildUsMap(topology, { ...portions, "CA-X": ["48001 Anderson"] })).toThrow(/not a county of CA/);
  });
});
