import { useEffect, useState } from "react";
import { getLoadedMapData, loadMapData } from "./load-map-data.ts";
import type { UsMapData } from "./map-data.ts";

/** The map geometry, fetched on the client once mounted; `failed` after an error until `retry`. */
export function useMapData(): { map: UsMapData | null; failed: boolean; retry: () => void } {
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

  return { map, failed, retry };
}
