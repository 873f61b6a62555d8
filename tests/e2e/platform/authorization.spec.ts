/**
 * The authorization matrix: every route of `app/routes.ts` × every kind of caller (anonymous, a member without a
 * licensee record, licensee A, licensee B, an administrator) against the production build over HTTP, with the
 * expected status or redirect from `support/authorization-expectations.ts`. A route without an expectation fails,
 * naming it. Then, per owned record, licensee B asks for licensee A's record by id through every loader, action and
 * resource route that takes it and gets 404, while the same request as A succeeds (so no probe passes vacuously).
 */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import sharp from "sharp";
import routes from "#app/routes.ts";
import { anonymous, becomeLicensee, signedIn, signedUp } from "../support/actors.ts";
import { ACTORS, type ActorName, EXPECTATIONS, LOGIN, type Outcome } from "../support/authorization-expectations.ts";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { type ServerProcess, spawnServer } from "../support/server-process.ts";

/** Every path pattern of the route table (layouts contribute no path of their own). */
function patterns(entries: RouteConfigEntry[], base = ""): string[] {
  return entries.flatMap((e) => {
    const path = [base, e.path ?? ""].filter(Boolean).join("/");
    const isLayout = !e.path && !e.index && e.children?.length;
    return [...(isLayout ? [] : [`/${path}`]), ...patterns(e.children ?? [], path)];
  });
}
const ROUTES = [...new Set(patterns(routes))];

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** The first match of `re` in the page `path` as `ctx` sees it. */
async function scrape(ctx: APIRequestContext, path: string, re: RegExp, what: string): Promise<string> {
  const html = await (await ctx.get(path)).text();
  const m = re.exec(html);
  expect(m, `no ${what} found on ${path}`).not.toBeNull();
  return m![1]!;
}

type Fixtures = Record<string, string>;

/** Real ids for the placeholders: public slugs from the sitemap, A's own records from A's screens. */
async function fixtures(a: APIRequestContext, admin: APIRequestContext, anon: APIRequestContext): Promise<Fixtures> {
  const sitemap = await (await anon.get("/sitemap.xml")).text();
  const slug = (prefix: string) => new RegExp(`<loc>[^<]*/${prefix}/([a-z0-9-]+)</loc>`).exec(sitemap)?.[1] ?? "";
  const territories = (await (await anon.get("/resources/territories")).json()) as unknown;
  const list = (
    Array.isArray(territories) ? territories : (territories as { territories: { id: string }[] }).territories
  ) as { id: string }[];
  return {
    blogSlug: slug("blog"),
    topicSlug: slug("support-topics"),
    territoryId: list[0]!.id,
    submissionId: await scrape(
      a,
      "/dashboard/submissions",
      new RegExp(`/dashboard/submissions/(${UUID})`),
      "submission",
    ),
    transactionId: await scrape(
      a,
      "/dashboard/billing",
      new RegExp(`/dashboard/billing/transactions/(${UUID})`),
      "ledger entry",
    ),
    ticketId: await scrape(a, "/dashboard/support-tickets", new RegExp(`ticket=(${UUID})`), "ticket"),
    agreementId: await scrape(a, "/dashboard/agreements", new RegExp(`/dashboard/agreements/(${UUID})`), "agreement"),
    emailId: await scrape(admin, "/admin/emails", new RegExp(`/admin/emails/(${UUID})`), "email"),
    userId: await scrape(admin, "/admin/users", /\/admin\/users\/([A-Za-z0-9_-]{8,})/, "user"),
    unknownOwner: "00000000-0000-4000-8000-000000000000",
  };
}

const fill = (path: string, fx: Fixtures) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (!(k in fx)) throw new Error(`no fixture for {${k}} in ${path}`);
    return fx[k]!;
  });

function describeAnswer(res: APIResponse): string {
  const loc = res.headers().location;
  return loc ? `${res.status()} → ${loc.replace(/^https?:\/\/[^/]+/, "")}` : String(res.status());
}

