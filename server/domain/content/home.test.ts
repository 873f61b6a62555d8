import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, editableContent, faqItems } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { excerpt, HOME_TEXT, homeFaq, homeTexts, latestPosts } from "./home.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  await t.db.insert(blogPosts).values([
    {
      slug: "a",
      title: "A",
      content: "<p>Alpha <b>bold</b></p>",
      status: "published",
      publishedAt: day(1),
      tags: ["x", "y", "z", "w"],
    },
    { slug: "b", title: "B", content: "<p>Beta</p>", status: "published", publishedAt: day(3) },
    { slug: "c", title: "C", content: "<p>Gamma</p>", status: "published", publishedAt: day(2) },
    { slug: "d", title: "D", content: "<p>Delta</p>", status: "published", publishedAt: day(4) },
    { slug: "draft", title: "Draft", content: "<p>Hidden</p>", status: "draft" },
    {
      slug: "future",
      title: "Future",
      content: "<p>Later</p>",
      status: "published",
      publishedAt: new Date(Date.now() + 86_400_000 * 30),
    },
  ]);
  await t.db.insert(faqItems).values([
    ...Array.from({ length: 12 }, (_, i) => ({
      question: `Q${i}`,
      answer: `A${i}`,
      displayOrder: 12 - i,
      isPublished: true,
    })),
    { question: "Hidden", answer: "no", displayOrder: -1, isPublished: false },
  ]);
});
afterAll(() => t.close());

describe("home content", () => {
  it("news strip: the 3 latest published posts, newest first, tags capped at 3", async () => {
    const posts = await latestPosts(t.db);
    expect(posts.map((p) => p.slug)).toEqual(["d", "b", "c"]);
    const all = await latestPosts(t.db, 10);
    expect(all.map((p) => p.slug)).toEqual(["d", "b", "c", "a"]);
    expect(all[3]!.tags).toEqual(["x", "y", "z"]);
    expect(all[3]!.excerpt).toBe("Alpha bold");
  });

  it("FAQ block: up to 10 published items by display order", async () => {
    const items = await homeFaq(t.db);
    expect(items).toHaveLength(10);
    expect(items[0]!.question).toBe("Q11");
    expect(items.some((i) => i.question === "Hidden")).toBe(false);
  });

  it("excerpt strips tags and cuts at 150 characters", () => {
    const long = `<p>${"word ".repeat(60)}</p>`;
    const e = excerpt(long);
    expect(e.length).toBeLessThanOrEqual(151);
    expect(e.endsWith("…")).toBe(true);
    expect(e).not.toContain("<");
    expect(excerpt("<p>short</p>")).toBe("short");
  });
});

describe("the home page's editable texts", () => {
  it("read the content editor's values, tags stripped, and fall back to the built-in text when missing or blank", async () => {
    expect(await homeTexts(t.db)).toEqual({
      heroTitle: HOME_TEXT.heroTitle.fallback,
      heroSubtitle: HOME_TEXT.heroSubtitle.fallback,
      getInTouchIntro: HOME_TEXT.getInTouchIntro.fallback,
    });
    await t.db.insert(editableContent).values([
      { contentKey: "home_hero_title", contentValue: "Dial <b>#4LAW</b> today", pageSlug: "home" },
      { contentKey: "home_get_in_touch_intro", contentValue: "   ", pageSlug: "home" },
    ]);
    const texts = await homeTexts(t.db);
    expect(texts.heroTitle).toBe("Dial #4LAW today");
    expect(texts.getInTouchIntro).toBe(HOME_TEXT.getInTouchIntro.fallback);
  });
});
