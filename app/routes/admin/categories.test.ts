/**
 * /admin/categories through the admin guard with real sessions: non-administrators are sent to /dashboard before
 * the loader or the action runs; an administrator gets the lists, and each write answers the spec's toast, drops
 * the cached catalogue pages, and a refusal (taken slug, category in use) keeps the typed values and drops nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_TEXT } from "#kernel/schemas/categories.ts";
import { adminMiddleware } from "#server/auth/guards.ts";
import { categories, specialPricingKeywords, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { seedLicence, seedTerritory } from "#server/domain/catalogue/test-fixtures.ts";
import { CHANGE } from "#server/domain/changes.ts";
import {
  behindGuard,
  callRoute,
  formPost,
  type routeContext,
  signedUpAccount,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { action, loader } from "./categories.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: string;
let member: string;

const account = (name: string, email: string) => signedUpAccount(s, name, email);

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  const a = await account("Morgan Boss", "boss@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, a.id));
  admin = a.cookie;
  member = (await account("Dana Whitfield", "dana@example.com")).cookie;
});
afterAll(() => t.close());

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);

const list = (cookie: string) => {
  const request = new Request(`${TEST_ORIGIN}/admin/categories`, { headers: { cookie } });
  return guarded(request, (context) => callRoute(loader, { request, context }));
};
const post = (cookie: string, fields: Record<string, string>) => {
  const request = formPost("/admin/categories", fields, { cookie });
  return guarded(request, (context) => callRoute(action, { request, context }));
};

type Listed = {
  categories: { id: string; name: string; slug: string; inUse: string | null; territoryLinks: number }[];
  keywords: { id: string; keywordText: string }[];
};

describe("/admin/categories", () => {
  it("sends a non-administrator to /dashboard from the loader and every action, writing nothing", async () => {
    const r = await list(member);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/dashboard");
    const posts: Record<string, string>[] = [
      { intent: "save-category", name: "#SNEAK", slug: "hash-sneak", categoryType: "standard" },
      { intent: "save-keyword", keywordText: "sneaky", multiplier: "9" },
    ];
    for (const fields of posts) {
      const a = await post(member, fields);
      expect(a.status).toBe(302);
      expect(a.headers.get("location")).toBe("/dashboard");
      expect(a.dropped).toEqual([]);
    }
    expect(await t.db.select().from(categories).where(eq(categories.slug, "hash-sneak"))).toEqual([]);
    expect(await t.db.select().from(specialPricingKeywords)).toEqual([]);
  });

  it("creates, updates and deletes a category with the spec's toasts, dropping the catalogue pages each time", async () => {
    const created = await post(admin, {
      intent: "save-category",
      name: "#ROOF",
      slug: "hash-roof",
      categoryType: "standard",
      feePercentageOfBase: "85",
    });
    expect(created.body).toEqual({
      ok: true,
      title: "Category created",
      message: "#ROOF has been successfully saved.",
    });
    expect(created.dropped).toEqual([[CHANGE.catalog]]);
    const { categories: rows } = (await list(admin)).body as Listed;
    const roof = rows.find((c) => c.slug === "hash-roof")!;
    expect(roof).toMatchObject({ name: "#ROOF", inUse: null, territoryLinks: 0 });

    const updated = await post(admin, {
      intent: "save-category",
      id: roof.id,
      name: "#ROOFING",
      slug: "changed",
      categoryType: "standard",
    });
    expect(updated.body).toEqual({
      ok: true,
      title: "Category updated",
      message: "#ROOFING has been successfully saved.",
    });
    const [row] = await t.db.select().from(categories).where(eq(categories.id, roof.id));
    expect(row).toMatchObject({ name: "#ROOFING", slug: "hash-roof", feePercentageOfBase: null });

    const deleted = await post(admin, { intent: "delete-category", id: roof.id });
    expect(deleted.body).toEqual({ ok: true, title: "Category deleted", message: "#ROOFING has been deleted." });
    expect(deleted.dropped).toEqual([[CHANGE.catalog]]);
  });

  it("answers a taken slug as a field error with the typed values kept, dropping nothing", async () => {
    await post(admin, { intent: "save-category", name: "#MOVE", slug: "hash-move", categoryType: "standard" });
    const r = await post(admin, {
      intent: "save-category",
      name: "#MOVERS",
      slug: "hash-move",
      categoryType: "standard",
      description: "Typed text",
    });
    expect(r.status).toBe(400);
    const body = r.body as { ok: boolean; title: string; result: { error: object; initialValue: object } };
    expect(body).toMatchObject({ ok: false, title: CATEGORY_TEXT.errorCreating });
    expect(body.result.error).toEqual({ slug: ["The slug “hash-move” is already used by #MOVE. Choose another."] });
    expect(body.result.initialValue).toMatchObject({ name: "#MOVERS", description: "Typed text" });
    expect(r.dropped).toEqual([]);
  });

  it("refuses to delete a category a licence names, with the reason, and says so in the list", async () => {
    await post(admin, { intent: "save-category", name: "#LAW", slug: "hash-law", categoryType: "standard" });
    const [law] = await t.db.select().from(categories).where(eq(categories.slug, "hash-law"));
    await seedLicence(t.db, await seedTerritory(t.db), law!.id);
    const listed = ((await list(admin)).body as Listed).categories.find((c) => c.id === law!.id);
    expect(listed?.inUse).toBe("1 license");
    const r = await post(admin, { intent: "delete-category", id: law!.id });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      ok: false,
      title: "Error deleting category",
      message: CATEGORY_TEXT.inUse("#LAW", "1 license"),
    });
    expect(r.dropped).toEqual([]);
    expect(await t.db.select().from(categories).where(eq(categories.id, law!.id))).toHaveLength(1);
  });

  it("adds, edits and deletes a keyword", async () => {
    const added = await post(admin, { intent: "save-keyword", keywordText: "Injury", multiplier: "1.5" });
    expect(added.body).toEqual({ ok: true, title: "Keyword created", message: "injury has been successfully saved." });
    const { keywords } = (await list(admin)).body as Listed;
    const injury = keywords.find((k) => k.keywordText === "injury")!;
    const edited = await post(admin, {
      intent: "save-keyword",
      id: injury.id,
      keywordText: "injury",
      multiplier: "1.6",
    });
    expect(edited.body).toMatchObject({ ok: true, title: "Keyword updated" });
    const gone = await post(admin, { intent: "delete-keyword", id: injury.id });
    expect(gone.body).toEqual({ ok: true, title: "Keyword deleted", message: "injury has been deleted." });
    expect(gone.dropped).toEqual([[CHANGE.catalog]]);
  });
});