function matches(res: APIResponse, want: Outcome, path: string, fx: Fixtures): boolean {
  const loc = (res.headers().location ?? "").replace(/^https?:\/\/[^/]+/, "");
  if (typeof want === "number") return res.status() === want;
  if (![301, 302, 303, 307, 308].includes(res.status())) return false;
  if (want === LOGIN) return loc === `/login?redirectTo=${encodeURIComponent(path)}`;
  const target = fill(want.redirect, fx);
  return target.endsWith("*") ? loc.startsWith(target.slice(0, -1)) : loc === target;
}

const show = (o: Outcome) =>
  typeof o === "number" ? String(o) : o === LOGIN ? "→ /login?redirectTo=…" : `→ ${o.redirect}`;

test("every route of app/routes.ts has an expectation", () => {
  const missing = ROUTES.filter((r) => !EXPECTATIONS[r]);
  expect(
    missing,
    `routes without an expectation in tests/e2e/support/authorization-expectations.ts:\n${missing.join("\n")}`,
  ).toEqual([]);
  const stale = Object.keys(EXPECTATIONS).filter((p) => !ROUTES.includes(p));
  expect(stale, `expectations for routes that no longer exist:\n${stale.join("\n")}`).toEqual([]);
});

test.describe("authorization", () => {
  test.describe.configure({ mode: "serial" });

  let ctx: Record<ActorName, APIRequestContext>;
  let fx: Fixtures;
  let memberName: string;

  test.beforeAll(async ({ baseURL }) => {
    const base = baseURL!;
    const anon = await anonymous(base);
    const [a, admin, fresh] = await Promise.all([
      signedIn(base, DEMO_LICENSEE),
      signedIn(base, E2E_ADMIN),
      signedUp(base, "Morgan Reyes"),
    ]);
    memberName = "Morgan Reyes";
    // Until the matrix's member column has run, the fresh account has no licensee record; it then creates one
    // and is licensee B (one sign-up for both).
    ctx = { anonymous: anon, member: fresh.ctx, licenseeA: a, licenseeB: fresh.ctx, admin };
    fx = await fixtures(a, admin, anon);
  });

  test.afterAll(async () => {
    if (ctx) await Promise.all([ctx.anonymous, ctx.licenseeA, ctx.admin, ctx.member].map((c) => c.dispose()));
  });

  async function column(actor: ActorName): Promise<string[]> {
    const wrong: string[] = [];
    for (const pattern of ROUTES) {
      const e = EXPECTATIONS[pattern];
      if (!e) continue;
      const path = fill(e.path ?? pattern, fx);
      const res = await ctx[actor].get(path, { maxRedirects: 0 });
      if (!matches(res, e.expect[actor], path, fx)) {
        wrong.push(
          `${pattern} as ${actor}: expected ${show(e.expect[actor])}, got ${describeAnswer(res)} (GET ${path})`,
        );
      }
      await res.dispose();
    }
    return wrong;
  }

  test(`the matrix: ${ROUTES.length} routes × ${ACTORS.length} callers`, async ({ baseURL }) => {
    const wrong: string[] = [];
    for (const actor of ["anonymous", "member", "licenseeA", "admin"] as const) wrong.push(...(await column(actor)));
    await becomeLicensee(ctx.licenseeB, baseURL!, memberName);
    wrong.push(...(await column("licenseeB")));
    expect(wrong, wrong.join("\n")).toEqual([]);
  });

  /**
   * Owned records: each probe names the requests that take A's record id. As A each answers `ok`; as B, 404.
   * Actions are probed as B only with a well-formed body (so the refusal is the ownership check, not the form),
   * and never as A (they would change the demo data); A's GET of the same record shows the id is real.
   */
  type Probe = {
    record: string;
    requests: {
      method: "GET" | "POST";
      path: string;
      form?: Record<string, string>;
      ok: (res: APIResponse) => boolean;
    }[];
  };
  const okPage = (res: APIResponse) => res.status() === 200;
  const probes = (f: Fixtures): Probe[] => [
    {
      record: "form submission",
      requests: [{ method: "GET", path: `/dashboard/submissions/${f.submissionId}`, ok: okPage }],
    },
    {
      record: "ledger entry",
      requests: [{ method: "GET", path: `/dashboard/billing/transactions/${f.transactionId}`, ok: okPage }],
    },
    {
      record: "support ticket (and its replies, which are read and written only through it)",
      requests: [
        { method: "GET", path: `/dashboard/support-tickets?ticket=${f.ticketId}`, ok: okPage },
        { method: "GET", path: `/dashboard/support-tickets/${f.ticketId}/updates`, ok: okPage },
        {
          method: "POST",
          path: "/dashboard/support-tickets",
          form: { intent: "reply", ticketId: f.ticketId!, message: "Probe: this reply must never be posted." },
          ok: () => true,
        },
      ],
    },
    {
      record: "agreement and its PDF link",
      requests: [
        { method: "GET", path: `/dashboard/agreements/${f.agreementId}`, ok: okPage },
        { method: "GET", path: `/dashboard/agreements/${f.agreementId}/pdf`, ok: (r) => r.status() === 302 },
        {
          method: "POST",
          path: `/dashboard/agreements/${f.agreementId}`,
          form: { signerName: "Morgan Reyes", consent: "on", documentSha256: "0".repeat(64) },
          ok: () => true,
        },
      ],
    },
  ];

  test("licensee B gets 404 for licensee A's records by id, wherever they are taken", async ({ baseURL }) => {
    const wrong: string[] = [];
    for (const probe of probes(fx)) {
      for (const r of probe.requests) {
        const send = (c: APIRequestContext) =>
          r.method === "GET"
            ? c.get(r.path, { maxRedirects: 0 })
            : c.post(r.path, { form: r.form, headers: { origin: baseURL! }, maxRedirects: 0 });
        if (r.method === "GET") {
          const asA = await send(ctx.licenseeA);
          if (!r.ok(asA)) wrong.push(`${probe.record}: ${r.method} ${r.path} as A answered ${describeAnswer(asA)}`);
        }
        const asB = await send(ctx.licenseeB);
        if (asB.status() !== 404)
          wrong.push(`${probe.record}: ${r.method} ${r.path} as B answered ${describeAnswer(asB)}, not 404`);
      }
    }
    // The signed PDF link minted for A opens for A only: B holding A's link gets 404.
    const pdf = await ctx.licenseeA.get(`/dashboard/agreements/${fx.agreementId}/pdf`, { maxRedirects: 0 });
    const signed = pdf.headers().location!;
    expect((await ctx.licenseeA.get(signed)).status(), "A opens its own signed PDF link").toBe(200);
    const leaked = await ctx.licenseeB.get(signed, { maxRedirects: 0 });
    if (leaked.status() !== 404) wrong.push(`agreement PDF: A's signed link as B answered ${describeAnswer(leaked)}`);
    // Images: the other licensee's avatar (B uploads one; A writing to the demo profile would change the demo data).
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 16, g: 42, b: 94 } } })
      .png()
      .toBuffer();
    const upload = await ctx.licenseeB.post("/dashboard/profile", {
      multipart: {
        intent: "upload-image",
        kind: "avatar",
        image: { name: "me.png", mimeType: "image/png", buffer: png },
      },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(upload.status(), "B uploads an avatar").toBeLessThan(400);
    const profile = await (await ctx.licenseeB.get("/dashboard/profile")).text();
    const avatar = /\/media\/profile_images\/[^"'\s]+\.png/.exec(profile)?.[0];
    expect(avatar, "B's avatar address on the profile screen").toBeTruthy();
    expect((await ctx.licenseeB.get(avatar!)).status(), "B opens its own avatar").toBe(200);
    for (const who of ["licenseeA", "anonymous"] as const) {
      const res = await ctx[who].get(avatar!, { maxRedirects: 0 });
      if (res.status() !== 404) wrong.push(`avatar: B's image as ${who} answered ${describeAnswer(res)}, not 404`);
    }
    // A's thread shows no trace of B's refused reply.
    const thread = await (await ctx.licenseeA.get(`/dashboard/support-tickets?ticket=${fx.ticketId}`)).text();
    if (thread.includes("Probe: this reply must never be posted."))
      wrong.push("support ticket: B's reply reached A's thread");
    expect(wrong, wrong.join("\n")).toEqual([]);
  });
});

