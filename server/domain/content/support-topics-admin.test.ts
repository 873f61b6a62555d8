/**
 * Support topic writes on both databases: create and update with the slug locked, a taken slug refused with a
 * clear message, the published flag (stamps published_at when ticked and empty, keeps an earlier one, clears it
 * when unticked), keywords split on commas, the XSS corpus sanitized out of the content on save, the public
 * topic pages following each write, the list, audit rows, and non-administrators refused.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineList } from "#kernel/list-query.ts";
import { supportTopicFormSchema, TOPIC_ADMIN_TEXT, topicSlug } from "#kernel/schemas/support-topics-admin.ts";
import { auditLog, supportTopics } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { DomainError, ForbiddenError, ValidationError } from "../errors.ts";
import { getSupportTopic, listSupportTopics, TopicNotFoundError } from "./support-topics.ts";
import { deleteTopic, getTopicForAdmin, listTopicsForAdmin, saveTopic } from "./support-topics-admin.ts";
import { dangerousIn, PAYLOADS } from "./xss-corpus.ts";

let t: TestDb;
const ADMIN: Actor = { userId: null, role: "admin", ip: "203.0.113.9" };
const MEMBER: Actor = { userId: null, role: "user", ip: "203.0.113.10" };
const day = (n: number) => new Date(Date.UTC(2026, 5, n, 12));

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const form = (fields: Record<string, unknown>) =>
  supportTopicFormSchema.parse({ intent: "save-topic", content: "<p>How to</p>", ...fields });

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

const rowOf = async (id: string) => (await t.db.select().from(supportTopics).where(eq(supportTopics.id, id)))[0]!;
const auditsOf = (entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "support_topic"), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.createdAt);

describe("the form's rules", () => {
  it("derives the slug from the title and splits keywords on commas, trimmed, empties dropped", () => {
    expect(topicSlug("Topping Up Your Wallet!")).toBe("topping-up-your-wallet");
    const v = form({ title: "T", slug: "t", keywords: " wallet, top-up ,, billing ", published: "on" });
    expect(v.keywords).toEqual(["wallet", "top-up", "billing"]);
    expect(v.published).toBe(true);
    expect(form({ title: "T", slug: "t" }).published).toBe(false);
  });

  it("requires a title and a slug", () => {
    const r = supportTopicFormSchema.safeParse({ intent: "save-topic", title: "", slug: "" });
    expect(r.error!.issues.map((i) => i.message)).toEqual(["Title is required.", "Slug is required."]);
  });
});

describe("creating, editing and publishing a topic", () => {
  it("creates a published topic that the public list and page show, and audits it", async () => {
    const saved = await saveTopic(
      t.db,
      ADMIN,
      form({
        title: "Topping Up Your Wallet",
        slug: "topping-up-your-wallet",
        category: "Billing",
        summary: "Add funds for minutes and SMS.",
        keywords: "wallet, top-up",
        published: "on",
      }),
      { now: day(2) },
    );
    expect(saved.created).toBe(true);
    expect(await rowOf(saved.id)).toMatchObject({ publishedAt: day(2), keywords: ["wallet", "top-up"] });
    const { topic } = await getSupportTopic(t.db, { slug: "topping-up-your-wallet" }, { now: day(3) });
    expect(topic).toMatchObject({ title: "Topping Up Your Wallet", category: "Billing" });
    const found = await listSupportTopics(t.db, { q: "top-up" }, { now: day(3) });
    expect(found.topics.map((x) => x.slug)).toEqual(["topping-up-your-wallet"]);
    expect((await auditsOf(saved.id)).map((a) => a.action)).toEqual(["support_topic.create"]);
  });

  it("keeps the slug when editing, keeps an earlier publication date, and unpublishing hides the topic", async () => {
    const saved = await saveTopic(t.db, ADMIN, form({ title: "Routing Calls", slug: "routing-calls" }));
    expect((await rowOf(saved.id)).publishedAt).toBeNull();
    await expect(getSupportTopic(t.db, { slug: "routing-calls" })).rejects.toBeInstanceOf(TopicNotFoundError);
    const base = { id: saved.id, slug: "something-else", published: "on" };
    const edited = await saveTopic(t.db, ADMIN, form({ ...base, title: "Routing Calls to Your Office" }), {
      now: day(4),
    });
    expect(edited.slug).toBe("routing-calls");
    expect(await rowOf(saved.id)).toMatchObject({
      title: "Routing Calls to Your Office",
      slug: "routing-calls",
      publishedAt: day(4),
    });
    await saveTopic(t.db, ADMIN, form({ ...base, title: "Routing Calls Again" }), { now: day(6) });
    expect((await rowOf(saved.id)).publishedAt).toEqual(day(4));
    const { topic } = await getSupportTopic(t.db, { slug: "routing-calls" }, { now: day(7) });
    expect(topic.title).toBe("Routing Calls Again");
    await saveTopic(t.db, ADMIN, form({ id: saved.id, title: "Routing Calls Again", slug: "x" }), { now: day(8) });
    expect((await rowOf(saved.id)).publishedAt).toBeNull();
    await expect(getSupportTopic(t.db, { slug: "routing-calls" })).rejects.toBeInstanceOf(TopicNotFoundError);
  });

  it("refuses a taken slug with a clear message, writing nothing", async () => {
    await saveTopic(t.db, ADMIN, form({ title: "Owner Topic", slug: "owned" }));
    const before = await t.db.$count(supportTopics);
    const err = await refusal(saveTopic(t.db, ADMIN, form({ title: "Another", slug: "owned" })));
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.title).toBe(TOPIC_ADMIN_TEXT.errorCreating);
    expect(err.fieldErrors?.slug).toEqual([TOPIC_ADMIN_TEXT.slugTaken("owned", "Owner Topic")]);
    expect(await t.db.$count(supportTopics)).toBe(before);
  });

  it("an update of a topic that is gone is a clear 404", async () => {
    const err = await refusal(
      saveTopic(t.db, ADMIN, form({ id: "00000000-0000-4000-8000-000000000000", title: "Gone", slug: "gone" })),
    );
    expect(err.status).toBe(404);
    expect(err.title).toBe(TOPIC_ADMIN_TEXT.errorUpdating);
  });
});

describe("sanitizing on save", () => {
  it.each(PAYLOADS)("stores nothing executable of %s, and the public page shows none", async (payload) => {
    const slug = `xss-${Math.random().toString(36).slice(2, 10)}`;
    const saved = await saveTopic(
      t.db,
      ADMIN,
      form({ title: "Hostile", slug, content: `<p>Safe</p>${payload}`, summary: payload, published: "on" }),
      { now: day(1) },
    );
    const row = await rowOf(saved.id);
    expect(dangerousIn(row.content)).toEqual([]);
    expect(dangerousIn(row.summary ?? "")).toEqual([]);
    const { topic } = await getSupportTopic(t.db, { slug }, { now: day(2) });
    expect(dangerousIn(topic.html)).toEqual([]);
  });
});

describe("the admin list, one topic and deleting", () => {
  const list = defineList({ sorts: { title: "asc", category: "asc", updated: "desc" }, defaultSort: "updated" });

  it("lists every topic, published or not, with search", async () => {
    const all = await listTopicsForAdmin(t.db, ADMIN, list.parse("?size=100"));
    expect(all.rows.map((r) => r.slug)).toEqual(expect.arrayContaining(["routing-calls", "owned"]));
    const found = await listTopicsForAdmin(t.db, ADMIN, list.parse("?q=billing"));
    expect(found.rows.map((r) => r.slug)).toEqual(["topping-up-your-wallet"]);
  });

  it("reads a plain-text topic as HTML paragraphs for the editor", async () => {
    const [row] = await t.db
      .insert(supportTopics)
      .values({ title: "Plain", slug: "plain", content: "First line.\n\nSecond para & more." })
      .returning({ id: supportTopics.id });
    const topic = await getTopicForAdmin(t.db, ADMIN, row!.id);
    expect(topic.content).toBe("<p>First line.</p><p>Second para &amp; more.</p>");
  });

  it("deletes a topic, audits it, and its public page is gone", async () => {
    const [row] = await t.db
      .select({ id: supportTopics.id })
      .from(supportTopics)
      .where(eq(supportTopics.slug, "topping-up-your-wallet"));
    const gone = await deleteTopic(t.db, ADMIN, { id: row!.id });
    expect(gone.title).toBe("Topping Up Your Wallet");
    await expect(getSupportTopic(t.db, { slug: "topping-up-your-wallet" })).rejects.toBeInstanceOf(TopicNotFoundError);
    expect((await auditsOf(row!.id)).map((a) => a.action)).toContain("support_topic.delete");
    expect((await refusal(deleteTopic(t.db, ADMIN, { id: row!.id }))).message).toBe(TOPIC_ADMIN_TEXT.notFound);
  });

  it("refuses every verb to anyone but an administrator", async () => {
    const before = await t.db.$count(supportTopics);
    for (const call of [
      () => saveTopic(t.db, MEMBER, form({ title: "Sneaky", slug: "sneaky" })),
      () => deleteTopic(t.db, MEMBER, { id: "00000000-0000-4000-8000-000000000000" }),
      () => listTopicsForAdmin(t.db, MEMBER, list.parse("")),
      () => getTopicForAdmin(t.db, MEMBER, "00000000-0000-4000-8000-000000000000"),
    ]) {
      expect(await refusal(call())).toBeInstanceOf(ForbiddenError);
    }
    expect(await t.db.$count(supportTopics)).toBe(before);
  });
});
