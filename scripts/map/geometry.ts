/**
 * Small planar geometry helpers for the map build. Points handled here are integer tenths of a
 * viewBox unit ("decipixels"), so rounding to one decimal happens exactly once and relative path
 * commands never accumulate rounding error.
 */

export type Point = [number, number];
/** An open ring (the closing point is not repeated). */
export type Ring = Point[];
/** Exterior ring first, then holes. */
export type Polygon = Ring[];

/** Rounds a closed or open ring of viewBox coordinates to integer tenths and removes repeated points. */
export function toDecipixelRing(ring: readonly (readonly number[])[]): Ring {
  const out: Ring = [];
  for (const p of ring) {
    const x = Math.round((p[0] ?? 0) * 10);
    const y = Math.round((p[1] ?? 0) * 10);
    const last = out[out.length - 1];
    if (!last || last[0] !== x || last[1] !== y) out.push([x, y]);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) out.pop();
  return out;
}

/** Rounds a line of viewBox coordinates to integer tenths and removes repeated points. */
export function toDecipixelLine(line: readonly (readonly number[])[]): Point[] {
  const out: Point[] = [];
  for (const p of line) {
    const x = Math.round((p[0] ?? 0) * 10);
    const y = Math.round((p[1] ?? 0) * 10);
    const last = out[out.length - 1];
    if (!last || last[0] !== x || last[1] !== y) out.push([x, y]);
  }
  return out;
}

/** Signed shoelace area of an open ring (positive = clockwise on screen, y pointing down). */
export function signedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const a = ring[i] as Point;
    const b = ring[(i + 1) % n] as Point;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum / 2;
}

/** Formats an integer number of tenths with one decimal at most and no leading zero: 5 → ".5", -123 → "-12.3". */
export function formatTenths(n: number): string {
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  const int = Math.floor(abs / 10);
  const frac = abs % 10;
  if (frac === 0) return `${sign}${int}`;
  return `${sign}${int === 0 ? "" : int}.${frac}`;
}

/** Joins numbers with the fewest separators the SVG path grammar allows. */
function appendNumber(parts: string[], state: { prev: string }, token: string): void {
  if (state.prev !== "") {
    const needsSeparator = !(token.startsWith("-") || (token.startsWith(".") && state.prev.includes(".")));
    if (needsSeparator) parts.push(" ");
  }
  parts.push(token);
  state.prev = token;
}

/**
 * Encodes polygons (decipixel rings) as one SVG path with relative commands only:
 * `m` to each ring's first point (relative to the current point), implicit relative line-tos, `z`.
 */
export function encodePolygons(polygons: readonly Polygon[]): string {
  const parts: string[] = [];
  let cx = 0;
  let cy = 0;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      const first = ring[0];
      if (!first || ring.length < 3) continue;
      parts.push("m");
      const state = { prev: "" };
      appendNumber(parts, state, formatTenths(first[0] - cx));
      appendNumber(parts, state, formatTenths(first[1] - cy));
      let px = first[0];
      let py = first[1];
      for (let i = 1; i < ring.length; i++) {
        const p = ring[i] as Point;
        appendNumber(parts, state, formatTenths(p[0] - px));
        appendNumber(parts, state, formatTenths(p[1] - py));
        px = p[0];
        py = p[1];
      }
      parts.push("z");
      // After `z` the current point is the ring's first point.
      cx = first[0];
      cy = first[1];
    }
  }
  return parts.join("");
}

/** Encodes open polylines (decipixels) as one SVG path with relative commands only. */
export function encodeLines(lines: readonly Point[][]): string {
  const parts: string[] = [];
  let cx = 0;
  let cy = 0;
  for (const line of lines) {
    const first = line[0];
    if (!first || line.length < 2) continue;
    parts.push("m");
    const state = { prev: "" };
    appendNumber(parts, state, formatTenths(first[0] - cx));
    appendNumber(parts, state, formatTenths(first[1] - cy));
    cx = first[0];
    cy = first[1];
    for (let i = 1; i < line.length; i++) {
      const p = line[i] as Point;
      appendNumber(parts, state, formatTenths(p[0] - cx));
      appendNumber(parts, state, formatTenths(p[1] - cy));
      cx = p[0];
      cy = p[1];
    }
  }
  return parts.join("");
}

