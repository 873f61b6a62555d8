/**
 * /admin/territories and /admin/territories/{id} through the admin guard with real sessions: non-administrators
 * are sent to /dashboard before any loader or action runs; an administrator gets the list and the territory, and
 * each write answers its toast and drops the cached catalogue pages, while the preview and refusals drop nothing.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TERRITORY_ADMIN_TEXT } from "#kernel/schemas/territories-admin.ts";
import { adminMiddleware } from "#server/auth/guards.ts";
import { categories, territories, territoryCategories, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { seedLicence, seedTerritory } from "#server/domain/catalogue/test-fixtures.ts";
import { pairChanged, territoryChanged } from "#server/domain/changes.ts";
import {
  behindGuard,
  callRoute,
  formPost,
  type routeContext,
  signedUpAccount,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { action as listAction, loader as listLoader } from "./territories.tsx";
import { action, loader } from "./territory.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: string;
let member: string;
let territoryId: string;
let law: string;

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  const a = await signedUpAccount(s, "Morgan Boss", "boss@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, a.id));
  admin = a.cookie;
  member = (await signedUpAccount(s, "Dana Whitfield", "dana@example.com")).cookie;
  territoryId = await seedTerritory(t.db);
  const [c] = await t.db
    .insert(categories)
    .values({ name: "#4LAW", slug: "hash-4law", feePercentageOfBase: 100 })
    .returning({ id: categories.id });
  law = c!.id;
});
afterAll(() => t.close());

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);

const getList = (cookie: string) => {
  const request = new Request(`${TEST_ORIGIN}/admin/territories`, { headers: { cookie } });
  return guarded(request, (context) => callRoute(listLoader, { request, context }));
};
const postList = (cookie: string, fields: Record<string, string>) => {
  const request = formPost("/admin/territories", fields, { cookie });
  return guarded(request, (context) => callRoute(listAction, { request, context }));
};
const getOne = (cookie: string, id = territoryId) => {
  const request = new Request(`${TEST_ORIGIN}/admin/territories/${id}`, { headers: { cookie } });
  return guarded(request, (context) => callRoute(loader, { request, context, params: { territoryId: id } }));
};
const postOne = (cookie: string, fields: Record<string, string>) => {
  const request = formPost(`/admin/territories/${territoryId}`, fields, { cookie });
  return guarded(request, (context) => callRoute(action, { request, context, params: { territoryId } }));
};

const FEES = {
  baseMonthlyFee: "1000",
  baseSetupFee: "250",
  fullStateMonthlyFee: "",
  fullStateSetupFee: "",
  minimumMonthlyFee: "95",
  poundHelpMonthlyFee: "",
  poundLawMonthlyFee: "",
  poundEasyMonthlyFee: "",
  poundSsdiMonthlyFee: "",
  minutesMultiplier: "1",
  smsMultiplier: "1",
  webFormLeadMultiplier: "1",
  clickToCallLeadMultiplier: "1",
  clickToMessageLeadMultiplier: "1",
};

const stored = async () => (await t.db.select().from(territories).where(eq(territories.id, territoryId)))[0]!;

/** The URL slug of the test territory (what its pages are known by). */
async function slugOf(): Promise<string> {
  const [row] = await t.db.select({ slug: territories.slug }).from(territories).where(eq(territories.id, territoryId));
  return row!.slug;
}

