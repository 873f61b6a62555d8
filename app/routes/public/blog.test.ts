/**
 * The blog's route modules called as React Router calls them: the list (search, Load More pages, empty and error
 * texts) and a post (published only, sanitized, 404 'Post not found.').
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_TEXT } from "#kernel/content.ts";
import { blogPosts } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { answerOf, callRoute, routeContext, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { loader as listLoader } from "./blog.tsx";
import { loader as postLoader } from "./blog-post.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  await t.db.insert(blogPosts).values([
    ...Array.from({ length: 8 }, (_, i) => ({
      slug: `post-${i + 1}`,
      title: `Post number ${i + 1}`,
      content: `<p>Body ${i + 1}</p>`,
      status: "published" as const,
      publishedAt: day(i + 1),
      tags: i === 0 ? ["Radio", "Television", "Analytics", "Extra"] : ["Strategy"],
    })),
    {
      slug: "hostile",
      title: "Hostile",
      content: '<p>Hello</p><script>alert(1)</script><img src="https://cdn.example.com/a.png" onerror="alert(2)">',
      status: "published" as const,
      publishedAt: day(20),
      authorName: "Elena Ruiz",
    },
    { slug: "secret-draft", title: "Radio draft", content: "<p>Draft</p>", status: "draft" as const },
  ]);
});
afterAll(() => t.close());

const list = (search = "", services = s) =>
  callRoute(listLoader, { request: new Request(`${TEST_ORIGIN}/blog${search}`), context: routeContext(services) }).then(
    answerOf,
  );

const post = (slug: string) =>
  callRoute(postLoader, {
    request: new Request(`${TEST_ORIGIN}/blog/${slug}`),
    context: routeContext(s),
    params: { slug },
  }).then(answerOf, answerOf);

type ListBody = { q: string; page: number; total: number; hasMore: boolean; posts: { slug: string }[]; error: null };

describe("/blog", () => {
  it("shows the six newest published posts and offers more", async () => {
    const r = await list();
    expect(r.status).toBe(200);
    const body = r.body as ListBody;
    expect(body).toMatchObject({ q: "", page: 1, total: 9, hasMore: true, error: null });
    expect(body.posts.map((p) => p.slug)).toEqual(["hostile", "post-8", "post-7", "post-6", "post-5", "post-4"]);
  });

  it("?page=2 holds the first two pages, so Load More works as a plain link", async () => {
    const body = (await list("?page=2")).body as ListBody;
    expect(body.posts).toHaveLength(9);
    expect(body.hasMore).toBe(false);
  });

  it("a bad page is page 1 and never an error", async () => {
    for (const page of ["abc", "-1", "0", "1e9", "99999999999"]) {
      const r = await list(`?page=${page}`);
      expect(r.status).toBe(200);
      expect((r.body as ListBody).posts.length).toBeGreaterThan(0);
    }
  });

  it("?q= searches titles and tags case-insensitively and never finds drafts", async () => {
    const body = (await list("?q=rAdIo")).body as ListBody;
    expect(body.posts.map((p) => p.slug)).toEqual(["post-1"]);
    const none = (await list("?q=zzz-nothing")).body as ListBody;
    expect(none).toMatchObject({ total: 0, posts: [], hasMore: false });
  });

  it("a failed read shows 'Error loading posts: …' with 503, not a crash", async () => {
    const broken = await createTestDb({ dedicated: true });
    const brokenServices = await testServices(broken);
    await broken.close();
    const r = await list("", brokenServices);
    expect(r.status).toBe(503);
    expect((r.body as { error: string }).error).toBe(BLOG_TEXT.loadError(BLOG_TEXT.unavailable));
    expect((r.body as { error: string }).error).toMatch(/^Error loading posts: /);
  });
});

describe("/blog/{slug}", () => {
  it("serves a published post with sanitized HTML, its canonical URL and other recent posts", async () => {
    const r = await post("hostile");
    expect(r.status).toBe(200);
    const body = r.body as {
      post: { html: string; authorName: string };
      more: { slug: string }[];
      url: string;
    };
    expect(body.post.html).toContain("<p>Hello</p>");
    expect(body.post.html).not.toMatch(/script|onerror|alert/);
    expect(body.post.authorName).toBe("Elena Ruiz");
    expect(body.url).toMatch(/\/blog\/hostile$/);
    expect(body.more.map((p) => p.slug)).toEqual(["post-8", "post-7", "post-6"]);
  });

  it("answers 404 'Post not found.' for a draft, an unknown and a malformed slug", async () => {
    for (const slug of ["secret-draft", "no-such-post", "UPPER", "x%00y"]) {
      const r = await post(slug);
      expect(r.status, slug).toBe(404);
      expect(r.body).toMatchObject({ code: "post_not_found", message: "Post not found." });
    }
  });
});
