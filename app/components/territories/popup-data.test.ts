import { describe, expect, it } from "vitest";
import { isTerritoryPopup, numberHref, popupLists, popupTitle } from "./popup-data.ts";

describe("territory popup", () => {
  const popup = {
    slug: "georgia",
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

  it("is titled with the loaded name, else the territory's", () => {
    expect(popupTitle({ name: "OH" }, { status: "loaded", popup })).toBe("Ohio");
    expect(popupTitle({ name: "OH" }, { status: "loading" })).toBe("OH");
    expect(popupTitle({ name: "OH" }, { status: "failed" })).toBe("OH");
  });

  it("links numbers by slug with the territory that was clicked", () => {
    expect(numberHref("hash-4law", "ohio")).toBe("/number/hash-4law/ohio");
    expect(numberHref("800-law-help", "northern-california")).toBe("/number/800-law-help/northern-california");
  });
});
