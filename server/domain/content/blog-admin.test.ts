/**
 * Blog post writes on both databases: create and update with the slug locked, a taken slug refused with a clear
 * message, the publish rules (publishing stamps published_at when empty and keeps an earlier one; draft clears
 * it), the XSS corpus sanitized out of the content on save, the public blog following each write, the list's
 * search, filter and paging, audit rows, and non-administrators refused.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { BLOG_POST_STATUSES } from "#kernel/enums.ts";
import { defineList } from "#kernel/list-query.ts";
import { BLOG_ADMIN_TEXT, blogPostFormSchema, postSlug, splitList } from "#kernel/schemas/blog-admin.ts";
import { auditLog, blogPosts, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { DomainError, ForbiddenError, ValidationError } from "../errors.ts";
import { getBlogPost, PostNotFoundError } from "./blog.ts";
import { deletePost, getPostForAdmin, listPostsForAdmin, savePost } from "./blog-admin.ts";
import { sanitizeHtml } from "./sanitize.ts";
import { dangerousIn, PAYLOADS } from "./xss-corpus.ts";

let t: TestDb;
const ADMIN: Actor = { userId: "admin_blog_writer", role: "admin", ip: "203.0.113.9" };
const MEMBER: Actor = { userId: null, role: "user", ip: "203.0.113.10" };
const day = (n: number) => new Date(Date.UTC(2026, 5, n, 12));

beforeAll(async () => {
  t = await createTestDb();
  await t.db
    .insert(user)
    .values({ id: ADMIN.userId!, name: "Avery Stone", email: "avery@example.com", emailVerified: true, role: "admin" });
});
afterAll(() => t.close());

const form = (fields: Record<string, unknown>) =>
  blogPostFormSchema.parse({ intent: "save-post", status: "draft", content: "<p>Body</p>", ...fields });

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

const auditsOf = (entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "blog_post"), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.createdAt);

const rowOf = async (id: string) => (await t.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!;

describe("the form's rules", () => {
  it("makes the slug from the title: lower case, hyphens, only a-z, 0-9 and hyphen", () => {
    expect(postSlug("Cut Missed Calls by 50% in a Month")).toBe("cut-missed-calls-by-50-in-a-month");
    expect(postSlug("  Radio & TV: what works?  ")).toBe("radio-tv-what-works");
    expect(postSlug("Café Ads")).toBe("cafe-ads");
  });

  it("splits tags on commas, trimmed, empties and repeats dropped", () => {
    expect(splitList(" Radio, Call Tracking ,, radio, ")).toEqual(["Radio", "Call Tracking"]);
    expect(form({ title: "T", slug: "t", tags: "A, B" }).tags).toEqual(["A", "B"]);
  });

  it("requires a title and a slug of the allowed characters", () => {
    const r = blogPostFormSchema.safeParse({ intent: "save-post", status: "draft", title: " ", slug: "Bad Slug" });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain("Title is required.");
    expect(messages).toContain("Slug may hold only lower-case letters, digits and hyphens.");
  });
});

describe("creating and publishing a post", () => {
  it("creates a draft with no publication date, signed by its author, and audits it", async () => {
    const saved = await savePost(t.db, ADMIN, form({ title: "Draft Notes", slug: "draft-notes", tags: "Radio, TV" }));
    expect(saved.created).toBe(true);
    const row = await rowOf(saved.id);
    expect(row).toMatchObject({ status: "draft", publishedAt: null, authorId: ADMIN.userId, tags: ["Radio", "TV"] });
    const audits = await auditsOf(saved.id);
    expect(audits.map((a) => a.action)).toEqual(["blog_post.create"]);
    await expect(getBlogPost(t.db, { slug: "draft-notes" })).rejects.toBeInstanceOf(PostNotFoundError);
  });

  it("saving as published stamps the current time and the post is public", async () => {
    const now = day(3);
    const saved = await savePost(t.db, ADMIN, form({ title: "Launch Day", slug: "launch-day", status: "published" }), {
      now,
    });
    expect((await rowOf(saved.id)).publishedAt).toEqual(now);
    const { post } = await getBlogPost(t.db, { slug: "launch-day" }, { now: day(4) });
    expect(post.title).toBe("Launch Day");
  });

  it("publishing stamps published_at when empty; saving again keeps it; unpublishing clears it", async () => {
    const saved = await savePost(t.db, ADMIN, form({ title: "Cycle", slug: "cycle" }));
    const base = { id: saved.id, title: "Cycle", slug: "cycle" };
    await savePost(t.db, ADMIN, form({ ...base, status: "published" }), { now: day(5) });
    expect((await rowOf(saved.id)).publishedAt).toEqual(day(5));
    await savePost(t.db, ADMIN, form({ ...base, status: "published", excerpt: "New summary" }), { now: day(6) });
    const kept = await rowOf(saved.id);
    expect(kept.publishedAt).toEqual(day(5));
    expect(kept.excerpt).toBe("New summary");
    await savePost(t.db, ADMIN, form({ ...base, status: "draft" }), { now: day(7) });
    expect(await rowOf(saved.id)).toMatchObject({ status: "draft", publishedAt: null });
    await expect(getBlogPost(t.db, { slug: "cycle" }, { now: day(8) })).rejects.toBeInstanceOf(PostNotFoundError);
    const actions = (await auditsOf(saved.id)).map((a) => a.action);
    expect(actions).toEqual(["blog_post.create", "blog_post.publish", "blog_post.update", "blog_post.unpublish"]);
  });
});

describe("the slug", () => {
  it("is locked once the post exists, whatever the form sends", async () => {
    const saved = await savePost(t.db, ADMIN, form({ title: "Locked", slug: "locked-slug" }));
    const updated = await savePost(t.db, ADMIN, form({ id: saved.id, title: "Locked, renamed", slug: "new-slug" }));
    expect(updated.slug).toBe("locked-slug");
    expect(await rowOf(saved.id)).toMatchObject({ slug: "locked-slug", title: "Locked, renamed" });
  });

  it("is unique: a taken slug is a field error naming the post that has it, and nothing is written", async () => {
    await savePost(t.db, ADMIN, form({ title: "First Owner", slug: "taken" }));
    const before = await t.db.$count(blogPosts);
    const err = await refusal(savePost(t.db, ADMIN, form({ title: "Second", slug: "taken" })));
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.title).toBe(BLOG_ADMIN_TEXT.errorCreating);
    expect(err.fieldErrors?.slug).toEqual([BLOG_ADMIN_TEXT.slugTaken("taken", "First Owner")]);
    expect(await t.db.$count(blogPosts)).toBe(before);
  });

  it("two creations of one slug at once: one wins, the other gets the same clear message", async () => {
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => savePost(t.db, ADMIN, form({ title: `Race ${n}`, slug: "race-slug" }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      const err = (r as PromiseRejectedResult).reason as DomainError;
      expect(err).toBeInstanceOf(ValidationError);
      expect(err.fieldErrors?.slug?.[0]).toMatch(/^The slug “race-slug” is already used by/);
    }
  });
});

describe("sanitizing on save", () => {
  it.each(PAYLOADS)("stores nothing executable of %s, and the public page shows none", async (payload) => {
    const slug = `xss-${Math.random().toString(36).slice(2, 10)}`;
    const saved = await savePost(
      t.db,
      ADMIN,
      form({ title: "Hostile", slug, status: "published", content: `<p>Safe</p>${payload}`, excerpt: payload }),
      { now: day(1) },
    );
    const row = await rowOf(saved.id);
    expect(dangerousIn(row.content)).toEqual([]);
    expect(dangerousIn(row.excerpt ?? "")).toEqual([]);
    expect(row.content).toContain("<p>Safe</p>");
    const { post } = await getBlogPost(t.db, { slug }, { now: day(2) });
    expect(dangerousIn(post.html)).toEqual([]);
  });

  it("keeps the editor's formatting, links and uploaded images", async () => {
    const html =
      '<h2>Heading</h2><p>Some <strong>bold</strong> and <em>italic</em> with a <a href="https://poundcodes.com/about">link</a>.</p><ul><li><p>One</p></li></ul><blockquote><p>Quote</p></blockquote><img src="/media/content_images/u1/0b6a3c1e-8e1f-4a8e-9d7e-1c2b3a4d5e6f.png" alt="Map" />';
    const saved = await savePost(t.db, ADMIN, form({ title: "Formatted", slug: "formatted", content: html }));
    expect((await rowOf(saved.id)).content).toBe(sanitizeHtml(html));
    expect((await rowOf(saved.id)).content).toBe(html);
  });

  it("keeps plain text as typed: the excerpt and author lose tags but not their < and &", async () => {
    const saved = await savePost(
      t.db,
      ADMIN,
      form({
        title: "Plain",
        slug: "plain-text",
        excerpt: "Calls < 5 min & <b>more</b>",
        authorName: "R&D <i>Team</i>",
      }),
    );
    expect(await rowOf(saved.id)).toMatchObject({ excerpt: "Calls < 5 min & more", authorName: "R&D Team" });
  });

  it("refuses a featured image that is not a web or site address", () => {
    const r = blogPostFormSchema.safeParse({
      intent: "save-post",
      status: "draft",
      title: "T",
      slug: "t",
      imageUrl: "javascript:alert(1)",
    });
    expect(r.success).toBe(false);
  });
});

describe("the admin list and one post", () => {
  const list = defineList({
    sorts: { title: "asc", status: "asc", published: "desc", updated: "desc" },
    defaultSort: "updated",
    filters: { status: z.enum(BLOG_POST_STATUSES) },
  });

  it("lists drafts and published posts, searches, filters by status and pages", async () => {
    const all = await listPostsForAdmin(t.db, ADMIN, list.parse("?size=10"));
    expect(all.total).toBeGreaterThan(10);
    expect(all.rows).toHaveLength(10);
    const drafts = await listPostsForAdmin(t.db, ADMIN, list.parse("?status=draft&size=100"));
    expect(drafts.rows.every((r) => r.status === "draft")).toBe(true);
    expect(drafts.rows.map((r) => r.slug)).toContain("draft-notes");
    const found = await listPostsForAdmin(t.db, ADMIN, list.parse("?q=first+owner"));
    expect(found.rows.map((r) => r.slug)).toEqual(["taken"]);
    const byTag = await listPostsForAdmin(t.db, ADMIN, list.parse("?q=tv"));
    expect(byTag.rows.map((r) => r.slug)).toContain("draft-notes");
    const past = await listPostsForAdmin(t.db, ADMIN, list.parse("?page=99&size=10"));
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it("reads one post for editing", async () => {
    const [row] = await t.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, "launch-day"));
    const post = await getPostForAdmin(t.db, ADMIN, row!.id);
    expect(post).toMatchObject({ title: "Launch Day", status: "published", slug: "launch-day" });
  });
});

describe("deleting", () => {
  it("deletes the post, audits it, and it leaves the public blog", async () => {
    const saved = await savePost(
      t.db,
      ADMIN,
      form({ title: "Short Lived", slug: "short-lived", status: "published" }),
      {
        now: day(1),
      },
    );
    const gone = await deletePost(t.db, ADMIN, { id: saved.id });
    expect(gone.title).toBe("Short Lived");
    expect(await t.db.$count(blogPosts, eq(blogPosts.id, saved.id))).toBe(0);
    expect((await auditsOf(saved.id)).map((a) => a.action)).toContain("blog_post.delete");
    await expect(getBlogPost(t.db, { slug: "short-lived" })).rejects.toBeInstanceOf(PostNotFoundError);
    const again = await refusal(deletePost(t.db, ADMIN, { id: saved.id }));
    expect(again.status).toBe(404);
    expect(again.message).toBe(BLOG_ADMIN_TEXT.notFound);
  });
});

describe("only administrators", () => {
  it("refuses every verb to anyone else, writing nothing", async () => {
    const before = await t.db.$count(blogPosts);
    const list = defineList({ sorts: { updated: "desc" }, defaultSort: "updated" });
    for (const call of [
      () => savePost(t.db, MEMBER, form({ title: "Sneaky", slug: "sneaky" })),
      () => deletePost(t.db, MEMBER, { id: "00000000-0000-4000-8000-000000000000" }),
      () => listPostsForAdmin(t.db, MEMBER, list.parse("") as never),
      () => getPostForAdmin(t.db, MEMBER, "00000000-0000-4000-8000-000000000000"),
    ]) {
      expect(await refusal(call())).toBeInstanceOf(ForbiddenError);
    }
    expect(await t.db.$count(blogPosts)).toBe(before);
  });
});
