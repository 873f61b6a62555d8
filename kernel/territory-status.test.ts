import { describe, expect, it } from "vitest";
import {
  cardStatus,
  cardStatusLabel,
  DISPLAY_STATUSES,
  deriveTerritoryStatus,
  mapStatusLabel,
  normalizeMapStatus,
  STATUS_VOCABULARY,
  statusDotClass,
  statusForCategory,
  territoryStatusOnPage,
} from "./territory-status.ts";

describe("normalizeMapStatus", () => {
  it("keeps the four map statuses", () => {
    for (const s of DISPLAY_STATUSES) expect(normalizeMapStatus(s)).toBe(s);
  });

  it("ignores case and surrounding spaces", () => {
    expect(normalizeMapStatus(" Licensed ")).toBe("licensed");
    expect(normalizeMapStatus("NEGOTIATIONS")).toBe("negotiations");
    expect(normalizeMapStatus("Partial")).toBe("partial");
  });

  it("treats unknown, empty and missing values as available", () => {
    expect(normalizeMapStatus("unlicensed")).toBe("available");
    expect(normalizeMapStatus("reserved")).toBe("available");
    expect(normalizeMapStatus("something else")).toBe("available");
    expect(normalizeMapStatus("")).toBe("available");
    expect(normalizeMapStatus(null)).toBe("available");
    expect(normalizeMapStatus(undefined)).toBe("available");
  });
});

describe("mapStatusLabel", () => {
  it("labels known and unknown statuses", () => {
    expect(mapStatusLabel("partial")).toBe("Partially Licensed");
    expect(mapStatusLabel("bogus")).toBe("Available");
  });
});

describe("statusForCategory", () => {
  it("defaults to available when the category has no specific status", () => {
    expect(statusForCategory(undefined)).toBe("available");
    expect(statusForCategory(null)).toBe("available");
    expect(statusForCategory("")).toBe("available");
  });

  it("maps the known category statuses", () => {
    expect(statusForCategory("available")).toBe("available");
    expect(statusForCategory("licensed")).toBe("licensed");
    expect(statusForCategory("negotiations")).toBe("negotiations");
    expect(statusForCategory("reserved")).toBe("negotiations");
    expect(statusForCategory(" Reserved ")).toBe("negotiations");
  });

  it("treats unknown statuses as available", () => {
    expect(statusForCategory("archived")).toBe("available");
    expect(statusForCategory("partial")).toBe("available");
  });
});

describe("deriveTerritoryStatus", () => {
  it("is available without categories", () => {
    expect(deriveTerritoryStatus([])).toBe("available");
    expect(deriveTerritoryStatus([], 0)).toBe("available");
  });

  it("is available when every category is available or unknown", () => {
    expect(deriveTerritoryStatus(["available", "available"])).toBe("available");
    expect(deriveTerritoryStatus(["available", "whatever"])).toBe("available");
    expect(deriveTerritoryStatus([], 10)).toBe("available");
  });

  it("is licensed when every category is licensed", () => {
    expect(deriveTerritoryStatus(["licensed"])).toBe("licensed");
    expect(deriveTerritoryStatus(["licensed", "LICENSED"], 2)).toBe("licensed");
  });

  it("is partial when some but not all categories are licensed", () => {
    expect(deriveTerritoryStatus(["licensed", "available"])).toBe("partial");
    expect(deriveTerritoryStatus(["licensed", "negotiations"])).toBe("partial");
    expect(deriveTerritoryStatus(["licensed", "reserved"])).toBe("partial");
  });

  it("counts categories without a row as available", () => {
    expect(deriveTerritoryStatus(["licensed", "licensed"], 3)).toBe("partial");
    expect(deriveTerritoryStatus(["negotiations"], 10)).toBe("negotiations");
  });

  it("never counts fewer categories than statuses given", () => {
    expect(deriveTerritoryStatus(["licensed", "licensed"], 1)).toBe("licensed");
    expect(deriveTerritoryStatus(["licensed", "licensed"], -4)).toBe("licensed");
    expect(deriveTerritoryStatus(["licensed", "licensed"], 2.9)).toBe("licensed");
  });

  it("ignores a count that is not a finite number", () => {
    expect(deriveTerritoryStatus(["licensed"], Number.NaN)).toBe("licensed");
    expect(deriveTerritoryStatus(["licensed"], Number.POSITIVE_INFINITY)).toBe("licensed");
  });

  it("is negotiations when nothing is licensed and something is in negotiations or reserved", () => {
    expect(deriveTerritoryStatus(["negotiations"])).toBe("negotiations");
    expect(deriveTerritoryStatus(["available", "reserved"])).toBe("negotiations");
  });
});

