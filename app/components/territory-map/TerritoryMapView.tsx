import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { MAP_STATUS_CLASSES, MAP_STATUS_LABELS, normalizeMapStatus } from "#kernel/territory-status.ts";
import { cn } from "#app/lib/utils.ts";
import {
  CALLOUT_HEIGHT,
  CALLOUT_WIDTH,
  type Callout,
  HIT_CIRCLE_MAX_AREA,
  HIT_CIRCLE_RADIUS,
  layoutCallouts,
  leaderStart,
} from "./callouts";
import { describeTerritory } from "./format";
import { MapLegend } from "./MapLegend";
import { MapTooltip } from "./MapTooltip";
import { MAP_VIEWBOX_HEIGHT, MAP_VIEWBOX_WIDTH, type MapShape, type UsMapData } from "./map-data";
import { ARROW_DIRECTIONS, nearestInDirection } from "./navigation";
import type { MapTerritory, TerritoryMapProps } from "./types";

const POINTER_OFFSET = 16;
const FOCUS_OFFSET = 12;

/** A group hidden from assistive technology (the shapes' own labels carry the information). */
function Decor({ children, interactive = false }: { children: ReactNode; interactive?: boolean }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG <g> without tabindex is not focusable.
    <g aria-hidden="true" pointerEvents={interactive ? undefined : "none"}>
      {children}
    </g>
  );
}

/** An outline whose width is in CSS pixels whatever the map's rendered size. */
function Stroke({ d, width, className, dash }: { d: string; width: number; className: string; dash?: string }) {
  return (
    <path
      d={d}
      fill="none"
      vectorEffect="non-scaling-stroke"
      strokeLinejoin="round"
      strokeLinecap="round"
      strokeWidth={width}
      strokeDasharray={dash}
      className={className}
    />
  );
}

function keyAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest("[data-key]");
  return el instanceof SVGElement || el instanceof HTMLElement ? (el.dataset.key ?? null) : null;
}

function isFocusVisible(el: EventTarget): boolean {
  try {
    return el instanceof Element && el.matches(":focus-visible");
  } catch {
    return true;
  }
}

