import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "../auth/auth.ts";
import { signIn, signUp } from "../auth/flows.ts";
import { loadConfig } from "../config.ts";
import { requestContext } from "../context.ts";
import { emailOutbox, session, user } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { CHANGE, recordChange } from "../domain/changes.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { cacheable } from "../web/page-cache.ts";
import { signUpAndSignIn } from "../web/test-support.ts";
import { createHttpApp, underPublicOrigin } from "./app.ts";
import { clientAddress, contentSecurityPolicy } from "./edge.ts";
import { testBuild } from "./test-routes.ts";

/**
 * The Hono app end to end, with real services on a test database and a stand-in for the React Router handler that
 * reports what a route would have received (headers, client address, nonce) and answers like a route.
 */

let t: TestDb;
let services: Awaited<ReturnType<typeof createServices>>;
const ORIGIN = "http://localhost:3000";

/** The pages these tests cache: what they declare (the home page and /all-numbers show the catalog). */
const BUILD = testBuild({
  "/": cacheable({ keys: () => [CHANGE.catalog] }),
  "/all-numbers": cacheable({ keys: () => [CHANGE.catalog], query: ["q"] }),
  "/theme-showcase": cacheable(),
  "/number/:numberId": cacheable({ keys: ({ params }) => [CHANGE.number(params.numberId ?? "")] }),
  // Pages that declare nothing: never cached, whatever the request looks like.
  "/newsletter/confirm": null,
  "/login/two-factor": null,
});

type Seen = { url: string; headers: Record<string, string>; ip: string; nonce: string | undefined; body: string };

function makeApp(env: Record<string, string> = {}, mode: "production" | "development" = "production") {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-http-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    ...env,
  });
  const s = { ...services, config };
  const seen: Seen[] = [];
  let renders = 0;
  const requestHandler = async (request: Request, ctx: RouterContextProvider) => {
    const info = ctx.get(requestContext);
    const body = request.method === "GET" ? "" : await request.text();
    seen.push({ url: request.url, headers: Object.fromEntries(request.headers), ip: info.ip, nonce: info.nonce, body });
    const url = new URL(request.url);
    if (request.method !== "GET") {
      const status = Number(url.searchParams.get("status") ?? 200);
      // A write that changed the catalog records it (outside a transaction: heard at once).
      if (url.pathname === "/resources/catalogue-edit" && status < 400) recordChange(s.db, CHANGE.catalog);
      return new Response("done", { status });
    }
    renders++;
    return new Response(`<!doctype html><p>render ${renders}</p><script nonce="${info.nonce}">1</script>`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  };
  const app = createHttpApp({ services: s, mode, build: BUILD, requestHandler });
  return { app, seen, renders: () => renders };
}

beforeAll(async () => {
  t = await createTestDb();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-http-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
  });
  services = await createServices(config, { handle: t, logger: createLogger("silent") });
});
afterAll(() => t.close());

const html = { accept: "text/html" };

