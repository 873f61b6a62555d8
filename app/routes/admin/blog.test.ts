/**
 * The blog and support topic admin routes through the admin guard, with real sessions: non-administrators are
 * sent to /dashboard before anything runs; a save redirects to the post's page with a toast and drops the cached
 * public content; a refusal answers 400 with the field's message and drops nothing; the preview answers the
 * sanitized HTML without saving; delete answers the product's words; "new" is the empty form; the editor's
 * image upload refuses anyone but an administrator.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMiddleware } from "#server/auth/guards.ts";
import { blogPosts, supportTopics, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { CHANGE } from "#server/domain/changes.ts";
import {
  answerOf,
  behindGuard,
  callRoute,
  formPost,
  routeContext,
  signedUpAccount,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { action as editorImageAction } from "../resources/editor-image.tsx";
import { action as listAction, loader as listLoader } from "./blog.tsx";
import { action as postAction, loader as postLoader } from "./blog-post.tsx";
import { action as topicAction, loader as topicLoader } from "./support-topic.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: { cookie: string; id: string };
let dana: { cookie: string; id: string };

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  admin = await signedUpAccount(s, "Avery Stone", "avery@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
  dana = await signedUpAccount(s, "Dana Whitfield", "dana@example.com");
});
afterAll(() => t.close());

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);
const get = (path: string, cookie: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
const savePost = (cookie: string, postId: string, fields: Record<string, string>) => {
  const request = formPost(`/admin/blog/${postId}`, fields, { cookie });
  return guarded(request, (context) => callRoute(postAction, { request, context, params: { postId } }));
};
const post = {
  intent: "save-post",
  title: "Route Test Post",
  slug: "route-test-post",
  status: "published",
  content: "<p>Hello <strong>there</strong></p><script>alert(1)</script>",
  tags: "Radio, TV",
};

describe("the blog admin routes", () => {
  it("send a non-administrator to /dashboard, writing nothing", async () => {
    const r = await savePost(dana.cookie, "new", post);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/dashboard");
    const list = await guarded(get("/admin/blog", dana.cookie), (context) =>
      callRoute(listLoader, { request: get("/admin/blog", dana.cookie), context }),
    );
    expect(list.headers.get("location")).toBe("/dashboard");
    expect(await t.db.$count(blogPosts)).toBe(0);
  });

  it("'new' is the empty form, signed with the administrator's name", async () => {
    const request = get("/admin/blog/new", admin.cookie);
    const r = await guarded(request, (context) =>
      callRoute(postLoader, { request, context, params: { postId: "new" } }),
    );
    expect(r.body).toEqual({ post: null, author: "Avery Stone" });
  });

  it("previews the sanitized HTML without saving", async () => {
    const r = await savePost(admin.cookie, "new", { ...post, intent: "preview-post" });
    expect(r.status).toBe(200);
    const body = r.body as { preview: { html: string; tags: string[] } };
    expect(body.preview.html).toBe("<p>Hello <strong>there</strong></p>");
    expect(body.preview.tags).toEqual(["Radio", "TV"]);
    expect(await t.db.$count(blogPosts)).toBe(0);
    // Nothing was written, so no page is dropped.
    expect(r.dropped).toEqual([]);
  });

  it("saves: redirects to the post with a toast and drops the cached public content", async () => {
    const r = await savePost(admin.cookie, "new", post);
    expect(r.status).toBe(302);
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.slug, "route-test-post"));
    expect(r.headers.get("location")).toBe(`/admin/blog/${row!.id}`);
    expect(r.headers.get("set-cookie")).toContain("pc_flash=");
    expect(r.dropped).toEqual([[CHANGE.blog]]);
    expect(row!.content).toBe("<p>Hello <strong>there</strong></p>");
    expect(row!.authorId).toBe(admin.id);
  });

  it("refuses a taken slug with 400 and the field's message, dropping nothing", async () => {
    const r = await savePost(admin.cookie, "new", { ...post, title: "Other" });
    expect(r.status).toBe(400);
    const body = r.body as { title: string; result: { error: Record<string, string[]> } };
    expect(body.title).toBe("Error creating post");
    expect(body.result.error.slug).toEqual([
      "The slug “route-test-post” is already used by “Route Test Post”. Choose another.",
    ]);
    expect(r.dropped).toEqual([]);
  });

  it("deletes from the list's action with the product's words", async () => {
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.slug, "route-test-post"));
    const request = formPost("/admin/blog", { intent: "delete-post", id: row!.id }, { cookie: admin.cookie });
    const r = await guarded(request, (context) => callRoute(listAction, { request, context }));
    expect(r.body).toEqual({ ok: true, title: "Post deleted", message: "Route Test Post has been deleted." });
    expect(r.dropped).toEqual([[CHANGE.blog]]);
    expect(await t.db.$count(blogPosts)).toBe(0);
  });
});

describe("the support topic admin route", () => {
  it("creates a topic (published) and 404s an unknown one", async () => {
    const request = formPost(
      "/admin/support-topics/new",
      {
        intent: "save-topic",
        title: "Wallet Top-Ups",
        slug: "wallet-top-ups",
        keywords: "wallet, , top-up",
        published: "on",
      },
      { cookie: admin.cookie },
    );
    const r = await guarded(request, (context) =>
      callRoute(topicAction, { request, context, params: { topicId: "new" } }),
    );
    expect(r.status).toBe(302);
    expect(r.dropped).toEqual([[CHANGE.supportTopics]]);
    const [row] = await t.db.select().from(supportTopics).where(eq(supportTopics.slug, "wallet-top-ups"));
    expect(row!.keywords).toEqual(["wallet", "top-up"]);
    expect(row!.publishedAt).not.toBeNull();
    const unknown = "00000000-0000-4000-8000-000000000000";
    const view = get(`/admin/support-topics/${unknown}`, admin.cookie);
    const missing = await guarded(view, (context) =>
      callRoute(topicLoader, { request: view, context, params: { topicId: unknown } }),
    );
    expect(missing.status).toBe(404);
  });
});

describe("the editor's image upload", () => {
  it("refuses anyone but an administrator with 403 JSON", async () => {
    for (const cookie of ["", dana.cookie]) {
      const body = new FormData();
      body.set("file", new File([new Uint8Array([1, 2, 3])], "x.png", { type: "image/png" }));
      const request = new Request(`${TEST_ORIGIN}/resources/editor-image`, {
        method: "POST",
        body,
        headers: { cookie, Origin: TEST_ORIGIN },
      });
      const r = await answerOf(await callRoute(editorImageAction, { request, context: routeContext(s) }));
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ ok: false, title: "Not Allowed" });
    }
  });

  it("refuses an administrator without two-factor when ADMIN_2FA=required", async () => {
    const required = { ...s, config: { ...s.config, admin2fa: "required" as const } };
    const upload = () => {
      const body = new FormData();
      body.set("file", new File([new Uint8Array([1, 2, 3])], "x.png", { type: "image/png" }));
      return new Request(`${TEST_ORIGIN}/resources/editor-image`, {
        method: "POST",
        body,
        headers: { cookie: admin.cookie, Origin: TEST_ORIGIN },
      });
    };
    const refused = await answerOf(
      await callRoute(editorImageAction, { request: upload(), context: routeContext(required) }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ok: false, title: "Not Allowed" });
    // With two-factor optional the same administrator gets past the role check (to the file's own checks).
    const past = await answerOf(await callRoute(editorImageAction, { request: upload(), context: routeContext(s) }));
    expect(past.status).not.toBe(403);
  });
});
