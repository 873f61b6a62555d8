import { type RefObject, useCallback, useLayoutEffect, useRef } from "react";
import { MAP_VIEWBOX_HEIGHT, MAP_VIEWBOX_WIDTH } from "./map-data.ts";
import { FOCUS_OFFSET, focusAnchor, POINTER_OFFSET, type Point, tooltipPosition } from "./tooltip-position.ts";
import type { MapTerritory } from "./types.ts";
import type { MapLayout } from "./use-map-layout.ts";

export type TooltipPlacement = {
  /** The positioned wrapper around the SVG; the tooltip moves inside it. */
  wrapRef: RefObject<HTMLDivElement | null>;
  tipRef: RefObject<HTMLDivElement | null>;
  /** Records the pointer position; false when the map is not mounted. */
  trackPointer: (clientX: number, clientY: number) => boolean;
  /** Moves the tooltip next to the last recorded pointer position. */
  followPointer: () => void;
};

/**
 * Places the tooltip (a transform on its element, no re-render): next to the pointer while hovering, else next to
 * the keyboard-focused territory, re-placed whenever the territory shown changes.
 */
export function useTooltipPlacement({
  svgRef,
  layout,
  territory,
  hoveredKey,
  focusKey,
}: {
  svgRef: RefObject<SVGSVGElement | null>;
  layout: MapLayout;
  /** The territory the tooltip shows; null when hidden. */
  territory: MapTerritory | null;
  hoveredKey: string | null;
  focusKey: string | null;
}): TooltipPlacement {
  const wrapRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const pointer = useRef<Point | null>(null);

  /** A viewBox point in the wrapper's CSS pixels. */
  const toWrapPoint = useCallback(
    (x: number, y: number): Point | null => {
      const svg = svgRef.current;
      const wrap = wrapRef.current;
      if (!svg || !wrap) return null;
      const s = svg.getBoundingClientRect();
      const w = wrap.getBoundingClientRect();
      return {
        x: s.left - w.left + (x * s.width) / MAP_VIEWBOX_WIDTH,
        y: s.top - w.top + (y * s.height) / MAP_VIEWBOX_HEIGHT,
      };
    },
    [svgRef],
  );

  const placeTooltip = useCallback((anchor: Point, offset: number) => {
    const tip = tipRef.current;
    const wrap = wrapRef.current;
    if (!tip || !wrap) return;
    const { left, top } = tooltipPosition(
      anchor,
      offset,
      { width: tip.offsetWidth, height: tip.offsetHeight },
      { width: wrap.clientWidth, height: wrap.clientHeight },
    );
    tip.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
  }, []);

  const { calloutByKey, shapeByKey } = layout;
  useLayoutEffect(() => {
    if (!territory) return;
    if (hoveredKey && pointer.current) {
      placeTooltip(pointer.current, POINTER_OFFSET);
      return;
    }
    if (!focusKey) return;
    const anchor = focusAnchor(focusKey, calloutByKey, shapeByKey);
    const point = anchor ? toWrapPoint(anchor[0], anchor[1]) : null;
    if (point) placeTooltip(point, FOCUS_OFFSET);
  }, [territory, hoveredKey, focusKey, calloutByKey, shapeByKey, placeTooltip, toWrapPoint]);

  const trackPointer = (clientX: number, clientY: number): boolean => {
    const wrap = wrapRef.current;
    if (!wrap) return false;
    const r = wrap.getBoundingClientRect();
    pointer.current = { x: clientX - r.left, y: clientY - r.top };
    return true;
  };

  const followPointer = () => {
    if (pointer.current) placeTooltip(pointer.current, POINTER_OFFSET);
  };

  return { wrapRef, tipRef, trackPointer, followPointer };
}
