import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faqItems } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { listFaq, plainText, storedTextToHtml } from "./faq.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.insert(faqItems).values([
    { question: "Licensing two", answer: "L2", category: "Licensing", displayOrder: 2 },
    { question: "Licensing one", answer: "L1", category: "Licensing", displayOrder: 1 },
    { question: "Billing one", answer: "Fees are <b>monthly</b>.<script>alert(1)</script>", category: "Billing" },
    { question: "No category", answer: "Line one\nline two\n\nSecond <paragraph> & more", category: null },
    { question: "Hidden billing", answer: "secret", category: "Billing", isPublished: false },
    { question: "Hidden only", answer: "secret", category: "Drafts", isPublished: false },
  ]);
});
afterAll(() => t.close());

describe("the FAQ page", () => {
  it("lists published items by category then display order; categories come from published items only", async () => {
    const page = await listFaq(t.db, {});
    expect(page.categories).toEqual(["Billing", "General", "Licensing"]);
    expect(page.category).toBeNull();
    expect(page.unknownCategory).toBe(false);
    expect(page.items.map((i) => i.question)).toEqual(["Billing one", "No category", "Licensing one", "Licensing two"]);
  });

  it("filters by category, case-insensitively, and reports the stored spelling", async () => {
    const page = await listFaq(t.db, { category: "licensing" });
    expect(page.category).toBe("Licensing");
    expect(page.items.map((i) => i.question)).toEqual(["Licensing one", "Licensing two"]);
    const general = await listFaq(t.db, { category: "General" });
    expect(general.items.map((i) => i.question)).toEqual(["No category"]);
  });

  it("an unknown or unpublished-only category selects nothing", async () => {
    for (const category of ["Drafts", "Nope", "%"]) {
      const page = await listFaq(t.db, { category });
      expect(page.items).toEqual([]);
      expect(page.unknownCategory).toBe(true);
      expect(page.categories).toHaveLength(3);
    }
  });

  it("answers leave as sanitized HTML: scripts dropped, plain text escaped into paragraphs", async () => {
    const page = await listFaq(t.db, {});
    const billing = page.items.find((i) => i.question === "Billing one")!;
    expect(billing.answerHtml).toBe("Fees are <b>monthly</b>.");
    expect(billing.answerText).toBe("Fees are monthly.");
    const plain = page.items.find((i) => i.question === "No category")!;
    expect(plain.answerHtml).toBe("<p>Line one<br />line two</p><p>Second &lt;paragraph&gt; &amp; more</p>");
    expect(plain.answerText).toBe("Line one line two Second <paragraph> & more");
  });
});

describe("storedTextToHtml", () => {
  it("is empty for nothing and sanitizes HTML", () => {
    expect(storedTextToHtml(null)).toBe("");
    expect(storedTextToHtml("   ")).toBe("");
    expect(storedTextToHtml('<p onclick="x()">Hi</p><iframe src="https://evil.example"></iframe>')).toBe("<p>Hi</p>");
  });
});

describe("plainText", () => {
  it("joins inline formatting without spaces and separates blocks", () => {
    expect(plainText("<p>Start <b>here</b>.</p><p>Then&nbsp;<a href='/x'>there</a>!</p>")).toBe(
      "Start here. Then there!",
    );
    expect(plainText("<ul><li>One</li><li>Two</li></ul><script>alert(1)</script>")).toBe("One Two");
    expect(plainText(null)).toBe("");
  });
});
