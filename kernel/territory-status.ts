/**
 * The territory status vocabulary: the four displayed statuses, how stored values map to them, and how each one
 * looks (labels, colours, badge) and what the detail card offers for it. Browser-safe and pure. Read by the
 * territory map and its legend, the list cards, the detail panel, the category section and the server's territory
 * read model.
 *
 * Rules:
 * - Displayed statuses: available, partial (partially licensed), negotiations and licensed. Colours: available
 *   green, partial purple, negotiations amber, licensed red.
 * - On the map an unknown status is treated as available.
 * - On a card 'unlicensed' means available; any other unknown status shows 'Unknown' with a disabled 'Inquire'.
 * - Per number or category the status defaults to available and a category-specific status overrides it.
 */

/** The displayed statuses, in legend order. */
export const DISPLAY_STATUSES = ["available", "partial", "negotiations", "licensed"] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** The displayed status of one category in one territory: never partial, one category is licensed or not. */
export type CategoryDisplayStatus = Exclude<DisplayStatus, "partial">;

/**
 * Status of one category in one territory as stored (territory_categories.status). Known values are listed;
 * any other string is accepted and treated as available.
 */
export type CategoryStatus = "available" | "negotiations" | "licensed" | "reserved" | (string & {});

/**
 * What a list card reads (TerritoryView.listStatus): a displayed status, 'unlicensed' (shown as available) or
 * any other value (shown as 'Unknown').
 */
export type ListStatus = DisplayStatus | "unlicensed" | (string & {});

/** What the detail card offers: reserve a category, join the waitlist, or a disabled 'Inquire'. */
export type CardAction = "reserve" | "waitlist" | "inquire";

export type StatusLook = {
  /** Text on the map: the shape's accessible name, the tooltip and the legend. */
  mapLabel: string;
  /** Text on the list card, the detail panel and the category section. */
  cardLabel: string;
  /** What the detail card offers. */
  action: CardAction;
  /** Fill colours for the light and dark themes (hex). */
  color: { light: string; dark: string };
  /**
   * Tailwind v4 classes carrying the same colours (kept literal so Tailwind can see them; a test checks they match
   * `color`). `dark:` follows the app's dark variant (the `dark` class on <html>).
   */
  classes: { fill: string; stroke: string; bg: string };
};

export const STATUS_VOCABULARY: Readonly<Record<DisplayStatus, StatusLook>> = {
  available: {
    mapLabel: "Available",
    cardLabel: "Available",
    action: "reserve",
    color: { light: "#2e9e6b", dark: "#3dbe85" },
    classes: {
      fill: "fill-[#2e9e6b] dark:fill-[#3dbe85]",
      stroke: "stroke-[#2e9e6b] dark:stroke-[#3dbe85]",
      bg: "bg-[#2e9e6b] dark:bg-[#3dbe85]",
    },
  },
  // Some categories licensed, others free: the visitor reserves a free category.
  partial: {
    mapLabel: "Partially Licensed",
    cardLabel: "Partially Licensed",
    action: "reserve",
    color: { light: "#7b5cc9", dark: "#9d85e6" },
    classes: {
      fill: "fill-[#7b5cc9] dark:fill-[#9d85e6]",
      stroke: "stroke-[#7b5cc9] dark:stroke-[#9d85e6]",
      bg: "bg-[#7b5cc9] dark:bg-[#9d85e6]",
    },
  },
  negotiations: {
    mapLabel: "In Negotiations",
    cardLabel: "In Negotiations",
    action: "waitlist",
    color: { light: "#e8890c", dark: "#f5a524" },
    classes: {
      fill: "fill-[#e8890c] dark:fill-[#f5a524]",
      stroke: "stroke-[#e8890c] dark:stroke-[#f5a524]",
      bg: "bg-[#e8890c] dark:bg-[#f5a524]",
    },
  },
  licensed: {
    mapLabel: "Fully Licensed",
    cardLabel: "Licensed",
    action: "waitlist",
    color: { light: "#d64545", dark: "#f06a6a" },
    classes: {
      fill: "fill-[#d64545] dark:fill-[#f06a6a]",
      stroke: "stroke-[#d64545] dark:stroke-[#f06a6a]",
      bg: "bg-[#d64545] dark:bg-[#f06a6a]",
    },
  },
};

