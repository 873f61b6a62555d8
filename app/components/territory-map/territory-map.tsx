import { preload } from "react-dom";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";
import { mapUrl } from "./load-map-data.ts";
import { MapLegend } from "./map-legend.tsx";
import { TerritoryMapView } from "./territory-map-view.tsx";
import { TerritoryPicker } from "./territory-picker.tsx";
import type { TerritoryMapProps } from "./types.ts";
import { useMapData } from "./use-map-data.ts";

/**
 * US territory map: 45 states, DC and 13 state portions coloured by status, with a tooltip, keyboard and
 * pointer selection and a legend, and on small screens a list to pick a territory from. Presentational: the caller
 * passes the territories and handles selection; only the geometry is fetched here, on the client.
 */
export function TerritoryMap(props: TerritoryMapProps) {
  // Start downloading the geometry with the page (rendered as <link rel="preload"> on the server).
  if (props.preloadData !== false) preload(mapUrl, { as: "fetch", crossOrigin: "anonymous" });

  const { map, failed, retry } = useMapData();
  const picker = (
    <TerritoryPicker
      territories={props.territories}
      selectedKey={props.selectedKey ?? null}
      onSelect={props.onSelect}
      className="mb-4"
    />
  );

  if (map) {
    return (
      <div className={cn("w-full", props.className)}>
        {picker}
        <TerritoryMapView map={map} {...props} className={undefined} />
      </div>
    );
  }

  return (
    <div className={cn("w-full", props.className)}>
      {picker}
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