describe("client address behind proxies (TRUST_PROXY hops)", () => {
  it("takes the entry as many places from the right as there are trusted proxies", () => {
    expect(clientAddress("6.6.6.6, 203.0.113.9", "10.0.0.1", 1)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 198.51.100.7, 10.0.0.2", "10.0.0.1", 2)).toBe("198.51.100.7");
    expect(clientAddress("203.0.113.9", "10.0.0.1", 2)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6", "10.0.0.1", 0)).toBe("10.0.0.1");
    expect(clientAddress(undefined, "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientAddress("not-an-ip", "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientAddress("2001:db8::1", "10.0.0.1", 1)).toBe("2001:db8::1");
  });

  it("never lets the client pick its own address with a forged first entry", async () => {
    const { app, seen } = makeApp({ TRUST_PROXY: "1" });
    await app.request("/", { headers: { ...html, "x-forwarded-for": "6.6.6.6, 203.0.113.9" } });
    expect(seen.at(-1)!.ip).toBe("203.0.113.9");
    const legacy = makeApp({ TRUST_PROXY: "true" });
    await legacy.app.request("/", { headers: { ...html, "x-forwarded-for": "6.6.6.6, 203.0.113.9" } });
    expect(legacy.seen.at(-1)!.ip).toBe("203.0.113.9");
  });

  it("ignores X-Forwarded-For without trusted proxies", async () => {
    const { app, seen } = makeApp({ TRUST_PROXY: "0" });
    await app.request("/", { headers: { ...html, "x-forwarded-for": "6.6.6.6" } });
    expect(seen.at(-1)!.ip).not.toBe("6.6.6.6");
  });
});

describe("internal headers", () => {
  it("replaces a client-sent client-IP header with the address the server determined", async () => {
    const { app, seen } = makeApp({ TRUST_PROXY: "1" });
    await app.request("/login", {
      method: "POST",
      headers: {
        origin: ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "198.51.100.20",
        [CLIENT_IP_HEADER]: "6.6.6.6",
        "x-poundcodes-anything": "x",
      },
      body: "email=a%40b.co&password=x",
    });
    const got = seen.at(-1)!;
    expect(got.headers[CLIENT_IP_HEADER]).toBe("198.51.100.20");
    expect(got.headers["x-poundcodes-anything"]).toBeUndefined();
    expect(got.body).toBe("email=a%40b.co&password=x");
    // On a plain read the forged header is simply dropped.
    await app.request("/", { headers: { ...html, [CLIENT_IP_HEADER]: "6.6.6.6" } });
    expect(seen.at(-1)!.headers[CLIENT_IP_HEADER]).toBeUndefined();
  });
});

describe("the client address stored on a session", () => {
  it("first probe, finding 6: a session made by the emailed verification link stores the address the proxy vouches for, not one the client sends", async () => {
    await signUp(services, {
      fullName: "Vera Link",
      email: "vera-link@example.com",
      password: "s3cure-pass",
      ip: "10.3.0.1",
      headers: new Headers({ origin: ORIGIN }),
    });
    const [mail] = await t.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "verify_email"), eq(emailOutbox.toAddress, "vera-link@example.com")));
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe("/api/auth/verify-email");
    const { app } = makeApp({ TRUST_PROXY: "1" });
    const res = await app.request(`${link.pathname}${link.search}`, {
      headers: { ...html, "x-forwarded-for": "198.51.100.30", [CLIENT_IP_HEADER]: "6.6.6.6" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);
    const [owner] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "vera-link@example.com"));
    const sessions = await t.db
      .select({ ipAddress: session.ipAddress })
      .from(session)
      .where(eq(session.userId, owner!.id));
    expect(sessions).toEqual([{ ipAddress: "198.51.100.30" }]);
  });
});

describe("bad input answers 400 at the edge, never 500", () => {
  it("refuses NUL in the path, the query, and every kind of body", async () => {
    const { app, seen } = makeApp();
    const before = seen.length;
    const cases: [string, RequestInit][] = [
      ["/number/%00", { headers: html }],
      ["/number/hash-4law/%00", { headers: html }],
      ["/number/%00.data", {}],
      ["/all-numbers?q=%00", { headers: html }],
      ["/all-numbers?%00=x", { headers: html }],
      [
        "/login",
        {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
          body: "email=a%00b&password=x",
        },
      ],
      [
        "/api/auth/update-user",
        {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": "application/json" },
          body: JSON.stringify({ name: "a\u0000b" }),
        },
      ],
      [
        "/api/auth/revoke-session",
        {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": "application/json" },
          body: JSON.stringify({ token: ["x", { "\u0000": 1 }] }),
        },
      ],
      ["/login", { method: "POST", headers: { origin: ORIGIN, "content-type": "text/plain" }, body: "a\u0000b" }],
    ];
    for (const [url, init] of cases) {
      const res = await app.request(url, init);
      expect(res.status, url).toBe(400);
    }
    const multipart = new FormData();
    multipart.append("email", "a\u0000b");
    const res = await app.request("/signup", { method: "POST", headers: { origin: ORIGIN }, body: multipart });
    expect(res.status).toBe(400);
    expect(seen.length).toBe(before); // none of them reached a route
  });

  it("refuses malformed escapes in the path, and decodes only once (a double-encoded NUL is just text)", async () => {
    const { app, seen } = makeApp();
    expect((await app.request("/number/%E0%A4%A", { headers: html })).status).toBe(400);
    expect((await app.request("/number/%", { headers: html })).status).toBe(400);
    const res = await app.request("/number/%2500", { headers: html });
    expect(res.status).toBe(200);
    expect(seen.at(-1)).toBeDefined();
  });
});

