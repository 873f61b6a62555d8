import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatAreaCodes } from "#app/components/territory-map/format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { ArrowRight, MapPin, Users } from "#app/components/ui/icons.tsx";
import { type MapTerritoryView, territoryCardHref } from "#kernel/catalogue.ts";
import { normalizeMapStatus, STATUS_VOCABULARY } from "#kernel/territory-status.ts";
import { formatPopulation } from "./format.ts";
import { type PopupState, popupLists } from "./popup-data.ts";
import { PopupFullyLicensed, PopupNumbers, PopupNumbersEmpty, PopupNumbersLoading } from "./popup-numbers.tsx";

/**
 * The popup's content: the territory's name, status, population and area codes, its available numbers (or a
 * contact hint when there are none; where every #Code is licensed, a notice saying so), and a link to its pricing
 * and availability.
 */
export function PopupBody({
  territory,
  state,
  title,
  close,
}: {
  territory: MapTerritoryView;
  state: PopupState;
  title: ReactNode;
  close: ReactNode;
}) {
  const popup = state.status === "loaded" ? state.popup : null;
  const { poundCodes, vanityNumbers } = popupLists(popup);
  const areaCodes = popup?.areaCodes ?? territory.areaCodes;
  const population = popup?.population ?? territory.population;
  const empty = state.status !== "loading" && poundCodes.length === 0 && vanityNumbers.length === 0;
  const status = normalizeMapStatus(territory.mapStatus);
  const href = territoryCardHref(territory.slug, { kind: "all" });

  return (
    <div className="grid gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.16em] text-accent-text uppercase">Territory</p>
          {title}
        </div>
        {close}
      </div>

      <dl className="grid gap-2.5 rounded-lg bg-subtle p-3 text-sm">
        <div className="flex items-center justify-between gap-4">
          <dt className="text-xs text-muted-foreground">Status</dt>
          <dd>
            <Badge variant={status}>{STATUS_VOCABULARY[status].mapLabel}</Badge>
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-border/70 pt-2.5">
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Users className="size-3.5" aria-hidden="true" />
            Population
          </dt>
          <dd className="font-semibold tabular-nums">{formatPopulation(population) || "—"}</dd>
        </div>
        <div className="grid gap-1 border-t border-border/70 pt-2.5">
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <MapPin className="size-3.5" aria-hidden="true" />
            Area codes
          </dt>
          <dd className="font-semibold">{areaCodes.length ? formatAreaCodes(areaCodes, 8) : "On request"}</dd>
        </div>
      </dl>

      {status === "licensed" ? <PopupFullyLicensed territoryName={territory.name} territoryHref={href} /> : null}
      {state.status === "loading" ? (
        <PopupNumbersLoading />
      ) : empty ? (
        status === "licensed" ? null : (
          <PopupNumbersEmpty />
        )
      ) : (
        <PopupNumbers territorySlug={territory.slug} poundCodes={poundCodes} vanityNumbers={vanityNumbers} />
      )}

      <Link
        to={href}
        className="group inline-flex items-center gap-1.5 border-t border-border pt-3 text-sm font-semibold text-foreground hover:text-accent-text"
      >
        Pricing and availability in {territory.name}
        <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
      </Link>
    </div>
  );
}
