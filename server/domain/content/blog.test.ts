import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_PAGE_SIZE } from "#kernel/content.ts";
import { blogPosts, type NewBlogPost } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { isDomainError } from "../errors.ts";
import {
  getBlogPost,
  listBlogPosts,
  PostNotFoundError,
  postExcerpt,
  publishedPostSlugs,
  safeImageUrl,
} from "./blog.ts";

let t: TestDb;
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

function post(slug: string, n: number, extra: Partial<NewBlogPost> = {}): NewBlogPost {
  return {
    slug,
    title: `Post ${slug}`,
    content: `<p>Body of ${slug}.</p>`,
    status: "published",
    publishedAt: day(n),
    authorName: "Marcus Bell",
    ...extra,
  };
}

beforeAll(async () => {
  t = await createTestDb();
  await t.db.insert(blogPosts).values([
    // Ten plain published posts, p01 oldest … p10 newest.
    ...Array.from({ length: 10 }, (_, i) => post(`p${String(i + 1).padStart(2, "0")}`, i + 1)),
    post("radio-reach", 11, { title: "Measuring Radio Reach", tags: ["Advertising", "Analytics"] }),
    post("tagged-only", 12, { title: "A Quiet Title", tags: ["Call Tracking", "RADIO", "Intake", "Extra"] }),
    post("fifty-percent", 13, { title: "Cut Missed Calls by 50% in a Month" }),
    post("under-score", 14, { title: "The snake_case Guide" }),
    post("hostile", 15, {
      title: "Hostile Content",
      content:
        '<p>Safe <b>text</b></p><script>alert("x")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a>',
      excerpt: null,
      imageUrl: "javascript:alert(1)",
    }),
    { slug: "draft-post", title: "Radio Draft", content: "<p>Unfinished</p>", status: "draft", publishedAt: null },
    post("scheduled", 400, { title: "Radio of the Future" }),
  ]);
});
afterAll(() => t.close());

const NOW = day(200);

describe("the blog list", () => {
  it("lists published posts newest first, six per page, with the total", async () => {
    const page1 = await listBlogPosts(t.db, {}, { now: NOW });
    expect(page1.total).toBe(15);
    expect(page1.pageSize).toBe(BLOG_PAGE_SIZE);
    expect(page1.posts.map((p) => p.slug)).toEqual([
      "hostile",
      "under-score",
      "fifty-percent",
      "tagged-only",
      "radio-reach",
      "p10",
    ]);
    expect(page1.hasMore).toBe(true);
  });

  it("Load More: page N holds the first N pages; the last page says there is no more", async () => {
    const page2 = await listBlogPosts(t.db, { page: 2 }, { now: NOW });
    expect(page2.posts).toHaveLength(12);
    expect(page2.hasMore).toBe(true);
    const page3 = await listBlogPosts(t.db, { page: 3 }, { now: NOW });
    expect(page3.posts).toHaveLength(15);
    expect(page3.posts.at(-1)!.slug).toBe("p01");
    expect(page3.hasMore).toBe(false);
    const past = await listBlogPosts(t.db, { page: 50 }, { now: NOW });
    expect(past.posts).toHaveLength(15);
    expect(past.total).toBe(15);
    expect(past.hasMore).toBe(false);
  });

  it("reads a bad page as page 1", async () => {
    for (const page of [0, -3, Number.NaN]) {
      const r = await listBlogPosts(t.db, { page }, { now: NOW });
      expect(r.page).toBe(1);
      expect(r.posts).toHaveLength(6);
    }
  });

  it("never lists drafts or posts scheduled for later", async () => {
    const all = await listBlogPosts(t.db, { page: 10 }, { now: NOW });
    const slugs = all.posts.map((p) => p.slug);
    expect(slugs).not.toContain("draft-post");
    expect(slugs).not.toContain("scheduled");
    const radio = await listBlogPosts(t.db, { q: "radio" }, { now: NOW });
    expect(radio.posts.map((p) => p.slug)).toEqual(["tagged-only", "radio-reach"]);
  });

  it("search matches the title or a tag, case-insensitively", async () => {
    const byTitle = await listBlogPosts(t.db, { q: "MEASURING radio" }, { now: NOW });
    expect(byTitle.posts.map((p) => p.slug)).toEqual(["radio-reach"]);
    const byTag = await listBlogPosts(t.db, { q: "call tracking" }, { now: NOW });
    expect(byTag.posts.map((p) => p.slug)).toEqual(["tagged-only"]);
    const partial = await listBlogPosts(t.db, { q: "analyt" }, { now: NOW });
    expect(partial.posts.map((p) => p.slug)).toEqual(["radio-reach"]);
    const none = await listBlogPosts(t.db, { q: "Unfinished" }, { now: NOW });
    expect(none).toMatchObject({ total: 0, hasMore: false, posts: [] });
  });

  it("treats % and _ as plain characters", async () => {
    expect((await listBlogPosts(t.db, { q: "50%" }, { now: NOW })).posts.map((p) => p.slug)).toEqual(["fifty-percent"]);
    expect((await listBlogPosts(t.db, { q: "%" }, { now: NOW })).posts.map((p) => p.slug)).toEqual(["fifty-percent"]);
    expect((await listBlogPosts(t.db, { q: "_" }, { now: NOW })).posts.map((p) => p.slug)).toEqual(["under-score"]);
    expect((await listBlogPosts(t.db, { q: "\\" }, { now: NOW })).total).toBe(0);
  });

  it("cards carry a tag-free excerpt, at most three tags and only safe image URLs", async () => {
    const { posts } = await listBlogPosts(t.db, { page: 3 }, { now: NOW });
    const tagged = posts.find((p) => p.slug === "tagged-only")!;
    expect(tagged.tags).toEqual(["Call Tracking", "RADIO", "Intake"]);
    const hostile = posts.find((p) => p.slug === "hostile")!;
    expect(hostile.excerpt).toBe("Safe text link");
    expect(hostile.excerpt).not.toMatch(/[<>]|alert/);
    expect(hostile.imageUrl).toBeNull();
  });
});

