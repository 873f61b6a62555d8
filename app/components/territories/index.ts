export { CategorySection } from "./category-section.tsx";
export { HomeTerritoryMap, type HomeTerritoryMapProps } from "./home-territory-map.tsx";
export { ReservationDialog, type ReservationDialogProps } from "./reservation-dialog.tsx";
export { TerritoryExplorer, type TerritoryExplorerProps } from "./territory-explorer.tsx";
export { TerritoryList } from "./territory-list.tsx";
export { TerritoryPanel } from "./territory-panel.tsx";
export type { CategoryOption, FormTarget, ReserveResponse, WaitlistResponse } from "./types.ts";
export { type ExplorerView, ViewToggle } from "./view-toggle.tsx";
export { WaitlistDialog, type WaitlistDialogProps } from "./waitlist-dialog.tsx";
