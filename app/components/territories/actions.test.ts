import { describe, expect, it } from "vitest";
import type { NumberContext, PriceLine, TerritoryView } from "#kernel/catalogue.ts";
import { CATEGORY_SELECTION_NOT_AVAILABLE } from "#kernel/schemas/reservation.ts";
import {
  ACTION_LABELS,
  applyReservation,
  askQuestionHref,
  cardStatus,
  categoryForReservation,
  categoryStatusIn,
  contextKey,
  effectiveStatus,
  formatPopulation,
  groupQuoteLines,
  isTerritoryPopup,
  numberHref,
  planAction,
  popupLists,
  staggerDelay,
  statusLabel,
  toMapTerritory,
} from "./actions";

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
    categories: [{ categoryId: LAW, name: "#4LAW", slug: "hash-4law", kind: "poundcode", status: "licensed" }],
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

describe("cardStatus (spec 1 §4)", () => {
  it("treats available and unlicensed as available: 'Select Category & Reserve'", () => {
    for (const s of ["available", "unlicensed", " Unlicensed "]) {
      expect(cardStatus(s)).toEqual({ key: "available", label: "Available", badge: "available", action: "reserve" });
    }
    expect(ACTION_LABELS.reserve).toBe("Select Category & Reserve");
  });

  it("treats licensed and negotiations as taken: 'Join Waitlist'", () => {
    expect(cardStatus("licensed")).toMatchObject({ label: "Licensed", badge: "licensed", action: "waitlist" });
    expect(cardStatus("negotiations")).toMatchObject({
      label: "In Negotiations",
      badge: "negotiations",
      action: "waitlist",
    });
    expect(ACTION_LABELS.waitlist).toBe("Join Waitlist");
  });

  it("shows anything else as 'Unknown' with a disabled 'Inquire'", () => {
    for (const s of ["bogus", "", null, undefined, "inactive"]) {
      expect(cardStatus(s)).toMatchObject({ key: "unknown", label: "Unknown", action: "inquire" });
    }
    expect(ACTION_LABELS.inquire).toBe("Inquire");
  });

  it("knows partial (reserve a free category) and reserved (like negotiations)", () => {
    expect(cardStatus("partial")).toMatchObject({ label: "Partially Licensed", action: "reserve" });
    expect(cardStatus("reserved")).toMatchObject({ label: "In Negotiations", action: "waitlist" });
  });

  it("statusLabel is the card label", () => {
    expect(statusLabel("unlicensed")).toBe("Available");
    expect(statusLabel("licensed")).toBe("Licensed");
    expect(statusLabel("negotiations")).toBe("In Negotiations");
    expect(statusLabel("whatever")).toBe("Unknown");
  });
});

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

  it("reserves the page's #Code, or the chosen one", () => {
    const cats = [{ id: DOC, name: "#DOCTOR" }];
    expect(categoryForReservation(poundcode, cats, null)).toEqual({ id: LAW, name: "#4LAW" });
    expect(categoryForReservation(all, cats, null)).toBeNull();
    expect(categoryForReservation(all, cats, DOC)).toEqual({ id: DOC, name: "#DOCTOR" });
    expect(categoryForReservation(all, cats, "missing")).toBeNull();
  });
});

describe("planAction (spec 1 §5)", () => {
  const category = { id: LAW, name: "#4LAW" };

  it("opens the reservation or waitlist dialog when the category is known", () => {
    expect(planAction({ action: "reserve", territoryName: "Ohio", category, hasCategorySection: false })).toEqual({
      kind: "open",
      dialog: "reserve",
      category,
    });
    expect(planAction({ action: "waitlist", territoryName: "Ohio", category, hasCategorySection: true })).toEqual({
      kind: "open",
      dialog: "waitlist",
      category,
    });
  });

  it("asks for a category below when none is chosen", () => {
    expect(planAction({ action: "reserve", territoryName: "Ohio", category: null, hasCategorySection: true })).toEqual({
      kind: "choose-category",
      message: "Please choose a category below for Ohio before reserving.",
    });
    expect(
      planAction({ action: "waitlist", territoryName: "Ohio", category: null, hasCategorySection: true }),
    ).toMatchObject({ kind: "choose-category" });
  });

  it("says 'Category selection not available.' without a category section", () => {
    expect(planAction({ action: "reserve", territoryName: "Ohio", category: null, hasCategorySection: false })).toEqual(
      {
        kind: "no-section",
        message: CATEGORY_SELECTION_NOT_AVAILABLE,
      },
    );
    expect(CATEGORY_SELECTION_NOT_AVAILABLE).toBe("Category selection not available.");
  });

  it("does nothing for 'Inquire'", () => {
    expect(planAction({ action: "inquire", territoryName: "Ohio", category, hasCategorySection: true })).toEqual({
      kind: "none",
    });
  });
});