/** Even-odd point-in-polygon test over all rings of a polygon. */
export function pointInPolygon(x: number, y: number, polygon: Polygon): boolean {
  let inside = false;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i] as Point;
      const b = ring[j] as Point;
      if (a[1] > y !== b[1] > y && x < ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
    }
  }
  return inside;
}

function segmentDistanceSquared(px: number, py: number, a: Point, b: Point): number {
  let x = a[0];
  let y = a[1];
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((px - x) * dx + (py - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = b[0];
      y = b[1];
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = px - x;
  dy = py - y;
  return dx * dx + dy * dy;
}

/** Signed distance from a point to the polygon outline (positive inside). */
function signedDistance(x: number, y: number, polygon: Polygon): number {
  let min = Number.POSITIVE_INFINITY;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      min = Math.min(min, segmentDistanceSquared(x, y, ring[i] as Point, ring[j] as Point));
    }
  }
  const d = Math.sqrt(min);
  return pointInPolygon(x, y, polygon) ? d : -d;
}

type Cell = { x: number; y: number; h: number; d: number; max: number };

function makeCell(x: number, y: number, h: number, polygon: Polygon): Cell {
  const d = signedDistance(x, y, polygon);
  return { x, y, h, d, max: d + h * Math.SQRT2 };
}

/**
 * Pole of inaccessibility (the interior point farthest from the outline), after the "polylabel"
 * algorithm by Mapbox (ISC licence): a best-first search over square cells.
 */
export function poleOfInaccessibility(polygon: Polygon, precision: number): Point {
  const outer = polygon[0] ?? [];
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x, y] of outer) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const width = maxX - minX;
  const height = maxY - minY;
  const cellSize = Math.min(width, height);
  if (cellSize === 0) return [minX, minY];

  // Max-heap on `max` (the best distance a cell could still contain).
  const heap: Cell[] = [];
  const push = (cell: Cell): void => {
    heap.push(cell);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((heap[parent] as Cell).max >= cell.max) break;
      heap[i] = heap[parent] as Cell;
      i = parent;
    }
    heap[i] = cell;
  };
  const pop = (): Cell | undefined => {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        let bestMax = last.max;
        if (l < heap.length && (heap[l] as Cell).max > bestMax) {
          best = l;
          bestMax = (heap[l] as Cell).max;
        }
        if (r < heap.length && (heap[r] as Cell).max > bestMax) best = r;
        if (best === i) break;
        heap[i] = heap[best] as Cell;
        i = best;
      }
      heap[i] = last;
    }
    return top;
  };

  const h = cellSize / 2;
  for (let x = minX; x < maxX; x += cellSize) {
    for (let y = minY; y < maxY; y += cellSize) push(makeCell(x + h, y + h, h, polygon));
  }

  // Start from the area centroid, and the bounding-box centre as a fallback.
  let best = centroidCell(polygon);
  const boxCell = makeCell(minX + width / 2, minY + height / 2, 0, polygon);
  if (boxCell.d > best.d) best = boxCell;

  for (let cell = pop(); cell; cell = pop()) {
    if (cell.d > best.d) best = cell;
    if (cell.max - best.d <= precision) continue;
    const half = cell.h / 2;
    push(makeCell(cell.x - half, cell.y - half, half, polygon));
    push(makeCell(cell.x + half, cell.y - half, half, polygon));
    push(makeCell(cell.x - half, cell.y + half, half, polygon));
    push(makeCell(cell.x + half, cell.y + half, half, polygon));
  }
  return [best.x, best.y];
}

function centroidCell(polygon: Polygon): Cell {
  const ring = polygon[0] ?? [];
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, n = ring.length, j = n - 1; i < n; j = i++) {
    const a = ring[i] as Point;
    const b = ring[j] as Point;
    const f = a[0] * b[1] - b[0] * a[1];
    x += (a[0] + b[0]) * f;
    y += (a[1] + b[1]) * f;
    area += f * 3;
  }
  const first = ring[0] ?? [0, 0];
  if (area === 0) return makeCell(first[0], first[1], 0, polygon);
  return makeCell(x / area, y / area, 0, polygon);
}
