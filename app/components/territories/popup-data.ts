/**
 * The home map's territory popup data: what the popup loader answers, its loading state, and the lists shown.
 * Browser-safe, no React.
 */
import type { TerritoryPopup, TerritoryView } from "#kernel/catalogue.ts";

/** The popup lists at most 5 #Codes and 5 vanity numbers. */
export const POPUP_MAX_ITEMS = 5;

export type PopupState = { status: "loading" } | { status: "loaded"; popup: TerritoryPopup } | { status: "failed" };

/** Whether a loader's answer is a territory popup (anything else counts as a failed fetch). */
export function isTerritoryPopup(data: unknown): data is TerritoryPopup {
  if (!data || typeof data !== "object") return false;
  const d = data as Partial<TerritoryPopup>;
  return (
    typeof d.slug === "string" &&
    typeof d.name === "string" &&
    Array.isArray(d.poundCodes) &&
    Array.isArray(d.vanityNumbers)
  );
}

/** At most 5 #Codes and 5 vanity numbers. */
export function popupLists(popup: TerritoryPopup | null): {
  poundCodes: TerritoryPopup["poundCodes"];
  vanityNumbers: TerritoryPopup["vanityNumbers"];
} {
  return {
    poundCodes: (popup?.poundCodes ?? []).slice(0, POPUP_MAX_ITEMS),
    vanityNumbers: (popup?.vanityNumbers ?? []).slice(0, POPUP_MAX_ITEMS),
  };
}

/** The popup's title: the loaded name, else the territory's. */
export function popupTitle(territory: Pick<TerritoryView, "name">, state: PopupState): string {
  return state.status === "loaded" ? state.popup.name : territory.name;
}

/** Link of a #Code or vanity number in the territory it was found in: /number/{slug}/{territory}. */
export function numberHref(slug: string, territorySlug: string): string {
  return `/number/${slug}/${territorySlug}`;
}
