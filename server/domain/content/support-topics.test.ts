import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NewSupportTopic, supportTopics } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { isDomainError } from "../errors.ts";
import { getSupportTopic, listSupportTopics, publishedTopicSlugs, TopicNotFoundError } from "./support-topics.ts";

let t: TestDb;
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
const NOW = day(100);

function topic(slug: string, title: string, category: string | null, extra: Partial<NewSupportTopic> = {}) {
  return {
    slug,
    title,
    category,
    summary: `About ${title.toLowerCase()}.`,
    content: `<p>${title} in detail.</p>`,
    publishedAt: day(1),
    ...extra,
  } satisfies NewSupportTopic;
}

beforeAll(async () => {
  t = await createTestDb();
  await t.db.insert(supportTopics).values([
    topic("topping-up", "Topping Up Your Wallet", "Billing", { keywords: ["wallet", "stripe"] }),
    topic("monthly-fees", "Understanding Monthly Fees", "Billing", { publishedAt: day(3) }),
    topic("routing", "Changing Where Your #Code Rings", "Call Routing", { keywords: ["forwarding"] }),
    topic("getting-started", "Getting Started", "Account", { summary: null, content: "<p>Start <b>here</b>.</p>" }),
    topic("no-category", "A Topic Without Category", null, { publishedAt: day(5) }),
    topic("percent", "Keep 100% of Your Leads", "Leads"),
    topic("under", "The call_log Export", "Leads"),
    topic("hostile", "Hostile Topic", "Leads", {
      content: '<p>Fine</p><script>alert(1)</script><img src=x onerror="alert(1)">',
    }),
    topic("unpublished", "Wallet Draft", "Billing", { publishedAt: null }),
    topic("scheduled", "Wallet Later", "Billing", { publishedAt: day(300) }),
  ]);
});
afterAll(() => t.close());

describe("the support topics list", () => {
  it("lists published topics by category then title, topics without a category last", async () => {
    const { topics, total } = await listSupportTopics(t.db, {}, { now: NOW });
    expect(total).toBe(8);
    expect(topics.map((x) => x.slug)).toEqual([
      "getting-started",
      "topping-up",
      "monthly-fees",
      "routing",
      "hostile",
      "percent",
      "under",
      "no-category",
    ]);
  });

  it("never lists unpublished or scheduled topics", async () => {
    const { topics } = await listSupportTopics(t.db, { q: "wallet" }, { now: NOW });
    expect(topics.map((x) => x.slug)).toEqual(["topping-up"]);
  });

  it("searches title, summary, category and keywords, case-insensitively", async () => {
    const slugs = async (q: string) => (await listSupportTopics(t.db, { q }, { now: NOW })).topics.map((x) => x.slug);
    expect(await slugs("MONTHLY")).toEqual(["monthly-fees"]);
    expect(await slugs("call routing")).toEqual(["routing"]);
    expect(await slugs("forwarding")).toEqual(["routing"]);
    expect(await slugs("about topping")).toEqual(["topping-up"]);
    expect(await slugs("nothing-like-this")).toEqual([]);
  });

  it("treats % and _ as plain characters", async () => {
    const slugs = async (q: string) => (await listSupportTopics(t.db, { q }, { now: NOW })).topics.map((x) => x.slug);
    expect(await slugs("100%")).toEqual(["percent"]);
    expect(await slugs("_")).toEqual(["under"]);
  });

  it("a card without a summary shows the start of its text", async () => {
    const { topics } = await listSupportTopics(t.db, { q: "getting started" }, { now: NOW });
    expect(topics[0]!.summary).toBe("Start here.");
  });
});

describe("one support topic", () => {
  it("serves a published topic with sanitized content and related topics of its category first", async () => {
    const { topic: view, related } = await getSupportTopic(t.db, { slug: "topping-up" }, { now: NOW });
    expect(view).toMatchObject({
      slug: "topping-up",
      title: "Topping Up Your Wallet",
      category: "Billing",
      keywords: ["wallet", "stripe"],
      html: "<p>Topping Up Your Wallet in detail.</p>",
    });
    expect(related[0]!.slug).toBe("monthly-fees");
    expect(related.map((r) => r.slug)).not.toContain("topping-up");
    expect(related.map((r) => r.slug)).not.toContain("unpublished");
    expect(related.map((r) => r.slug)).not.toContain("scheduled");
    expect(related).toHaveLength(4);
  });

  it("sanitizes stored HTML on the way out, even when the row holds a script", async () => {
    const { topic: view } = await getSupportTopic(t.db, { slug: "hostile" }, { now: NOW });
    expect(view.html).toContain("<p>Fine</p>");
    expect(view.html).not.toMatch(/<script|onerror|alert/i);
  });

  it("answers 404 for an unpublished, scheduled, unknown or malformed slug", async () => {
    for (const slug of ["unpublished", "scheduled", "nope", "Topping-Up", "a_b"]) {
      const err = await getSupportTopic(t.db, { slug }, { now: NOW }).catch((e: unknown) => e);
      expect(err, slug).toBeInstanceOf(TopicNotFoundError);
      expect(isDomainError(err) && [err.status, err.message]).toEqual([404, "Support topic not found."]);
    }
  });

  it("the sitemap's slugs are the published topics only", async () => {
    const slugs = (await publishedTopicSlugs(t.db, { now: NOW })).map((r) => r.slug);
    expect(slugs).toHaveLength(8);
    expect(slugs).not.toContain("unpublished");
    expect(slugs).not.toContain("scheduled");
  });
});