describe("the auth library answers only the endpoints the product uses", () => {
  /** Every HTTP endpoint the library and its plugins define, each path parameter given a value. */
  const libraryEndpoints = () =>
    Object.values(services.auth.api).flatMap((e) => {
      const endpoint = e as { path?: string; options?: { method?: string | string[] } };
      if (!endpoint.path) return []; // server-only
      const path = `/api/auth${endpoint.path.replace(/:[^/]+/g, "x")}`;
      return [endpoint.options?.method ?? "GET"].flat().map((method) => ({ method, path }));
    });
  const OPEN = new Set(["GET /api/auth/verify-email", "GET /api/auth/reset-password/x"]);

  it("answers 404 on every other path and method, signed in or not, and none of them reaches the account", async () => {
    const { cookie } = await signUpAndSignIn(services, {
      fullName: "Nora Null",
      email: "nora@example.com",
      password: "s3cure-pass",
      ip: "10.2.0.1",
    });
    const { app } = makeApp();
    const endpoints = libraryEndpoints();
    // The library's own list: sign-in and sign-up, password and email changes, profile updates, sessions, two-factor,
    // the admin plugin, OAuth.
    expect(endpoints.length).toBeGreaterThan(40);
    for (const wanted of [
      "POST /api/auth/change-password",
      "POST /api/auth/update-user",
      "GET /api/auth/list-sessions",
    ]) {
      expect(endpoints.map((e) => `${e.method} ${e.path}`)).toContain(wanted);
    }
    const probes = [
      ...endpoints,
      { method: "POST", path: "/api/auth/forget-password" },
      { method: "PUT", path: "/api/auth/update-user" },
      { method: "DELETE", path: "/api/auth/delete-user" },
      { method: "POST", path: "/api/auth/verify-email" },
      { method: "GET", path: "/api/auth/reset-password" },
      { method: "GET", path: "/api/auth/" },
      { method: "GET", path: "/api/auth/no-such-endpoint" },
    ];
    const body = JSON.stringify({
      name: '<img src=x onerror="alert(1)">',
      image: "https://evil.example/x.png",
      currentPassword: "s3cure-pass",
      newPassword: "changed-pass",
      password: "s3cure-pass",
      token: "x",
    });
    for (const { method, path } of probes) {
      if (OPEN.has(`${method} ${path}`)) continue;
      for (const signedIn of [true, false]) {
        const res = await app.request(path, {
          method,
          headers: { origin: ORIGIN, "content-type": "application/json", ...(signedIn ? { cookie } : {}) },
          body: method === "GET" ? undefined : body,
        });
        expect(res.status, `${method} ${path}${signedIn ? " signed in" : ""}`).toBe(404);
      }
    }
    const [row] = await t.db
      .select({ name: user.name, image: user.image })
      .from(user)
      .where(eq(user.email, "nora@example.com"));
    expect(row).toEqual({ name: "Nora Null", image: null });
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();
    const again = await signIn(services, {
      email: "nora@example.com",
      password: "s3cure-pass",
      ip: "10.2.0.2",
      headers: new Headers({ origin: ORIGIN }),
    });
    expect(again.role).toBe("user");
  });

  it("answers the two links the product's emails carry", async () => {
    const { app } = makeApp();
    const verify = await app.request("/api/auth/verify-email?token=bad&callbackURL=%2Fdashboard%3Fverified%3D1");
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/dashboard?verified=1&error=INVALID_TOKEN");
    const reset = await app.request("/api/auth/reset-password/bad?callbackURL=%2Freset-password");
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe(`${ORIGIN}/reset-password?error=INVALID_TOKEN`);
  });
});

describe("redirect targets handed to the auth library follow our own rule", () => {
  const OFF_SITE = [
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/./..//evil.example",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
  ];
  for (const mode of ["production", "development"] as const) {
    it(`never sends the browser off the site from the emailed links (${mode})`, async () => {
      const { app } = makeApp({}, mode);
      for (const target of OFF_SITE) {
        const q = encodeURIComponent(target);
        for (const url of [
          `/api/auth/verify-email?token=bad&callbackURL=${q}`,
          `/api/auth/verify-email?token=bad&callbackURL=%2Fdashboard&errorCallbackURL=${q}`,
          `/api/auth/reset-password/bad?callbackURL=${q}`,
        ]) {
          const res = await app.request(url);
          expect(res.status, url).toBe(403);
          expect(res.headers.get("location"), url).toBeNull();
        }
      }
      // A repeated parameter is no way around it either.
      const twice = await app.request(
        "/api/auth/verify-email?token=bad&callbackURL=%2Fdashboard&callbackURL=%2F%2Fevil",
      );
      expect(twice.status).toBe(403);
    });
  }
});

