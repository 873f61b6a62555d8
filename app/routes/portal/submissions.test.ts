import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalMiddleware } from "#server/auth/guards.ts";
import { formSubmissions, licensees } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { answerOf, callRoute, formPost, routeContext, runMiddleware, testServices } from "#server/web/test-support.ts";
import { behindPortalGuard, type Member, member as signedUp } from "./portal-test-support.ts";
import { action as detailAction, loader as detailLoader } from "./submission.tsx";
import { loader as listLoader } from "./submissions.tsx";

let t: TestDb;
const member = (svc: Awaited<ReturnType<typeof testServices>>, opts: { name?: string; licensee?: boolean } = {}) =>
  signedUp(svc, opts, async ({ userId, email, name }) => {
    const [row] = await t.db
      .insert(licensees)
      .values({ userId, email, contactName: name, companyName: "Quinn Law" })
      .returning({ id: licensees.id });
    return row!.id;
  });
let s: Awaited<ReturnType<typeof testServices>>;
let a: Member;
let b: Member;
let aIds: string[];
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  a = await member(s, { licensee: true });
  b = await member(s, { licensee: true });
  const rows = await t.db
    .insert(formSubmissions)
    .values(
      Array.from({ length: 14 }, (_, i) => ({
        licenseeId: a.licenseeId!,
        formType: "web_form",
        submissionData: { name: `Lead ${i + 1}`, email: `lead${i + 1}@example.com` },
        status: i === 13 ? null : "contacted",
        createdAt: new Date(Date.UTC(2026, 9, 1, i)),
      })),
    )
    .returning({ id: formSubmissions.id });
  aIds = rows.map((r) => r.id);
});
afterAll(() => t.close());

const list = (who: Member | null, search = "") =>
  behindPortalGuard(s, who, `/dashboard/submissions${search}`, (args) => callRoute(listLoader, args));
const detail = (who: Member | null, id: string) =>
  behindPortalGuard(s, who, `/dashboard/submissions/${id}`, (args) => callRoute(detailLoader, args), {
    submissionId: id,
  });

describe("the submissions list", () => {
  it("pages the licensee's own leads newest first, 12 a page", async () => {
    const p1 = await list(a);
    expect(p1).toMatchObject({ page: 1, size: 12, total: 14, licensee: true, failed: false });
    expect(p1.submissions.map((x) => x.data.name).slice(0, 2)).toEqual(["Lead 14", "Lead 13"]);
    expect(p1.submissions[0]!.status).toBeNull();
    const p2 = await list(a, "?page=2");
    expect(p2.submissions.map((x) => x.data.name)).toEqual(["Lead 2", "Lead 1"]);
  });

  it("searches and filters by status through the URL (no status is new)", async () => {
    const contacted = await list(a, "?status=contacted&q=Lead%201");
    expect(contacted.submissions.map((x) => x.data.name).sort()).toEqual([
      "Lead 1",
      "Lead 10",
      "Lead 11",
      "Lead 12",
      "Lead 13",
    ]);
    expect(contacted).toMatchObject({ q: "Lead 1", status: "contacted" });
    const fresh = await list(a, "?status=new");
    expect(fresh.submissions.map((x) => x.data.name)).toEqual(["Lead 14"]);
    expect((await list(a, "?q=nobody")).total).toBe(0);
  });

  it("sends a page past the end to the last page, and reads a bad page as the first", async () => {
    const err = await list(a, "?page=9&size=5").catch((e) => e);
    expect(err.status).toBe(302);
    expect(err.headers.get("location")).toBe("/dashboard/submissions?page=3&size=5");
    expect((await list(a, "?page=abc")).page).toBe(1);
  });

  it("shows another licensee none of them, and an account without a licensee record none at all", async () => {
    expect(await list(b)).toMatchObject({ total: 0, licensee: true, submissions: [] });
    const plain = await member(s);
    expect(await list(plain)).toMatchObject({ total: 0, licensee: false });
  });

  it("sends a visitor to sign in", async () => {
    const err = await list(null, "?page=2").catch((e) => e);
    expect(err.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%2Fsubmissions%3Fpage%3D2");
  });
});

describe("one submission", () => {
  it("answers its owner", async () => {
    const r = await detail(a, aIds[0]!);
    expect(r.submission.data.name).toBe("Lead 1");
  });

  it("is a 404 for another licensee, an unknown or malformed id", async () => {
    for (const [who, id] of [
      [b, aIds[0]!],
      [a, "00000000-0000-4000-8000-000000000000"],
      [a, "not-an-id"],
    ] as const) {
      const err = await detail(who, id).catch((e) => e);
      expect((await answerOf(err)).status, id).toBe(404);
    }
  });
});

describe("a lead's follow-up", () => {
  it("saves the status and notes the firm chose, and refuses another firm's lead", async () => {
    const post = async (who: Member, id: string, fields: Record<string, string>) => {
      const request = formPost(`/dashboard/submissions/${id}`, fields, { cookie: who.cookie });
      const context = routeContext(s);
      let out: unknown;
      await runMiddleware(portalMiddleware, { request, context }, async () => {
        out = await callRoute(detailAction, { request, context, params: { submissionId: id } });
        return new Response(null);
      });
      return answerOf(out);
    };
    const saved = await post(a, aIds[0]!, { intent: "update", status: "won", notes: "Signed the retainer." });
    expect(saved.status).toBe(302);
    const view = await detail(a, aIds[0]!);
    expect(view.submission).toMatchObject({ status: "won", notes: "Signed the retainer." });
    const theirs = await post(b, aIds[0]!, { intent: "update", status: "lost", notes: "" });
    expect(theirs.status).toBe(404);
    const bad = await post(a, aIds[0]!, { intent: "update", status: "maybe" });
    expect(bad.status).toBe(400);
  });
});
