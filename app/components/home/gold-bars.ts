/** What the hero's gold bars are stamped with. Browser-safe, no React. */

/** The spec's five gold bars. */
export const GOLD_BAR_COUNT = 5;

/** Sideways offsets (px) of the stacked bars, bottom bar first, so the stack looks hand-placed. */
const OFFSETS = [0, 10, -8, 6, -4] as const;

/** Stamped when the catalogue has no #Code to show. */
const BRAND_STAMP = "PoundCodes";

/**
 * The five bars, bottom first, each stamped with a #Code of the catalogue in the order given (repeated when there
 * are fewer than five), or with the brand when there is none. Only real #Codes are stamped: nothing invented.
 */
export function goldBars(codes: readonly string[]): { key: string; code: string; offset: number }[] {
  const real = [...new Set(codes.map((c) => c.trim()).filter((c) => c.startsWith("#") && c.length > 1))];
  return OFFSETS.slice(0, GOLD_BAR_COUNT).map((offset, i) => ({
    key: `bar-${i}`,
    code: real.length > 0 ? (real[i % real.length] as string) : BRAND_STAMP,
    offset,
  }));
}
