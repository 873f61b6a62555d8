import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { isTerritoryPopup, type PopupState } from "./popup-data.ts";

/**
 * The home map's popup data per territory, fetched through a fetcher from `popupUrl(slug)` the first time a
 * territory is opened, and again after a failure. Failures are only logged.
 */
export function useTerritoryPopups(popupUrl: (territorySlug: string) => string): {
  /** The popup of a territory; loading until its answer arrives. */
  stateOf: (territoryId: string) => PopupState;
  load: (territoryId: string) => void;
} {
  const fetcher = useFetcher<unknown>();
  const [popups, setPopups] = useState<Record<string, PopupState>>({});

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
    if (isTerritoryPopup(data) && data.slug === id) {
      setPopups((p) => ({ ...p, [id]: { status: "loaded", popup: data } }));
    } else {
      console.warn(`Territory popup for ${id} could not be loaded.`, data);
      setPopups((p) => ({ ...p, [id]: { status: "failed" } }));
    }
  }, [fetcher.state, fetcher.data]);

  const load = (id: string) => {
    const known = popups[id];
    if (known && known.status !== "failed") return;
    setPopups((p) => ({ ...p, [id]: { status: "loading" } }));
    requested.current = id;
    try {
      fetcher.load(popupUrl(id));
    } catch (err) {
      console.warn(`Territory popup for ${id} could not be loaded.`, err);
      requested.current = null;
      setPopups((p) => ({ ...p, [id]: { status: "failed" } }));
    }
  };

  return { stateOf: (id) => popups[id] ?? { status: "loading" }, load };
}
