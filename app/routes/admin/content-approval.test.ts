/**
 * Landing pages through the guards with real sessions: an administrator creates a page from a licensee's active
 * licence and saves it (each drops the cached content pages); the licensee proposes new text from
 * /dashboard/page-content; another licensee's post for that page is refused with 404; the administrator approves
 * at /admin/content-approval, which drops the cached pages and the page shows the text. Non-administrators are
 * sent to /dashboard from the admin screens.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMiddleware, portalMiddleware } from "#server/auth/guards.ts";
import { dynamicPages, licensees, territoryLicenses, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { CHANGE } from "#server/domain/changes.ts";
import { seedCategory, seedTerritory } from "#server/domain/reservations/test-fixtures.ts";
import {
  behindGuard,
  callRoute,
  formPost,
  type routeContext,
  signedUpAccount,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { action as pageContentAction, loader as pageContentLoader } from "../portal/page-content.tsx";
import { action as approvalAction, loader as approvalLoader } from "./content-approval.tsx";
import { action as pageAction } from "./dynamic-page.tsx";
import { action as listAction, loader as listLoader } from "./dynamic-pages.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: { cookie: string; id: string };
let dana: { cookie: string; id: string; email: string };
let other: { cookie: string; id: string; email: string };
let danaLicensee: string;
let licenceId: string;

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  admin = await signedUpAccount(s, "Morgan Boss", "boss-pages@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
  dana = await signedUpAccount(s, "Dana Whitfield", "dana-pages@example.com");
  other = await signedUpAccount(s, "Lee Other", "lee-pages@example.com");
  const [a] = await t.db
    .insert(licensees)
    .values({ userId: dana.id, email: dana.email, companyName: "Whitfield Injury Law", contactName: "Dana Whitfield" })
    .returning({ id: licensees.id });
  await t.db.insert(licensees).values({ userId: other.id, email: other.email, companyName: "Other Law" });
  danaLicensee = a!.id;
  const territory = await seedTerritory(t.db, { name: "Route Test Georgia" });
  const category = await seedCategory(t.db, "#ROUTELAW");
  const [l] = await t.db
    .insert(territoryLicenses)
    .values({ licenseeId: danaLicensee, territoryId: territory.id, categoryId: category.id, monthlyFeeCents: 50_000 })
    .returning({ id: territoryLicenses.id });
  licenceId = l!.id;
});
afterAll(() => t.close());

type Ctx = ReturnType<typeof routeContext>;
const asAdmin = (request: Request, fn: (c: Ctx) => Promise<unknown>) => behindGuard(s, adminMiddleware, request, fn);
const asPortal = (request: Request, fn: (c: Ctx) => Promise<unknown>) => behindGuard(s, portalMiddleware, request, fn);
const get = (path: string, cookie: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });

describe("landing pages through the routes", () => {
  let pageId = "";

  it("keeps non-administrators out of the admin screens", async () => {
    const r1 = await asAdmin(get("/admin/dynamic-pages", dana.cookie), (context) =>
      callRoute(listLoader, { request: get("/admin/dynamic-pages", dana.cookie), context }),
    );
    expect(r1.status).toBe(302);
    const req = formPost(
      "/admin/content-approval",
      { intent: "approve", revisionId: crypto.randomUUID() },
      {
        cookie: dana.cookie,
      },
    );
    const r2 = await asAdmin(req, (context) => callRoute(approvalAction, { request: req, context }));
    expect(r2.status).toBe(302);
    expect(r2.headers.get("location")).toBe("/dashboard");
  });

  it("creates a page from the licensee's active licence, then saves its fields", async () => {
    const list = get("/admin/dynamic-pages", admin.cookie);
    const loaded = await asAdmin(list, (context) => callRoute(listLoader, { request: list, context }));
    const choices = (loaded.body as { licensees: { value: string; pairs: { value: string }[] }[] }).licensees;
    expect(choices.find((c) => c.value === danaLicensee)?.pairs.map((p) => p.value)).toEqual([licenceId]);

    const create = formPost(
      "/admin/dynamic-pages",
      { intent: "create-page", licenseeId: danaLicensee, licenceId, pageTitle: "Dial #ROUTELAW" },
      { cookie: admin.cookie },
    );
    const made = await asAdmin(create, (context) => callRoute(listAction, { request: create, context }));
    expect(made.status).toBe(302);
    pageId = /\/admin\/dynamic-pages\/([0-9a-f-]{36})$/.exec(made.headers.get("location") ?? "")![1]!;
    expect(made.dropped).toEqual([[CHANGE.landingPages]]);

    const again = await asAdmin(create, (context) =>
      callRoute(listAction, {
        request: formPost(
          "/admin/dynamic-pages",
          { intent: "create-page", licenseeId: danaLicensee, licenceId, pageTitle: "" },
          { cookie: admin.cookie },
        ),
        context,
      }),
    );
    expect(again.status).toBe(409);
    expect(again.dropped).toEqual([]);

    const save = formPost(
      `/admin/dynamic-pages/${pageId}`,
      {
        intent: "save-page",
        pageTitle: "Dial #ROUTELAW",
        businessNameOnPage: "Whitfield Injury Law",
        services: "Free evaluation",
        yearsInBusiness: "-1",
      },
      { cookie: admin.cookie },
    );
    const refused = await asAdmin(save, (context) =>
      callRoute(pageAction, { request: save, context, params: { pageId } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.dropped).toEqual([]);
    const good = formPost(
      `/admin/dynamic-pages/${pageId}`,
      { intent: "save-page", pageTitle: "Dial #ROUTELAW", businessNameOnPage: "Whitfield Injury Law" },
      { cookie: admin.cookie },
    );
    const saved = await asAdmin(good, (context) =>
      callRoute(pageAction, { request: good, context, params: { pageId } }),
    );
    expect(saved.status).toBe(302);
    expect(saved.dropped).toEqual([[CHANGE.landingPages]]);
  });

  it("the licensee proposes, another licensee is refused, the administrator approves", async () => {
    const view = get("/dashboard/page-content", dana.cookie);
    const mine = await asPortal(view, (context) => callRoute(pageContentLoader, { request: view, context }));
    expect((mine.body as { pages: { id: string; editable: boolean }[] }).pages).toMatchObject([
      { id: pageId, editable: true },
    ]);
    const fields = {
      intent: "propose",
      pageId,
      pageTitle: "Injured? Dial #ROUTELAW",
      businessNameOnPage: "Whitfield Injury Law",
    };
    const hijack = formPost("/dashboard/page-content", fields, { cookie: other.cookie });
    const refused = await asPortal(hijack, (context) => callRoute(pageContentAction, { request: hijack, context }));
    expect(refused.status).toBe(404);

    const propose = formPost("/dashboard/page-content", fields, { cookie: dana.cookie });
    const sent = await asPortal(propose, (context) => callRoute(pageContentAction, { request: propose, context }));
    expect(sent.status).toBe(302);
    expect(sent.dropped).toEqual([]);

    const queue = get("/admin/content-approval", admin.cookie);
    const loaded = await asAdmin(queue, (context) => callRoute(approvalLoader, { request: queue, context }));
    const pending = (loaded.body as { pending: { id: string; pageId: string }[] }).pending;
    const revision = pending.find((p) => p.pageId === pageId)!;
    expect(revision).toBeTruthy();

    const approve = formPost(
      "/admin/content-approval",
      { intent: "approve", revisionId: revision.id },
      { cookie: admin.cookie },
    );
    const approved = await asAdmin(approve, (context) => callRoute(approvalAction, { request: approve, context }));
    expect(approved.body).toMatchObject({ ok: true, title: "Changes approved" });
    expect(approved.dropped).toEqual([[CHANGE.landingPages]]);
    const [page] = await t.db.select().from(dynamicPages).where(eq(dynamicPages.id, pageId));
    expect(page!.pageTitle).toBe("Injured? Dial #ROUTELAW");
  });
});
