import { describe, expect, it } from "vitest";
import type { TerritoryView } from "#kernel/catalogue.ts";
import { packMapTerritories, packTerritories, unpackMapTerritories, unpackTerritories } from "./packed.ts";

const quote = (categoryId: string, categoryName: string, cents: number) => ({
  categoryId,
  categoryName,
  finalMonthlyCents: cents,
  lines: [
    {
      key: "base",
      label: `Base monthly fee (${categoryName} territory rate)`,
      cents: cents + 500,
      kind: "monthly" as const,
    },
    { key: "discount", label: "Discount | 10% ~ loyal, valued", cents: -500, kind: "adjustment" as const },
    { key: "monthly_total", label: "Monthly total", cents, kind: "total" as const },
  ],
});

const VIEWS: TerritoryView[] = [
  {
    id: "0b2c3d4e-0000-4000-8000-000000000001",
    key: "CA-N",
    name: "Northern California",
    state: "CA",
    portion: "N",
    slug: "northern-california",
    population: 4_500_000,
    areaCodes: ["415", "510", "707"],
    listStatus: "negotiations",
    mapStatus: "negotiations",
    pricing: {
      baseMonthlyCents: 245_000,
      setupCents: 49_000,
      perMinuteCents: 5,
      perSmsCents: 2,
      perWebFormLeadCents: 50,
      categoryQuote: quote("cat-1", "#4LAW", 300_000),
    },
    categories: [
      {
        categoryId: "cat-1",
        name: "#4LAW",
        slug: "hash-4law",
        kind: "poundcode",
        status: "negotiations",
        monthlyCents: 300_000,
      },
      {
        categoryId: "cat-2",
        name: "Lawyers, Attorneys & Co.",
        slug: "lawyers",
        kind: "keyword_group",
        status: "available",
        monthlyCents: null,
      },
    ],
  },
  {
    id: "0b2c3d4e-0000-4000-8000-000000000002",
    key: "DC",
    name: "District of Columbia",
    state: "DC",
    portion: null,
    slug: "district-of-columbia",
    population: 689_545,
    areaCodes: [],
    listStatus: "unlicensed",
    mapStatus: "available",
    pricing: {
      baseMonthlyCents: 9_500,
      setupCents: 19_000,
      perMinuteCents: 5,
      perSmsCents: 2,
      perWebFormLeadCents: 50,
      categoryQuote: null,
    },
    categories: [],
  },
  {
    id: "0b2c3d4e-0000-4000-8000-000000000003",
    key: "TX-E",
    name: "East Texas ~ Piney Woods",
    state: "TX",
    portion: "",
    slug: "east-texas",
    population: 0,
    areaCodes: ["903"],
    listStatus: "licensed",
    mapStatus: "licensed",
    pricing: {
      baseMonthlyCents: 0,
      setupCents: 0,
      perMinuteCents: 0,
      perSmsCents: 0,
      perWebFormLeadCents: 0,
      categoryQuote: quote("cat-1", "#4LAW", 9_500),
    },
    categories: [
      {
        categoryId: "cat-1",
        name: "#4LAW",
        slug: "hash-4law",
        kind: "poundcode",
        status: "licensed",
        monthlyCents: 9_500,
      },
    ],
  },
];

describe("packed territories", () => {
  it("unpacks to exactly the views that were packed, each identified by its slug", () => {
    const bySlug = VIEWS.map((v) => ({ ...v, id: v.slug }));
    // Through the text, as the browser does (a fresh object, not the packing remembered on the server).
    const packed = packTerritories(VIEWS);
    const sent = JSON.parse(JSON.stringify(packed));
    expect(unpackTerritories(sent)).toEqual(bySlug);
    // The server renders the same views as the browser, kept per packing.
    expect(unpackTerritories(packed)).toEqual(bySlug);
    expect(unpackTerritories(packed)).toBe(unpackTerritories(packTerritories(VIEWS)));
    expect(unpackTerritories(packTerritories([]))).toEqual([]);
  });

  it("sends no territory id: the page knows a territory by its slug", () => {
    const text = JSON.stringify(packTerritories(VIEWS));
    for (const v of VIEWS) expect(text).not.toContain(v.id);
  });

  it("sends what repeats once: one quote heading, three line labels, two categories", () => {
    const packed = packTerritories(VIEWS);
    expect(packed.heads).toHaveLength(1);
    expect(packed.lines).toHaveLength(3);
    expect(packed.categories).toHaveLength(2);
    expect(packed.rows.split("~")).toHaveLength(3);
    // Much smaller than the objects it stands for.
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(VIEWS).length * 0.6);
  });
});

describe("packed home-map territories", () => {
  it("unpacks to what the map and its popups show of each view, and nothing else", () => {
    const sent = JSON.parse(JSON.stringify(packMapTerritories(VIEWS)));
    expect(unpackMapTerritories(sent)).toEqual(
      VIEWS.map((v) => ({
        key: v.key,
        name: v.name,
        slug: v.slug,
        population: v.population,
        areaCodes: v.areaCodes,
        mapStatus: v.mapStatus,
        baseMonthlyCents: v.pricing.baseMonthlyCents,
      })),
    );
    expect(unpackMapTerritories(packMapTerritories([]))).toEqual([]);
    // No ids, quotes or categories travel: a territory's id is not on the page at all.
    const text = JSON.stringify(sent);
    for (const v of VIEWS) expect(text).not.toContain(v.id);
    expect(text.length).toBeLessThan(JSON.stringify(packTerritories(VIEWS)).length * 0.6);
  });
});
