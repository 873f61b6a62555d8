import { ArrowRight, Hash, MapPin, Phone, Users, X } from "lucide-react";
import { Popover } from "radix-ui";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Link, useFetcher } from "react-router";
import { SectionHeading } from "#app/components/home/section-heading.tsx";
import { TerritoryMap } from "#app/components/territory-map/index.ts";
import { formatAreaCodes } from "#app/components/territory-map/format.ts";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { type TerritoryPopup, type TerritoryView, territoryCardHref } from "#kernel/catalogue.ts";
import { formatPopulation, isTerritoryPopup, numberHref, popupLists, toMapTerritory } from "./actions";

export type HomeTerritoryMapProps = {
  territories: TerritoryView[];
  /** URL of the popup loader for a territory id, e.g. (id) => `/resources/territory-popup/${id}`. */
  popupUrl: (territoryId: string) => string;
};

type PopupState = { status: "loading" } | { status: "loaded"; popup: TerritoryPopup } | { status: "failed" };

/**
 * The home page's territory map (spec 1 §2 'Territory map'): a click (or Enter) on a territory opens a popup
 * with its name, area codes, population and up to 5 available #Codes and 5 vanity numbers, each linking to
 * /number/{slug}, or a contact hint when there are none. Popup fetch failures are only logged.
 */
export function HomeTerritoryMap({ territories, popupUrl }: HomeTerritoryMapProps) {
  const uid = useId();
  const titleId = `${uid}-title`;
  const popupTitleId = `${uid}-popup-title`;
  const mapWrapRef = useRef<HTMLDivElement>(null);
  const fetcher = useFetcher<unknown>();

  const byKey = useMemo(() => new Map(territories.map((t) => [t.key, t])), [territories]);
  const mapTerritories = useMemo(() => territories.map(toMapTerritory), [territories]);

  const [openKey, setOpenKey] = useState<string | null>(null);
  const [popups, setPopups] = useState<Record<string, PopupState>>({});
  const open = openKey ? (byKey.get(openKey) ?? null) : null;

  const shapeOf = (key: string | null): Element | null => {
    if (!key || !mapWrapRef.current) return null;
    return mapWrapRef.current.querySelector(`[data-key="${CSS.escape(key)}"][tabindex]`);
  };

  // The popup is anchored to the last territory opened, which also gets the focus back when it closes.
  const anchorKey = useRef<string | null>(null);
  const anchorRef = useRef({
    getBoundingClientRect: (): DOMRect => {
      const el = shapeOf(anchorKey.current);
      return el ? el.getBoundingClientRect() : new DOMRect(0, 0, 0, 0);
    },
  });

  // Which territory the fetcher is loading; its answer is read when the fetcher is idle again.
  const requested = useRef<string | null>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const id = requested.current;
    if (!id) return;
    requested.current = null;
    const data = fetcher.data;
    if (isTerritoryPopup(data) && data.territoryId === id) {
      setPopups((p) => ({ ...p, [id]: { status: "loaded", popup: data } }));
    } else {
      console.warn(`Territory popup for ${id} could not be loaded.`, data);
      setPopups((p) => ({ ...p, [id]: { status: "failed" } }));
    }
  }, [fetcher.state, fetcher.data]);

  const onSelect = (key: string) => {
    const t = byKey.get(key);
    if (!t) return;
    anchorKey.current = key;
    setOpenKey(key);
    const known = popups[t.id];
    if (known && known.status !== "failed") return;
    setPopups((p) => ({ ...p, [t.id]: { status: "loading" } }));
    requested.current = t.id;
    try {
      fetcher.load(popupUrl(t.id));
    } catch (err) {
      console.warn(`Territory popup for ${t.id} could not be loaded.`, err);
      requested.current = null;
      setPopups((p) => ({ ...p, [t.id]: { status: "failed" } }));
    }
  };

  const state: PopupState | null = open ? (popups[open.id] ?? { status: "loading" }) : null;
  const popupName = state?.status === "loaded" ? state.popup.name : (open?.name ?? "");
  const wide = useMediaQuery(WIDE_QUERY, true);

  // Back to the territory that opened the popup (there is no trigger button).
  const restoreFocus = (e: Event) => {
    e.preventDefault();
    const el = shapeOf(anchorKey.current);
    if (el instanceof SVGElement || el instanceof HTMLElement) el.focus({ preventScroll: true });
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
          <div ref={mapWrapRef} className="mx-auto max-w-5xl">
            <Popover.Root
              open={open !== null && wide}
              onOpenChange={(o) => {
                if (!o) setOpenKey(null);
              }}
            >
              <Popover.Anchor virtualRef={anchorRef} />
              <TerritoryMap
                territories={mapTerritories}
                selectedKey={openKey}
                onSelect={onSelect}
                ariaLabel="Map of licensing territories: select one to see available numbers"
              />
              <Popover.Portal>
                <Popover.Content
                  side="right"
                  align="center"
                  sideOffset={12}
                  collisionPadding={{ top: 84, right: 12, bottom: 12, left: 12 }}
                  aria-labelledby={popupTitleId}
                  onCloseAutoFocus={restoreFocus}
                  className="z-50 max-h-[var(--radix-popover-content-available-height)] w-[21rem] overflow-y-auto overscroll-contain rounded-xl border border-border bg-popover p-5 text-popover-foreground shadow-lift outline-none motion-safe:data-[state=open]:animate-[dialog-in_150ms_ease-out]"
                >
                  {open && state ? (
                    <PopupBody
                      territory={open}
                      state={state}
                      title={
                        <h3 id={popupTitleId} className={POPUP_TITLE_CLASS}>
                          {popupName}
                        </h3>
                      }
                      close={
                        <Popover.Close className={CLOSE_CLASS}>
                          <X className="size-4" aria-hidden="true" />
                          <span className="sr-only">Close</span>
                        </Popover.Close>
                      }
                    />
                  ) : null}
                  <Popover.Arrow className="fill-popover" width={14} height={7} />
                </Popover.Content>
              </Popover.Portal>
            </Popover.Root>
            {/* Phones: the same content in a modal dialog, which always has room. */}
            <Dialog
              open={open !== null && !wide}
              onOpenChange={(o) => {
                if (!o) setOpenKey(null);
              }}
            >
              <DialogContent hideClose className="max-w-sm p-5 sm:p-6" onCloseAutoFocus={restoreFocus}>
                {open && state ? (
                  <PopupBody
                    territory={open}
                    state={state}
                    title={<DialogTitle className={POPUP_TITLE_CLASS}>{popupName}</DialogTitle>}
                    close={
                      <DialogClose className={CLOSE_CLASS}>
                        <X className="size-4" aria-hidden="true" />
                        <span className="sr-only">Close</span>
                      </DialogClose>
                    }
                  />
                ) : null}
                <DialogDescription className="sr-only">
                  Area codes, population and the numbers available in this territory.
                </DialogDescription>
              </DialogContent>
            </Dialog>
          </div>
        </div>
      </div>
    </section>
  );
}