describe("territoryStatusOnPage", () => {
  const stored = new Map([
    ["law", "licensed"],
    ["doc", "reserved"],
  ]);

  it("is the page category's status on a #Code page", () => {
    expect(territoryStatusOnPage(stored, ["law", "doc", "vet"], "law")).toBe("licensed");
    expect(territoryStatusOnPage(stored, ["law", "doc", "vet"], "doc")).toBe("negotiations");
    expect(territoryStatusOnPage(stored, ["law", "doc", "vet"], "vet")).toBe("available");
  });

  it("is derived over the #Codes elsewhere, a #Code without a stored status counting as available", () => {
    expect(territoryStatusOnPage(stored, ["law", "doc", "vet"], null)).toBe("partial");
    expect(territoryStatusOnPage(stored, ["law"], null)).toBe("licensed");
    expect(territoryStatusOnPage(stored, ["doc", "vet"], null)).toBe("negotiations");
    expect(territoryStatusOnPage(stored, [], null)).toBe("available");
  });
});

describe("cardStatus", () => {
  it("treats available and unlicensed as available: reserve", () => {
    for (const s of ["available", "unlicensed", " Unlicensed "]) {
      expect(cardStatus(s)).toEqual({ key: "available", label: "Available", badge: "available", action: "reserve" });
    }
  });

  it("treats licensed and negotiations as taken: waitlist", () => {
    expect(cardStatus("licensed")).toMatchObject({ label: "Licensed", badge: "licensed", action: "waitlist" });
    expect(cardStatus("negotiations")).toMatchObject({
      label: "In Negotiations",
      badge: "negotiations",
      action: "waitlist",
    });
  });

  it("shows anything else as 'Unknown' with a disabled 'Inquire'", () => {
    for (const s of ["bogus", "", null, undefined, "inactive"]) {
      expect(cardStatus(s)).toMatchObject({ key: "unknown", label: "Unknown", badge: "outline", action: "inquire" });
    }
  });

  it("knows partial (reserve a free category) and reserved (like negotiations)", () => {
    expect(cardStatus("partial")).toMatchObject({ label: "Partially Licensed", action: "reserve" });
    expect(cardStatus("reserved")).toMatchObject({ label: "In Negotiations", action: "waitlist" });
  });

  it("cardStatusLabel is the card label", () => {
    expect(cardStatusLabel("unlicensed")).toBe("Available");
    expect(cardStatusLabel("licensed")).toBe("Licensed");
    expect(cardStatusLabel("negotiations")).toBe("In Negotiations");
    expect(cardStatusLabel("whatever")).toBe("Unknown");
  });
});

describe("labels and colours", () => {
  it("uses the legend labels of the spec, in legend order", () => {
    expect(DISPLAY_STATUSES.map((s) => STATUS_VOCABULARY[s].mapLabel)).toEqual([
      "Available",
      "Partially Licensed",
      "In Negotiations",
      "Fully Licensed",
    ]);
  });

  it("uses the card labels of the spec", () => {
    expect(DISPLAY_STATUSES.map((s) => STATUS_VOCABULARY[s].cardLabel)).toEqual([
      "Available",
      "Partially Licensed",
      "In Negotiations",
      "Licensed",
    ]);
  });

  it("keeps the Tailwind classes in step with the hex colours", () => {
    for (const s of DISPLAY_STATUSES) {
      const { light, dark } = STATUS_VOCABULARY[s].color;
      expect(light).toMatch(/^#[0-9a-f]{6}$/);
      expect(dark).toMatch(/^#[0-9a-f]{6}$/);
      for (const [kind, classes] of Object.entries(STATUS_VOCABULARY[s].classes)) {
        expect(classes).toBe(`${kind}-[${light}] dark:${kind}-[${dark}]`);
      }
    }
  });

  it("colours: available green, partial purple, negotiations amber, licensed red; unknown dots grey", () => {
    expect(statusDotClass("available")).toBe("bg-[#2e9e6b] dark:bg-[#3dbe85]");
    expect(statusDotClass("partial")).toBe("bg-[#7b5cc9] dark:bg-[#9d85e6]");
    expect(statusDotClass("negotiations")).toBe("bg-[#e8890c] dark:bg-[#f5a524]");
    expect(statusDotClass("licensed")).toBe("bg-[#d64545] dark:bg-[#f06a6a]");
    expect(statusDotClass("unknown")).toBe("bg-muted-foreground");
  });
});
