/** Keyword writes on both databases: lower case, unique with a clear message, clamping, audit, admins only. */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYWORD_TEXT, keywordFormSchema } from "#kernel/schemas/categories.ts";
import { auditLog, specialPricingKeywords } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { DomainError, ForbiddenError, ValidationError } from "../errors.ts";
import { KeywordNotFoundError } from "./errors.ts";
import { deleteKeyword, listKeywordsForAdmin, saveKeyword } from "./keywords-admin.ts";
import { ADMIN, MEMBER } from "./test-fixtures.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const form = (fields: Record<string, unknown>) => keywordFormSchema.parse({ intent: "save-keyword", ...fields });

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
    .where(and(eq(auditLog.entityType, "special_pricing_keyword"), eq(auditLog.entityId, entityId)));

describe("special pricing keywords", () => {
  it("creates a keyword in lower case, lists it alphabetically and audits it", async () => {
    const a = await saveKeyword(t.db, ADMIN, form({ keywordText: " Truck  Accident ", multiplier: "1.35" }));
    await saveKeyword(t.db, ADMIN, form({ keywordText: "attorney", multiplier: "1.4", description: "Legal intent" }));
    expect(a).toMatchObject({ keywordText: "truck accident", created: true });
    const list = await listKeywordsForAdmin(t.db, ADMIN);
    expect(list.map((k) => k.keywordText)).toEqual(["attorney", "truck accident"]);
    expect(list[1]).toMatchObject({ multiplier: 1.35, description: null });
    expect((await auditsOf(a.id)).map((r) => r.action)).toEqual(["keyword.create"]);
  });

  it("refuses a keyword that exists (in any case) as a field error, and writes nothing", async () => {
    const err = await refusal(saveKeyword(t.db, ADMIN, form({ keywordText: "ATTORNEY", multiplier: "2" })));
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.title).toBe(KEYWORD_TEXT.errorCreating);
    expect(err.fieldErrors).toEqual({ keywordText: [KEYWORD_TEXT.taken("attorney")] });
    const rows = await t.db
      .select()
      .from(specialPricingKeywords)
      .where(eq(specialPricingKeywords.keywordText, "attorney"));
    expect(rows[0]?.multiplier).toBe(1.4);
  });

  it("updates a keyword with before and after in the audit, clamping a negative multiplier to 0", async () => {
    const { id } = await saveKeyword(t.db, ADMIN, form({ keywordText: "injury", multiplier: "1.5" }));
    await saveKeyword(t.db, ADMIN, form({ id, keywordText: "Injury", multiplier: "-1", description: "PI" }));
    const [row] = await t.db.select().from(specialPricingKeywords).where(eq(specialPricingKeywords.id, id));
    expect(row).toMatchObject({ keywordText: "injury", multiplier: 0, description: "PI" });
    const update = (await auditsOf(id)).find((r) => r.action === "keyword.update");
    expect(update?.details).toEqual({
      before: { multiplier: 1.5, description: null },
      after: { multiplier: 0, description: "PI" },
    });
    const renamed = await refusal(saveKeyword(t.db, ADMIN, form({ id, keywordText: "attorney", multiplier: "1" })));
    expect(renamed.title).toBe(KEYWORD_TEXT.errorUpdating);
    expect(renamed.fieldErrors).toEqual({ keywordText: [KEYWORD_TEXT.taken("attorney")] });
  });

  it("deletes a keyword with an audit row; a keyword that is gone answers 404", async () => {
    const { id } = await saveKeyword(t.db, ADMIN, form({ keywordText: "mesothelioma", multiplier: "1.6" }));
    expect(await deleteKeyword(t.db, ADMIN, { id })).toEqual({ keywordText: "mesothelioma" });
    expect(await t.db.select().from(specialPricingKeywords).where(eq(specialPricingKeywords.id, id))).toEqual([]);
    expect((await auditsOf(id)).find((r) => r.action === "keyword.delete")?.details).toMatchObject({
      before: { keywordText: "mesothelioma", multiplier: 1.6 },
    });
    const gone = await refusal(deleteKeyword(t.db, ADMIN, { id }));
    expect(gone).toBeInstanceOf(KeywordNotFoundError);
    expect(gone.title).toBe(KEYWORD_TEXT.errorDeleting);
  });

  it("refuses a non-administrator on every verb", async () => {
    const [k] = await listKeywordsForAdmin(t.db, ADMIN);
    for (const p of [
      listKeywordsForAdmin(t.db, MEMBER),
      saveKeyword(t.db, MEMBER, form({ keywordText: "plumber", multiplier: "1" })),
      deleteKeyword(t.db, MEMBER, { id: k!.id }),
    ]) {
      expect(await refusal(p)).toBeInstanceOf(ForbiddenError);
    }
    expect((await listKeywordsForAdmin(t.db, ADMIN)).map((x) => x.keywordText)).not.toContain("plumber");
  });
});
