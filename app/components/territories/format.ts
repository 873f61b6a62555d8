/** Small presentation helpers of the list cards, the detail panel and the popup. Browser-safe, no React. */

/** List cards enter 20 ms apart. */
export const CARD_STAGGER_MS = 20;

/** CSS animation-delay of the list card at `index`. */
export function staggerDelay(index: number): string {
  return `${Math.max(0, index) * CARD_STAGGER_MS}ms`;
}

const populationFormat = new Intl.NumberFormat("en-US");

export function formatPopulation(n: number | null | undefined): string {
  return typeof n === "number" && Number.isFinite(n) ? populationFormat.format(Math.round(n)) : "";
}
