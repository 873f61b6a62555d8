import type { MapShape } from "./map-data.ts";

/** Shapes smaller than this (viewBox units²) get a labelled callout box in the Atlantic. */
export const CALLOUT_MAX_AREA = 450;
/** Shapes smaller than this also get an invisible, enlarged hit circle around their label point. */
export const HIT_CIRCLE_MAX_AREA = 60;
export const HIT_CIRCLE_RADIUS = 6;

export const CALLOUT_WIDTH = 40;
export const CALLOUT_HEIGHT = 16;

/**
 * Box positions (top-left, viewBox units) east of the coast, clear of land: RI and NY-S off Long
 * Island, DE and DC off the Delmarva peninsula. Measured on the us-atlas geometry of build-map.
 */
const SLOTS: Readonly<Record<string, readonly [number, number]>> = {
  RI: [916, 194],
  "NY-S": [916, 216],
  DE: [898, 250],
  DC: [898, 272],
};

export type Callout = {
  key: string;
  x: number;
  y: number;
  /** Point of the shape the leader line points at. */
  anchor: readonly [number, number];
};

export function layoutCallouts(shapes: readonly MapShape[]): Callout[] {
  const out: Callout[] = [];
  for (const shape of shapes) {
    const slot = SLOTS[shape.key];
    if (!slot || shape.area >= CALLOUT_MAX_AREA) continue;
    out.push({ key: shape.key, x: slot[0], y: slot[1], anchor: shape.label });
  }
  return out;
}

/** The end of the leader line on the callout box: middle of the box side facing the anchor. */
export function leaderStart(callout: Callout): [number, number] {
  const cy = callout.y + CALLOUT_HEIGHT / 2;
  return callout.anchor[0] < callout.x ? [callout.x, cy] : [callout.x + CALLOUT_WIDTH, cy];
}
