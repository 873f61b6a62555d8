/**
 * The kept read models: computed once and shared while nothing they show changes, dropped by exactly the change keys
 * of what they show (the sitemap: the catalog, the content, the landing pages, and nothing else; the administrators'
 * territory list: any catalog change, a category's status included).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE } from "#kernel/list-query.ts";
import { territoryCategories } from "../../db/schema/index.ts";
import type { TestDb } from "../../db/test-utils.ts";
import { ADMIN, createSeededDb, MEMBER } from "../catalogue/test-fixtures.ts";
import { CHANGE } from "../changes.ts";
import { ForbiddenError } from "../errors.ts";
import { SITEMAP_LIMITS } from "../seo/sitemap.ts";
import {
  disableReadModels,
  enableReadModels,
  invalidateReadModels,
  readModelSize,
  sitemapView,
  territoriesForAdmin,
} from "./catalogue-views.ts";

const ORIGIN = "https://poundcodes.test";

let t: TestDb;
beforeAll(async () => {
  t = await createSeededDb();
}, 60_000);
afterAll(() => t?.close());

describe("sitemapView", () => {
  it("is built afresh on every call for a database the app never enabled", async () => {
    const first = await sitemapView(t.db, ORIGIN, SITEMAP_LIMITS);
    expect(await sitemapView(t.db, ORIGIN, SITEMAP_LIMITS)).not.toBe(first);
    expect(first.root).toContain(`<loc>${ORIGIN}/all-numbers</loc>`);
    expect(readModelSize(t.db)).toBe(0);
  });

  it("is kept until the catalog, the content or the landing pages change, and per public URL and limits", async () => {
    enableReadModels(t.db);
    try {
      const kept = await sitemapView(t.db, ORIGIN, SITEMAP_LIMITS);
      expect(await sitemapView(t.db, ORIGIN, SITEMAP_LIMITS)).toBe(kept);
      const split = await sitemapView(t.db, ORIGIN, { ...SITEMAP_LIMITS, maxUrls: 10 });
      expect(split.parts.length).toBeGreaterThan(1);
      expect(split.root).toContain("<sitemapindex");
      const elsewhere = await sitemapView(t.db, "https://elsewhere.test", SITEMAP_LIMITS);
      expect(elsewhere.root).toContain("<loc>https://elsewhere.test/all-numbers</loc>");

      invalidateReadModels(t.db, [CHANGE.sessions, CHANGE.mail, "/some/page"]);
      expect(await sitemapView(t.db, ORIGIN, SITEMAP_LIMITS)).toBe(kept);

      let current = kept;
      for (const change of [CHANGE.landingPages, CHANGE.blog, CHANGE.supportTopics, CHANGE.catalog, CHANGE.overview]) {
        invalidateReadModels(t.db, [change]);
        const next = await sitemapView(t.db, ORIGIN, SITEMAP_LIMITS);
        expect(next, change).not.toBe(current);
        expect(next, change).toEqual(kept);
        current = next;
      }
    } finally {
      disableReadModels(t.db);
    }
  });
});

describe("territoriesForAdmin", () => {
  const everyTerritory = {
    q: "",
    sort: "state" as const,
    dir: "asc" as const,
    page: 1,
    size: DEFAULT_PAGE_SIZE * 4,
    filters: {},
  };
  const heldIn = async () => {
    const rows = (await territoriesForAdmin(t.db, ADMIN, everyTerritory)).rows;
    return new Map(rows.map((r) => [r.id, r.categories.held.length + r.categories.moreHeld]));
  };

  it("keeps every territory's category summary until a catalog change, and refuses non-administrators", async () => {
    await expect(territoriesForAdmin(t.db, MEMBER, everyTerritory)).rejects.toBeInstanceOf(ForbiddenError);
    enableReadModels(t.db);
    try {
      const before = await heldIn();
      const [pair] = await t.db
        .select({ territoryId: territoryCategories.territoryId, categoryId: territoryCategories.categoryId })
        .from(territoryCategories)
        .where(eq(territoryCategories.status, "available"))
        .limit(1);
      // Written behind the read models' back: the kept summary still shows the pair available.
      await t.db
        .update(territoryCategories)
        .set({ status: "negotiations" })
        .where(
          and(
            eq(territoryCategories.territoryId, pair!.territoryId),
            eq(territoryCategories.categoryId, pair!.categoryId),
          ),
        );
      expect(await heldIn()).toEqual(before);
      // The change a status write records drops it.
      invalidateReadModels(t.db, [CHANGE.overview]);
      const after = await heldIn();
      expect(after.get(pair!.territoryId)).toBe(before.get(pair!.territoryId)! + 1);
      after.delete(pair!.territoryId);
      before.delete(pair!.territoryId);
      expect(after).toEqual(before);
    } finally {
      disableReadModels(t.db);
    }
  });
});