const POPUP_TITLE_CLASS = "mt-1 text-lg leading-tight font-bold tracking-tight";
const CLOSE_CLASS =
  "-mt-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";

/** The popover is used from 640 px up; below, a dialog. */
const WIDE_QUERY = "(min-width: 640px)";

function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener("change", onChange);
      return () => mql.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

function PopupBody({
  territory,
  state,
  title,
  close,
}: {
  territory: TerritoryView;
  state: PopupState;
  title: ReactNode;
  close: ReactNode;
}) {
  const popup = state.status === "loaded" ? state.popup : null;
  const { poundCodes, vanityNumbers } = popupLists(popup);
  const areaCodes = popup?.areaCodes ?? territory.areaCodes;
  const population = popup?.population ?? territory.population;
  const empty = state.status !== "loading" && poundCodes.length === 0 && vanityNumbers.length === 0;

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
        <div className="flex items-baseline justify-between gap-4">
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

      {state.status === "loading" ? (
        <div className="grid gap-2" role="status" aria-label="Loading available numbers">
          <Skeleton className="h-4 w-32" />
          <div className="flex gap-2">
            <Skeleton className="h-7 w-16" />
            <Skeleton className="h-7 w-16" />
            <Skeleton className="h-7 w-16" />
          </div>
          <Skeleton className="mt-2 h-4 w-40" />
          <Skeleton className="h-7 w-28" />
        </div>
      ) : empty ? (
        <p className="text-sm leading-relaxed text-muted-foreground">
          No numbers are listed as available here right now.{" "}
          <Link to="/contact" className="font-semibold text-accent-text underline-offset-4 hover:underline">
            Contact us
          </Link>{" "}
          and we will check availability for you.
        </p>
      ) : (
        <div className="grid gap-4">
          {poundCodes.length > 0 ? (
            <div>
              <h4 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                <Hash className="size-3.5" aria-hidden="true" />
                Available #Codes
              </h4>
              <ul className="mt-2 flex flex-wrap gap-2">
                {poundCodes.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={numberHref(c.slug)}
                      className="inline-flex h-8 items-center rounded-md border border-gold-300 bg-gold-50 px-2.5 text-sm font-bold text-gold-900 transition-colors hover:border-gold-500 hover:bg-gold-100 dark:border-gold-700 dark:bg-gold-900/30 dark:text-gold-200 dark:hover:bg-gold-900/50"
                    >
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {vanityNumbers.length > 0 ? (
            <div>
              <h4 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                <Phone className="size-3.5" aria-hidden="true" />
                Available vanity numbers
              </h4>
              <ul className="mt-2 flex flex-wrap gap-2">
                {vanityNumbers.map((v) => (
                  <li key={v.id}>
                    <Link
                      to={numberHref(v.slug)}
                      className="inline-flex h-8 items-center rounded-md border border-border bg-background px-2.5 font-mono text-sm font-semibold text-foreground transition-colors hover:border-navy-300 hover:bg-muted dark:hover:border-navy-500"
                    >
                      {v.numberText}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}

      <Link
        to={territoryCardHref(territory.slug, { kind: "all" })}
        className="group inline-flex items-center gap-1.5 border-t border-border pt-3 text-sm font-semibold text-foreground hover:text-accent-text"
      >
        Pricing and availability in {territory.name}
        <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
      </Link>
    </div>
  );
}
