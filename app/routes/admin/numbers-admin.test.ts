/**
 * /admin/vanity-numbers and /admin/featured-numbers through the admin guard with real sessions: non-administrators
 * are sent to /dashboard before the loader or the action runs; an administrator's writes answer the toasts and
 * drop the cached catalogue pages; a refusal (bad fee, taken slug, number in use) keeps the typed values and drops
 * nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURED_TEXT, VANITY_TEXT } from "#kernel/schemas/numbers-admin.ts";
import { adminMiddleware } from "#server/auth/guards.ts";
import { featuredNumbers, territoryVanityNumbers, user, vanityNumbers } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { seedTerritory } from "#server/domain/catalogue/test-fixtures.ts";
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
import * as featured from "./featured-numbers.tsx";
import * as vanity from "./vanity-numbers.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  const a = await signedUpAccount(s, "Morgan Boss", "boss@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, a.id));
  admin = a.cookie;
  member = (await signedUpAccount(s, "Dana Whitfield", "dana@example.com")).cookie;
});
afterAll(() => t.close());

type Mod = { loader: (args: never) => Promise<unknown>; action: (args: never) => Promise<unknown> };
const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);
const list = (mod: Mod, path: string, cookie: string) => {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
  return guarded(request, (context) => callRoute(mod.loader, { request, context }));
};
const post = (mod: Mod, path: string, cookie: string, fields: Record<string, string>) => {
  const request = formPost(path, fields, { cookie });
  return guarded(request, (context) => callRoute(mod.action, { request, context }));
};
const V = "/admin/vanity-numbers";
const F = "/admin/featured-numbers";

describe("the guard", () => {
  it("sends a non-administrator to /dashboard from both loaders and actions, writing nothing", async () => {
    for (const [mod, path] of [
      [vanity, V],
      [featured, F],
    ] as const) {
      const r = await list(mod, path, member);
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/dashboard");
    }
    const a = await post(vanity, V, member, { intent: "save-vanity", numberText: "1-800-SNEAK", status: "available" });
    expect(a.headers.get("location")).toBe("/dashboard");
    const b = await post(featured, F, member, { intent: "save-featured", numberText: "#SNEAK", type: "poundcode" });
    expect(b.headers.get("location")).toBe("/dashboard");
    expect(await t.db.$count(vanityNumbers)).toBe(0);
    expect(await t.db.$count(featuredNumbers)).toBe(0);
  });
});

describe("/admin/vanity-numbers", () => {
  it("adds with fees in cents, refuses bad input keeping the values, refuses deleting a held number", async () => {
    const created = await post(vanity, V, admin, {
      intent: "save-vanity",
      numberText: "1-800-ROUTE-IT",
      status: "available",
      monthlyFee: "149.95",
      licenseeId: "none",
    });
    expect(created.body).toEqual({ ok: true, ...VANITY_TEXT.created("1-800-ROUTE-IT") });
    expect(created.dropped).toEqual([[CHANGE.catalog]]);
    const [row] = await t.db.select().from(vanityNumbers).where(eq(vanityNumbers.numberText, "1-800-ROUTE-IT"));
    expect(row).toMatchObject({ monthlyFeeCents: 14_995, licenseeId: null, slug: "1-800-route-it" });

    const bad = await post(vanity, V, admin, {
      intent: "save-vanity",
      numberText: "1-800-OTHER",
      slug: "1-800-route-it",
      status: "available",
      notes: "Typed text",
    });
    expect(bad.status).toBe(400);
    const body = bad.body as { result: { error: object; initialValue: object } };
    expect(body.result.error).toEqual({ slug: [VANITY_TEXT.slugTaken("1-800-route-it")] });
    expect(body.result.initialValue).toMatchObject({ notes: "Typed text" });
    expect(bad.dropped).toEqual([]);

    const territoryId = await seedTerritory(t.db);
    await t.db.insert(territoryVanityNumbers).values({ territoryId, vanityNumberId: row!.id, status: "licensed" });
    const refused = await post(vanity, V, admin, { intent: "delete-vanity", id: row!.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, title: VANITY_TEXT.errorDeleting });
    expect(refused.dropped).toEqual([]);
    await t.db.delete(territoryVanityNumbers).where(eq(territoryVanityNumbers.vanityNumberId, row!.id));
    const gone = await post(vanity, V, admin, { intent: "delete-vanity", id: row!.id });
    expect(gone.body).toEqual({ ok: true, ...VANITY_TEXT.deleted("1-800-ROUTE-IT") });
    expect(gone.dropped).toEqual([[CHANGE.catalog]]);
  });
});

describe("/admin/featured-numbers", () => {
  it("adds, toggles and deletes with the spec's toasts, dropping the catalogue pages each time", async () => {
    const created = await post(featured, F, admin, {
      intent: "save-featured",
      numberText: "#4ROUTE",
      type: "poundcode",
      isActive: "on",
    });
    expect(created.body).toEqual({ ok: true, ...FEATURED_TEXT.created("#4ROUTE") });
    expect(created.dropped).toEqual([[CHANGE.catalog]]);
    const listed = (await list(featured, F, admin)).body as { numbers: { id: string; displayOrder: number }[] };
    const id = listed.numbers[0]!.id;
    expect(listed.numbers[0]!.displayOrder).toBe(0);
    const toggled = await post(featured, F, admin, { intent: "toggle-featured", id });
    expect(toggled.body).toMatchObject({ ok: true, title: "Number status updated" });
    expect(toggled.dropped).toEqual([[CHANGE.catalog]]);
    const gone = await post(featured, F, admin, { intent: "delete-featured", id });
    expect(gone.body).toMatchObject({ ok: true, title: "Number deleted successfully" });
    const again = await post(featured, F, admin, { intent: "toggle-featured", id });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ ok: false, title: "Error updating status" });
    expect(again.dropped).toEqual([]);
  });
});