describe("one post", () => {
  it("serves a published post with sanitized HTML and up to three other recent posts", async () => {
    const { post, more } = await getBlogPost(t.db, { slug: "radio-reach" }, { now: NOW });
    expect(post).toMatchObject({
      slug: "radio-reach",
      title: "Measuring Radio Reach",
      authorName: "Marcus Bell",
      tags: ["Advertising", "Analytics"],
      publishedAt: day(11).toISOString(),
    });
    expect(post.html).toBe("<p>Body of radio-reach.</p>");
    expect(post.readingMinutes).toBe(1);
    expect(more).toHaveLength(3);
    expect(more.map((p) => p.slug)).not.toContain("radio-reach");
  });

  it("sanitizes stored HTML on the way out, even when the row holds a script", async () => {
    const { post } = await getBlogPost(t.db, { slug: "hostile" }, { now: NOW });
    expect(post.html).toContain("<b>text</b>");
    expect(post.html).not.toMatch(/<script|onerror|javascript:/i);
    expect(post.imageUrl).toBeNull();
    expect(post.description).toBe("Safe text link");
  });

  it("answers 'Post not found.' (404) for a draft, a scheduled post, an unknown or a malformed slug", async () => {
    for (const slug of ["draft-post", "scheduled", "no-such-post", "Radio-Reach", "../etc", "a%"]) {
      const err = await getBlogPost(t.db, { slug }, { now: NOW }).catch((e: unknown) => e);
      expect(err, slug).toBeInstanceOf(PostNotFoundError);
      expect(isDomainError(err) && [err.status, err.message]).toEqual([404, "Post not found."]);
    }
  });

  it("the sitemap's slugs are the published posts only", async () => {
    const slugs = (await publishedPostSlugs(t.db, { now: NOW })).map((r) => r.slug);
    expect(slugs).toHaveLength(15);
    expect(slugs).not.toContain("draft-post");
    expect(slugs).not.toContain("scheduled");
  });
});

describe("postExcerpt", () => {
  const content = `<p>${"Memorable numbers bring calls. ".repeat(10)}</p>`;
  it("cuts the content on a word boundary, ignoring a stored excerpt that is only its first characters", () => {
    const cut = postExcerpt(
      content,
      "Memorable numbers bring calls. Memorable numbers bring calls. Memorable numbers bri",
    );
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).not.toMatch(/bri…$/);
    expect(cut.length).toBeLessThanOrEqual(151);
  });

  it("keeps a summary an editor wrote, tags stripped", () => {
    expect(postExcerpt(content, "<p>A <b>short</b> summary.</p>")).toBe("A short summary.");
  });
});

describe("safeImageUrl", () => {
  it("keeps http(s) and site paths, drops everything else", () => {
    expect(safeImageUrl("https://cdn.example.com/a.jpg")).toBe("https://cdn.example.com/a.jpg");
    expect(safeImageUrl("/uploads/blog/a.png")).toBe("/uploads/blog/a.png");
    for (const bad of ["javascript:alert(1)", "//evil.example/x.png", "data:image/svg+xml,<svg>", " ", null]) {
      expect(safeImageUrl(bad)).toBeNull();
    }
  });
});
