import { type KeyboardEvent, type RefObject, useCallback } from "react";
import { keyAt } from "./dom.ts";
import { ARROW_DIRECTIONS, nearestInDirection } from "./navigation.ts";
import { edgeKey } from "./roving.ts";
import type { MapLayout } from "./use-map-layout.ts";

/**
 * Keyboard on the map's territories, which are one tab stop (a roving tabindex): Enter or Space selects the focused
 * one (once per press, not on repeat); an arrow key moves the focus to the nearest territory in that direction;
 * Home and End move to the first and the last in name order.
 */
export function useMapKeyboard({
  svgRef,
  layout,
  onSelect,
}: {
  svgRef: RefObject<SVGSVGElement | null>;
  layout: MapLayout;
  onSelect: ((key: string) => void) | undefined;
}): (e: KeyboardEvent<SVGSVGElement>) => void {
  const { shapeByKey, activeShapes } = layout;
  return useCallback(
    (e: KeyboardEvent<SVGSVGElement>) => {
      const key = keyAt(e.target);
      if (!key) return;
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        if (!e.repeat) onSelect?.(key);
        return;
      }
      const focusShape = (next: string | null) => {
        if (next) svgRef.current?.querySelector<SVGElement>(`[data-key="${CSS.escape(next)}"][tabindex]`)?.focus();
      };
      const edge = edgeKey(
        activeShapes.map(({ shape }) => shape.key),
        e.key,
      );
      if (edge) {
        e.preventDefault();
        focusShape(edge);
        return;
      }
      const direction = ARROW_DIRECTIONS[e.key];
      const from = shapeByKey.get(key);
      if (!direction || !from) return;
      e.preventDefault();
      focusShape(
        nearestInDirection(
          from.label,
          activeShapes
            .filter(({ shape }) => shape.key !== key)
            .map(({ shape }) => ({ key: shape.key, point: shape.label })),
          direction,
        ),
      );
    },
    [svgRef, shapeByKey, activeShapes, onSelect],
  );
}
