/**
 * Featured number writes on both databases: validation (number required, display order an integer, 0 when
 * blank), the list's search and order (display_order ascending, then newest first), create and update with audit
 * rows, the toggle changing is_active and nothing else, delete, and non-administrators refused.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURED_TEXT, featuredFormSchema } from "#kernel/schemas/numbers-admin.ts";
import { auditLog, featuredNumbers } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { DomainError, ForbiddenError } from "../errors.ts";
import {
  deleteFeaturedNumber,
  FeaturedNumberNotFoundError,
  listFeaturedNumbersForAdmin,
  saveFeaturedNumber,
  toggleFeaturedNumber,
} from "./featured-numbers-admin.ts";
import { ADMIN, MEMBER } from "./test-fixtures.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const form = (fields: Record<string, unknown>) =>
  featuredFormSchema.parse({ intent: "save-featured", type: "vanity", isActive: "on", ...fields });
const query = (q = "") => ({ q, sort: "order" as const, dir: "asc" as const, page: 1, size: 50, filters: {} });
const MISSING = "00000000-0000-4000-8000-000000000000";

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe("the featured form schema", () => {
  it("requires the number; display order is an integer, 0 when blank", () => {
    const bad = featuredFormSchema.safeParse({ intent: "save-featured", type: "vanity", numberText: "" });
    expect(bad.error?.issues.map((i) => i.message)).toContain("Number is required.");
    expect(form({ numberText: "#4TEST", displayOrder: "" }).displayOrder).toBe(0);
    expect(form({ numberText: "#4TEST", displayOrder: " 7 " }).displayOrder).toBe(7);
    const frac = featuredFormSchema.safeParse({
      intent: "save-featured",
      type: "vanity",
      numberText: "X",
      displayOrder: "1.5",
    });
    expect(frac.error?.issues[0]).toMatchObject({
      path: ["displayOrder"],
      message: "Display order must be a whole number.",
    });
    const word = featuredFormSchema.safeParse({
      intent: "save-featured",
      type: "vanity",
      numberText: "X",
      displayOrder: "first",
    });
    expect(word.error?.issues[0]?.path).toEqual(["displayOrder"]);
    expect(form({ numberText: "X" }).isActive).toBe(true);
    expect(featuredFormSchema.parse({ intent: "save-featured", type: "poundcode", numberText: "X" }).isActive).toBe(
      false,
    );
  });
});

describe("featured numbers", () => {
  it("creates, lists by display order then newest first, searches, and audits", async () => {
    const a = await saveFeaturedNumber(t.db, ADMIN, form({ numberText: "#4ALPHA", displayOrder: "2" }));
    const b = await saveFeaturedNumber(t.db, ADMIN, form({ numberText: "#4BRAVO", displayOrder: "1" }));
    await new Promise((r) => setTimeout(r, 5));
    const c = await saveFeaturedNumber(
      t.db,
      ADMIN,
      form({ numberText: "#4CHARLIE", displayOrder: "1", description: "Courts" }),
    );
    const page = await listFeaturedNumbersForAdmin(t.db, ADMIN, query());
    expect(page.rows.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(page.total).toBe(3);
    const found = await listFeaturedNumbersForAdmin(t.db, ADMIN, query("courts"));
    expect(found.rows.map((r) => r.numberText)).toEqual(["#4CHARLIE"]);
    expect(await t.db.$count(auditLog, eq(auditLog.action, "featured_number.create"))).toBe(3);
  });

  it("updates the display order with before and after in the audit", async () => {
    const { id } = await saveFeaturedNumber(t.db, ADMIN, form({ numberText: "#4DELTA", displayOrder: "5" }));
    await saveFeaturedNumber(t.db, ADMIN, form({ id, numberText: "#4DELTA", displayOrder: "0" }));
    const [row] = await t.db.select().from(featuredNumbers).where(eq(featuredNumbers.id, id));
    expect(row!.displayOrder).toBe(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "featured_number.update")));
    expect(audit!.details).toEqual({ before: { displayOrder: 5 }, after: { displayOrder: 0 } });
  });

  it("the toggle flips is_active only", async () => {
    const { id } = await saveFeaturedNumber(
      t.db,
      ADMIN,
      form({ numberText: "#4ECHO", description: "Kept", numberIdLink: "hash-4echo", displayOrder: "3" }),
    );
    // Every column but is_active stays as it was (updated_at, bookkeeping, records the change).
    const read = async () => {
      const [{ updatedAt: _u, ...row }] = (await t.db
        .select()
        .from(featuredNumbers)
        .where(eq(featuredNumbers.id, id))) as [typeof featuredNumbers.$inferSelect];
      return row;
    };
    const before = await read();
    expect(await toggleFeaturedNumber(t.db, ADMIN, { id })).toEqual({ numberText: "#4ECHO", isActive: false });
    const off = await read();
    expect(off).toEqual({ ...before, isActive: false });
    expect(await toggleFeaturedNumber(t.db, ADMIN, { id })).toEqual({ numberText: "#4ECHO", isActive: true });
    const on = await read();
    expect(on).toEqual(before);
    expect(
      await t.db.$count(auditLog, and(eq(auditLog.entityId, id), eq(auditLog.action, "featured_number.toggle"))),
    ).toBe(2);
    const err = await refusal(toggleFeaturedNumber(t.db, ADMIN, { id: MISSING }));
    expect(err).toBeInstanceOf(FeaturedNumberNotFoundError);
    expect(err.title).toBe(FEATURED_TEXT.errorToggling);
  });

  it("deletes with an audit row; a second delete is not found", async () => {
    const { id } = await saveFeaturedNumber(t.db, ADMIN, form({ numberText: "#4FOXTROT" }));
    expect(await deleteFeaturedNumber(t.db, ADMIN, { id })).toEqual({ numberText: "#4FOXTROT" });
    expect(await t.db.$count(featuredNumbers, eq(featuredNumbers.id, id))).toBe(0);
    expect(
      await t.db.$count(auditLog, and(eq(auditLog.entityId, id), eq(auditLog.action, "featured_number.delete"))),
    ).toBe(1);
    const err = await refusal(deleteFeaturedNumber(t.db, ADMIN, { id }));
    expect(err.title).toBe(FEATURED_TEXT.errorDeleting);
  });

  it("refuses a member on every verb, writing nothing", async () => {
    const { id } = await saveFeaturedNumber(t.db, ADMIN, form({ numberText: "#4GOLF" }));
    expect(await refusal(listFeaturedNumbersForAdmin(t.db, MEMBER, query()))).toBeInstanceOf(ForbiddenError);
    expect(await refusal(saveFeaturedNumber(t.db, MEMBER, form({ numberText: "#4NOPE" })))).toBeInstanceOf(
      ForbiddenError,
    );
    expect(await refusal(toggleFeaturedNumber(t.db, MEMBER, { id }))).toBeInstanceOf(ForbiddenError);
    expect(await refusal(deleteFeaturedNumber(t.db, MEMBER, { id }))).toBeInstanceOf(ForbiddenError);
    const [row] = await t.db.select().from(featuredNumbers).where(eq(featuredNumbers.id, id));
    expect(row!.isActive).toBe(true);
    expect(await t.db.$count(featuredNumbers, eq(featuredNumbers.numberText, "#4NOPE"))).toBe(0);
  });
});