describe("links", () => {
  it("builds the 'Ask a question' contact link", () => {
    expect(askQuestionHref("Northern California")).toBe("/contact?subject=Question%20about%20Northern%20California");
    expect(askQuestionHref("A & B")).toBe("/contact?subject=Question%20about%20A%20%26%20B");
  });

  it("links numbers by slug", () => {
    expect(numberHref("hash-4law")).toBe("/number/hash-4law");
    expect(numberHref("800-law-help")).toBe("/number/800-law-help");
  });
});

describe("applyReservation", () => {
  it("turns the territory and the category to negotiations, leaving the others alone", () => {
    const other = territory({ id: "t-oh", key: "OH", name: "Ohio" });
    const list = [territory({ listStatus: "partial", mapStatus: "partial" }), other];
    const out = applyReservation(list, "t-ca-n", { id: LAW, name: "#4LAW", slug: "hash-4law" });
    expect(out[0]).toMatchObject({ listStatus: "negotiations", mapStatus: "negotiations" });
    expect(out[0]?.categories).toEqual([
      { categoryId: LAW, name: "#4LAW", slug: "hash-4law", kind: "poundcode", status: "negotiations" },
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

  it("staggers cards by 20 ms", () => {
    expect(staggerDelay(0)).toBe("0ms");
    expect(staggerDelay(1)).toBe("20ms");
    expect(staggerDelay(12)).toBe("240ms");
    expect(staggerDelay(-3)).toBe("0ms");
  });

  it("orders quote lines: monthly and adjustments, total, deposit, usage", () => {
    const lines: PriceLine[] = [
      { key: "base", label: "Base", cents: 100_000, kind: "monthly" },
      { key: "cat", label: "Category adjustment", cents: 20_000, kind: "adjustment" },
      { key: "monthly_total", label: "Monthly total", cents: 120_000, kind: "total" },
      { key: "setup", label: "Setup deposit", cents: 20_000, kind: "one_off" },
      { key: "per_minute", label: "Per minute", cents: 5, kind: "usage" },
      { key: "per_sms", label: "Per SMS", cents: 2, kind: "usage" },
    ];
    const g = groupQuoteLines(lines);
    expect(g.monthly.map((l) => l.key)).toEqual(["base", "cat"]);
    expect(g.total.map((l) => l.key)).toEqual(["monthly_total"]);
    expect(g.oneOff.map((l) => l.key)).toEqual(["setup"]);
    expect(g.usage.map((l) => l.key)).toEqual(["per_minute", "per_sms"]);
  });

  it("maps a territory for the map", () => {
    expect(toMapTerritory(territory({ mapStatus: "partial" }))).toEqual({
      key: "CA-N",
      name: "Northern California",
      status: "partial",
      areaCodes: ["415", "510"],
      baseMonthlyCents: 150_000,
    });
  });

  it("formats populations", () => {
    expect(formatPopulation(39_538_223)).toBe("39,538,223");
    expect(formatPopulation(Number.NaN)).toBe("");
  });
});

describe("territory popup", () => {
  const popup = {
    territoryId: "t1",
    name: "Ohio",
    areaCodes: ["216"],
    population: 11_799_448,
    poundCodes: Array.from({ length: 7 }, (_, i) => ({ id: `c${i}`, name: `#C${i}`, slug: `hash-c${i}` })),
    vanityNumbers: Array.from({ length: 6 }, (_, i) => ({ id: `v${i}`, numberText: `800-00${i}`, slug: `800-00${i}` })),
  };

  it("recognises a popup and nothing else", () => {
    expect(isTerritoryPopup(popup)).toBe(true);
    expect(isTerritoryPopup(null)).toBe(false);
    expect(isTerritoryPopup({ ok: false, message: "nope" })).toBe(false);
    expect(isTerritoryPopup({ ...popup, poundCodes: undefined })).toBe(false);
  });

  it("lists at most 5 #Codes and 5 vanity numbers, and nothing after a failure", () => {
    const lists = popupLists(popup);
    expect(lists.poundCodes).toHaveLength(5);
    expect(lists.vanityNumbers).toHaveLength(5);
    expect(popupLists(null)).toEqual({ poundCodes: [], vanityNumbers: [] });
  });
});
