import { describe, expect, it } from "vitest";
import type { TerritoryView } from "#kernel/catalogue.ts";
import { ALL_CATEGORIES_NOTE, lineAmount, monthlyFigure, otherPrices, reservationDetails } from "./price-story.ts";

const LAW = "0b9d3e21-7c4a-4f6e-8d2b-5a1c9e3f7b62";
const AUTO = "7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

function territory(over: Partial<TerritoryView> = {}): TerritoryView {
  return {
    id: "t-tx-e",
    key: "TX-E",
    name: "East Texas",
    state: "TX",
    portion: "E",
    slug: "east-texas",
    population: 26_181_324,
    areaCodes: ["214"],
    listStatus: "available",
    mapStatus: "available",
    pricing: {
      baseMonthlyCents: 392_500,
      setupCents: 785_000,
      perMinuteCents: 5,
      perSmsCents: 2,
      perWebFormLeadCents: 50,
      categoryQuote: null,
    },
    categories: [
      {
        categoryId: LAW,
        name: "#4LAW",
        slug: "hash-4law",
        kind: "poundcode",
        status: "licensed",
        monthlyCents: 490_500,
      },
      {
        categoryId: AUTO,
        name: "#AUTO",
        slug: "hash-auto",
        kind: "poundcode",
        status: "available",
        monthlyCents: null,
      },
    ],
    ...over,
  };
}

const lawQuote = {
  categoryId: LAW,
  categoryName: "#4LAW",
  finalMonthlyCents: 490_500,
  lines: [
    { key: "base", label: "Base monthly fee (#4LAW territory rate)", cents: 490_500, kind: "monthly" as const },
    { key: "monthly_total", label: "Monthly total", cents: 490_500, kind: "total" as const },
  ],
};

describe("monthlyFigure", () => {
  it("is the page's #Code quote on a #Code page, never the all-categories fee", () => {
    const t = territory({ pricing: { ...territory().pricing, categoryQuote: lawQuote } });
    const f = monthlyFigure(t, null);
    expect(f).toMatchObject({ categoryName: "#4LAW", label: "#4LAW monthly fee", cents: 490_500 });
    expect(f.note).toBe("(#4LAW in East Texas, based on population)");
    expect(f.lines?.find((l) => l.kind === "total")?.cents).toBe(f.cents);
    // A chosen category does not override the page's own #Code.
    expect(monthlyFigure(t, AUTO).cents).toBe(490_500);
  });

  it("is the chosen #Code's price on other pages, else the territory's fee for all categories", () => {
    expect(monthlyFigure(territory(), LAW)).toMatchObject({ label: "#4LAW monthly fee", cents: 490_500, lines: null });
    expect(monthlyFigure(territory(), null)).toMatchObject({
      categoryName: null,
      label: "Monthly fee",
      cents: 392_500,
      note: ALL_CATEGORIES_NOTE,
    });
    // Unknown price or unknown category: the all-categories fee, said as such.
    expect(monthlyFigure(territory(), AUTO).note).toBe(ALL_CATEGORIES_NOTE);
    expect(monthlyFigure(territory(), "nope").cents).toBe(392_500);
  });
});

describe("card amounts", () => {
  it("always have two decimals, adjustments with their sign", () => {
    expect(lineAmount({ key: "c", label: "Category adjustment", cents: 25_000, kind: "adjustment" })).toBe("+$250.00");
    expect(lineAmount({ key: "c", label: "Category adjustment", cents: -16_050, kind: "adjustment" })).toBe("−$160.50");
    expect(lineAmount({ key: "t", label: "Monthly total", cents: 490_500, kind: "total" })).toBe("$4,905.00");
    expect(otherPrices(territory())).toEqual([
      { key: "setup", label: "Setup deposit", value: "$7,850.00" },
      { key: "per_minute", label: "Per minute", value: "$0.05" },
      { key: "per_sms", label: "Per SMS", value: "$0.02" },
      { key: "per_web_form_lead", label: "Per web-form lead", value: "$0.50" },
    ]);
  });

  it("tell the reservation dialog the same monthly figure as the card", () => {
    const t = territory({ pricing: { ...territory().pricing, categoryQuote: lawQuote } });
    expect(reservationDetails(t, LAW)).toEqual([
      { label: "Monthly", value: "$4,905.00/mo" },
      { label: "Deposit", value: "$7,850.00" },
    ]);
    expect(reservationDetails(territory(), LAW)[0]).toEqual({ label: "Monthly", value: "$4,905.00/mo" });
    expect(reservationDetails(territory(), null)[0]).toEqual({ label: "Base monthly", value: "$3,925.00/mo" });
  });
});
