import type { NumberContext } from "#kernel/catalogue.ts";
import { lookupNumber } from "#server/domain/catalogue/numbers.ts";
import { listTerritories } from "#server/domain/catalogue/territories.ts";
import { cacheable, shows } from "#server/web/page-cache.ts";
import { jsonRefusal } from "#server/web/respond.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/territories";

/** Cached for anonymous visitors, dropped by the writes that change what it shows (server/web/page-cache.ts). */
export const pageCache = cacheable({
  keys: ({ url }) => {
    const number = url.searchParams.get("number")?.trim();
    return number ? shows.number(number) : shows.catalogOverview;
  },
  query: ["number"],
});

/**
 * The territory data the map uses, as JSON: /resources/territories?number=hash-4law (or all numbers).
 * Public; cached by the page cache and for a short while by clients.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const number = new URL(request.url).searchParams.get("number")?.trim();
  let ctx: NumberContext = { kind: "all" };
  if (number) {
    try {
      ctx = await lookupNumber(s.db, number);
    } catch (err) {
      return jsonRefusal(err);
    }
  }
  // Only what the map draws: status, name, area codes and base price per territory.
  const territories = (await listTerritories(s.db, { context: ctx })).map((t) => ({
    id: t.id,
    key: t.key,
    name: t.name,
    status: t.mapStatus,
    areaCodes: t.areaCodes,
    baseMonthlyCents: t.pricing.baseMonthlyCents,
  }));
  return Response.json({ context: ctx, territories }, { headers: { "Cache-Control": "public, max-age=10" } });
}
