import { formatCents } from "#kernel/format.ts";

/** "$1,234.00/mo", with two decimals like every price; null when the territory has no base price. */
export function formatMonthlyPrice(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return null;
  return `${formatCents(Math.round(cents))}/mo`;
}

/** "213, 310, 323 +4 more" — at most `max` codes, in the order given. */
export function formatAreaCodes(codes: readonly string[], max = 8): string {
  if (codes.length === 0) return "";
  const shown = codes.slice(0, max).join(", ");
  return codes.length > max ? `${shown} +${codes.length - max} more` : shown;
}

/** Text read by screen readers after the shape's name and status: the tooltip's facts. */
export function describeTerritory(
  areaCodes: readonly string[],
  monthly: { label: string; cents: number } | null,
): string {
  const parts: string[] = [];
  if (areaCodes.length > 0) {
    parts.push(`${areaCodes.length === 1 ? "Area code" : "Area codes"} ${areaCodes.join(", ")}.`);
  }
  const price = formatMonthlyPrice(monthly?.cents);
  parts.push(price && monthly ? `${monthly.label} ${price}.` : "Pricing on request.");
  return parts.join(" ");
}