describe("writes must come from this site, whatever the content type", () => {
  it("refuses a cross-site JSON or text POST to /logout", async () => {
    const { app, seen } = makeApp();
    const before = seen.length;
    for (const type of ["application/json", "text/plain", "application/x-www-form-urlencoded"]) {
      const res = await app.request("/logout", {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": type },
        body: "{}",
      });
      expect(res.status, type).toBe(403);
    }
    const bySite = await app.request("/logout", {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/json" },
      body: "{}",
    });
    expect(bySite.status).toBe(403);
    const nullOrigin = await app.request("/api/auth/sign-out", {
      method: "POST",
      headers: { origin: "null", "content-type": "application/json" },
      body: "{}",
    });
    expect(nullOrigin.status).toBe(403);
    expect(seen.length).toBe(before);
  });

  it("first probe, finding 11: refuses a POST to /logout with no Origin that says it is same-site (a sibling host), before any route", async () => {
    const { app, seen } = makeApp();
    const before = seen.length;
    for (const type of ["application/json", "text/plain", "application/x-www-form-urlencoded"]) {
      const res = await app.request("/logout", {
        method: "POST",
        headers: { "sec-fetch-site": "same-site", "content-type": type },
        body: "{}",
      });
      expect(res.status, type).toBe(403);
    }
    expect(seen.length).toBe(before);
  });

  it("first probe, finding 11: exempts only the webhook's own path from the origin check, never another spelling of it", async () => {
    const { app, seen } = makeApp();
    const before = seen.length;
    const post = (p: string) =>
      app.request(p, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: "{}",
      });
    for (const spelling of ["/API/webhooks/stripe", "/api/Webhooks/Stripe", "/api/webhooks/stripe/"]) {
      const res = await post(spelling);
      expect(res.status, spelling).toBe(403);
      expect(res.headers.get("location"), spelling).toBeNull();
    }
    // An escaped letter is the webhook's own path once decoded: the webhook module answers it, as it answers the
    // path itself (404 while Stripe is not configured; a signature check once it is), and no page route sees it.
    const escaped = await post("/api/webhooks/%73tripe");
    expect(escaped.status).toBe(404);
    expect(await escaped.json()).toEqual({ error: "Not found." });
    expect(seen.length).toBe(before);
  });

  it("caps form bodies at 1 MB and lets image uploads up to the configured size through on their paths", async () => {
    const { app } = makeApp({ UPLOAD_MAX_BYTES: String(3 * 1024 * 1024) });
    const post = (p: string) =>
      app.request(p, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/octet-stream", "sec-fetch-site": "same-origin" },
        body: new Uint8Array(2 * 1024 * 1024),
      });
    expect((await post("/contact")).status).toBe(413);
    expect((await post("/resources/editor-image")).status).toBe(200);
    expect((await post("/dashboard/profile")).status).toBe(200);
  });

  it("lets same-origin writes and signed webhooks through", async () => {
    const { app } = makeApp();
    const same = await app.request("/logout", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: "{}",
    });
    expect(same.status).toBe(200);
    const hook = await app.request("/api/webhooks/stripe", {
      method: "POST",
      headers: { origin: "https://hooks.stripe.example", "content-type": "application/json" },
      body: "{}",
    });
    // past the origin check (403) to the webhook module, which answers 404 while Stripe is not configured
    expect(hook.status).toBe(404);
    expect(await hook.json()).toEqual({ error: "Not found." });
  });
});

