/** The territory explorer and map. The reservation and waitlist dialogs are not here: they load on first open (explorer-dialogs.tsx). */
export { CategorySection } from "./category-section.tsx";
export { HomeTerritoryMap, type HomeTerritoryMapProps } from "./home-territory-map.tsx";
export {
  type PackedMapTerritories,
  type PackedTerritories,
  packMapTerritories,
  packTerritories,
  unpackMapTerritories,
  unpackTerritories,
} from "./packed.ts";
export { TerritoryExplorer, type TerritoryExplorerProps } from "./territory-explorer.tsx";
export { TerritoryList } from "./territory-list.tsx";
export { TerritoryPanel } from "./territory-panel.tsx";
export type { FormTarget, ReserveResponse, WaitlistResponse } from "./types.ts";
export { type ExplorerView, ViewToggle } from "./view-toggle.tsx";