/** A card's status for a value outside the vocabulary. */
export const UNKNOWN_CARD_STATUS = {
  label: "Unknown",
  action: "inquire",
  /** Dot colour next to the label in the category section. */
  dot: "bg-muted-foreground",
} as const satisfies { label: string; action: CardAction; dot: string };

function clean(s: string | null | undefined): string {
  return typeof s === "string" ? s.trim().toLowerCase() : "";
}

/** Map status from a stored value; case and surrounding spaces are ignored; anything unknown is available. */
export function normalizeMapStatus(s: string | null | undefined): DisplayStatus {
  const v = clean(s);
  return v === "partial" || v === "negotiations" || v === "licensed" ? v : "available";
}

export function mapStatusLabel(s: string | null | undefined): string {
  return STATUS_VOCABULARY[normalizeMapStatus(s)].mapLabel;
}

/**
 * Displayed status of a territory seen for one category (e.g. on a #Code's page): the category-specific
 * status if there is one, otherwise available.
 * - licensed → licensed
 * - negotiations or reserved (a reservation awaiting completion; a submitted reservation puts the
 *   territory in negotiations) → negotiations
 * - missing, available or anything else → available
 */
export function statusForCategory(status: CategoryStatus | null | undefined): CategoryDisplayStatus {
  const v = clean(status);
  if (v === "licensed") return "licensed";
  if (v === "negotiations" || v === "reserved") return "negotiations";
  return "available";
}

/**
 * Overall displayed status of a territory from the statuses of its categories.
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
export function deriveTerritoryStatus(
  categoryStatuses: readonly CategoryStatus[],
  categoryCount?: number,
): DisplayStatus {
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

/**
 * Displayed status of a territory on a page. On a page about one category (`pageCategoryId`, a #Code page) it is
 * that category's status; otherwise it is derived over the #Codes offered (`poundCodeIds`), a #Code without a
 * stored status counting as available. `storedStatuses` maps category ids to their stored status in the territory.
 */
export function territoryStatusOnPage(
  storedStatuses: ReadonlyMap<string, CategoryStatus>,
  poundCodeIds: readonly string[],
  pageCategoryId: string | null,
): DisplayStatus {
  if (pageCategoryId !== null) return statusForCategory(storedStatuses.get(pageCategoryId));
  return deriveTerritoryStatus(
    poundCodeIds.map((id) => storedStatuses.get(id) ?? "available"),
    poundCodeIds.length,
  );
}

/** A card's status: a displayed status, or unknown for a value outside the vocabulary. */
export type CardStatusKey = DisplayStatus | "unknown";

/** What the list card, detail panel and category section show for a status. */
export type CardStatus = {
  key: CardStatusKey;
  label: string;
  /** Badge variant: the displayed status itself, or outline when unknown. */
  badge: DisplayStatus | "outline";
  action: CardAction;
};

/**
 * The card's reading of a stored or displayed value; case and surrounding spaces are ignored.
 * - available and unlicensed → available ('Select Category & Reserve')
 * - partial → partial (reserve a free category)
 * - negotiations and reserved (a category held by a reservation, as on the map) → negotiations ('Join Waitlist')
 * - licensed → licensed ('Join Waitlist')
 * - anything else → unknown (a disabled 'Inquire')
 */
export function cardStatusKey(status: ListStatus | null | undefined): CardStatusKey {
  const v = clean(status);
  switch (v) {
    case "available":
    case "unlicensed":
      return "available";
    case "partial":
    case "licensed":
    case "negotiations":
      return v;
    case "reserved":
      return "negotiations";
    default:
      return "unknown";
  }
}

/** Label, badge and action of the card for a stored or displayed value. */
export function cardStatus(status: ListStatus | null | undefined): CardStatus {
  const key = cardStatusKey(status);
  if (key === "unknown") {
    return { key, label: UNKNOWN_CARD_STATUS.label, badge: "outline", action: UNKNOWN_CARD_STATUS.action };
  }
  const look = STATUS_VOCABULARY[key];
  return { key, label: look.cardLabel, badge: key, action: look.action };
}

export function cardStatusLabel(status: ListStatus | null | undefined): string {
  return cardStatus(status).label;
}

/** Colour class of the dot next to a card status (the map's colour; grey when unknown). */
export function statusDotClass(key: CardStatusKey): string {
  return key === "unknown" ? UNKNOWN_CARD_STATUS.dot : STATUS_VOCABULARY[key].classes.bg;
}
