/**
 * The kept read models: computed once and shared while nothing they show changes, dropped by exactly the change keys
 * of what they show (the sitemap here: the catalog, the content, the landing pages, and nothing else).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDb } from "../../db/test-utils.ts";
import { createSeededDb } from "../catalogue/test-fixtures.ts";
import { CHANGE } from "../changes.ts";
import { SITEMAP_LIMITS } from "../seo/sitemap.ts";
import {
  disableReadModels,
  enableReadModels,
  invalidateReadModels,
  readModelSize,
  sitemapView,
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
