/**
 * Category writes on both databases: create, update with the slug locked, clear messages for a taken name or
 * slug, null for empty numbers, negatives clamped, the delete rule (refused while licences, reservations, waitlist
 * entries or held links refer to the category; otherwise its territory links go with it), audit rows with before
 * and after, and non-administrators refused.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_TEXT, categoryFormSchema } from "#kernel/schemas/categories.ts";
import { auditLog, categories, territoryCategories } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { DomainError, ForbiddenError, ValidationError } from "../errors.ts";
import { deleteCategory, listCategoriesForAdmin, saveCategory } from "./categories-admin.ts";
import { CategoryInUseError, CategoryNotFoundError } from "./errors.ts";
import {
  ADMIN,
  linkTerritory,
  MEMBER,
  seedLicence,
  seedReservation,
  seedTerritory,
  seedWaitlist,
} from "./test-fixtures.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

/** The form as the action parses it. */
const form = (fields: Record<string, unknown>) =>
  categoryFormSchema.parse({ intent: "save-category", categoryType: "standard", ...fields });

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
    .where(and(eq(auditLog.entityType, "category"), eq(auditLog.entityId, entityId)));

describe("creating a category", () => {
  it("stores it with null for empty numbers and audits the new values", async () => {
    const saved = await saveCategory(t.db, ADMIN, form({ name: "#ROOF", slug: "hash-roof" }));
    expect(saved.created).toBe(true);
    const [row] = await t.db.select().from(categories).where(eq(categories.id, saved.id));
    expect(row).toMatchObject({
      name: "#ROOF",
      slug: "hash-roof",
      description: null,
      categoryType: "standard",
      feePercentageOfBase: null,
      keywordBaseMultiplier: null,
    });
    const [audit] = await auditsOf(saved.id);
    expect(audit).toMatchObject({ action: "category.create", ip: "203.0.113.9" });
    expect((audit!.details as { after: object }).after).toMatchObject({ name: "#ROOF", slug: "hash-roof" });
  });

  it("clamps a negative fee or multiplier to 0 and drops the multiplier of a standard category", async () => {
    const code = await saveCategory(
      t.db,
      ADMIN,
      form({ name: "#MOVE", slug: "hash-move", feePercentageOfBase: "-5", keywordBaseMultiplier: "1.5" }),
    );
    const group = await saveCategory(
      t.db,
      ADMIN,
      form({
        name: "Auto Keywords",
        slug: "auto-keywords",
        categoryType: "keyword_group",
        keywordBaseMultiplier: "-2",
      }),
    );
    const rows = await t.db.select().from(categories);
    expect(rows.find((r) => r.id === code.id)).toMatchObject({ feePercentageOfBase: 0, keywordBaseMultiplier: null });
    expect(rows.find((r) => r.id === group.id)).toMatchObject({ feePercentageOfBase: null, keywordBaseMultiplier: 0 });
  });

  it("refuses a taken slug or name as a field error, titled like the failed save, and writes nothing", async () => {
    const before = (await t.db.select().from(categories)).length;
    const slug = await refusal(saveCategory(t.db, ADMIN, form({ name: "#ROOFS", slug: "hash-roof" })));
    expect(slug).toBeInstanceOf(ValidationError);
    expect(slug.title).toBe(CATEGORY_TEXT.errorCreating);
    expect(slug.fieldErrors).toEqual({ slug: ["The slug “hash-roof” is already used by #ROOF. Choose another."] });
    const name = await refusal(saveCategory(t.db, ADMIN, form({ name: "#roof", slug: "hash-roof-2" })));
    expect(name.fieldErrors).toEqual({ name: ["A category named #roof already exists."] });
    expect((await t.db.select().from(categories)).length).toBe(before);
  });

  it("turns a unique violation of two saves at once into the same field error", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => saveCategory(t.db, ADMIN, form({ name: "#RACE", slug: "hash-race" }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toBeInstanceOf(ValidationError);
        expect(Object.keys((r.reason as ValidationError).fieldErrors ?? {})).toEqual(
          expect.arrayContaining([expect.stringMatching(/^(slug|name)$/)]),
        );
      }
    }
  });
});

describe("updating a category", () => {
  it("keeps the slug whatever the form sends, and audits before and after of the changed fields", async () => {
    const { id } = await saveCategory(
      t.db,
      ADMIN,
      form({ name: "#TAXES", slug: "hash-taxes", feePercentageOfBase: "90" }),
    );
    await saveCategory(
      t.db,
      ADMIN,
      form({ id, name: "#TAXES", slug: "something-else", feePercentageOfBase: "95.5", description: "Tax relief" }),
    );
    const [row] = await t.db.select().from(categories).where(eq(categories.id, id));
    expect(row).toMatchObject({ slug: "hash-taxes", feePercentageOfBase: 95.5, description: "Tax relief" });
    const update = (await auditsOf(id)).find((a) => a.action === "category.update");
    expect(update?.details).toEqual({
      before: { feePercentageOfBase: 90, description: null },
      after: { feePercentageOfBase: 95.5, description: "Tax relief" },
    });
  });

  it("clears the multiplier when a keyword group becomes standard", async () => {
    const { id } = await saveCategory(
      t.db,
      ADMIN,
      form({ name: "#GROUP", slug: "hash-group", categoryType: "keyword_group", keywordBaseMultiplier: "1.25" }),
    );
    await saveCategory(t.db, ADMIN, form({ id, name: "#GROUP", slug: "hash-group", keywordBaseMultiplier: "1.25" }));
    const [row] = await t.db.select().from(categories).where(eq(categories.id, id));
    expect(row).toMatchObject({ categoryType: "standard", keywordBaseMultiplier: null });
  });

  it("refuses a name another category has, and a category that no longer exists", async () => {
    const { id } = await saveCategory(t.db, ADMIN, form({ name: "#HOME", slug: "hash-home" }));
    const taken = await refusal(saveCategory(t.db, ADMIN, form({ id, name: "#ROOF", slug: "hash-home" })));
    expect(taken.title).toBe(CATEGORY_TEXT.errorUpdating);
    expect(taken.fieldErrors).toEqual({ name: ["A category named #ROOF already exists."] });
    const gone = await refusal(
      saveCategory(t.db, ADMIN, form({ id: "4b3b9a8e-8f43-4a53-9b0b-6a3f0f0f1e2d", name: "#GONE", slug: "hash-gone" })),
    );
    expect(gone).toBeInstanceOf(CategoryNotFoundError);
    expect(gone.status).toBe(404);
  });
});

