import { describe, expect, it } from "vitest";
import { TERRITORY_STATUSES } from "../enums.ts";
import {
  CATEGORY_STATUS_PAGE_SIZE,
  categoryStatusPage,
  centsToInput,
  isTerritoryShown,
  TERRITORY_ADMIN_TEXT,
  TERRITORY_FEE_FIELDS,
  TERRITORY_FEE_NAMES,
  territoryActionSchema,
  toggledTerritoryStatus,
  toggleLabel,
} from "./territories-admin.ts";

describe("the Hide/Show rule (spec 2 §4)", () => {
  it("hides every shown territory (Hide) and shows a hidden one as active (Show)", () => {
    for (const status of TERRITORY_STATUSES) {
      const shown = status !== "inactive";
      expect(isTerritoryShown(status)).toBe(shown);
      expect(toggledTerritoryStatus(status)).toBe(shown ? "inactive" : "active");
      expect(toggleLabel(status)).toBe(shown ? "Hide" : "Show");
    }
    // An available territory is on the public pages: its button reads Hide, never 'Show Alaska, now shown'.
    expect(toggleLabel("available")).toBe("Hide");
    expect(toggleLabel("licensed")).toBe("Hide");
    expect(toggleLabel("inactive")).toBe("Show");
  });

  it("keeps the spec's strings", () => {
    expect(TERRITORY_ADMIN_TEXT.errorLoading("timeout")).toBe("Error loading territories: timeout");
    expect(TERRITORY_ADMIN_TEXT.errorUpdatingStatus).toBe("Error updating status");
  });
});

describe("the fee form", () => {
  it("has every fee field of spec 2 §3, once", () => {
    expect(TERRITORY_FEE_FIELDS.map((f) => f.name)).toEqual([...TERRITORY_FEE_NAMES]);
  });

  it("shows stored cents as dollars with two decimals, and not set as blank", () => {
    expect(centsToInput(125_005)).toBe("1250.05");
    expect(centsToInput(9_500)).toBe("95.00");
    expect(centsToInput(7)).toBe("0.07");
    expect(centsToInput(null)).toBe("");
  });

  it("parses each intent, refusing an unknown status or id", () => {
    expect(territoryActionSchema.safeParse({ intent: "toggle" }).success).toBe(true);
    const bad = territoryActionSchema.safeParse({ intent: "set-category-status", categoryId: "x", status: "sold" });
    expect(bad.success).toBe(false);
    const fees = territoryActionSchema.parse({ intent: "save-fees", baseMonthlyFee: " 1,250 " });
    expect(fees).toMatchObject({ intent: "save-fees", baseMonthlyFee: "1,250", smsMultiplier: "" });
  });
});

describe("a territory's categories a page at a time", () => {
  const rows = Array.from({ length: 60 }, (_, i) => ({ name: i % 2 ? `#LAW${i}` : `#HOME${i}` }));

  it("pages the categories and reads a page out of range as the nearest", () => {
    const first = categoryStatusPage(rows, {});
    expect(first).toMatchObject({ q: "", page: 1, pageCount: 3, total: 60 });
    expect(first.rows).toHaveLength(CATEGORY_STATUS_PAGE_SIZE);
    expect(categoryStatusPage(rows, { page: 3 }).rows.map((r) => r.name)).toEqual(rows.slice(50).map((r) => r.name));
    expect(categoryStatusPage(rows, { page: 99 }).page).toBe(3);
    expect(categoryStatusPage(rows, { page: Number.NaN }).page).toBe(1);
    expect(categoryStatusPage(rows, { page: -2 }).page).toBe(1);
  });

  it("narrows by name, with or without the '#', whatever the case", () => {
    for (const q of ["law", "#LAW", " Law "]) {
      const page = categoryStatusPage(rows, { q });
      expect(page.total, q).toBe(30);
      expect(
        page.rows.every((r) => r.name.startsWith("#LAW")),
        q,
      ).toBe(true);
    }
    expect(categoryStatusPage(rows, { q: "law59" }).rows).toEqual([{ name: "#LAW59" }]);
    expect(categoryStatusPage(rows, { q: "zzz" })).toMatchObject({ total: 0, page: 1, pageCount: 1, rows: [] });
    expect(categoryStatusPage([], {})).toMatchObject({ total: 0, page: 1, pageCount: 1 });
  });
});
