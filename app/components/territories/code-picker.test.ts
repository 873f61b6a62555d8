import { describe, expect, it } from "vitest";
import type { NumberTerritories, TerritoryView } from "#kernel/catalogue.ts";
import {
  chosenCodeUrl,
  isCodePickerPage,
  isNumberTerritories,
  pickerEmpty,
  pickerRange,
  pickerStatus,
  pickerUrl,
  withChosenCode,
} from "./code-picker.ts";
import { monthlyFigure } from "./price-story.ts";
import { shownTerritories } from "./territory-views.ts";

const LAW = { id: "0b9d3e21-7c4a-4f6e-8d2b-5a1c9e3f7b62", name: "#4LAW", slug: "hash-4law" };

function territory(key: string, name: string, over: Partial<TerritoryView> = {}): TerritoryView {
  return {
    id: name.toLowerCase(),
    key,
    name,
    state: key.slice(0, 2),
    portion: null,
    slug: name.toLowerCase(),
    population: 1_000_000,
    areaCodes: [],
    listStatus: "partial",
    mapStatus: "partial",
    pricing: {
      baseMonthlyCents: 100_000,
      setupCents: 20_000,
      perMinuteCents: 5,
      perSmsCents: 2,
      perWebFormLeadCents: 50,
      categoryQuote: null,
    },
    categories: [],
    ...over,
  };
}

const answer = (over: Partial<NumberTerritories> = {}): NumberTerritories => ({
  context: { kind: "poundcode", categoryId: LAW.id, name: "#4LAW", slug: "hash-4law", description: null },
  territories: [
    {
      id: "u1",
      key: "GA",
      slug: "georgia",
      name: "Georgia",
      status: "licensed",
      areaCodes: [],
      baseMonthlyCents: 1,
      monthlyCents: 250_000,
    },
    {
      id: "u2",
      key: "OH",
      slug: "ohio",
      name: "Ohio",
      status: "available",
      areaCodes: [],
      baseMonthlyCents: 1,
      monthlyCents: 180_000,
    },
  ],
  ...over,
});

describe("pickerUrl", () => {
  it("names only what differs from the first page, so one view is one URL", () => {
    expect(pickerUrl({ q: "", page: 1, territory: null, onlyAvailable: false })).toBe("/resources/pound-codes");
    expect(pickerUrl({ q: "law firm", page: 3, territory: "georgia", onlyAvailable: true })).toBe(
      "/resources/pound-codes?q=law+firm&page=3&territory=georgia&only=available",
    );
    // 'Only available' means nothing without a territory.
    expect(pickerUrl({ q: "", page: 1, territory: null, onlyAvailable: true })).toBe("/resources/pound-codes");
    expect(chosenCodeUrl({ slug: "hash-4law" })).toBe("/resources/territories?number=hash-4law");
  });
});

describe("withChosenCode", () => {
  it("gives each territory the chosen #Code's row, so the card, list and map show that #Code", () => {
    const loaded = [territory("GA", "Georgia"), territory("OH", "Ohio"), territory("UT", "Utah")];
    const joined = withChosenCode(loaded, LAW, answer());
    expect(joined[0]!.categories).toEqual([
      {
        categoryId: LAW.id,
        name: "#4LAW",
        slug: "hash-4law",
        kind: "poundcode",
        status: "licensed",
        monthlyCents: 250_000,
      },
    ]);
    expect(joined[2]!.categories).toEqual([]);
    const shown = shownTerritories(joined, [], { kind: "all" }, LAW.id);
    expect(shown.map((t) => t.mapStatus)).toEqual(["licensed", "available", "available"]);
    // One figure: the card prices the chosen #Code with the #Code's own quote.
    expect(monthlyFigure(shown[1]!, LAW.id)).toMatchObject({ label: "#4LAW monthly fee", cents: 180_000 });
  });

  it("joins nothing from an answer about another number", () => {
    const loaded = [territory("GA", "Georgia")];
    const other = answer({ context: { kind: "all" } });
    expect(withChosenCode(loaded, LAW, other)[0]!.categories).toEqual([]);
    const otherCode = answer({
      context: { kind: "poundcode", categoryId: "another", name: "#HELP", slug: "hash-help", description: null },
    });
    expect(withChosenCode(loaded, LAW, otherCode)[0]!.categories).toEqual([]);
  });
});

describe("pickerStatus", () => {
  const item = { ...LAW, status: "available" as const };
  it("is the territory's own row first, then the page's if it is about the same territory", () => {
    const held = territory("GA", "Georgia", {
      categories: [
        {
          categoryId: LAW.id,
          name: "#4LAW",
          slug: "hash-4law",
          kind: "poundcode",
          status: "negotiations",
          monthlyCents: null,
        },
      ],
    });
    expect(pickerStatus(item, { territory: { slug: "georgia", name: "Georgia" } }, held)).toBe("negotiations");
    const plain = territory("GA", "Georgia");
    expect(pickerStatus(item, { territory: { slug: "georgia", name: "Georgia" } }, plain)).toBe("available");
    expect(pickerStatus(item, { territory: { slug: "ohio", name: "Ohio" } }, plain)).toBeNull();
    expect(pickerStatus(item, { territory: null }, null)).toBeNull();
  });
});

describe("picker text", () => {
  it("counts the #Codes and says why a page is empty", () => {
    expect(pickerRange({ page: 1, pageSize: 8, total: 5 })).toBe("5 #Codes");
    expect(pickerRange({ page: 1, pageSize: 8, total: 1 })).toBe("1 #Code");
    expect(pickerRange({ page: 3, pageSize: 8, total: 514 })).toBe("Showing 17–24 of 514 #Codes");
    expect(pickerRange({ page: 65, pageSize: 8, total: 514 })).toBe("Showing 513–514 of 514 #Codes");
    const georgia = { slug: "georgia", name: "Georgia" };
    expect(pickerEmpty({ q: "zz", onlyAvailable: false, territory: null })).toBe(
      "No #Codes match “zz”. Try part of a code, such as LAW.",
    );
    expect(pickerEmpty({ q: "", onlyAvailable: true, territory: georgia })).toBe("No #Codes are available in Georgia.");
    expect(pickerEmpty({ q: "law", onlyAvailable: true, territory: georgia })).toBe(
      "No #Codes that match “law” are available in Georgia.",
    );
  });

  it("accepts only answers of the right shape", () => {
    expect(isCodePickerPage({ items: [], page: 1, total: 0 })).toBe(true);
    expect(isCodePickerPage({ message: "Too many requests" })).toBe(false);
    expect(isCodePickerPage(null)).toBe(false);
    expect(isNumberTerritories(answer())).toBe(true);
    expect(isNumberTerritories({ message: "not found" })).toBe(false);
  });
});
