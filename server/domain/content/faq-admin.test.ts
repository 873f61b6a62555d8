/**
 * The FAQ admin's domain on both databases: the form's rules (question and answer required, display order an
 * integer, 0 when blank), the list in the public page's order (category, then display order) with its filters and
 * counts, create and update with audit rows, the publish flag deciding what the public page shows, delete,
 * answers sanitized on write and on render (the shared XSS corpus), and non-administrators refused.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAQ_ADMIN_TEXT, faqFormSchema, faqPublishSchema } from "#kernel/schemas/faq-admin.ts";
import { auditLog, faqItems } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { DomainError, ForbiddenError } from "../errors.ts";
import { listFaq } from "./faq.ts";
import {
  cleanAnswer,
  deleteFaqItem,
  FaqItemNotFoundError,
  listFaqForAdmin,
  saveFaqItem,
  setFaqPublished,
} from "./faq-admin.ts";
import { dangerousIn, PAYLOADS } from "./xss-corpus.ts";

const ADMIN: Actor = { userId: null, role: "admin", ip: "203.0.113.9" };
const MEMBER: Actor = { userId: null, role: "user", ip: "203.0.113.10" };
const MISSING = "00000000-0000-4000-8000-000000000000";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const form = (fields: Record<string, unknown>) =>
  faqFormSchema.parse({ intent: "save-faq", isPublished: "on", ...fields });
const save = (fields: Record<string, unknown>) => {
  const { intent: _i, ...input } = form(fields);
  return saveFaqItem(t.db, ADMIN, input);
};

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe("the FAQ form schema", () => {
  it("requires question and answer; display order is an integer, 0 when blank; a blank category is null", () => {
    const bad = faqFormSchema.safeParse({ intent: "save-faq", question: " ", answer: "" });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["Question is required.", "Answer is required."]);
    const ok = form({ question: " Q? ", answer: "A", category: "  ", displayOrder: "" });
    expect(ok).toMatchObject({ question: "Q?", category: null, displayOrder: 0, isPublished: true });
    expect(form({ question: "Q", answer: "A", displayOrder: " 7 " }).displayOrder).toBe(7);
    for (const displayOrder of ["1.5", "first"]) {
      const r = faqFormSchema.safeParse({ intent: "save-faq", question: "Q", answer: "A", displayOrder });
      expect(r.error?.issues[0]).toMatchObject({ path: ["displayOrder"], message: FAQ_ADMIN_TEXT.orderInvalid });
    }
    expect(faqFormSchema.parse({ intent: "save-faq", question: "Q", answer: "A" }).isPublished).toBe(false);
    expect(faqPublishSchema.parse({ intent: "publish-faq", id: MISSING, publish: "false" }).publish).toBe(false);
  });
});

describe("FAQ items", () => {
  it("lists by category then display order (as the public page), with filters and counts, and audits creation", async () => {
    const b2 = await save({
      question: "How is billing done?",
      answer: "Monthly.",
      category: "Billing",
      displayOrder: "2",
    });
    const b1 = await save({ question: "Can I pay by card?", answer: "Yes.", category: "Billing", displayOrder: "1" });
    const g = await save({ question: "What is a #Code?", answer: "A short dialable word.", displayOrder: "5" });
    const l = await save({ question: "Draft licensing", answer: "Soon.", category: "Licensing", isPublished: "" });
    const all = await listFaqForAdmin(t.db, ADMIN, {});
    expect(all.items.map((i) => i.id)).toEqual([b1.id, b2.id, g.id, l.id]);
    expect(all.categories).toEqual(["Billing", "General", "Licensing"]);
    expect(all).toMatchObject({ total: 4, published: 3 });
    expect(all.items.find((i) => i.id === g.id)).toMatchObject({ category: null, categoryLabel: "General" });

    expect((await listFaqForAdmin(t.db, ADMIN, { category: "billing" })).items.map((i) => i.id)).toEqual([
      b1.id,
      b2.id,
    ]);
    expect((await listFaqForAdmin(t.db, ADMIN, { category: "General" })).items.map((i) => i.id)).toEqual([g.id]);
    expect((await listFaqForAdmin(t.db, ADMIN, { status: "draft" })).items.map((i) => i.id)).toEqual([l.id]);
    expect((await listFaqForAdmin(t.db, ADMIN, { q: "card" })).items.map((i) => i.id)).toEqual([b1.id]);
    expect((await listFaqForAdmin(t.db, ADMIN, { q: "%" })).items).toEqual([]);

    // The public page shows the published ones, in the same order.
    expect((await listFaq(t.db, {})).items.map((i) => i.id)).toEqual([b1.id, b2.id, g.id]);
    expect(await t.db.$count(auditLog, eq(auditLog.action, "faq_item.create"))).toBe(4);
  });

  it("updates with the changed fields' before and after in the audit; an unchanged save writes nothing", async () => {
    const { id } = await save({ question: "Where are you?", answer: "Here.", category: "Company", displayOrder: "3" });
    await save({ id, question: "Where are you?", answer: "Here.", category: "Company", displayOrder: "0" });
    const [row] = await t.db.select().from(faqItems).where(eq(faqItems.id, id));
    expect(row!.displayOrder).toBe(0);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "faq_item.update")));
    expect(audits.map((a) => a.details)).toEqual([{ before: { displayOrder: 3 }, after: { displayOrder: 0 } }]);
    await save({ id, question: "Where are you?", answer: "Here.", category: "Company", displayOrder: "0" });
    expect(await t.db.$count(auditLog, and(eq(auditLog.entityId, id), eq(auditLog.action, "faq_item.update")))).toBe(1);
  });

  it("unpublishing hides an item from the public page and publishing shows it again, each audited once", async () => {
    const { id } = await save({ question: "Is there a trial?", answer: "No.", category: "Trials" });
    const isPublic = async () => (await listFaq(t.db, {})).items.some((i) => i.id === id);
    expect(await isPublic()).toBe(true);
    expect(await setFaqPublished(t.db, ADMIN, { id, publish: false })).toEqual({
      question: "Is there a trial?",
      isPublished: false,
    });
    expect(await isPublic()).toBe(false);
    await setFaqPublished(t.db, ADMIN, { id, publish: false });
    expect(await t.db.$count(auditLog, and(eq(auditLog.entityId, id), eq(auditLog.action, "faq_item.unpublish")))).toBe(
      1,
    );
    await setFaqPublished(t.db, ADMIN, { id, publish: true });
    expect(await isPublic()).toBe(true);
    expect(await t.db.$count(auditLog, and(eq(auditLog.entityId, id), eq(auditLog.action, "faq_item.publish")))).toBe(
      1,
    );
  });

  it("deletes with the row in the audit; an unknown item is refused with the spec's titles", async () => {
    const { id } = await save({ question: "Temporary?", answer: "Yes." });
    expect(await deleteFaqItem(t.db, ADMIN, { id })).toEqual({ question: "Temporary?" });
    expect(await t.db.$count(faqItems, eq(faqItems.id, id))).toBe(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "faq_item.delete")));
    expect(audit!.details).toMatchObject({ before: { question: "Temporary?" } });

    const gone = await refusal(deleteFaqItem(t.db, ADMIN, { id }));
    expect(gone).toBeInstanceOf(FaqItemNotFoundError);
    expect(gone.title).toBe("Error deleting FAQ");
    expect((await refusal(save({ id, question: "Q", answer: "A" }))).title).toBe("Error saving FAQ");
    expect((await refusal(setFaqPublished(t.db, ADMIN, { id, publish: true }))).title).toBe("Error saving FAQ");
  });
});

describe("answers holding HTML", () => {
  it("are sanitized on write and render safely through the public reader; plain text stays as typed", async () => {
    for (const payload of PAYLOADS) {
      const { id } = await save({
        question: `XSS ${payload.slice(0, 20)}`,
        answer: `<p>Fine <b>text</b></p>${payload}`,
      });
      const [row] = await t.db.select().from(faqItems).where(eq(faqItems.id, id));
      const listed = (await listFaqForAdmin(t.db, ADMIN, {})).items.find((i) => i.id === id)!;
      const shown = (await listFaq(t.db, {})).items.find((i) => i.id === id)!;
      for (const html of [row!.answer, listed.answerHtml, shown.answerHtml]) {
        expect(dangerousIn(html), `${payload} → ${html}`).toEqual([]);
        expect(html).toContain("<b>text</b>");
      }
      await deleteFaqItem(t.db, ADMIN, { id });
    }
    expect(cleanAnswer("Fees < $95 & more")).toBe("Fees < $95 & more");
    // Markup a stored plain-text answer holds is escaped when shown, never run.
    const [raw] = await t.db
      .insert(faqItems)
      .values({ question: "Raw", answer: "<svg onload=alert(1)> and <b" })
      .returning({ id: faqItems.id });
    const listed = (await listFaqForAdmin(t.db, ADMIN, {})).items.find((i) => i.id === raw!.id)!;
    expect(listed.answerHtml).toBe("<p>&lt;svg onload=alert(1)&gt; and &lt;b</p>");
  });

  it("refuses an answer that is empty once cleaned", async () => {
    const err = await refusal(save({ question: "Only a script?", answer: "<script>alert(1)</script>" }));
    expect(err.fieldErrors).toEqual({ answer: [FAQ_ADMIN_TEXT.answerRequired] });
    expect(await t.db.$count(faqItems, eq(faqItems.question, "Only a script?"))).toBe(0);
  });
});

describe("authorization", () => {
  it("refuses a non-administrator every read and write, writing nothing", async () => {
    const [row] = await t.db.select().from(faqItems).limit(1);
    const before = await t.db.$count(faqItems);
    const { intent: _i, ...input } = form({ question: "Sneaky", answer: "x" });
    await expect(listFaqForAdmin(t.db, MEMBER, {})).rejects.toBeInstanceOf(ForbiddenError);
    await expect(saveFaqItem(t.db, MEMBER, input)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(saveFaqItem(t.db, MEMBER, { ...input, id: row!.id })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(setFaqPublished(t.db, MEMBER, { id: row!.id, publish: false })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(deleteFaqItem(t.db, MEMBER, { id: row!.id })).rejects.toBeInstanceOf(ForbiddenError);
    expect(await t.db.$count(faqItems)).toBe(before);
    const [after] = await t.db.select().from(faqItems).where(eq(faqItems.id, row!.id));
    expect(after).toEqual(row);
  });
});
