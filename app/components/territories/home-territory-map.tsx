import { lazy, Suspense, useId, useMemo, useState } from "react";
import { SectionHeading } from "#app/components/home/section-heading.tsx";
import { TerritoryMap } from "#app/components/territory-map/index.ts";
import type { MapTerritoryView } from "#kernel/catalogue.ts";
import { toMapTerritory } from "./territory-views.ts";
import { useMediaQuery } from "./use-media-query.ts";
import { usePopupAnchor } from "./use-popup-anchor.ts";
import { useTerritoryPopups } from "./use-territory-popups.ts";

export type HomeTerritoryMapProps = {
  territories: MapTerritoryView[];
  /** URL of the popup loader for a territory slug, e.g. (slug) => `/resources/territory-popup/${slug}`. */
  popupUrl: (territorySlug: string) => string;
};

/** The popover is used from 640 px up; below, a dialog. */
const WIDE_QUERY = "(min-width: 640px)";

/**
 * The popup frames (the popover with its positioning code, the dialog and the popup's content) come in their own
 * chunk: fetched when the pointer or the focus first reaches a territory, shown once one opens.
 */
const loadPopups = () => import("./home-map-popups.tsx");
const HomeMapPopups = lazy(loadPopups);
const preloadPopups = () => void loadPopups();

/**
 * The home page's territory map: a click (or Enter) on a territory opens a popup with its name, area codes,
 * population and up to 5 available #Codes and 5 vanity numbers, each linking to /number/{slug}/{territory}, or a contact hint
 * when there are none. Popup fetch failures are only logged.
 */
export function HomeTerritoryMap({ territories, popupUrl }: HomeTerritoryMapProps) {
  const uid = useId();
  const titleId = `${uid}-title`;
  const popupTitleId = `${uid}-popup-title`;
  const popups = useTerritoryPopups(popupUrl);
  const anchor = usePopupAnchor();

  const byKey = useMemo(() => new Map(territories.map((t) => [t.key, t])), [territories]);
  const mapTerritories = useMemo(() => territories.map((t) => toMapTerritory(t)), [territories]);

  const [openKey, setOpenKey] = useState<string | null>(null);
  // The map's card, which the popover stays inside (a state, so the popups render with it once it is mounted).
  const [card, setCard] = useState<HTMLDivElement | null>(null);
  // Mounted from the first opening on, so that closing animates and gives the focus back.
  const [popupsMounted, setPopupsMounted] = useState(false);
  const open = openKey ? (byKey.get(openKey) ?? null) : null;
  const state = open ? popups.stateOf(open.slug) : null;
  const wide = useMediaQuery(WIDE_QUERY, true);

  const onSelect = (key: string) => {
    const t = byKey.get(key);
    if (!t) return;
    anchor.anchorTo(key);
    setOpenKey(key);
    setPopupsMounted(true);
    popups.load(t.slug);
  };

  const onOpenChange = (o: boolean) => {
    if (!o) setOpenKey(null);
  };

  return (
    <section aria-labelledby={titleId} className="bg-subtle py-20 sm:py-24 lg:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id={titleId}
          eyebrow="Nationwide coverage"
          title="Find your territory"
          description="Licenses are granted per state or portion of a state. Select a territory to see its area codes, population and the #Codes and vanity numbers still open there."
          align="center"
        />
        <div ref={setCard} className="mt-12 rounded-2xl border border-border bg-card p-3 shadow-card sm:p-8 lg:mt-14">
          <div ref={anchor.mapWrapRef} className="mx-auto max-w-5xl">
            <TerritoryMap
              territories={mapTerritories}
              selectedKey={openKey}
              onSelect={onSelect}
              onHover={preloadPopups}
              // Below the hero: the geometry loads after the first screen rather than with it.
              preloadData={false}
              ariaLabel="Map of licensing territories: select one to see available numbers"
              // The popup replaces the tooltip: it would float over or under it, and linger once it closes.
              showTooltip={open === null}
            />
            {popupsMounted ? (
              <Suspense fallback={null}>
                <HomeMapPopups
                  territory={open}
                  state={state}
                  wide={wide}
                  titleId={popupTitleId}
                  anchorRef={anchor.anchorRef}
                  boundary={card}
                  onOpenChange={onOpenChange}
                  onCloseAutoFocus={anchor.restoreFocus}
                />
              </Suspense>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
