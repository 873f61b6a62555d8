/** The support topics' route modules: the searchable list, a topic page and its 404. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportTopics } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { answerOf, callRoute, routeContext, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { loader as topicLoader } from "./support-topic.tsx";
import { loader as listLoader } from "./support-topics.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  const publishedAt = new Date(Date.UTC(2025, 5, 1));
  await t.db.insert(supportTopics).values([
    {
      slug: "topping-up-your-wallet",
      title: "Topping Up Your Wallet",
      category: "Billing",
      summary: "How the prepaid wallet works.",
      content: "<p>Pay by card.</p><script>alert(1)</script>",
      keywords: ["wallet", "stripe"],
      publishedAt,
    },
    {
      slug: "changing-where-your-code-rings",
      title: "Changing Where Your #Code Rings",
      category: "Call Routing",
      summary: "Route calls anywhere.",
      content: "<p>Open a ticket.</p>",
      publishedAt,
    },
    { slug: "unpublished-topic", title: "Wallet secrets", category: "Billing", content: "<p>x</p>" },
  ]);
});
afterAll(() => t.close());

const topics = (search = "", services = s) =>
  callRoute(listLoader, {
    request: new Request(`${TEST_ORIGIN}/support-topics${search}`),
    context: routeContext(services),
  }).then(answerOf);

const topic = (slug: string) =>
  callRoute(topicLoader, {
    request: new Request(`${TEST_ORIGIN}/support-topics/${slug}`),
    context: routeContext(s),
    params: { slug },
  }).then(answerOf, answerOf);

type ListBody = { q: string; total: number; topics: { slug: string }[]; error: string | null };

describe("/support-topics", () => {
  it("lists published topics by category then title", async () => {
    const body = (await topics()).body as ListBody;
    expect(body.topics.map((x) => x.slug)).toEqual(["topping-up-your-wallet", "changing-where-your-code-rings"]);
  });

  it("?q= searches, and never finds unpublished topics", async () => {
    const body = (await topics("?q=WALLET")).body as ListBody;
    expect(body).toMatchObject({ q: "WALLET", total: 1 });
    expect(body.topics.map((x) => x.slug)).toEqual(["topping-up-your-wallet"]);
  });

  it("a failed read shows 'Error loading support topics: …' with 503", async () => {
    const broken = await createTestDb({ dedicated: true });
    const brokenServices = await testServices(broken);
    await broken.close();
    const r = await topics("", brokenServices);
    expect(r.status).toBe(503);
    expect((r.body as ListBody).error).toMatch(/^Error loading support topics: /);
  });
});

describe("/support-topics/{slug}", () => {
  it("serves a published topic with sanitized content and related topics", async () => {
    const r = await topic("topping-up-your-wallet");
    expect(r.status).toBe(200);
    const body = r.body as { topic: { title: string; html: string }; related: { slug: string }[] };
    expect(body.topic.title).toBe("Topping Up Your Wallet");
    expect(body.topic.html).toBe("<p>Pay by card.</p>");
    expect(body.related.map((x) => x.slug)).toEqual(["changing-where-your-code-rings"]);
  });

  it("answers 404 for an unpublished or unknown slug", async () => {
    for (const slug of ["unpublished-topic", "nope"]) {
      const r = await topic(slug);
      expect(r.status, slug).toBe(404);
      expect(r.body).toMatchObject({ code: "support_topic_not_found", message: "Support topic not found." });
    }
  });
});
