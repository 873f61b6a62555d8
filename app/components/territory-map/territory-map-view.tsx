import { type FocusEvent, type MouseEvent, type PointerEvent, useId, useMemo, useRef, useState } from "react";
import { cn } from "#app/lib/utils.ts";
import { CalloutLayer } from "./callout-layer.tsx";
import { isFocusVisible, keyAt } from "./dom.ts";
import { MAP_VIEWBOX_HEIGHT, MAP_VIEWBOX_WIDTH, type UsMapData } from "./map-data.ts";
import { MapLegend } from "./map-legend.tsx";
import { Borders, SelectionOutlines } from "./map-outlines.tsx";
import { MapTooltip } from "./map-tooltip.tsx";
import { tabStopKey } from "./roving.ts";
import { InactiveShapes, instructionsId, TerritoryDescriptions, TerritoryShapes } from "./territory-shapes.tsx";
import { pointerHovers } from "./tooltip-rule.ts";
import type { TerritoryMapProps } from "./types.ts";
import { useKeyboardModality } from "./use-input-modality.ts";
import { useMapHighlight } from "./use-map-highlight.ts";
import { useMapKeyboard } from "./use-map-keyboard.ts";
import { useMapLayout } from "./use-map-layout.ts";
import { useTooltipPlacement } from "./use-tooltip-placement.ts";

/** The map itself, given its geometry. `TerritoryMap` loads the geometry and renders this. */
export function TerritoryMapView({
  map,
  territories,
  selectedKey = null,
  onSelect,
  onHover,
  className,
  ariaLabel = "Map of licensing territories",
  showTooltip = true,
}: TerritoryMapProps & { map: UsMapData }) {
  const uid = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const layout = useMapLayout(map, territories);
  const { territoryByKey, shapeByKey } = layout;
  const highlight = useMapHighlight(territoryByKey, onHover, showTooltip);
  const keyboard = useKeyboardModality();
  const [lastFocused, setLastFocused] = useState<string | null>(null);
  const orderedKeys = useMemo(() => layout.activeShapes.map(({ shape }) => shape.key), [layout.activeShapes]);
  const tabStop = tabStopKey(orderedKeys, lastFocused, selectedKey);
  const { hovered, focusKey } = highlight;
  const tooltip = useTooltipPlacement({
    svgRef,
    layout,
    territory: highlight.tooltipTerritory,
    hoveredKey: hovered,
    focusKey,
  });
  const handleKeyDown = useMapKeyboard({ svgRef, layout, onSelect });

  const handlePointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!pointerHovers(e.pointerType)) return;
    if (!tooltip.trackPointer(e.clientX, e.clientY)) return;
    const key = keyAt(e.target);
    if (key !== hovered) highlight.hover(key);
    else if (key && !highlight.dismissed) tooltip.followPointer();
  };

  const handleClick = (e: MouseEvent<SVGSVGElement>) => {
    const key = keyAt(e.target);
    if (key) onSelect?.(key);
  };

  const handleFocus = (e: FocusEvent<SVGSVGElement>) => {
    const key = keyAt(e.target);
    if (!key) return;
    setLastFocused(key);
    highlight.focusOn(key, keyboard.current === true && isFocusVisible(e.target));
  };

  const selectedShape = selectedKey && territoryByKey.has(selectedKey) ? shapeByKey.get(selectedKey) : undefined;

  return (
    <div className={cn("w-full", className)}>
      <div ref={tooltip.wrapRef} className="@container relative">
        {/* Keyboard: the map is one tab stop; arrow keys move to the nearest territory in that direction. */}
        {/* biome-ignore lint/a11y/useSemanticElements: the SVG groups the territory buttons; <fieldset> cannot hold SVG. */}
        <svg
          ref={svgRef}
          viewBox={`0 0 ${MAP_VIEWBOX_WIDTH} ${MAP_VIEWBOX_HEIGHT}`}
          role="group"
          aria-label={ariaLabel}
          aria-describedby={instructionsId(uid)}
          className="block h-auto w-full select-none [-webkit-tap-highlight-color:transparent]"
          onPointerMove={handlePointerMove}
          onPointerDown={handlePointerMove}
          onPointerLeave={highlight.leave}
          onClick={handleClick}
          onKeyDown={handleKeyDown}
          onFocus={handleFocus}
          onBlur={highlight.blur}
        >
          <InactiveShapes shapes={layout.inactiveShapes} />
          <TerritoryShapes
            shapes={layout.activeShapes}
            uid={uid}
            selectedKey={selectedKey}
            hoveredKey={hovered}
            tabStopKey={tabStop}
          />
          <Borders borders={map.borders} hovered={hovered ? shapeByKey.get(hovered) : undefined} />
          <CalloutLayer
            callouts={layout.callouts}
            hitCircles={layout.hitCircles}
            territoryByKey={territoryByKey}
            selectedKey={selectedKey}
            hoveredKey={hovered}
            focusKey={focusKey}
          />
          <SelectionOutlines selected={selectedShape} focused={focusKey ? shapeByKey.get(focusKey) : undefined} />
        </svg>

        <MapTooltip ref={tooltip.tipRef} territory={highlight.tooltipTerritory} />
      </div>

      <MapLegend className="mt-5" />

      <TerritoryDescriptions shapes={layout.activeShapes} uid={uid} />
    </div>
  );
}
