import { describe, expect, it } from "vitest";
import {
  deriveTerritoryStatus,
  MAP_STATUS_CLASSES,
  MAP_STATUS_COLORS,
  MAP_STATUS_LABELS,
  MAP_STATUSES,
  mapStatusLabel,
  normalizeMapStatus,
  statusForCategory,
} from "./territory-status.ts";

describe("normalizeMapStatus", () => {
  it("keeps the four map statuses", () => {
    for (const s of MAP_STATUSES) expect(normalizeMapStatus(s)).toBe(s);
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

describe("labels and colours", () => {
  it("uses the legend labels of the spec, in legend order", () => {
    expect(MAP_STATUSES.map((s) => MAP_STATUS_LABELS[s])).toEqual([
      "Available",
      "Partially Licensed",
      "In Negotiations",
      "Fully Licensed",
    ]);
  });

  it("keeps the Tailwind classes in step with the hex colours", () => {
    for (const s of MAP_STATUSES) {
      const { light, dark } = MAP_STATUS_COLORS[s];
      expect(light).toMatch(/^#[0-9a-f]{6}$/);
      expect(dark).toMatch(/^#[0-9a-f]{6}$/);
      for (const [kind, classes] of Object.entries(MAP_STATUS_CLASSES[s])) {
        expect(classes).toBe(`${kind}-[${light}] dark:${kind}-[${dark}]`);
      }
    }
  });
});
