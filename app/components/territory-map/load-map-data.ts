/**
 * Client-side loading of the map geometry. The JSON (≈25 KB gzipped, built by `npm run build:generated`) is
 * an immutable hashed asset, fetched once per page life and shared by every map instance.
 */
import mapUrl from "#app/generated/us-map.json?url";
import type { UsMapData } from "./map-data.ts";

export { mapUrl };

let pending: Promise<UsMapData> | null = null;
let loaded: UsMapData | null = null;

/** The geometry if it has already been fetched, so a remounted map draws at once. */
export function getLoadedMapData(): UsMapData | null {
  return loaded;
}

export function loadMapData(): Promise<UsMapData> {
  if (!pending) {
    pending = fetch(mapUrl)
      .then((response) => {
        if (!response.ok) throw new Error(`Map data request failed with status ${response.status}`);
        return response.json() as Promise<UsMapData>;
      })
      .then((data) => {
        loaded = data;
        return data;
      })
      .catch((error: unknown) => {
        // Forget the failure so that a later attempt can try again.
        pending = null;
        throw error;
      });
  }
  return pending;
}
