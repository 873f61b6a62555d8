import { CALLOUT_HEIGHT, CALLOUT_WIDTH, type Callout } from "./callouts.ts";
import type { MapShape } from "./map-data.ts";

/** Distance in CSS pixels between the pointer and the tooltip. */
export const POINTER_OFFSET = 16;
/** Distance in CSS pixels between a keyboard-focused territory's anchor and the tooltip. */
export const FOCUS_OFFSET = 12;

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };

/**
 * Top-left corner of the tooltip: `offset` to the right of and below the anchor, flipped to the left or above
 * when it would overflow the wrapper, and always kept inside it.
 */
export function tooltipPosition(
  anchor: Point,
  offset: number,
  tip: Size,
  wrapper: Size,
): { left: number; top: number } {
  const maxX = Math.max(0, wrapper.width - tip.width);
  const maxY = Math.max(0, wrapper.height - tip.height);
  let left = anchor.x + offset;
  if (left > maxX) left = anchor.x - offset - tip.width;
  let top = anchor.y + offset;
  if (top > maxY) top = anchor.y - offset - tip.height;
  return { left: Math.min(Math.max(0, left), maxX), top: Math.min(Math.max(0, top), maxY) };
}

/** The viewBox point a focused territory's tooltip points at: the middle of its callout box, else its label point. */
export function focusAnchor(
  key: string,
  calloutByKey: ReadonlyMap<string, Callout>,
  shapeByKey: ReadonlyMap<string, MapShape>,
): readonly [number, number] | null {
  const callout = calloutByKey.get(key);
  if (callout) return [callout.x + CALLOUT_WIDTH / 2, callout.y + CALLOUT_HEIGHT / 2];
  const shape = shapeByKey.get(key);
  return shape ? shape.label : null;
}
