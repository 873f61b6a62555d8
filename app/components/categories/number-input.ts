/**
 * The number inputs of the category and keyword dialogs: numbers only (type=number), and a negative clamps to 0
 * as it is typed (spec 2 §5). The server clamps too, so a value that bypasses the browser ends the same.
 */

/** The value to show after the user typed `raw`: a negative number becomes "0", anything else stays. */
export function clampTyped(raw: string): string {
  const n = Number(raw);
  return raw.trim() !== "" && Number.isFinite(n) && n < 0 ? "0" : raw;
}

/** A stored number as the input's starting text ("" for null). */
export function numberText(n: number | null | undefined): string {
  return n === null || n === undefined ? "" : String(n);
}

/** What a slug the user types may hold: lower case, dashes for spaces, letters, digits and dashes only. */
export function typedSlug(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/\s/g, "-")
    .replace(/[^a-z0-9-]/g, "");
}