describe("the page cache is invalidated only by writes that change public data", () => {
  it("keeps pages across anonymous posts; drops them on a public write, by tag", async () => {
    const { app, renders } = makeApp({ RATE_LIMIT: "false" });
    const get = (p: string) => app.request(p, { headers: html });
    const post = (p: string) =>
      app.request(p, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      });
    await get("/");
    expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
    for (const p of ["/login", "/logout", "/resources/theme", "/signup", "/resources/waitlist", "/resources/reserve"])
      await post(p);
    expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
    expect(renders()).toBe(1);
    // A refused write changes nothing.
    await post("/resources/catalogue-edit?status=409");
    expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
    // An accepted one that changed the catalog (its write records the change): those pages go, by key.
    await get("/theme-showcase");
    await post("/resources/catalogue-edit");
    expect((await get("/")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/theme-showcase")).headers.get("x-page-cache")).toBe("hit");
  });

  it("rate-limits the theme resource per address", async () => {
    const { app } = makeApp({ TRUST_PROXY: "1" });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await app.request("/resources/theme", {
        method: "POST",
        headers: {
          origin: ORIGIN,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": "192.0.2.44",
        },
        body: "theme=dark",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe("response headers", () => {
  it("sends a CSP whose nonce is the one the page was rendered with, also from the cache", async () => {
    const { app, seen } = makeApp();
    const first = await app.request("/all-numbers", { headers: html });
    const csp = first.headers.get("content-security-policy")!;
    const nonce = seen.at(-1)!.nonce!;
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'nonce"); // scripts never fall back to unsafe-inline
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    const hit = await app.request("/all-numbers", { headers: html });
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("content-security-policy")).toBe(csp);
    // Another page, another nonce.
    await app.request("/", { headers: html });
    expect(seen.at(-1)!.nonce).not.toBe(nonce);
  });

  it("marks signed-in pages and session-bearing responses private, no-store", async () => {
    const { app } = makeApp();
    for (const p of ["/dashboard", "/dashboard/billing", "/admin/emails", "/admin/emails.data"]) {
      expect((await app.request(p, { headers: html })).headers.get("cache-control"), p).toBe("private, no-store");
    }
    const signedIn = await app.request("/", { headers: { ...html, cookie: "better-auth.session_token=abc" } });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    const anonymous = await app.request("/", { headers: html });
    expect(anonymous.headers.get("cache-control")).not.toBe("private, no-store");
  });

  it("sends the other security headers", async () => {
    const { app } = makeApp();
    const res = await app.request("/", { headers: html });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("strict-transport-security")).toBeNull(); // production only
    const prod = makeApp({
      NODE_ENV: "production",
      PUBLIC_URL: "https://poundcodes.example",
      BETTER_AUTH_SECRET: "s".repeat(40),
      ALLOW_DEV_MAILBOX: "true",
    });
    const p = await prod.app.request("/", { headers: html });
    expect(p.headers.get("strict-transport-security")).toContain("max-age=31536000");
    expect(p.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("builds the policy from its parts", () => {
    const csp = contentSecurityPolicy("abc", { https: false, formTargets: ["https://checkout.stripe.com"] });
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });
});

describe("behind a proxy that ends TLS", () => {
  const env = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://poundcodes.example",
    BETTER_AUTH_SECRET: "s".repeat(40),
    ALLOW_DEV_MAILBOX: "true",
    TRUST_PROXY: "1",
  };
  const post = (origin: string) => ({
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.9" },
    body: "email=ann%40example.com",
  });

  it("hands a form post from the public origin to the routes under that origin, body and all", async () => {
    // The proxy talks plain HTTP to the app and passes Host without the port: the URL the app sees is http://…
    const { app, seen } = makeApp(env);
    const res = await app.request("http://poundcodes.example/contact?x=1", post("https://poundcodes.example"));
    expect(res.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({
      url: "https://poundcodes.example/contact?x=1",
      body: "email=ann%40example.com",
      headers: { origin: "https://poundcodes.example" },
    });
  });

  it("leaves every other request as it came, and still refuses another origin", async () => {
    const { app, seen } = makeApp(env);
    await app.request("http://poundcodes.example/contact", { headers: html });
    expect(seen.at(-1)!.url).toBe("http://poundcodes.example/contact");
    const foreign = await app.request("http://poundcodes.example/contact", post("https://evil.example"));
    expect(foreign.status).toBe(403);
  });

  it("changes nothing for a request already under the public origin", () => {
    const req = new Request("https://poundcodes.example/login", { headers: { origin: "https://poundcodes.example" } });
    expect(underPublicOrigin(req, "https://poundcodes.example")).toBe(req);
  });
});

describe("every spelling of a path meets the same edge rules", () => {
  const form = (extra: Record<string, string> = {}) => ({
    origin: ORIGIN,
    "content-type": "application/x-www-form-urlencoded",
    ...extra,
  });

  it("rate-limits the theme resource however its path is written", async () => {
    const { app } = makeApp({ TRUST_PROXY: "1" });
    const spellings = ["/Resources/theme", "/RESOURCES/THEME.data", "/resources/theme/", "/resources/%74heme"];
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await app.request(spellings[i % spellings.length]!, {
        method: "POST",
        headers: form({ "x-forwarded-for": "192.0.2.45" }),
        body: "theme=dark",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it("gives uploads their limit, and signed-in areas no-store, in any letter case", async () => {
    const { app } = makeApp({ UPLOAD_MAX_BYTES: String(3 * 1024 * 1024) });
    const upload = (p: string) =>
      app.request(p, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/octet-stream" },
        body: new Uint8Array(2 * 1024 * 1024),
      });
    for (const p of ["/DASHBOARD/PROFILE", "/Dashboard/Profile/", "/Resources/Editor-Image"]) {
      expect((await upload(p)).status, p).toBe(200);
    }
    expect((await upload("/CONTACT")).status).toBe(413);
    for (const p of ["/DASHBOARD", "/Dashboard/Billing", "/ADMIN/emails.data"]) {
      expect((await app.request(p, { headers: html })).headers.get("cache-control"), p).toBe("private, no-store");
    }
  });

  it("sends another spelling of a cacheable page to the page's own path, rendering and keeping nothing for it", async () => {
    const { app, renders } = makeApp();
    for (const [from, to] of [
      ["/ALL-NUMBERS", "/all-numbers"],
      ["/all-numbers/?q=law", "/all-numbers?q=law"],
      ["/all%2Dnumbers", "/all-numbers"],
      ["/Number/HASH-4LAW", "/number/hash-4law"],
    ] as const) {
      const res = await app.request(from, { headers: html });
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location")).toBe(to);
    }
    expect(renders()).toBe(0);
    expect(app.pageCache.size()).toBe(0);
    // A page that declares nothing is never kept, in any spelling (it is not redirected either: nothing to bound).
    for (let i = 0; i < 2; i++) {
      const res = await app.request("/NEWSLETTER/confirm?token=abc", { headers: html });
      expect(res.headers.get("x-page-cache")).toBeNull();
    }
    expect(renders()).toBe(2);
    expect(app.pageCache.size()).toBe(0);
  });
});

describe("the page cache keeps no answer that depends on who asks", () => {
  it("never keeps a request carrying an auth cookie: the next visitor without it gets the route's own answer", async () => {
    const { app, renders } = makeApp();
    const twoFactor = { ...html, cookie: "better-auth.two_factor=pending.signed" };
    await app.request("/login/two-factor?x=7", { headers: twoFactor });
    const next = await app.request("/login/two-factor?x=7", { headers: html });
    expect(next.headers.get("x-page-cache")).toBeNull();
    expect(renders()).toBe(2);
    // Nor on a page that declares itself cacheable.
    await app.request("/all-numbers?x=7", { headers: twoFactor });
    expect(app.pageCache.size()).toBe(0);
    expect((await app.request("/all-numbers?x=7", { headers: html })).headers.get("x-page-cache")).toBe("miss");
  });

  it("is neither bypassed nor churned by unread parameters, a made-up theme or a cookie named like a session", async () => {
    const { app, renders } = makeApp();
    await app.request("/all-numbers", { headers: html });
    for (const [query, cookie] of [
      ["?x=1", ""],
      ["?utm_source=a&x=2", "pc_theme=nonsense"],
      ["", "session_token=forged"],
      ["", "x_session_token=1; better_auth_session_token=2"],
    ] as const) {
      const res = await app.request(`/all-numbers${query}`, { headers: { ...html, ...(cookie ? { cookie } : {}) } });
      expect(res.headers.get("x-page-cache"), `${query} ${cookie}`).toBe("hit");
    }
    expect(renders()).toBe(1);
    expect(app.pageCache.size()).toBe(1);
  });
});
