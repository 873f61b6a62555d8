/**
 * Territory status on the map: normalization, derivation from per-category statuses, labels and
 * colours. Browser-safe and pure.
 *
 * Spec (1-public-site-and-portal §4): map values are available, partial (partially licensed),
 * negotiations and licensed; an unknown status is treated as available. Per number or category the
 * status defaults to available and a category-specific status overrides it. Colours: available
 * green, partial purple, negotiations amber, licensed red.
 */

export type MapStatus = "available" | "partial" | "negotiations" | "licensed";

/**
 * Status of one category in one territory (territory_categories.status). Known values are listed;
 * any other string is accepted and treated as available.
 */
export type CategoryStatus = "available" | "negotiations" | "licensed" | "reserved" | (string & {});

/** Legend order. */
export const MAP_STATUSES: readonly MapStatus[] = ["available", "partial", "negotiations", "licensed"];

export const MAP_STATUS_LABELS: Readonly<Record<MapStatus, string>> = {
  available: "Available",
  partial: "Partially Licensed",
  negotiations: "In Negotiations",
  licensed: "Fully Licensed",
};

/** Fill colours for the light and dark themes (hex). */
export const MAP_STATUS_COLORS: Readonly<Record<MapStatus, { light: string; dark: string }>> = {
  available: { light: "#2e9e6b", dark: "#3dbe85" },
  partial: { light: "#7b5cc9", dark: "#9d85e6" },
  negotiations: { light: "#e8890c", dark: "#f5a524" },
  licensed: { light: "#d64545", dark: "#f06a6a" },
};

/**
 * Tailwind v4 classes carrying the same colours (kept literal so Tailwind can see them; a test checks
 * they match MAP_STATUS_COLORS). `dark:` follows the app's dark variant (the `dark` class on <html>).
 */
export const MAP_STATUS_CLASSES: Readonly<Record<MapStatus, { fill: string; stroke: string; bg: string }>> = {
  available: {
    fill: "fill-[#2e9e6b] dark:fill-[#3dbe85]",
    stroke: "stroke-[#2e9e6b] dark:stroke-[#3dbe85]",
    bg: "bg-[#2e9e6b] dark:bg-[#3dbe85]",
  },
  partial: {
    fill: "fill-[#7b5cc9] dark:fill-[#9d85e6]",
    stroke: "stroke-[#7b5cc9] dark:stroke-[#9d85e6]",
    bg: "bg-[#7b5cc9] dark:bg-[#9d85e6]",
  },
  negotiations: {
    fill: "fill-[#e8890c] dark:fill-[#f5a524]",
    stroke: "stroke-[#e8890c] dark:stroke-[#f5a524]",
    bg: "bg-[#e8890c] dark:bg-[#f5a524]",
  },
  licensed: {
    fill: "fill-[#d64545] dark:fill-[#f06a6a]",
    stroke: "stroke-[#d64545] dark:stroke-[#f06a6a]",
    bg: "bg-[#d64545] dark:bg-[#f06a6a]",
  },
};

function clean(s: string | null | undefined): string {
  return typeof s === "string" ? s.trim().toLowerCase() : "";
}

/** Map status from a stored value; case and surrounding spaces are ignored; anything unknown is available. */
export function normalizeMapStatus(s: string | null | undefined): MapStatus {
  const v = clean(s);
  return v === "partial" || v === "negotiations" || v === "licensed" ? v : "available";
}

export function mapStatusLabel(s: string | null | undefined): string {
  return MAP_STATUS_LABELS[normalizeMapStatus(s)];
}

/**
 * Map colour of a territory seen for one category (e.g. on a #Code's page): the category-specific
 * status if there is one, otherwise available.
 * - licensed → licensed
 * - negotiations or reserved (a reservation awaiting completion; a submitted reservation puts the
 *   territory in negotiations) → negotiations
 * - missing, available or anything else → available
 * Never returns partial: one category is either licensed or not.
 */
export function statusForCategory(status: CategoryStatus | null | undefined): Exclude<MapStatus, "partial"> {
  const v = clean(status);
  if (v === "licensed") return "licensed";
  if (v === "negotiations" || v === "reserved") return "negotiations";
  return "available";
}

/**
 * Overall map status of a territory from the statuses of its categories.
 *
 * `categoryStatuses` are the stored per-category statuses (territory_categories rows); each is read
 * with statusForCategory. `categoryCount` is the number of categories offered in the territory:
 * categories without a row are available. It is never taken below the number of statuses given.
 *
 * Rule, first match wins:
 * 1. no categories at all → available
 * 2. every category licensed → licensed ("Fully Licensed")
 * 3. at least one category licensed → partial ("Partially Licensed"), whatever the others are
 * 4. at least one category in negotiations or reserved → negotiations ("In Negotiations")
 * 5. otherwise → available
 */
export function deriveTerritoryStatus(categoryStatuses: readonly CategoryStatus[], categoryCount?: number): MapStatus {
  const given = categoryStatuses.length;
  const total =
    categoryCount !== undefined && Number.isFinite(categoryCount) ? Math.max(given, Math.floor(categoryCount)) : given;
  if (total === 0) return "available";

  let licensed = 0;
  let negotiations = 0;
  for (const s of categoryStatuses) {
    const status = statusForCategory(s);
    if (status === "licensed") licensed++;
    else if (status === "negotiations") negotiations++;
  }
  if (licensed === total) return "licensed";
  if (licensed > 0) return "partial";
  if (negotiations > 0) return "negotiations";
  return "available";
}
