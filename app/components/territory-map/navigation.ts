export type Direction = "left" | "right" | "up" | "down";

export const ARROW_DIRECTIONS: Readonly<Record<string, Direction>> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};

/**
 * The nearest point in a direction (screen coordinates, y down), for arrow-key moves between shapes.
 * Candidates must lie within a cone of ±63° around the direction; sideways offset counts double.
 */
export function nearestInDirection(
  from: readonly [number, number],
  candidates: readonly { key: string; point: readonly [number, number] }[],
  direction: Direction,
): string | null {
  let best: string | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const { key, point } of candidates) {
    const dx = point[0] - from[0];
    const dy = point[1] - from[1];
    const [along, across] =
      direction === "right" ? [dx, dy] : direction === "left" ? [-dx, dy] : direction === "down" ? [dy, dx] : [-dy, dx];
    if (along <= 0.5 || Math.abs(across) > along * 2) continue;
    const score = Math.hypot(along, across * 2);
    if (score < bestScore) {
      bestScore = score;
      best = key;
    }
  }
  return best;
}
