/** The FAQ page's route module: published items, the category filter, the empty and error texts. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAQ_TEXT } from "#kernel/content.ts";
import { faqItems } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { answerOf, callRoute, routeContext, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { loader } from "./faq.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  await t.db.insert(faqItems).values([
    { question: "What is a #Code?", answer: "A short code.", category: "General", displayOrder: 1 },
    { question: "How are fees set?", answer: "By population.", category: "Billing", displayOrder: 1 },
    { question: "Refunds?", answer: "Within 5 business days.", category: "Billing", displayOrder: 2 },
    { question: "Hidden", answer: "Not yet.", category: "Billing", displayOrder: 0, isPublished: false },
  ]);
});
afterAll(() => t.close());

const faq = (search = "", services = s) =>
  callRoute(loader, { request: new Request(`${TEST_ORIGIN}/faq${search}`), context: routeContext(services) }).then(
    answerOf,
  );

type Body = { categories: string[]; category: string | null; items: { question: string }[]; error: string | null };

describe("/faq", () => {
  it("lists published items by category then display order", async () => {
    const r = await faq();
    expect(r.status).toBe(200);
    const body = r.body as Body;
    expect(body.categories).toEqual(["Billing", "General"]);
    expect(body.items.map((i) => i.question)).toEqual(["How are fees set?", "Refunds?", "What is a #Code?"]);
  });

  it("?category= narrows the list", async () => {
    const body = (await faq("?category=billing")).body as Body;
    expect(body.category).toBe("Billing");
    expect(body.items.map((i) => i.question)).toEqual(["How are fees set?", "Refunds?"]);
  });

  it("an unknown category lists nothing (the page shows the empty text)", async () => {
    const r = await faq("?category=Unknown%20Stuff");
    expect(r.status).toBe(200);
    expect((r.body as Body).items).toEqual([]);
    expect(FAQ_TEXT.empty).toBe("No FAQ items found for the selected category.");
  });

  it("a failed read shows 'Could not load FAQs: …' with 503", async () => {
    const broken = await createTestDb({ dedicated: true });
    const brokenServices = await testServices(broken);
    await broken.close();
    const r = await faq("", brokenServices);
    expect(r.status).toBe(503);
    expect((r.body as Body).error).toMatch(/^Could not load FAQs: /);
  });
});
