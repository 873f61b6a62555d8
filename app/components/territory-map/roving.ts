/**
 * The map is one stop in the page's tab order: exactly one territory has tabindex 0, the others -1, and the arrow
 * keys move between them (a roving tabindex). Browser-safe, no React.
 */

/**
 * The territory that takes the map's tab stop: the one focused last, else the selected one, else the first in name
 * order. Keys that are not territories on the map are ignored; null when the map has no territory.
 */
export function tabStopKey(
  orderedKeys: readonly string[],
  lastFocusedKey: string | null,
  selectedKey: string | null,
): string | null {
  if (lastFocusedKey !== null && orderedKeys.includes(lastFocusedKey)) return lastFocusedKey;
  if (selectedKey !== null && orderedKeys.includes(selectedKey)) return selectedKey;
  return orderedKeys[0] ?? null;
}

/** Home and End move to the first and the last territory in name order. */
export function edgeKey(orderedKeys: readonly string[], key: string): string | null {
  if (key === "Home") return orderedKeys[0] ?? null;
  if (key === "End") return orderedKeys[orderedKeys.length - 1] ?? null;
  return null;
}
