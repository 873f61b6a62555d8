/**
 * The firm's landing-page editor as React Router calls it: behind the portal guard, with a real session, the form
 * posted multipart with its logo. LANDING_PAGE_APPROVAL decides whether the changes wait or go live.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalMiddleware } from "#server/auth/guards.ts";
import { dynamicPageRevisions, dynamicPages, licensees, territoryLicenses, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { createDynamicPage } from "#server/domain/landing-pages/admin.ts";
import { fileOf, HTML_BYTES, pngBytes } from "#server/domain/profile/test-fixtures.ts";
import { seedCategory, seedTerritory } from "#server/domain/reservations/test-fixtures.ts";
import {
  answerOf,
  callRoute,
  routeContext,
  runMiddleware,
  signUpAndSignIn,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { loader as mediaLoader } from "../resources/media.tsx";
import { action, loader } from "./page-content.tsx";

type Services = Awaited<ReturnType<typeof testServices>>;
let t: TestDb;
let required: Services;
let direct: Services;

beforeAll(async () => {
  t = await createTestDb();
  required = await testServices(t, { RATE_LIMIT: "false" });
  direct = await testServices(t, { RATE_LIMIT: "false", LANDING_PAGE_APPROVAL: "off" });
});
afterAll(() => t.close());

let seq = 0;
/** A firm signed in, with an active #Code license and the page an administrator made for it. */
async function firm(s: Services) {
  seq += 1;
  const email = `firm${seq}-${Date.now()}@example.com`;
  const { cookie } = await signUpAndSignIn(s, {
    fullName: `Robin Firm${seq}`,
    email,
    password: "s3cure-pass-2026",
    ip: `192.0.2.${100 + seq}`,
  });
  const [u] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const [lic] = await t.db
    .insert(licensees)
    .values({ userId: u!.id, email, contactName: `Robin Firm${seq}`, companyName: `Firm ${seq} LLP` })
    .returning({ id: licensees.id });
  const territory = await seedTerritory(t.db);
  const category = await seedCategory(t.db);
  const [license] = await t.db
    .insert(territoryLicenses)
    .values({ licenseeId: lic!.id, territoryId: territory.id, categoryId: category.id, monthlyFeeCents: 50_000 })
    .returning({ id: territoryLicenses.id });
  const adminActor = { userId: u!.id, role: "admin" as const, ip: "198.51.100.1" };
  const made = await createDynamicPage(t.db, adminActor, {
    licenseeId: lic!.id,
    licenceId: license!.id,
    pageTitle: null,
  });
  return { cookie, userId: u!.id, pageId: made.id };
}

async function guarded(s: Services, request: Request, fn: (args: never) => unknown) {
  const context = routeContext(s);
  let out: unknown;
  try {
    out = await runMiddleware(portalMiddleware, { request, context }, async () => {
      out = await callRoute(fn, { request, context });
      return out as Response;
    });
  } catch (err) {
    if (err instanceof Response) return answerOf(err);
    throw err;
  }
  return answerOf(out);
}

function propose(cookie: string, pageId: string, fields: Record<string, string>, logo?: File) {
  const body = new FormData();
  body.set("intent", "propose");
  body.set("pageId", pageId);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set("logoFile", logo ?? new File([], "", { type: "application/octet-stream" }));
  return new Request(`${TEST_ORIGIN}/dashboard/page-content`, {
    method: "POST",
    headers: { cookie, origin: TEST_ORIGIN },
    body,
  });
}

const COMPLETE = {
  businessNameOnPage: "Firm Legal Group",
  companyDescription: "We answer every call.",
  areasOfLaw: "Family Law\nDivorce",
  accent: "sky",
  "reviews[0].quote": "Calm and clear.",
  "reviews[0].author": "K. L.",
  "officeLocations[0].name": "Main office",
  "officeLocations[0].hours": "Mon–Fri 9–5",
};

async function media(s: Services, url: string) {
  const [, , area, owner, file] = url.split("/");
  return (await callRoute(mediaLoader, {
    request: new Request(`${TEST_ORIGIN}${url}`),
    context: routeContext(s),
    params: { area: area!, owner: owner!, file: file! },
  })) as Response;
}

describe("/dashboard/page-content", () => {
  it("with approval off, publishes every field and the uploaded logo at once; the logo is public", async () => {
    const f = await firm(direct);
    const r = await guarded(
      direct,
      propose(f.cookie, f.pageId, COMPLETE, fileOf(await pngBytes(), "logo.png")),
      action,
    );
    expect(r.status).toBe(302);
    const [page] = await t.db.select().from(dynamicPages).where(eq(dynamicPages.id, f.pageId));
    expect(page).toMatchObject({
      businessNameOnPage: "Firm Legal Group",
      areasOfLaw: ["Family Law", "Divorce"],
      accent: "sky",
      reviews: [{ quote: "Calm and clear.", author: "K. L." }],
    });
    expect(page!.lawFirmLogoUrl).toMatch(new RegExp(`^/media/page_logos/${f.userId}/`));
    const res = await media(direct, page!.lawFirmLogoUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public/);

    const data = (await guarded(
      direct,
      new Request(`${TEST_ORIGIN}/dashboard/page-content`, { headers: { cookie: f.cookie } }),
      loader,
    )) as {
      body: { approval: string; pages: { missing: string[]; pending: unknown }[] };
    };
    expect(data.body.approval).toBe("off");
    expect(data.body.pages[0]).toMatchObject({ missing: [], pending: null });
  });

  it("with approval required, the changes wait and the page is unchanged", async () => {
    const f = await firm(required);
    const r = await guarded(required, propose(f.cookie, f.pageId, COMPLETE), action);
    expect(r.status).toBe(302);
    const [page] = await t.db.select().from(dynamicPages).where(eq(dynamicPages.id, f.pageId));
    expect(page!.businessNameOnPage).toBeNull();
    const revs = await t.db.select().from(dynamicPageRevisions).where(eq(dynamicPageRevisions.dynamicPageId, f.pageId));
    expect(revs.map((x) => x.status)).toEqual(["pending"]);
  });

  it("refuses a file that is not an image with the product's message, and records nothing", async () => {
    const f = await firm(direct);
    const r = await guarded(direct, propose(f.cookie, f.pageId, COMPLETE, fileOf(HTML_BYTES, "logo.png")), action);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(JSON.stringify(r.body)).toMatch(/PNG, JPEG or GIF|image/i);
    const [page] = await t.db.select().from(dynamicPages).where(eq(dynamicPages.id, f.pageId));
    expect(page!.businessNameOnPage).toBeNull();
  });

  it("answers 404 for another firm's page", async () => {
    const a = await firm(required);
    const b = await firm(required);
    const r = await guarded(required, propose(a.cookie, b.pageId, COMPLETE), action);
    expect(r.status).toBe(404);
  });
});
