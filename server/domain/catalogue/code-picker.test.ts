import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusForCategory } from "#kernel/territory-status.ts";
import { categories } from "../../db/schema/index.ts";
import { POUND_CODES } from "../../db/seed/data/categories.ts";
import { statusOf } from "../../db/seed/data/territory-category-statuses.ts";
import type { TestDb } from "../../db/test-utils.ts";
import { CODE_PICKER_PAGE_SIZE, codePickerPage } from "./code-picker.ts";
import { countingDb, createSeededDb } from "./test-fixtures.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createSeededDb();
});
afterAll(() => t?.close());

/** The demo #Codes by name in code-point order, as the picker lists them. */
const byName = () => POUND_CODES.map((c) => c.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe("codePickerPage", () => {
  it("pages the #Codes by name, without statuses when no territory is asked about", async () => {
    const first = await codePickerPage(t.db);
    expect(first).toMatchObject({ q: "", page: 1, total: POUND_CODES.length, territory: null, onlyAvailable: false });
    expect(first.pageSize).toBe(CODE_PICKER_PAGE_SIZE);
    expect(first.pageCount).toBe(Math.ceil(POUND_CODES.length / CODE_PICKER_PAGE_SIZE));
    expect(first.pageCount).toBeGreaterThan(1);
    expect(first.items.map((c) => c.name)).toEqual(byName().slice(0, CODE_PICKER_PAGE_SIZE));
    expect(first.items.every((c) => c.status === null)).toBe(true);

    const second = await codePickerPage(t.db, { page: 2 });
    expect(second.items.map((c) => c.name)).toEqual(byName().slice(CODE_PICKER_PAGE_SIZE, 2 * CODE_PICKER_PAGE_SIZE));
    // Keyword groups are not #Codes: never listed.
    const keywordGroups = (await t.db.select().from(categories)).filter((c) => c.categoryType !== "standard");
    expect(keywordGroups.length).toBeGreaterThan(0);
    const listed = [...first.items, ...second.items].map((c) => c.id);
    for (const g of keywordGroups) expect(listed).not.toContain(g.id);
  });

  it("reads a page out of range as the nearest page", async () => {
    const last = await codePickerPage(t.db, { page: 99 });
    expect(last.page).toBe(last.pageCount);
    expect((await codePickerPage(t.db, { page: 0 })).page).toBe(1);
    expect((await codePickerPage(t.db, { page: -3 })).page).toBe(1);
    expect((await codePickerPage(t.db, { page: Number.NaN })).page).toBe(1);
    expect((await codePickerPage(t.db, { page: 1e12 })).page).toBe(last.pageCount);
  });

  it("narrows by name or slug on the server, case-insensitive, anywhere in the code", async () => {
    const law = await codePickerPage(t.db, { q: "law" });
    const expected = byName().filter((n) => n.toLowerCase().includes("law"));
    expect(expected.length).toBeGreaterThan(0);
    expect(law.items.map((c) => c.name)).toEqual(expected);
    expect(law).toMatchObject({ q: "law", total: expected.length, pageCount: 1 });
    expect((await codePickerPage(t.db, { q: "#4L" })).items.map((c) => c.name)).toEqual(["#4LAW"]);
    expect((await codePickerPage(t.db, { q: "hash-4law" })).items.map((c) => c.name)).toEqual(["#4LAW"]);
    expect((await codePickerPage(t.db, { q: "  #4law\u0000 " })).items.map((c) => c.name)).toEqual(["#4LAW"]);
  });

  it("matches LIKE's own characters literally and answers an empty page when nothing matches", async () => {
    for (const q of ["%", "_", "\\", "zzzz"]) {
      const none = await codePickerPage(t.db, { q });
      expect(none, q).toMatchObject({ total: 0, page: 1, pageCount: 1, items: [] });
    }
  });

  it("gives each #Code its status in the territory asked about, and can keep only the available ones", async () => {
    const ga = await codePickerPage(t.db, { territory: "georgia", page: 1 });
    expect(ga.territory).toEqual({ slug: "georgia", name: "Georgia" });
    const all = [...ga.items, ...(await codePickerPage(t.db, { territory: "georgia", page: 2 })).items];
    expect(all).toHaveLength(POUND_CODES.length);
    for (const c of all) expect(c.status, c.name).toBe(statusForCategory(statusOf("GA", c.slug)));
    expect(all.find((c) => c.name === "#4LAW")?.status).toBe("licensed");
    expect(new Set(all.map((c) => c.status)).size).toBeGreaterThan(1);

    const open = await codePickerPage(t.db, { territory: "georgia", onlyAvailable: true, page: 1 });
    const expected = all.filter((c) => c.status === "available");
    expect(open.total).toBe(expected.length);
    expect(open.total).toBeLessThan(POUND_CODES.length);
    expect(open.items.every((c) => c.status === "available")).toBe(true);
    expect(open.onlyAvailable).toBe(true);
  });

  it("reads an unknown territory as none, and ignores 'only available' without one", async () => {
    const page = await codePickerPage(t.db, { territory: "atlantis", onlyAvailable: true });
    expect(page).toMatchObject({ territory: null, onlyAvailable: false, total: POUND_CODES.length });
    expect(page.items.every((c) => c.status === null)).toBe(true);
    for (const territory of ["geor\u0000gia", "georgia'--", "x".repeat(5000), "%"]) {
      expect((await codePickerPage(t.db, { territory })).territory, territory.slice(0, 20)).toBeNull();
    }
    // As the page names territories, whatever the case.
    expect((await codePickerPage(t.db, { territory: " Georgia " })).territory?.name).toBe("Georgia");
  });

  it("does two queries, three with a territory, whatever the size of the catalog", async () => {
    const plain = countingDb(t.db);
    await codePickerPage(plain.db, { q: "law", page: 1 });
    expect(plain.count()).toBe(2);
    const inTerritory = countingDb(t.db);
    await codePickerPage(inTerritory.db, { territory: "georgia", onlyAvailable: true });
    expect(inTerritory.count()).toBe(3);
  });
});
