import type { DisplayStatus } from "#kernel/territory-status.ts";

/** One territory as the map shows it. `key` is the map key: "OH", "DC", "CA-N", … */
export type MapTerritory = {
  key: string;
  name: string;
  status: DisplayStatus;
  areaCodes: string[];
  /**
   * The monthly figure the page's territory card shows (its label, e.g. "#HELP monthly fee", and amount in cents), so
   * the tooltip and the card never disagree; null when not priced.
   */
  monthly: { label: string; cents: number } | null;
};

export type TerritoryMapProps = {
  territories: readonly MapTerritory[];
  /** Key of the selected territory, drawn with a gold outline. */
  selectedKey?: string | null;
  /** Click, Enter or Space on a territory. */
  onSelect?: (key: string) => void;
  /** Pointer or keyboard focus enters a territory (its key) or leaves the map's territories (null). */
  onHover?: (key: string | null) => void;
  className?: string;
  /** Accessible name of the map; defaults to "Map of licensing territories". */
  ariaLabel?: string;
  /** The hover and focus tooltip; default true. The home map turns it off while its popup is open. */
  showTooltip?: boolean;
  /**
   * Fetch the geometry with the page (a `<link rel="preload">` in its head); default true. A map below the fold
   * (the home page's) passes false, so the geometry does not compete with what the first screen needs; it then loads
   * once the page is interactive.
   */
  preloadData?: boolean;
};
