import { useState } from "react";
import { tooltipKey } from "./tooltip-rule.ts";
import type { MapTerritory } from "./types.ts";
import { useEscapeKey } from "./use-escape-key.ts";
import { useHoverReport } from "./use-hover-report.ts";

export type MapHighlight = {
  /** Key of the territory under a mouse or pen pointer. */
  hovered: string | null;
  /** Key of the territory focused from the keyboard. */
  focusKey: string | null;
  /** Escape hid the tooltip; it shows again when the pointer or the focus moves to a territory. */
  dismissed: boolean;
  /** The territory the tooltip shows, or null when it is hidden. */
  tooltipTerritory: MapTerritory | null;
  /** The pointer moved onto another territory (or off every territory: null). */
  hover: (key: string | null) => void;
  /** The pointer left the map. */
  leave: () => void;
  focusOn: (key: string, fromKeyboard: boolean) => void;
  blur: () => void;
};

/**
 * Which territory is highlighted and shown in the tooltip (see tooltip-rule.ts): the one under the pointer, else the
 * one focused from the keyboard. Reports changes to `onHover`. Escape hides the tooltip wherever focus is (WCAG
 * 1.4.13: dismissible without moving the pointer). When the page turns the tooltip back on (the home popup closed),
 * the territory under the pointer before is forgotten, so nothing reappears until the pointer moves again.
 */
export function useMapHighlight(
  territoryByKey: ReadonlyMap<string, MapTerritory>,
  onHover: ((key: string | null) => void) | undefined,
  tooltipEnabled: boolean,
): MapHighlight {
  const [hovered, setHovered] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ key: string; fromKeyboard: boolean } | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [wasEnabled, setWasEnabled] = useState(tooltipEnabled);
  if (wasEnabled !== tooltipEnabled) {
    setWasEnabled(tooltipEnabled);
    setHovered(null);
    setFocus(null);
  }

  const focusKey = focus?.fromKeyboard ? focus.key : null;
  const activeKey = hovered ?? focusKey;
  const shownKey = tooltipKey({ enabled: tooltipEnabled, hoveredKey: hovered, focus, dismissed });
  const tooltipTerritory = shownKey ? (territoryByKey.get(shownKey) ?? null) : null;

  useHoverReport(activeKey, onHover);
  useEscapeKey(tooltipTerritory !== null, () => setDismissed(true));

  return {
    hovered,
    focusKey,
    dismissed,
    tooltipTerritory,
    hover: (key) => {
      setHovered(key);
      setDismissed(false);
    },
    leave: () => setHovered(null),
    focusOn: (key, fromKeyboard) => {
      setFocus({ key, fromKeyboard });
      setDismissed(false);
    },
    blur: () => setFocus(null),
  };
}