/**
 * With ADMIN_2FA=required, an account that holds the admin role but has not set up two-factor sign-in is no
 * administrator anywhere (issue 24, item 4): on a server of its own in that mode, every route answers it exactly as it
 * answers a member without a licensee record, except that the admin area sends it to set up two-factor sign-in and
 * the signed-out pages send it to the admin area (which sends it on). Ids are unknown ones: an administrator would
 * see them where a member gets 404.
 */
test.describe("an administrator without two-factor sign-in, where it is required", () => {
  const PORT = 3266;
  const base = `http://localhost:${PORT}`;
  const ADMIN = { email: "unenrolled-admin@poundcodes.test", password: "unenrolled-admin-2026" };
  let server: ServerProcess | undefined;

  test.beforeAll(async ({ browserName: _ }, info) => {
    test.skip(info.project.name !== "pglite", "the guards read the role the same way on both databases");
    test.setTimeout(120_000);
    server = spawnServer({
      NODE_ENV: "production",
      PUBLIC_URL: base,
      BETTER_AUTH_SECRET: "two-factor-matrix-secret-two-factor-matrix",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-2fa-matrix-")),
      DATABASE_URL: "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_2FA: "required",
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      ALLOW_DEV_MAILBOX: "true",
    });
    for (
      let i = 0;
      i < 240 &&
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  test.afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
  });

  test("is answered as a member on every route of app/routes.ts", async () => {
    const [admin, member] = await Promise.all([signedIn(base, ADMIN), signedUp(base, "Morgan Unenrolled")]);
    const unknown = new Proxy({} as Fixtures, {
      has: () => true,
      get: (_, k) =>
        String(k).endsWith("Id") || k === "unknownOwner" ? "00000000-0000-4000-8000-000000000000" : "no-such-slug",
    });
    const setUp = "/dashboard/profile/two-factor?required=admin";
    const wrong: string[] = [];
    for (const pattern of ROUTES) {
      const requestPath = fill(EXPECTATIONS[pattern]?.path ?? pattern, unknown);
      const [asAdmin, asMember] = await Promise.all(
        [admin, member.ctx].map((c) => c.get(requestPath, { maxRedirects: 0 })),
      );
      const got = describeAnswer(asAdmin!);
      const want = pattern.startsWith("/admin")
        ? `302 → ${setUp}`
        : EXPECTATIONS[pattern]?.expect.member === EXPECTATIONS["/login"]!.expect.member && pattern !== "/logout"
          ? "302 → /admin/dashboard"
          : describeAnswer(asMember!);
      if (got !== want) wrong.push(`${pattern}: expected ${want}, got ${got} (GET ${requestPath})`);
    }
    expect(wrong, wrong.join("\n")).toEqual([]);
    // Not vacuous: the account holds the admin role (its home is the admin area, which sends it on to set up
    // two-factor sign-in), and the admin area is a good part of the routes compared.
    expect(ROUTES.filter((r) => r.startsWith("/admin")).length).toBeGreaterThan(20);
    const home = await admin.get("/login", { maxRedirects: 0 });
    expect(describeAnswer(home)).toBe("302 → /admin/dashboard");
    await Promise.all([admin.dispose(), member.ctx.dispose()]);
  });
});