/** The map itself, given its geometry. `TerritoryMap` loads the geometry and renders this. */
export function TerritoryMapView({
  map,
  territories,
  selectedKey = null,
  onSelect,
  onHover,
  className,
  ariaLabel = "Map of licensing territories",
}: TerritoryMapProps & { map: UsMapData }) {
  const uid = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ x: number; y: number } | null>(null);

  const territoryByKey = useMemo(() => {
    const byKey = new Map<string, MapTerritory>();
    for (const t of territories) byKey.set(t.key, { ...t, status: normalizeMapStatus(t.status) });
    return byKey;
  }, [territories]);

  const shapeByKey = useMemo(() => new Map(map.shapes.map((s) => [s.key, s])), [map]);

  // Shapes with data are focusable, in alphabetical order of their names (the tab order).
  const { activeShapes, inactiveShapes } = useMemo(() => {
    const active: { shape: MapShape; territory: MapTerritory }[] = [];
    const inactive: MapShape[] = [];
    for (const shape of map.shapes) {
      const territory = territoryByKey.get(shape.key);
      if (territory) active.push({ shape, territory });
      else inactive.push(shape);
    }
    active.sort((a, b) => a.territory.name.localeCompare(b.territory.name, "en"));
    return { activeShapes: active, inactiveShapes: inactive };
  }, [map, territoryByKey]);

  const callouts = useMemo(
    () => layoutCallouts(map.shapes).filter((c) => territoryByKey.has(c.key)),
    [map, territoryByKey],
  );
  const calloutByKey = useMemo(() => new Map(callouts.map((c) => [c.key, c])), [callouts]);
  const hitCircles = useMemo(
    () => activeShapes.filter(({ shape }) => shape.area < HIT_CIRCLE_MAX_AREA).map(({ shape }) => shape),
    [activeShapes],
  );

  const [hovered, setHovered] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ key: string; visible: boolean } | null>(null);
  const [dismissed, setDismissed] = useState(false);

  const focusKey = focus?.visible ? focus.key : null;
  const activeKey = hovered ?? focusKey;
  const tooltipTerritory = !dismissed && activeKey ? (territoryByKey.get(activeKey) ?? null) : null;

  // Report hover/focus changes (not the initial null).
  const onHoverRef = useRef(onHover);
  useEffect(() => {
    onHoverRef.current = onHover;
  });
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === activeKey) return;
    reported.current = activeKey;
    onHoverRef.current?.(activeKey);
  }, [activeKey]);

  // Escape hides the tooltip wherever focus is (WCAG 1.4.13: dismissible without moving the pointer).
  const tooltipShown = tooltipTerritory !== null;
  useEffect(() => {
    if (!tooltipShown) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape") setDismissed(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [tooltipShown]);

  /** A viewBox point in the wrapper's CSS pixels. */
  const toWrapPoint = useCallback((x: number, y: number): { x: number; y: number } | null => {
    const svg = svgRef.current;
    const wrap = wrapRef.current;
    if (!svg || !wrap) return null;
    const s = svg.getBoundingClientRect();
    const w = wrap.getBoundingClientRect();
    return {
      x: s.left - w.left + (x * s.width) / MAP_VIEWBOX_WIDTH,
      y: s.top - w.top + (y * s.height) / MAP_VIEWBOX_HEIGHT,
    };
  }, []);

  const placeTooltip = useCallback((anchor: { x: number; y: number }, offset: number) => {
    const tip = tipRef.current;
    const wrap = wrapRef.current;
    if (!tip || !wrap) return;
    const w = tip.offsetWidth;
    const h = tip.offsetHeight;
    const maxX = Math.max(0, wrap.clientWidth - w);
    const maxY = Math.max(0, wrap.clientHeight - h);
    let left = anchor.x + offset;
    if (left > maxX) left = anchor.x - offset - w;
    let top = anchor.y + offset;
    if (top > maxY) top = anchor.y - offset - h;
    left = Math.min(Math.max(0, left), maxX);
    top = Math.min(Math.max(0, top), maxY);
    tip.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
  }, []);

  useLayoutEffect(() => {
    if (!tooltipTerritory) return;
    if (hovered && pointer.current) {
      placeTooltip(pointer.current, POINTER_OFFSET);
      return;
    }
    if (!focusKey) return;
    const callout = calloutByKey.get(focusKey);
    const shape = shapeByKey.get(focusKey);
    const point = callout
      ? toWrapPoint(callout.x + CALLOUT_WIDTH / 2, callout.y + CALLOUT_HEIGHT / 2)
      : shape
        ? toWrapPoint(shape.label[0], shape.label[1])
        : null;
    if (point) placeTooltip(point, FOCUS_OFFSET);
  }, [tooltipTerritory, hovered, focusKey, calloutByKey, shapeByKey, placeTooltip, toWrapPoint]);

  const handlePointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const r = wrap.getBoundingClientRect();
    pointer.current = { x: e.clientX - r.left, y: e.clientY - r.top };
    const key = keyAt(e.target);
    if (key !== hovered) {
      setHovered(key);
      setDismissed(false);
    } else if (key && !dismissed) {
      placeTooltip(pointer.current, POINTER_OFFSET);
    }
  };

  const handleClick = (e: MouseEvent<SVGSVGElement>) => {
    const key = keyAt(e.target);
    if (key) onSelect?.(key);
  };

  const focusShape = (key: string) => {
    svgRef.current?.querySelector<SVGElement>(`[data-key="${key}"][tabindex]`)?.focus();
  };

  const handleKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const key = keyAt(e.target);
    if (!key) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (!e.repeat) onSelect?.(key);
      return;
    }
    const direction = ARROW_DIRECTIONS[e.key];
    const from = shapeByKey.get(key);
    if (!direction || !from) return;
    e.preventDefault();
    const next = nearestInDirection(
      from.label,
      activeShapes
        .filter(({ shape }) => shape.key !== key)
        .map(({ shape }) => ({ key: shape.key, point: shape.label })),
      direction,
    );
    if (next) focusShape(next);
  };

  const handleFocus = (e: FocusEvent<SVGSVGElement>) => {
    const key = keyAt(e.target);
    if (!key) return;
    setFocus({ key, visible: isFocusVisible(e.target) });
    setDismissed(false);
  };

  const handleBlur = () => setFocus(null);

  const selectedShape = selectedKey && territoryByKey.has(selectedKey) ? shapeByKey.get(selectedKey) : undefined;
  const hoveredShape = hovered ? shapeByKey.get(hovered) : undefined;
  const focusedShape = focusKey ? shapeByKey.get(focusKey) : undefined;

  return (
    <div className={cn("w-full", className)}>
      <div ref={wrapRef} className="@container relative">
        {/* Keyboard: Tab moves through territories, arrow keys move to the nearest one in that direction. */}
        {/* biome-ignore lint/a11y/useSemanticElements: the SVG groups the territory buttons; <fieldset> cannot hold SVG. */}
        <svg
          ref={svgRef}
          viewBox={`0 0 ${MAP_VIEWBOX_WIDTH} ${MAP_VIEWBOX_HEIGHT}`}
          role="group"
          aria-label={ariaLabel}
          className="block h-auto w-full select-none [-webkit-tap-highlight-color:transparent]"
          onPointerMove={handlePointerMove}
          onPointerDown={handlePointerMove}
          onPointerLeave={() => setHovered(null)}
          onClick={handleClick}
          onKeyDown={handleKeyDown}
          onFocus={handleFocus}
          onBlur={handleBlur}
        >
          <Decor>
            {inactiveShapes.map((shape) => (
              <path key={shape.key} d={shape.d} fillRule="evenodd" className="fill-navy-100 dark:fill-navy-800/70" />
            ))}
          </Decor>

          <g>
            {activeShapes.map(({ shape, territory }) => (
              // biome-ignore lint/a11y/useSemanticElements: SVG has no <button>; the shape itself is the control.
              <path
                key={shape.key}
                d={shape.d}
                fillRule="evenodd"
                data-key={shape.key}
                role="button"
                tabIndex={0}
                aria-label={`${territory.name}: ${MAP_STATUS_LABELS[territory.status]}`}
                aria-pressed={shape.key === selectedKey}
                aria-describedby={`${uid}-d-${shape.key}`}
                className={cn(
                  MAP_STATUS_CLASSES[territory.status].fill,
                  "cursor-pointer outline-none transition-[filter] duration-150 hover:brightness-110",
                  shape.key === hovered && "brightness-110",
                )}
              />
            ))}
          </g>

          <Decor>
            <Stroke d={map.borders.states} width={1} className="stroke-background" />
            <Stroke d={map.borders.portions} width={0.8} dash="3 2.5" className="stroke-background" />
            {hoveredShape && (
              <Stroke d={hoveredShape.d} width={1.25} className="stroke-navy-950/70 dark:stroke-white/85" />
            )}
          </Decor>

          <Decor interactive>
            {callouts.map((callout) => (
              <CalloutBox
                key={callout.key}
                callout={callout}
                territory={territoryByKey.get(callout.key) as MapTerritory}
                selected={callout.key === selectedKey}
                highlighted={callout.key === hovered || callout.key === focusKey}
              />
            ))}
            {hitCircles.map((shape) => (
              <circle
                key={shape.key}
                data-key={shape.key}
                cx={shape.label[0]}
                cy={shape.label[1]}
                r={HIT_CIRCLE_RADIUS}
                fill="transparent"
                className="cursor-pointer"
              />
            ))}
          </Decor>

          <Decor>
            {selectedShape && (
              <>
                <Stroke d={selectedShape.d} width={4} className="stroke-navy-950 dark:stroke-background" />
                <Stroke d={selectedShape.d} width={2} className="stroke-gold-400" />
              </>
            )}
            {focusedShape && (
              <>
                <Stroke d={focusedShape.d} width={6} className="stroke-navy-950 dark:stroke-background" />
                <Stroke d={focusedShape.d} width={3} className="stroke-gold-300" />
              </>
            )}
          </Decor>
        </svg>

        <MapTooltip ref={tipRef} territory={tooltipTerritory} />
      </div>

      <MapLegend className="mt-5" />

      <div hidden>
        {activeShapes.map(({ shape, territory }) => (
          <span key={shape.key} id={`${uid}-d-${shape.key}`}>
            {describeTerritory(territory.areaCodes, territory.baseMonthlyCents)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** A labelled box off the coast for a territory too small to point at comfortably. */
function CalloutBox({
  callout,
  territory,
  selected,
  highlighted,
}: {
  callout: Callout;
  territory: MapTerritory;
  selected: boolean;
  highlighted: boolean;
}) {
  const [sx, sy] = leaderStart(callout);
  const classes = MAP_STATUS_CLASSES[territory.status];
  return (
    <g data-key={callout.key} className="group cursor-pointer">
      <line
        x1={sx}
        y1={sy}
        x2={callout.anchor[0]}
        y2={callout.anchor[1]}
        vectorEffect="non-scaling-stroke"
        strokeWidth={1}
        pointerEvents="none"
        className="stroke-navy-400 dark:stroke-navy-300"
      />
      <circle
        cx={callout.anchor[0]}
        cy={callout.anchor[1]}
        r={1.6}
        pointerEvents="none"
        className="fill-navy-900 dark:fill-white"
      />
      <rect
        x={callout.x}
        y={callout.y}
        width={CALLOUT_WIDTH}
        height={CALLOUT_HEIGHT}
        rx={4}
        vectorEffect="non-scaling-stroke"
        strokeWidth={selected || highlighted ? 2 : 1}
        className={cn(
          "fill-card transition-colors",
          selected ? "stroke-gold-400" : highlighted ? "stroke-navy-950 dark:stroke-white" : "stroke-border",
        )}
      />
      <rect x={callout.x + 5} y={callout.y + 5} width={6} height={6} rx={1.5} className={classes.fill} />
      <text
        x={callout.x + 14.5}
        y={callout.y + CALLOUT_HEIGHT / 2}
        dominantBaseline="central"
        fontSize={8.5}
        fontWeight={600}
        className="fill-foreground"
      >
        {callout.key}
      </text>
    </g>
  );
}
