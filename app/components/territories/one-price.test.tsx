/**
 * One figure for one thing: a territory's monthly price on a number page comes from one function
 * (`monthlyFigure` in price-story.ts), whether the card's panel, the reservation dialog or the map's tooltip shows
 * it. The #HELP page once showed Utah at $490.00 in the tooltip (the territory's own fee) and $590.00 in the panel.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { describeTerritory } from "#app/components/territory-map/format.ts";
import { MapTooltip } from "#app/components/territory-map/map-tooltip.tsx";
import type { TerritoryView } from "#kernel/catalogue.ts";
import { PanelPricing } from "./panel-pricing.tsx";
import { monthlyFigure, reservationDetails } from "./price-story.ts";
import { toMapTerritory } from "./territory-views.ts";

const HELP = "4f0b8f7e-2c1d-4e5a-9b3c-6d7e8f9a0b1c";
const LAW = "0b9d3e21-7c4a-4f6e-8d2b-5a1c9e3f7b62";

/** Utah on the #HELP page: the territory's own fee is $490.00, #HELP there costs $590.00 with its adjustment. */
function utah(over: Partial<TerritoryView> = {}): TerritoryView {
  return {
    id: "t-ut",
    key: "UT",
    name: "Utah",
    state: "UT",
    portion: null,
    slug: "utah",
    population: 3_271_616,
    areaCodes: ["385", "435", "801"],
    listStatus: "available",
    mapStatus: "available",
    pricing: {
      baseMonthlyCents: 49_000,
      setupCents: 20_000,
      perMinuteCents: 5,
      perSmsCents: 2,
      perWebFormLeadCents: 50,
      categoryQuote: {
        categoryId: HELP,
        categoryName: "#HELP",
        finalMonthlyCents: 59_000,
        lines: [
          { key: "base", label: "Base monthly fee", cents: 49_000, kind: "monthly" },
          { key: "category", label: "#HELP adjustment", cents: 10_000, kind: "adjustment" },
          { key: "total", label: "Monthly total", cents: 59_000, kind: "total" },
        ],
      },
    },
    categories: [
      {
        categoryId: LAW,
        name: "#4LAW",
        slug: "hash-4law",
        kind: "poundcode",
        status: "available",
        monthlyCents: 71_500,
      },
    ],
    ...over,
  };
}

const amounts = (html: string) => html.match(/\$[\d,]+\.\d\d/g) ?? [];

describe("a territory's monthly price on a number page", () => {
  it("is the same in the map's tooltip, the shape's description, the panel and the reservation dialog", () => {
    const t = utah();
    const figure = monthlyFigure(t, null);
    expect(figure).toMatchObject({ label: "#HELP monthly fee", cents: 59_000 });

    const mapped = toMapTerritory(t);
    expect(mapped.monthly).toEqual({ label: figure.label, cents: figure.cents });

    const tooltip = renderToStaticMarkup(<MapTooltip territory={mapped} />);
    expect(tooltip).toContain("#HELP monthly fee");
    expect(amounts(tooltip)).toEqual(["$590.00"]);
    expect(tooltip).not.toContain("$490.00");

    expect(describeTerritory(mapped.areaCodes, mapped.monthly)).toBe(
      "Area codes 385, 435, 801. #HELP monthly fee $590.00/mo.",
    );

    const panel = renderToStaticMarkup(<PanelPricing territory={t} categoryId={null} />);
    expect(panel).toMatch(/data-testid="monthly-figure"><span[^>]*>\$590\.00</);

    expect(reservationDetails(t, null)[0]).toEqual({ label: "Monthly", value: "$590.00/mo" });
  });

  it("follows the #Code chosen on the all-numbers page, and is the territory's own fee before one is chosen", () => {
    const t = utah({ pricing: { ...utah().pricing, categoryQuote: null } });
    expect(toMapTerritory(t).monthly).toEqual({ label: "Monthly fee", cents: 49_000 });
    expect(toMapTerritory(t, LAW).monthly).toEqual({ label: "#4LAW monthly fee", cents: 71_500 });
    expect(monthlyFigure(t, LAW).cents).toBe(71_500);
    const tooltip = renderToStaticMarkup(<MapTooltip territory={toMapTerritory(t, LAW)} />);
    expect(amounts(tooltip)).toEqual(["$715.00"]);
  });

  it("is the territory's own fee on the home map, which knows no category", () => {
    const { pricing, categories, listStatus, id, state, portion, ...rest } = utah();
    const home = { ...rest, baseMonthlyCents: pricing.baseMonthlyCents };
    expect(toMapTerritory(home).monthly).toEqual({ label: "Monthly fee", cents: 49_000 });
  });
});
