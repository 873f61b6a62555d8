/**
 * /admin/faq through the admin guard with real sessions: a non-administrator is sent to /dashboard before the loader
 * or the action runs; an administrator's writes answer the spec's toasts and drop the cached public pages' content
 * tag; a refusal drops nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMiddleware } from "#server/auth/guards.ts";
import { faqItems, user } from "#server/db/schema/index.ts";
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
import { action, loader } from "./faq.tsx";

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

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);
const list = (cookie: string, search = "") => {
  const request = new Request(`${TEST_ORIGIN}/admin/faq${search}`, { headers: { cookie } });
  return guarded(request, (context) => callRoute(loader, { request, context }));
};
const post = (cookie: string, fields: Record<string, string>) => {
  const request = formPost("/admin/faq", fields, { cookie });
  return guarded(request, (context) => callRoute(action, { request, context }));
};

type Listed = { total: number; published: number; items: { id: string; question: string; isPublished: boolean }[] };

describe("/admin/faq", () => {
  it("sends a non-administrator to /dashboard from the loader and the action, writing nothing", async () => {
    expect((await list(member)).headers.get("location")).toBe("/dashboard");
    const a = await post(member, { intent: "save-faq", question: "Sneaky?", answer: "x" });
    expect(a.headers.get("location")).toBe("/dashboard");
    expect(a.dropped).toEqual([]);
    expect(await t.db.$count(faqItems)).toBe(0);
  });

  it("creates, unpublishes and deletes with the spec's toasts, dropping the public content each time", async () => {
    const created = await post(admin, {
      intent: "save-faq",
      question: "Is it live?",
      answer: "Yes.",
      category: "Billing",
      isPublished: "on",
    });
    expect(created.body).toEqual({ ok: true, title: "FAQ Created", message: "“Is it live?” has been saved." });
    expect(created.dropped).toEqual([[CHANGE.faq]]);
    const { items } = (await list(admin)).body as Listed;
    const id = items[0]!.id;

    const hidden = await post(admin, { intent: "publish-faq", id, publish: "false" });
    expect(hidden.body).toMatchObject({ ok: true, title: "FAQ Updated" });
    expect(hidden.dropped).toEqual([[CHANGE.faq]]);
    expect((await list(admin, "?status=draft")).body).toMatchObject({ total: 1, published: 0 });

    const updated = await post(admin, { intent: "save-faq", id, question: "Is it live now?", answer: "Yes." });
    expect(updated.body).toEqual({ ok: true, title: "FAQ Updated", message: "“Is it live now?” has been saved." });

    const deleted = await post(admin, { intent: "delete-faq", id });
    expect(deleted.body).toEqual({ ok: true, title: "FAQ Deleted", message: "“Is it live now?” has been deleted." });
    expect(deleted.dropped).toEqual([[CHANGE.faq]]);

    const again = await post(admin, { intent: "delete-faq", id });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ ok: false, title: "Error deleting FAQ" });
    expect(again.dropped).toEqual([]);
  });

  it("refuses a missing question and answer with the typed values kept", async () => {
    const r = await post(admin, { intent: "save-faq", question: "", answer: "", category: "Kept" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, message: "Question is required." });
    expect(r.dropped).toEqual([]);
  });
});
