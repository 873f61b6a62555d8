import { describe, expect, it } from "vitest";
import type { NumberContext, TerritoryView } from "#kernel/catalogue.ts";
import {
  applyReservation,
  categoryStatusIn,
  contextKey,
  effectiveStatus,
  reservedCategory,
  shownTerritories,
  sortedByName,
  toMapTerritory,
} from "./territory-views.ts";

const LAW = "0b9d3e21-7c4a-4f6e-8d2b-5a1c9e3f7b62";
const DOC = "7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

function territory(over: Partial<TerritoryView> = {}): TerritoryView {
  return {
    id: "t-ca-n",
    key: "CA-N",
    name: "Northern California",
    state: "CA",
    portion: "N",
    slug: "northern-california",
    population: 15_000_000,
    areaCodes: ["415", "510"],
    listStatus: "available",
    mapStatus: "available",
    pricing: {
      baseMonthlyCents: 150_000,
      setupCents: 20_000,
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
        monthlyCents: 156_250,
      },
    ],
    ...over,
  };
}

const poundcode: NumberContext = {
  kind: "poundcode",
  categoryId: LAW,
  name: "#4LAW",
  slug: "hash-4law",
  description: null,
};
const all: NumberContext = { kind: "all" };

describe("category status", () => {
  it("defaults to available when the territory has no row for the category", () => {
    expect(categoryStatusIn(territory(), LAW)).toBe("licensed");
    expect(categoryStatusIn(territory(), DOC)).toBe("available");
  });

  it("uses the loader's listStatus on a #Code page and the chosen category elsewhere", () => {
    const t = territory({ listStatus: "partial" });
    expect(effectiveStatus(t, poundcode, DOC)).toBe("partial");
    expect(effectiveStatus(t, all, null)).toBe("partial");
    expect(effectiveStatus(t, all, LAW)).toBe("licensed");
    expect(effectiveStatus(t, all, DOC)).toBe("available");
  });
});

describe("applyReservation", () => {
  it("turns the territory and the category to negotiations, leaving the others alone", () => {
    const other = territory({ id: "t-oh", key: "OH", name: "Ohio" });
    const list = [territory({ listStatus: "partial", mapStatus: "partial" }), other];
    const out = applyReservation(list, "t-ca-n", { id: LAW, name: "#4LAW", slug: "hash-4law" });
    expect(out[0]).toMatchObject({ listStatus: "negotiations", mapStatus: "negotiations" });
    expect(out[0]?.categories).toEqual([
      {
        categoryId: LAW,
        name: "#4LAW",
        slug: "hash-4law",
        kind: "poundcode",
        status: "negotiations",
        monthlyCents: 156_250,
      },
    ]);
    expect(out[1]).toBe(other);
    expect(list[0]?.listStatus).toBe("partial");
  });

  it("adds a row for a category the territory had none for", () => {
    const out = applyReservation([territory()], "t-ca-n", { id: DOC, name: "#DOCTOR", slug: "hash-doctor" });
    expect(out[0]?.categories.map((c) => [c.categoryId, c.status])).toEqual([
      [LAW, "licensed"],
      [DOC, "negotiations"],
    ]);
  });
});

describe("reservedCategory", () => {
  const cats = [{ id: DOC, name: "#DOCTOR", slug: "hash-doctor" }];

  it("is one of the page's #Codes, the page's own #Code, or a bare reference", () => {
    expect(reservedCategory(DOC, cats, all, "x")).toEqual({ id: DOC, name: "#DOCTOR", slug: "hash-doctor" });
    expect(reservedCategory(LAW, [], poundcode, "x")).toEqual({ id: LAW, name: "#4LAW", slug: "hash-4law" });
    expect(reservedCategory(LAW, cats, all, "#4LAW")).toEqual({ id: LAW, name: "#4LAW", slug: "" });
  });
});

describe("shownTerritories", () => {
  it("is the loader's list as long as nothing is reserved or chosen", () => {
    const list = [territory()];
    expect(shownTerritories(list, [], all, null)).toBe(list);
    expect(shownTerritories(list, [], poundcode, DOC)).toBe(list);
  });

  it("applies the reservations, then reads every territory through the chosen category", () => {
    const list = [territory({ listStatus: "partial", mapStatus: "partial" }), territory({ id: "t-oh", key: "OH" })];
    const reserved = [{ territoryId: "t-oh", category: { id: DOC, name: "#DOCTOR", slug: "hash-doctor" } }];
    expect(shownTerritories(list, reserved, all, DOC).map((t) => [t.listStatus, t.mapStatus])).toEqual([
      ["available", "available"],
      ["negotiations", "negotiations"],
    ]);
    expect(shownTerritories(list, reserved, all, LAW).map((t) => [t.listStatus, t.mapStatus])).toEqual([
      ["licensed", "licensed"],
      ["licensed", "licensed"],
    ]);
    expect(shownTerritories(list, reserved, poundcode, LAW).map((t) => t.mapStatus)).toEqual([
      "partial",
      "negotiations",
    ]);
  });
});

describe("misc", () => {
  it("keys the number context", () => {
    expect(contextKey(poundcode)).toBe(`poundcode:${LAW}`);
    expect(contextKey(all)).toBe("all");
    expect(
      contextKey({
        kind: "vanity",
        id: "v1",
        numberText: "800-LAW-HELP",
        slug: "800-law-help",
        name: null,
        description: null,
        status: "available",
        territoryId: null,
        associatedPoundCode: null,
      }),
    ).toBe("vanity:v1");
  });

  it("orders territories by name, not by state code", () => {
    const byState = [
      ["AK", "Alaska"],
      ["AL", "Alabama"],
      ["AR", "Arkansas"],
      ["AZ", "Arizona"],
      ["CA-S", "Southern California"],
    ].map(([key = "", name = ""]) => territory({ id: key, key, name }));
    expect(sortedByName(byState).map((t) => t.name)).toEqual([
      "Alabama",
      "Alaska",
      "Arizona",
      "Arkansas",
      "Southern California",
    ]);
    expect(byState[0]?.name).toBe("Alaska");
  });

  it("maps a territory for the map", () => {
    expect(toMapTerritory(territory({ mapStatus: "partial" }))).toEqual({
      key: "CA-N",
      name: "Northern California",
      status: "partial",
      areaCodes: ["415", "510"],
      monthly: { label: "Monthly fee", cents: 150_000 },
    });
    // Once a #Code is chosen on the all-numbers page, the map prices that #Code, as the card does.
    expect(toMapTerritory(territory({ mapStatus: "partial" }), LAW).monthly).toEqual({
      label: "#4LAW monthly fee",
      cents: 156_250,
    });
    // The home map's lighter view maps to the same shape.
    const home = {
      key: "CA-N",
      name: "Northern California",
      slug: "northern-california",
      population: 1,
      areaCodes: ["415", "510"],
      mapStatus: "partial" as const,
      baseMonthlyCents: 150_000,
    };
    expect(toMapTerritory(home)).toEqual(toMapTerritory(territory({ mapStatus: "partial" })));
  });
});
