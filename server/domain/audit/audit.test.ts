/** The audit helpers of the admin kit: changedFields (pure) and deleteAudited, on both databases. */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, faqItems } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { NotFoundError } from "../errors.ts";
import { changedFields, deleteAudited } from "./audit.ts";

const ADMIN: Actor = { userId: null, role: "admin", ip: "203.0.113.7" };

describe("changedFields", () => {
  it("keeps the before and after of the listed fields that changed, and nothing else", () => {
    const current = { name: "Legal", slug: "legal", fee: 10, notes: "old" };
    const next = { name: "Legal Services", slug: "legal", fee: 12, notes: "new" };
    expect(changedFields(current, next, ["name", "slug", "fee"])).toEqual({
      before: { name: "Legal", fee: 10 },
      after: { name: "Legal Services", fee: 12 },
    });
  });

  it("is null when nothing listed changed", () => {
    expect(changedFields({ a: 1, b: "x" }, { a: 1, b: "x" }, ["a", "b"])).toBeNull();
  });

  it("compares with `same` and keeps what `show` makes of a value", () => {
    const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const length = (v: unknown) => `${String(v).length} characters`;
    const current = { tags: ["a", "b"], content: "<p>Hi</p>" };
    expect(changedFields(current, { tags: ["a", "b"], content: "<p>Hi</p>" }, ["tags", "content"])).toEqual({
      before: { tags: ["a", "b"] },
      after: { tags: ["a", "b"] },
    });
    expect(
      changedFields(current, { tags: ["a", "b"], content: "<p>Hello</p>" }, ["tags", "content"], {
        same: sameJson,
        show: { content: length },
      }),
    ).toEqual({ before: { content: "9 characters" }, after: { content: "12 characters" } });
  });
});

describe("deleteAudited", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  const notFound = () => new NotFoundError("faq_item_not_found", "Error deleting FAQ", "That question is gone.");
  const auditsOf = (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "faq_item"), eq(auditLog.entityId, id)));

  it("deletes the row and records its returned fields as `before` in the audit row, in one go", async () => {
    const [row] = await t.db
      .insert(faqItems)
      .values({ question: "How long is a hold?", answer: "Three business days." })
      .returning({ id: faqItems.id });
    const gone = await deleteAudited(t.db, ADMIN, {
      table: faqItems,
      id: row!.id,
      returning: { question: faqItems.question, answer: faqItems.answer },
      audit: { action: "faq_item.delete", entityType: "faq_item" },
      notFound,
    });
    expect(gone).toEqual({ question: "How long is a hold?", answer: "Three business days." });
    expect(await t.db.select().from(faqItems).where(eq(faqItems.id, row!.id))).toEqual([]);
    const audits = await auditsOf(row!.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "faq_item.delete", ip: "203.0.113.7", details: { before: gone } });
  });

  it("refuses an id that names nothing with the caller's refusal, writing nothing", async () => {
    const id = randomUUID();
    const err = await deleteAudited(t.db, ADMIN, {
      table: faqItems,
      id,
      returning: { question: faqItems.question },
      audit: { action: "faq_item.delete", entityType: "faq_item" },
      notFound,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ code: "faq_item_not_found", status: 404, message: "That question is gone." });
    expect(await auditsOf(id)).toEqual([]);
  });
});
