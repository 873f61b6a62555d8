import { Popover } from "radix-ui";
import { useId, useMemo, useState } from "react";
import { SectionHeading } from "#app/components/home/section-heading.tsx";
import { TerritoryMap } from "#app/components/territory-map/index.ts";
import { Dialog } from "#app/components/ui/dialog.tsx";
import type { TerritoryView } from "#kernel/catalogue.ts";
import { DialogPopup, PopoverPopup } from "./popup-frames.tsx";
import { toMapTerritory } from "./territory-views.ts";
import { useMediaQuery } from "./use-media-query.ts";
import { usePopupAnchor } from "./use-popup-anchor.ts";
import { useTerritoryPopups } from "./use-territory-popups.ts";

export type HomeTerritoryMapProps = {
  territories: TerritoryView[];
  /** URL of the popup loader for a territory id, e.g. (id) => `/resources/territory-popup/${id}`. */
  popupUrl: (territoryId: string) => string;
};

/** The popover is used from 640 px up; below, a dialog. */
const WIDE_QUERY = "(min-width: 640px)";

/**
 * The home page's territory map: a click (or Enter) on a territory opens a popup with its name, area codes,
 * population and up to 5 available #Codes and 5 vanity numbers, each linking to /number/{slug}, or a contact hint
 * when there are none. Popup fetch failures are only logged.
 */
export function HomeTerritoryMap({ territories, popupUrl }: HomeTerritoryMapProps) {
  const uid = useId();
  const titleId = `${uid}-title`;
  const popupTitleId = `${uid}-popup-title`;
  const popups = useTerritoryPopups(popupUrl);
  const anchor = usePopupAnchor();

  const byKey = useMemo(() => new Map(territories.map((t) => [t.key, t])), [territories]);
  const mapTerritories = useMemo(() => territories.map(toMapTerritory), [territories]);

  const [openKey, setOpenKey] = useState<string | null>(null);
  const open = openKey ? (byKey.get(openKey) ?? null) : null;
  const state = open ? popups.stateOf(open.id) : null;
  const wide = useMediaQuery(WIDE_QUERY, true);

  const onSelect = (key: string) => {
    const t = byKey.get(key);
    if (!t) return;
    anchor.anchorTo(key);
    setOpenKey(key);
    popups.load(t.id);
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
        <div className="mt-12 rounded-2xl border border-border bg-card p-3 shadow-card sm:p-8 lg:mt-14">
          <div ref={anchor.mapWrapRef} className="mx-auto max-w-5xl">
            <Popover.Root open={open !== null && wide} onOpenChange={onOpenChange}>
              <Popover.Anchor virtualRef={anchor.anchorRef} />
              <TerritoryMap
                territories={mapTerritories}
                selectedKey={openKey}
                onSelect={onSelect}
                ariaLabel="Map of licensing territories: select one to see available numbers"
                // The popup replaces the tooltip: it would float over or under it, and linger once it closes.
                showTooltip={open === null}
              />
              <PopoverPopup
                territory={open}
                state={state}
                titleId={popupTitleId}
                onCloseAutoFocus={anchor.restoreFocus}
              />
            </Popover.Root>
            {/* Phones: the same content in a modal dialog, which always has room. */}
            <Dialog open={open !== null && !wide} onOpenChange={onOpenChange}>
              <DialogPopup territory={open} state={state} onCloseAutoFocus={anchor.restoreFocus} />
            </Dialog>
          </div>
        </div>
      </div>
    </section>
  );
}
