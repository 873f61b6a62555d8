/**
 * The number page on the HTTP app's own wiring (page cache, catalogue read models, invalidation), with the real
 * loader and the real admin territory action behind the admin guard in place of the React Router handler:
 * - the loader's territories are a read model kept between requests (a change behind the app's back is not seen);
 * - an administrator's price change through /admin/territories/{id} shows on the very next request;
 * - a number page sends each territory without per-category rows; the all-numbers view sends the first page of its
 *   #Code picker (a chosen #Code's rows come from /resources/territories).
 */
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PackedTerritories, unpackTerritories } from "#app/components/territories/index.ts";
import type { CodePickerPage, TerritoryView } from "#kernel/catalogue.ts";
import { adminMiddleware } from "#server/auth/guards.ts";
import { categories, territories, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { seedTerritory } from "#server/domain/catalogue/test-fixtures.ts";
import { territoryViews } from "#server/domain/read-models/catalogue-views.ts";
import { createHttpApp } from "#server/http/app.ts";
import { testBuild } from "#server/http/test-routes.ts";
import { callRoute, runMiddleware, signedUpAccount, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { action as territoryAction } from "../admin/territory.tsx";
import { loader } from "./number.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: string;
let territoryId: string;

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

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  const a = await signedUpAccount(s, "Morgan Boss", "boss@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, a.id));
  admin = a.cookie;
  territoryId = await seedTerritory(t.db);
  await t.db.insert(categories).values({ name: "#4LAW", slug: "hash-4law", feePercentageOfBase: 100 });
});
afterAll(() => t.close());

/** The app with the route modules under test standing in for React Router's handler. */
function appWithRoutes() {
  const requestHandler = async (request: Request, context: RouterContextProvider) => {
    const url = new URL(request.url);
    const admin = /^\/admin\/territories\/([^/]+)$/.exec(url.pathname);
    if (admin && request.method === "POST") {
      let out: unknown;
      await runMiddleware(adminMiddleware, { request, context }, async () => {
        out = await callRoute(territoryAction, { request, context, params: { territoryId: admin[1]! } });
        return new Response(null);
      });
      return out instanceof Response ? out : Response.json(out);
    }
    const numberId = /^\/number\/([^/]+)$/.exec(url.pathname)?.[1] ?? "";
    const data = await callRoute(loader, { request, context, params: { numberId } });
    return Response.json(data);
  };
  return createHttpApp({
    services: s,
    mode: "production",
    build: testBuild({}),
    requestHandler,
  });
}

type Page = { territories: PackedTerritories; codePicker?: CodePickerPage | null };
/** The seeded territory on a page, which knows territories by slug (packed.ts). */
const mine = async (page: Page) => {
  const [row] = await t.db.select({ slug: territories.slug }).from(territories).where(eq(territories.id, territoryId));
  return unpackTerritories(page.territories).find((x) => x.id === row!.slug)!;
};

describe("/number/{code} on the app's read models", () => {
  it("keeps the catalogue between requests and shows an administrator's price change at once", async () => {
    const app = appWithRoutes();
    // A signed-in visitor: never from the page cache, so what shows is the read model's.
    const get = async () =>
      (await (await app.request("/number/hash-4law", { headers: { cookie: admin } })).json()) as Page;
    const post = (fields: Record<string, string>) =>
      app.request(`/admin/territories/${territoryId}`, {
        method: "POST",
        headers: { cookie: admin, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });

    expect((await post({ intent: "save-fees", ...FEES, baseMonthlyFee: "1,000" })).status).toBe(302);
    const before = (await mine(await get())).pricing.categoryQuote!.finalMonthlyCents;
    expect(before).toBe(100_000);

    // Behind the app's back (no invalidation): the kept read model still answers.
    await t.db.update(territories).set({ baseMonthlyFeeCents: 123_400 }).where(eq(territories.id, territoryId));
    expect((await mine(await get())).pricing.categoryQuote!.finalMonthlyCents).toBe(before);

    // Through the admin screen: the next request shows the new price.
    expect((await post({ intent: "save-fees", ...FEES, baseMonthlyFee: "1,500.25" })).status).toBe(302);
    expect((await mine(await get())).pricing.categoryQuote!.finalMonthlyCents).toBe(150_025);
    app.close();
  });

  it("sends a number page's territories packed, without per-category rows", async () => {
    const app = appWithRoutes();
    const page = (await (await app.request("/number/hash-4law", { headers: { cookie: admin } })).json()) as Page;
    const shown: TerritoryView[] = unpackTerritories(page.territories);
    expect(shown.length).toBeGreaterThan(0);
    for (const x of shown) expect(x.categories).toEqual([]);
    // Unpacked in the browser, they are the read model's views exactly, each known by its slug (packed.ts).
    const [law] = await t.db.select().from(categories).where(eq(categories.slug, "hash-4law"));
    const views = await territoryViews(t.db, {
      kind: "poundcode",
      categoryId: law!.id,
      name: law!.name,
      slug: law!.slug,
      description: law!.description,
    });
    expect(shown).toEqual(views.map((v) => ({ ...v, id: v.slug })));
    const all = (await (await app.request("/number/all-numbers", { headers: { cookie: admin } })).json()) as Page;
    // The all-numbers view too: each territory's overall status, and the picker's first page of #Codes.
    expect(unpackTerritories(all.territories).every((x) => x.categories.length === 0)).toBe(true);
    expect(all.codePicker?.items.map((c) => c.name)).toContain("#4LAW");
    expect(all.codePicker?.items.length).toBeLessThanOrEqual(all.codePicker?.pageSize ?? 0);
    app.close();
  });
});