describe("deleting a category", () => {
  it("deletes one with only available territory links, removes those links and audits what went", async () => {
    const { id } = await saveCategory(t.db, ADMIN, form({ name: "#GOING", slug: "hash-going" }));
    await linkTerritory(t.db, await seedTerritory(t.db), id);
    await linkTerritory(t.db, await seedTerritory(t.db), id);
    const listed = (await listCategoriesForAdmin(t.db, ADMIN)).find((c) => c.id === id);
    expect(listed?.territoryLinks).toBe(2);
    expect(await deleteCategory(t.db, ADMIN, { id })).toEqual({ name: "#GOING", removedLinks: 2 });
    expect(await t.db.select().from(categories).where(eq(categories.id, id))).toEqual([]);
    expect(await t.db.select().from(territoryCategories).where(eq(territoryCategories.categoryId, id))).toEqual([]);
    const del = (await auditsOf(id)).find((a) => a.action === "category.delete");
    expect(del?.details).toMatchObject({ before: { name: "#GOING", slug: "hash-going" }, removedTerritoryLinks: 2 });
  });

  it.each([
    ["a license", seedLicence, "1 license"],
    [
      "an expired reservation",
      (db: TestDb["db"], tid: string, cid: string) => seedReservation(db, tid, cid),
      "1 reservation",
    ],
    ["a waitlist entry", seedWaitlist, "1 waitlist entry"],
    [
      "a territory in negotiations",
      (db: TestDb["db"], tid: string, cid: string) => linkTerritory(db, tid, cid, "negotiations"),
      "1 territory in negotiations or licensed",
    ],
  ])("refuses while %s refers to it, with a clear message, and changes nothing", async (_label, seed, uses) => {
    const name = `#USED${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const { id } = await saveCategory(t.db, ADMIN, form({ name, slug: `hash-${name.slice(1).toLowerCase()}` }));
    const territoryId = await seedTerritory(t.db);
    await seed(t.db, territoryId, id);
    await linkTerritory(t.db, await seedTerritory(t.db), id);
    const listed = (await listCategoriesForAdmin(t.db, ADMIN)).find((c) => c.id === id);
    expect(Object.values(listed!.uses).reduce((a, b) => a + b, 0)).toBe(1);
    const err = await refusal(deleteCategory(t.db, ADMIN, { id }));
    expect(err).toBeInstanceOf(CategoryInUseError);
    expect(err.status).toBe(409);
    expect(err.title).toBe("Error deleting category");
    expect(err.message).toBe(CATEGORY_TEXT.inUse(name, uses));
    expect(await t.db.select().from(categories).where(eq(categories.id, id))).toHaveLength(1);
    expect(
      (await t.db.select().from(territoryCategories).where(eq(territoryCategories.categoryId, id))).length,
    ).toBeGreaterThan(0);
    expect((await auditsOf(id)).map((a) => a.action)).toEqual(["category.create"]);
  });

  it("names every kind of use in one sentence", async () => {
    const { id } = await saveCategory(t.db, ADMIN, form({ name: "#BUSY", slug: "hash-busy" }));
    await seedLicence(t.db, await seedTerritory(t.db), id);
    await seedLicence(t.db, await seedTerritory(t.db), id);
    await seedReservation(t.db, await seedTerritory(t.db), id, "active");
    const err = await refusal(deleteCategory(t.db, ADMIN, { id }));
    expect(err.message).toBe(
      "#BUSY cannot be deleted while 2 licenses and 1 reservation refer to it. Keep the category; its licenses and holds stay as they are.",
    );
  });

  it("answers 404 for a category that no longer exists", async () => {
    const err = await refusal(deleteCategory(t.db, ADMIN, { id: "4b3b9a8e-8f43-4a53-9b0b-6a3f0f0f1e2d" }));
    expect(err).toBeInstanceOf(CategoryNotFoundError);
    expect(err.title).toBe(CATEGORY_TEXT.errorDeleting);
  });
});

describe("who may", () => {
  it("refuses a non-administrator on every verb, writing nothing", async () => {
    const { id } = await saveCategory(t.db, ADMIN, form({ name: "#MINE", slug: "hash-mine" }));
    for (const p of [
      listCategoriesForAdmin(t.db, MEMBER),
      saveCategory(t.db, MEMBER, form({ name: "#THEIRS", slug: "hash-theirs" })),
      saveCategory(t.db, MEMBER, form({ id, name: "#THEIRS", slug: "hash-mine" })),
      deleteCategory(t.db, MEMBER, { id }),
    ]) {
      expect(await refusal(p)).toBeInstanceOf(ForbiddenError);
    }
    const [row] = await t.db.select().from(categories).where(eq(categories.id, id));
    expect(row?.name).toBe("#MINE");
    expect(await t.db.select().from(categories).where(eq(categories.slug, "hash-theirs"))).toEqual([]);
  });
});
