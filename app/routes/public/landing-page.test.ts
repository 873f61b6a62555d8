/**
 * The licensee landing page route: the view for a served page, the spec's 404s, and the lead form (a submission
 * for the licensee and an email to them, or the product's refusals with nothing written).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, formSubmissions, licensees } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { seedLandingPage } from "#server/domain/landing-pages/test-fixtures.ts";
import { consumeFlash } from "#server/web/flash.ts";
import { answerOf, callRoute, formPost, routeContext, TEST_ORIGIN, testServices } from "#server/web/test-support.ts";
import { action, loader } from "./landing-page.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
});
afterAll(() => t.close());

let ipSeq = 0;
const load = (poundCode: string, territorySlug: string) =>
  callRoute(loader, {
    request: new Request(`${TEST_ORIGIN}/p/${poundCode}/${territorySlug}`),
    context: routeContext(s),
    params: { poundCode, territorySlug },
  }).then(answerOf, answerOf);
const submit = (
  poundCode: string,
  territorySlug: string,
  fields: Record<string, string>,
  ip = `198.51.100.${++ipSeq}`,
) =>
  callRoute(action, {
    request: formPost(`/p/${poundCode}/${territorySlug}`, fields),
    context: routeContext(s, ip),
    params: { poundCode, territorySlug },
  }).then(answerOf);

const lead = {
  name: "Tanya Whitaker",
  email: "tanya@example.com",
  phone: "(678) 555-0117",
  message: "Please call me.",
};

describe("the landing page loader", () => {
  it("answers the page's view", async () => {
    await seedLandingPage(t.db, { territoryName: "Route Georgia" });
    const r = await load("4law", "route-georgia");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      view: { path: "/p/4law/route-georgia", poundCode: "#4LAW", businessName: "Whitfield Injury Law" },
    });
  });

  it("answers 404 with the spec's texts", async () => {
    const noTerritory = await load("4law", "no-such-territory");
    expect(noTerritory).toMatchObject({ status: 404, body: { message: "Territory not found." } });
    await seedLandingPage(t.db, { territoryName: "Route Alabama" });
    const noPage = await load("ssdi", "route-alabama");
    expect(noPage).toMatchObject({
      status: 404,
      body: { message: "Page content not found for this territory and Poundcode combination." },
    });
  });

  it("answers 404 once the licensee is deactivated", async () => {
    const { licensee } = await seedLandingPage(t.db, { territoryName: "Route Texas" });
    expect((await load("4law", "route-texas")).status).toBe(200);
    await t.db.update(licensees).set({ status: "inactive" }).where(eq(licensees.id, licensee.id));
    expect(await load("4law", "route-texas")).toMatchObject({
      status: 404,
      body: { message: "Page content not found for this territory and Poundcode combination." },
    });
  });
});

describe("the lead form action", () => {
  it("records a submission for the licensee, emails them, and redirects with the toast", async () => {
    const { licensee } = await seedLandingPage(t.db, { territoryName: "Route Florida" });
    const r = await submit("4law", "route-florida", { ...lead, website: "" });
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/p/4law/route-florida#contact");
    const cookie = (r.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    const { toast } = await consumeFlash(s.config, new Request(TEST_ORIGIN, { headers: { Cookie: cookie } }));
    expect(toast).toMatchObject({ type: "success", title: "Message Sent!" });
    const rows = await t.db.select().from(formSubmissions).where(eq(formSubmissions.licenseeId, licensee.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.submissionData).toMatchObject({ name: "Tanya Whitaker", phone: "(678) 555-0117" });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, licensee.email));
    expect(mails.map((m) => m.template)).toEqual(["landing_page_lead"]);
  });

  it("answers bad fields with 400 and the typed values, a honeypot with 'Submission Failed', writing nothing", async () => {
    const { licensee } = await seedLandingPage(t.db, { territoryName: "Route Ohio" });
    const bad = await submit("4law", "route-ohio", { name: "", email: "x", phone: "", message: "" });
    expect(bad.status).toBe(400);
    expect((bad.body as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      name: ["Name is required."],
      email: ["Please enter a valid email address."],
      phone: ["Phone number is required."],
    });
    const bot = await submit("4law", "route-ohio", { ...lead, website: "spam" });
    expect(bot).toMatchObject({ status: 400, body: { code: "honeypot", title: "Submission Failed" } });
    expect(await t.db.select().from(formSubmissions).where(eq(formSubmissions.licenseeId, licensee.id))).toHaveLength(
      0,
    );
  });

  it("takes no lead for a page that is not served", async () => {
    const r = await submit("4law", "nowhere-at-all", lead);
    expect(r).toMatchObject({ status: 404, body: { ok: false, message: "Territory not found." } });
  });
});
