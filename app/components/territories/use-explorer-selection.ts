import { useState } from "react";
import type { TerritoryView } from "#kernel/catalogue.ts";
import { cardStatus } from "#kernel/territory-status.ts";
import { useOnChange } from "./use-on-change.ts";

export type ExplorerSelection = {
  selectedId: string | null;
  /** The territory under the pointer or focus on the map or list. */
  hoveredId: string | null;
  setHoveredId: (id: string | null) => void;
  /** Selects a territory (or clears the selection) and says so to screen readers. */
  select: (id: string | null) => void;
  /** What the live region says: the territory selected and its status, or that the selection was cleared. */
  announcement: string;
};

/**
 * The selected and the hovered territory. A new `resetKey` (another page or number context) starts over from
 * `initialSelectedId`; a new `initialSelectedId` (the route selected another territory, e.g. a card link or
 * back/forward) selects it.
 */
export function useExplorerSelection({
  initialSelectedId,
  resetKey,
  byId,
}: {
  initialSelectedId: string | null;
  resetKey: string;
  byId: ReadonlyMap<string, TerritoryView>;
}): ExplorerSelection {
  const [selectedId, setSelectedId] = useState<string | null>(initialSelectedId);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");

  useOnChange(resetKey, () => {
    setSelectedId(initialSelectedId);
    setHoveredId(null);
  });
  useOnChange(initialSelectedId, (id) => {
    if (id) setSelectedId(id);
  });

  const select = (id: string | null) => {
    setSelectedId(id);
    const t = id ? byId.get(id) : undefined;
    setAnnouncement(t ? `${t.name} selected. ${cardStatus(t.listStatus).label}.` : "Selection cleared.");
  };

  return { selectedId, hoveredId, setHoveredId, select, announcement };
}
