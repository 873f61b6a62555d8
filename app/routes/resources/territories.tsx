import type { NumberContext, NumberTerritories } from "#kernel/catalogue.ts";
import { numberContext, territoryViews } from "#server/domain/read-models/catalogue-views.ts";
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
 * The territory data the map uses, as JSON: /resources/territories?number=hash-4law (or all numbers). The
 * all-numbers explorer reads a chosen #Code's statuses and prices from here. Public; cached by the page cache and
 * for a short while by clients; built from the read models the number pages use.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const number = new URL(request.url).searchParams.get("number")?.trim();
  let ctx: NumberContext = { kind: "all" };
  if (number) {
    try {
      ctx = await numberContext(s.db, number);
    } catch (err) {
      return jsonRefusal(err);
    }
  }
  // Only what the map and the explorer's card draw: status, name, area codes and prices per territory.
  const answer: NumberTerritories = {
    context: ctx,
    territories: (await territoryViews(s.db, ctx)).map((t) => ({
      id: t.id,
      key: t.key,
      slug: t.slug,
      name: t.name,
      status: t.mapStatus,
      areaCodes: t.areaCodes,
      baseMonthlyCents: t.pricing.baseMonthlyCents,
      monthlyCents: t.pricing.categoryQuote?.finalMonthlyCents ?? null,
    })),
  };
  return Response.json(answer, { headers: { "Cache-Control": "public, max-age=10" } });
}
