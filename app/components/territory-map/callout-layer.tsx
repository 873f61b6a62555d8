import { cn } from "#app/lib/utils.ts";
import { STATUS_VOCABULARY } from "#kernel/territory-status.ts";
import { CALLOUT_HEIGHT, CALLOUT_WIDTH, type Callout, HIT_CIRCLE_RADIUS, leaderStart } from "./callouts.ts";
import type { MapShape } from "./map-data.ts";
import { Decor } from "./svg-parts.tsx";
import type { MapTerritory } from "./types.ts";

/**
 * What makes small territories easy to point at: a labelled box off the coast for each callout, and an
 * invisible, enlarged hit circle around each tiny shape's label point. Both carry the territory's `data-key`.
 */
export function CalloutLayer({
  callouts,
  hitCircles,
  territoryByKey,
  selectedKey,
  hoveredKey,
  focusKey,
}: {
  callouts: readonly Callout[];
  hitCircles: readonly MapShape[];
  territoryByKey: ReadonlyMap<string, MapTerritory>;
  selectedKey: string | null;
  hoveredKey: string | null;
  focusKey: string | null;
}) {
  return (
    <Decor interactive>
      {callouts.map((callout) => (
        <CalloutBox
          key={callout.key}
          callout={callout}
          territory={territoryByKey.get(callout.key) as MapTerritory}
          selected={callout.key === selectedKey}
          highlighted={callout.key === hoveredKey || callout.key === focusKey}
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
  const classes = STATUS_VOCABULARY[territory.status].classes;
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
