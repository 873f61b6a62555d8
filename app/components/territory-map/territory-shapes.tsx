import { cn } from "#app/lib/utils.ts";
import { STATUS_VOCABULARY } from "#kernel/territory-status.ts";
import { describeTerritory } from "./format.ts";
import type { MapShape } from "./map-data.ts";
import { Decor } from "./svg-parts.tsx";
import type { ActiveShape } from "./use-map-layout.ts";

/** Id of the hidden description of a territory's shape (area codes and price). */
export function descriptionId(uid: string, key: string): string {
  return `${uid}-d-${key}`;
}

/** Shapes without a territory: grey, hidden from assistive technology and out of the tab order. */
export function InactiveShapes({ shapes }: { shapes: readonly MapShape[] }) {
  return (
    <Decor>
      {shapes.map((shape) => (
        <path key={shape.key} d={shape.d} fillRule="evenodd" className="fill-navy-100 dark:fill-navy-800/70" />
      ))}
    </Decor>
  );
}

/**
 * The territories: each shape a toggle button coloured by its status, labelled with its name and status. Only
 * `tabStopKey` is in the tab order (tabindex 0); the others are reached with the arrow keys (tabindex -1).
 */
export function TerritoryShapes({
  shapes,
  uid,
  selectedKey,
  hoveredKey,
  tabStopKey,
}: {
  shapes: readonly ActiveShape[];
  uid: string;
  selectedKey: string | null;
  hoveredKey: string | null;
  tabStopKey: string | null;
}) {
  return (
    <g>
      {shapes.map(({ shape, territory }) => (
        // biome-ignore lint/a11y/useSemanticElements: SVG has no <button>; the shape itself is the control.
        <path
          key={shape.key}
          d={shape.d}
          fillRule="evenodd"
          data-key={shape.key}
          role="button"
          tabIndex={shape.key === tabStopKey ? 0 : -1}
          aria-label={`${territory.name}: ${STATUS_VOCABULARY[territory.status].mapLabel}`}
          aria-pressed={shape.key === selectedKey}
          aria-describedby={descriptionId(uid, shape.key)}
          className={cn(
            STATUS_VOCABULARY[territory.status].classes.fill,
            "cursor-pointer outline-none transition-[filter] duration-150 hover:brightness-110",
            shape.key === hoveredKey && "brightness-110",
          )}
        />
      ))}
    </g>
  );
}

/** Id of the hidden keyboard instructions of the map. */
export function instructionsId(uid: string): string {
  return `${uid}-keys`;
}

/** How to move on the map from the keyboard, read with the map's name. */
export const MAP_KEYBOARD_HINT =
  "Use the arrow keys to move between territories, Home and End for the first and last. Press Enter or Space to select one.";

/** The descriptions the shapes point at (aria-describedby), and the map's keyboard instructions, kept out of sight. */
export function TerritoryDescriptions({ shapes, uid }: { shapes: readonly ActiveShape[]; uid: string }) {
  return (
    <div hidden>
      <span id={instructionsId(uid)}>{MAP_KEYBOARD_HINT}</span>
      {shapes.map(({ shape, territory }) => (
        <span key={shape.key} id={descriptionId(uid, shape.key)}>
          {describeTerritory(territory.areaCodes, territory.monthly)}
        </span>
      ))}
    </div>
  );
}
