import { data } from "react-router";
import { territoryPopup } from "#server/domain/catalogue/territories.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { cacheable } from "#server/web/page-cache.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/territory-popup";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({
  keys: ({ params }) => [CHANGE.catalog, CHANGE.territory(params.territorySlug ?? "")],
});

/** The home map's popup: name, area codes, population, up to 5 available #Codes and 5 vanity numbers. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const popup = await territoryPopup(services(context).db, params.territorySlug);
  // Returned, not thrown: a failed popup fetch must not take the page down; the failure is only logged.
  if (!popup) return data({ message: "Territory not found." }, { status: 404 });
  return popup;
}
