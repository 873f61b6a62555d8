import { useEffect, useState } from "react";
import { preload } from "react-dom";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";
import { getLoadedMapData, loadMapData, mapUrl } from "./load-map-data";
import { MapLegend } from "./MapLegend";
import type { UsMapData } from "./map-data";
import { TerritoryMapView } from "./TerritoryMapView";
import type { TerritoryMapProps } from "./types";

/**
 * US territory map (spec §2 "Territory map"): 45 states, DC and 13 state portions coloured by status,
 * with a tooltip, keyboard and pointer selection and a legend. Presentational: the caller passes the
 * territories and handles selection; only the geometry is fetched here, on the client.
 */
export function TerritoryMap(props: TerritoryMapProps) {
  // Start downloading the geometry with the page (rendered as <link rel="preload"> on the server).
  preload(mapUrl, { as: "fetch", crossOrigin: "anonymous" });

  const [map, setMap] = useState<UsMapData | null>(getLoadedMapData);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (map) return;
    let alive = true;
    loadMapData().then(
      (data) => alive && setMap(data),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [map]);

  const retry = () => {
    setFailed(false);
    loadMapData().then(setMap, () => setFailed(true));
  };

  if (map) return <TerritoryMapView map={map} {...props} />;

  return (
    <div className={cn("w-full", props.className)}>
      <div className="relative grid aspect-[959/593] w-full place-items-center overflow-hidden rounded-2xl bg-muted/60">
        {failed ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 text-center">
            <p className="text-muted-foreground text-sm">The map could not be loaded.</p>
            <Button type="button" variant="outline" size="sm" onClick={retry}>
              Try again
            </Button>
          </div>
        ) : (
          <p role="status" className="font-medium text-muted-foreground text-sm motion-safe:animate-pulse">
            Loading Map Data...
          </p>
        )}
      </div>
      <MapLegend className="mt-5" />
    </div>
  );
}