describe("/admin/territories", () => {
  it("sends a non-administrator to /dashboard from every loader and action, writing nothing", async () => {
    for (const r of [
      await getList(member),
      await getOne(member),
      await postList(member, { intent: "toggle", territoryId }),
      await postOne(member, { intent: "save-fees", ...FEES, baseMonthlyFee: "1" }),
      await postOne(member, { intent: "set-category-status", categoryId: law, status: "licensed" }),
      await postOne(member, { intent: "toggle" }),
    ]) {
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/dashboard");
      expect(r.dropped).toEqual([]);
    }
    expect(await stored()).toMatchObject({ status: "available", baseMonthlyFeeCents: 0 });
  });

  it("lists territories for an administrator and toggles Hide/Show, dropping the territory's pages", async () => {
    const r = await getList(admin);
    expect(r.status).toBe(200);
    expect((r.body as { territories: { id: string }[] }).territories.map((x) => x.id)).toContain(territoryId);
    // A row carries what it shows: the held categories by name, the rest counted; no category ids, slug or population.
    await t.db.insert(territoryCategories).values({ territoryId, categoryId: law, status: "licensed" });
    const row = ((await getList(admin)).body as { territories: Record<string, unknown>[] }).territories.find(
      (x) => x.id === territoryId,
    );
    expect(row?.categories).toEqual({ held: [{ name: "#4LAW", status: "licensed" }], moreHeld: 0, available: 0 });
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ["baseMonthlyFeeCents", "categories", "id", "name", "portion", "state", "status"].sort(),
    );
    await t.db.delete(territoryCategories).where(eq(territoryCategories.territoryId, territoryId));
    // A shown territory (whatever its status) is hidden, then shown again as active.
    expect((await stored()).status).not.toBe("inactive");
    const hidden = await postList(admin, { intent: "toggle", territoryId });
    expect(hidden.body).toMatchObject({ ok: true, title: "Territory hidden" });
    expect(hidden.dropped).toEqual([territoryChanged(await slugOf())]);
    expect((await stored()).status).toBe("inactive");
    const shown = await postList(admin, { intent: "toggle", territoryId });
    expect(shown.body).toMatchObject({ ok: true, title: "Territory shown" });
    expect((await stored()).status).toBe("active");
  });

  it("answers an unknown territory with the spec's loading error, never a 500", async () => {
    const r = await getOne(admin, "00000000-0000-4000-8000-000000000000");
    expect(r.status).toBe(404);
    const bad = await postList(admin, { intent: "toggle", territoryId: "not-an-id" });
    expect(bad.status).toBe(400);
    expect(bad.dropped).toEqual([]);
  });
});

describe("/admin/territories/{id}", () => {
  it("previews typed fees without saving or dropping anything", async () => {
    const r = await postOne(admin, { intent: "preview", ...FEES, baseMonthlyFee: "2000" });
    expect(r.dropped).toEqual([]);
    const preview = (r.body as { preview: { rows: { key: string; finalMonthlyCents: number }[] } }).preview;
    expect(preview.rows.find((x) => x.key === law)?.finalMonthlyCents).toBe(200_000);
    expect((await stored()).baseMonthlyFeeCents).toBe(0);
  });

  it("saves fees in cents with a flash toast and drops the territory's pages", async () => {
    const r = await postOne(admin, { intent: "save-fees", ...FEES, baseMonthlyFee: "1,500.25" });
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe(`/admin/territories/${territoryId}`);
    expect(r.dropped).toEqual([territoryChanged(await slugOf())]);
    expect((await stored()).baseMonthlyFeeCents).toBe(150_025);
    const page = await getOne(admin);
    expect((page.body as { defaults: { baseMonthlyFee: string } }).defaults.baseMonthlyFee).toBe("1500.25");
  });

  it("keeps typed values and field errors on bad fees, dropping nothing", async () => {
    const r = await postOne(admin, { intent: "save-fees", ...FEES, baseSetupFee: "ten dollars" });
    expect(r.status).toBe(400);
    expect(r.dropped).toEqual([]);
    expect(r.body).toMatchObject({
      ok: false,
      title: TERRITORY_ADMIN_TEXT.errorUpdatingFees,
      result: { initialValue: { baseSetupFee: "ten dollars" }, error: { baseSetupFee: [expect.any(String)] } },
    });
  });

  it("sets a category status, and refuses freeing a licensed pair with the clear message", async () => {
    const ok = await postOne(admin, { intent: "set-category-status", categoryId: law, status: "negotiations" });
    expect(ok.body).toMatchObject({
      ok: true,
      title: "Status updated",
      message: `#4LAW in ${(await stored()).name} is now in negotiations.`,
    });
    expect(ok.dropped).toEqual([pairChanged("hash-4law", await slugOf())]);
    await postOne(admin, { intent: "set-category-status", categoryId: law, status: "licensed" });
    await seedLicence(t.db, territoryId, law);
    const refused = await postOne(admin, { intent: "set-category-status", categoryId: law, status: "available" });
    expect(refused.status).toBe(409);
    expect(refused.dropped).toEqual([]);
    expect(refused.body).toMatchObject({ ok: false, title: "Error updating status" });
    expect((refused.body as { message: string }).message).toContain("has an active license");
    const [row] = await t.db
      .select({ status: territoryCategories.status })
      .from(territoryCategories)
      .where(and(eq(territoryCategories.territoryId, territoryId), eq(territoryCategories.categoryId, law)));
    expect(row!.status).toBe("licensed");
  });
});
