/**
 * /admin/content-editor through the admin guard with real sessions: a non-administrator is sent to /dashboard
 * before the loader or the action runs; an administrator gets the page filter and the items, a save drops the
 * cached public pages' content tag, and a refused add keeps the typed values and drops nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMiddleware } from "#server/auth/guards.ts";
import { editableContent, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
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
import { action, loader } from "./content-editor.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: string;
let member: string;
let introId: string;

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  const a = await signedUpAccount(s, "Morgan Boss", "boss@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, a.id));
  admin = a.cookie;
  member = (await signedUpAccount(s, "Dana Whitfield", "dana@example.com")).cookie;
  const [row] = await t.db
    .insert(editableContent)
    .values([
      { contentKey: "number_detail_intro", contentValue: "Intro", pageSlug: "number-detail" },
      { contentKey: "home_hero_title", contentValue: "Hello", pageSlug: "home" },
    ])
    .returning({ id: editableContent.id });
  introId = row!.id;
});
afterAll(() => t.close());

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);
const list = (cookie: string, search = "") => {
  const request = new Request(`${TEST_ORIGIN}/admin/content-editor${search}`, { headers: { cookie } });
  return guarded(request, (context) => callRoute(loader, { request, context }));
};
const post = (cookie: string, fields: Record<string, string>) => {
  const request = formPost("/admin/content-editor", fields, { cookie });
  return guarded(request, (context) => callRoute(action, { request, context }));
};

type Listed = { pages: string[]; items: { contentKey: string }[] };

describe("/admin/content-editor", () => {
  it("sends a non-administrator to /dashboard from the loader and the action, writing nothing", async () => {
    expect((await list(member)).headers.get("location")).toBe("/dashboard");
    const a = await post(member, { intent: "save-content", id: introId, contentValue: "Hacked" });
    expect(a.status).toBe(302);
    expect(a.headers.get("location")).toBe("/dashboard");
    expect(a.dropped).toEqual([]);
    const [row] = await t.db.select().from(editableContent).where(eq(editableContent.id, introId));
    expect(row!.contentValue).toBe("Intro");
  });

  it("lists by page with the page filter's choices", async () => {
    const all = (await list(admin)).body as Listed;
    expect(all.pages).toEqual(["home", "number-detail"]);
    expect(all.items.map((i) => i.contentKey)).toEqual(["home_hero_title", "number_detail_intro"]);
    const home = (await list(admin, "?pageSlug=home")).body as Listed;
    expect(home.items.map((i) => i.contentKey)).toEqual(["home_hero_title"]);
  });

  it("saves a value and drops the cached public pages' content", async () => {
    const r = await post(admin, { intent: "save-content", id: introId, contentValue: "New intro" });
    expect(r.body).toEqual({
      ok: true,
      title: "Content saved",
      message: "number_detail_intro is updated on the site.",
    });
    expect(r.dropped).toEqual([[CHANGE.siteText]]);
  });

  it("creates an item with the spec's toast; a taken key is a field error that keeps the typed values", async () => {
    const created = await post(admin, { intent: "create-content", contentKey: "Footer Note", contentValue: "Hi" });
    expect(created.body).toMatchObject({ ok: true, title: "Content item created successfully" });
    expect(created.dropped).toEqual([[CHANGE.siteText]]);
    const taken = await post(admin, { intent: "create-content", contentKey: "footer_note", contentValue: "Again" });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ ok: false, title: "Error creating content item" });
    const result = (taken.body as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
      .result;
    expect(result.error.contentKey?.[0]).toContain("already used");
    expect(result.initialValue.contentValue).toBe("Again");
    expect(taken.dropped).toEqual([]);
    const missing = await post(admin, { intent: "create-content", contentKey: "", contentValue: "" });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: "Content Key and Value are required." });
  });
});
