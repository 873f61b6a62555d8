/**
 * When the map's tooltip shows, and for which territory. Browser-safe, no React.
 *
 * Rules:
 * - It shows the territory under a mouse or pen pointer, else the one focused from the keyboard (Tab, an arrow
 *   key), so a territory focused by a tap, a click or a script (focus given back when a popup closes) shows none.
 * - A touch has no hover: on phones a tap selects, and nothing is left floating over the map.
 * - Escape hides it until the pointer or the focus moves to a territory.
 * - It never shows while the page has it turned off (the home map, while its popup is open).
 */
export type TooltipInput = {
  enabled: boolean;
  hoveredKey: string | null;
  /** The focused territory, and whether it was focused from the keyboard. */
  focus: { key: string; fromKeyboard: boolean } | null;
  dismissed: boolean;
};

/** The key of the territory the tooltip shows, or null when it is hidden. */
export function tooltipKey({ enabled, hoveredKey, focus, dismissed }: TooltipInput): string | null {
  if (!enabled || dismissed) return null;
  return hoveredKey ?? (focus?.fromKeyboard ? focus.key : null);
}

/** Whether a pointer of this type hovers (mouse and pen do; a finger on a touch screen does not). */
export function pointerHovers(pointerType: string): boolean {
  return pointerType !== "touch";
}
