import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";
import { createTestDatabase, spawnServer } from "../support/server-process.ts";

/**
 * Security checks against the production build.
 *
 * 1. A bad-input corpus: NUL, over-long values, malformed escapes and other hostile values in every path
 *    parameter, query, form field and JSON body of every route (read from the build's route table) and of the auth
 *    endpoints the app exposes; wrong content types; oversized bodies. No answer may be a 5xx or show a stack trace.
 *    It runs against a server of its own (same build, its own database), so its thousands of requests never touch
 *    the rate limits or data the other specs rely on; that server trusts one proxy, and each request comes
 *    "through" it from its own address, so no rate limit answers for the validation under test.
 * 2. Every page visited, public and signed in, loads with no Content-Security-Policy violation.
 */

const SECURITY_PORTS = { pglite: 3240, postgres: 3241 } as const;
const ADMIN = { email: "sec-admin@poundcodes.test", password: "sec-admin-password" };

// ---------------------------------------------------------------------------------------------------------------
// The corpus server

type Server = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<void> };

async function startServer(driver: "pglite" | "postgres"): Promise<Server> {
  const port = SECURITY_PORTS[driver];
  let databaseUrl = "";
  let dropDatabase = async () => {};
  if (driver === "postgres") {
    const db = await createTestDatabase("pc_sec");
    databaseUrl = db.url;
    dropDatabase = db.drop;
  }
  const { child, exited, output } = spawnServer({
    NODE_ENV: "production",
    // Production requires administrators to use two-factor sign-in; these probes sign the admin in with a
    // password to reach every admin page (the two-factor gate has its own tests).
    ADMIN_2FA: "optional",
    BETTER_AUTH_SECRET: "security-spec-secret-security-spec-secret",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-sec-")),
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: "1",
    LOG_LEVEL: "warn",
    SMTP_URL: "",
    // Production refuses to start without SMTP unless told to keep mail in the dev mailbox.
    ALLOW_DEV_MAILBOX: "true",
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      await dropDatabase();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The corpus

/** Hostile values as they go into a URL (already percent-encoded where that is the point). */
const PATH_VALUES = [
  "%00",
  "a%00b",
  "%2500",
  "%25252500",
  "%",
  "%zz",
  "%E0%A4%A",
  "%ED%A0%80", // a lone surrogate, invalid UTF-8
  "%C0%AE%C0%AE",
  "..%2F..%2Fetc%2Fpasswd",
  "%0D%0ASet-Cookie:%20x=y",
  "x".repeat(4000),
  encodeURIComponent("😀".repeat(200)),
  encodeURIComponent("<script>alert(1)</script>"),
  "-1",
  "1e309",
];

/** Hostile values as strings (form fields, JSON). */
const TEXT_VALUES = [
  "\u0000",
  "a\u0000b",
  "%00",
  "x".repeat(20_000),
  "\ud800",
  "😀".repeat(500),
  "<script>alert(1)</script>",
  " ",
  "/..//evil.example",
  "-1",
  "NaN",
];

/** Hostile JSON values beyond strings. */
const JSON_VALUES: unknown[] = [null, 0, -1, 1e308, true, [], {}, ["\u0000"], { "\u0000": 1 }, "x".repeat(900_000)];

/** Every field name a route or auth endpoint reads. */
const FIELDS = [
  "intent",
  "email",
  "password",
  "confirmPassword",
  "fullName",
  "companyName",
  "redirectTo",
  "token",
  "theme",
  "territoryId",
  "categoryId",
  "numberId",
  "name",
  "phone",
  "company",
  "message",
  "agree",
  "website",
  "id",
];

/**
 * The auth library's endpoints. Only the two links its emails carry are open (OPEN_AUTH_ENDPOINTS in
 * server/http/app.ts); the rest answer 404, and none may answer hostile input with a 5xx.
 */
const AUTH_POSTS: Record<string, string[]> = {
  "/sign-out": [],
  "/update-user": ["name", "image", "companyName"],
  "/change-password": ["currentPassword", "newPassword", "revokeOtherSessions"],
  "/change-email": ["newEmail", "callbackURL"],
  "/delete-user": ["password", "token", "callbackURL"],
  "/revoke-session": ["token"],
  "/revoke-sessions": [],
  "/revoke-other-sessions": [],
  "/send-verification-email": ["email", "callbackURL"],
  "/verify-password": ["password"],
  "/update-session": ["expiresAt"],
  "/get-session": [],
  "/link-social": ["provider", "callbackURL"],
  "/unlink-account": ["providerId", "accountId"],
  "/refresh-token": ["providerId", "accountId", "userId"],
  "/get-access-token": ["providerId", "accountId", "userId"],
  "/sign-in/social": ["provider", "callbackURL", "idToken"],
  "/admin/create-user": ["email", "password", "name", "role"],
  "/admin/set-role": ["userId", "role"],
  "/admin/ban-user": ["userId", "banReason", "banExpiresIn"],
  "/admin/unban-user": ["userId"],
  "/admin/update-user": ["userId", "data"],
  "/admin/set-user-password": ["userId", "newPassword"],
  "/admin/list-user-sessions": ["userId"],
  "/admin/revoke-user-session": ["sessionToken"],
  "/admin/revoke-user-sessions": ["userId"],
  "/admin/impersonate-user": ["userId"],
  "/admin/stop-impersonating": [],
  "/admin/remove-user": ["userId"],
  "/admin/has-permission": ["permission", "permissions", "userId"],
};
const AUTH_GETS = [
  "/get-session",
  "/list-sessions",
  "/list-accounts",
  "/account-info",
  "/ok",
  "/error",
  "/verify-email",
  "/reset-password/x",
  "/delete-user/callback",
  "/callback/x",
  "/admin/list-users",
  "/admin/get-user",
];
/** Endpoints that would end the corpus' own admin session: sent only anonymously. */
const SESSION_ENDING = new Set([
  "/sign-out",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/revoke-session",
  "/delete-user",
  "/change-password",
  "/admin/ban-user",
  "/admin/remove-user",
  "/admin/revoke-user-sessions",
  "/admin/impersonate-user",
  "/admin/set-role",
  "/admin/set-user-password",
  "/admin/update-user",
]);

/** The app's URL patterns, from the route table (app/routes.ts: the one the build is made from). */
async function routePatterns(): Promise<string[]> {
  const { default: routes } = await import("#app/routes.ts");
  const patterns = new Set<string>();
  const walk = (entries: RouteConfigEntry[], base: string) => {
    for (const e of entries) {
      const full = [base, e.path ?? ""].filter(Boolean).join("/");
      patterns.add(`/${full}`.replace(/\/+$/, "") || "/");
      walk(e.children ?? [], full);
    }
  };
  walk(routes, "");
  return [...patterns];
}

const SAMPLE_PARAMS: Record<string, string> = {
  numberId: "hash-4law",
  territorySlug: "georgia",
  territoryId: "00000000-0000-0000-0000-000000000000",
  id: "00000000-0000-0000-0000-000000000000",
  part: "1.xml",
  "*": "anything",
};

/** Every concrete URL path of a pattern with one parameter replaced by each hostile value. */
function pathsFor(pattern: string): string[] {
  const segments = pattern.split("/");
  const params = segments.map((s, i) => (s.startsWith(":") || s === "*" ? i : -1)).filter((i) => i >= 0);
  const fill = (i: number, value: string) =>
    segments
      .map((s, j) =>
        j === i ? value : s.startsWith(":") ? SAMPLE_PARAMS[s.slice(1)] : s === "*" ? SAMPLE_PARAMS["*"] : s,
      )
      .join("/") || "/";
  if (params.length === 0) return [pattern];
  return params.flatMap((i) => PATH_VALUES.map((v) => fill(i, v)));
}

const STACK_TRACE = [/\n\s+at [^\n]*:\d+:\d+/, /node_modules\//, /file:\/\/\//, /\.tsx?:\d+:\d+/];

type Probe = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** A string, or chunks sent without a Content-Length (chunked). */
  body?: string | string[];
  label?: string;
};

let address = 0;
/** Each request arrives "through the proxy" from an address of its own, so per-address limits never answer. */
function nextAddress(): string {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

/**
 * Sends one request on a connection of its own and reads the answer. The path goes out exactly as written (no URL
 * normalization), and an answer that comes before the body is fully sent (413 for an oversized body) counts: the
 * server may close the connection then, as HTTP allows.
 */
function send(
  server: Server,
  p: Probe,
  cookie?: string,
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      origin: server.url,
      "x-forwarded-for": nextAddress(),
      ...(cookie ? { cookie } : {}),
      ...p.headers,
    };
    if (typeof p.body === "string") headers["content-length"] = String(Buffer.byteLength(p.body));
    const req = http.request({ host: hostname, port, method: p.method, path: p.path, headers, agent: false });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), headers: res.headers }),
      );
      res.on("error", () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), headers: res.headers }),
      );
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    if (Array.isArray(p.body)) for (const chunk of p.body) req.write(chunk);
    else if (p.body !== undefined) req.write(p.body);
    req.end();
  });
}

async function probe(server: Server, p: Probe, cookie?: string): Promise<string | null> {
  const res = await send(server, p, cookie);
  const text = res.text;
  const what = `${p.method} ${p.path.slice(0, 120)}${p.label ? ` (${p.label})` : ""} → ${res.status}`;
  if (res.status >= 500) return what;
  const trace = STACK_TRACE.find((re) => re.test(text));
  if (trace) return `${what}: stack trace ${trace} in ${text.slice(0, 300)}`;
  return null;
}

/** Runs probes with a little concurrency; returns every failure. */
async function runAll(server: Server, probes: Probe[], cookie?: string): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const p = probes[next++]!;
      try {
        const f = await probe(server, p, cookie);
        if (f) failures.push(f);
      } catch (err) {
        // Over the body limit the server answers 413 at once and may close the connection while the client is
        // still sending; the client then sees the closed connection rather than the answer. That is not a failure.
        const size = Array.isArray(p.body) ? p.body.join("").length : (p.body?.length ?? 0);
        const code = (err as { code?: string }).code;
        if (size > 1024 * 1024 && (code === "EPIPE" || code === "ECONNRESET")) continue;
        failures.push(`${p.method} ${p.path.slice(0, 120)}: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return failures;
}

const form = (fields: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const json = (value: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(value) });

function pageProbes(patterns: string[]): Probe[] {
  const probes: Probe[] = [];
  for (const pattern of patterns) {
    const base = pattern.replace(/:(\w+)/g, (_, k: string) => SAMPLE_PARAMS[k]!).replace("*", "anything");
    // Every path parameter, as a document and as the data request of client navigations.
    for (const p of pathsFor(pattern)) {
      probes.push({ method: "GET", path: p, headers: { accept: "text/html" } });
      probes.push({ method: "GET", path: `${p === "/" ? "/_root" : p}.data` });
    }
    // The query: the names routes read, each hostile value.
    for (const v of PATH_VALUES) {
      const q = [
        "q",
        "redirectTo",
        "message",
        "error",
        "error_description",
        "forgot",
        "to",
        "token",
        "page",
        "size",
        "sort",
        "dir",
        "status",
        "template",
        "_routes",
        // The auth library's redirect targets (issue 24, item 2): refused wherever they appear.
        "callbackURL",
        "errorCallbackURL",
        "newUserCallbackURL",
      ]
        .map((k) => `${k}=${v}`)
        .join("&");
      probes.push({ method: "GET", path: `${base}?${q}`, headers: { accept: "text/html" } });
      probes.push({ method: "GET", path: `${base === "/" ? "/_root" : base}.data?${q}` });
    }
    // Other spellings of the path (the edge matches one canonical form, issue 24 item 6): a document, a data
    // request and a post, in upper case and with a doubled slash.
    for (const spelling of [base.toUpperCase(), base.replace(/^\//, "//")]) {
      if (spelling === base) continue;
      probes.push(
        { method: "GET", path: spelling, headers: { accept: "text/html" } },
        { method: "GET", path: `${spelling === "/" ? "/_root" : spelling}.data` },
        { method: "POST", path: spelling, ...form({ email: "x", intent: "login", website: "" }) },
      );
    }
    // Form posts: every field, each hostile value; the document post and the data post.
    for (const v of TEXT_VALUES) {
      const fields = Object.fromEntries(FIELDS.map((f) => [f, v]));
      probes.push({ method: "POST", path: base, ...form(fields) });
      probes.push({ method: "POST", path: `${base === "/" ? "/_root" : base}.data`, ...form(fields) });
      // The same with a clean honeypot and plausible intent, so the schemas themselves see the values.
      probes.push({ method: "POST", path: base, ...form({ ...fields, website: "", intent: "login" }) });
      probes.push({ method: "POST", path: base, ...form({ ...fields, website: "", intent: "forgot" }) });
    }
    // JSON, wrong content types, and other methods.
    for (const v of JSON_VALUES) probes.push({ method: "POST", path: base, ...json(v), label: "json" });
    probes.push(
      { method: "POST", path: base, headers: { "content-type": "text/plain" }, body: "email=a@b.co", label: "text" },
      { method: "POST", path: base, headers: { "content-type": "application/xml" }, body: "<a/>", label: "xml" },
      {
        method: "POST",
        path: base,
        headers: { "content-type": "multipart/form-data; boundary=zzz" },
        body: "not multipart at all",
        label: "bad multipart",
      },
      {
        method: "POST",
        path: base,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "%=%&a=%zz",
      },
      { method: "PUT", path: base, ...form({ email: "x" }) },
      { method: "DELETE", path: base },
      { method: "PATCH", path: base, ...json({}) },
    );
  }
  return probes;
}

function authProbes(signedIn: boolean): Probe[] {
  const probes: Probe[] = [];
  for (const [endpoint, fields] of Object.entries(AUTH_POSTS)) {
    if (signedIn && SESSION_ENDING.has(endpoint)) continue;
    const p = `/api/auth${endpoint}`;
    for (const v of [...TEXT_VALUES, ...JSON_VALUES]) {
      const body = fields.length ? Object.fromEntries(fields.map((f) => [f, v])) : { anything: v };
      probes.push({ method: "POST", path: p, ...json(body), label: "json fields" });
    }
    for (const v of JSON_VALUES) probes.push({ method: "POST", path: p, ...json(v), label: "json body" });
    probes.push(
      { method: "POST", path: p, headers: { "content-type": "application/json" }, body: "{", label: "invalid json" },
      {
        method: "POST",
        path: p,
        headers: { "content-type": "application/json" },
        body: `${"[".repeat(5000)}${"]".repeat(5000)}`,
        label: "deep json",
      },
      { method: "POST", path: p, headers: { "content-type": "text/plain" }, body: '{"a":1}', label: "text" },
      { method: "POST", path: p, ...form(Object.fromEntries(fields.map((f) => [f, "x"]))), label: "form" },
    );
  }
  for (const endpoint of AUTH_GETS) {
    for (const v of PATH_VALUES.slice(0, 10)) {
      probes.push({ method: "GET", path: `/api/auth${endpoint}?token=${v}&callbackURL=${v}&id=${v}&userId=${v}` });
    }
    probes.push({ method: "GET", path: `/api/auth${endpoint}/${PATH_VALUES[0]}` });
  }
  for (const v of PATH_VALUES) probes.push({ method: "GET", path: `/api/auth/reset-password/${v}?callbackURL=%2F` });
  return probes;
}

/** Bodies over the limit, with a length and streamed without one. */
function oversizedProbes(): Probe[] {
  const big = "x".repeat(2 * 1024 * 1024);
  const stream = () => Array.from({ length: 40 }, () => "x".repeat(64 * 1024));
  return [
    { method: "POST", path: "/login", ...form({ email: big }), label: "2 MB form" },
    { method: "POST", path: "/api/auth/update-user", ...json({ name: big }), label: "2 MB json" },
    {
      method: "POST",
      path: "/signup",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream(),
      label: "streamed",
    },
    {
      method: "POST",
      path: "/api/auth/update-user",
      headers: { "content-type": "application/json" },
      body: stream(),
      label: "streamed",
    },
  ];
}

test.describe("bad-input corpus against the production build", () => {
  let server: Server;

  test.beforeAll(async ({ browserName: _ }, info) => {
    test.setTimeout(120_000);
    server = await startServer(info.project.name === "postgres" ? "postgres" : "pglite");
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("no route answers hostile input with a 5xx or a stack trace", async () => {
    test.setTimeout(600_000);
    const patterns = await routePatterns();
    expect(patterns).toEqual(expect.arrayContaining(["/", "/login", "/number/:numberId", "/admin/emails/:id"]));

    // Anonymous, then as an administrator (so the guarded loaders parse their input too).
    const anonymousProbes = [...pageProbes(patterns), ...authProbes(false), ...oversizedProbes()];
    expect(anonymousProbes.length).toBeGreaterThan(2000);
    const anonymous = await runAll(server, anonymousProbes);
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "x-forwarded-for": nextAddress(), ...form({}).headers },
      body: new URLSearchParams({ intent: "login", email: ADMIN.email, password: ADMIN.password }).toString(),
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const gets = pageProbes(patterns).filter((p) => p.method === "GET");
    const signedIn = await runAll(server, [...gets, ...authProbes(true)], cookie);

    expect([...anonymous, ...signedIn]).toEqual([]);
    // Nothing reached the error log either.
    const errors = server
      .output()
      .split("\n")
      .filter((l) => /"level":(50|60)/.test(l));
    expect(errors).toEqual([]);
  });

  test("sizes and NULs get the right refusals", async () => {
    const status = async (p: Probe) => (await send(server, p)).status;
    for (const p of oversizedProbes()) expect(await status(p), p.label).toBe(413);
    expect(await status({ method: "GET", path: "/number/%00", headers: { accept: "text/html" } })).toBe(400);
    expect(await status({ method: "GET", path: "/number/hash-4law/%2500", headers: { accept: "text/html" } })).toBe(
      404,
    );
    expect(await status({ method: "GET", path: "/number/%2500.data" })).toBe(404);
    expect(await status({ method: "POST", path: "/api/auth/revoke-session", ...json({ token: "\u0000" }) })).toBe(400);
  });

  test("a sign-in never redirects off the site", async () => {
    for (const redirectTo of ["/..//evil.example", "/.%2e//evil.example", "//evil.example", "/\\evil.example"]) {
      for (const target of ["/login", "/login.data"]) {
        const res = await fetch(`${server.url}${target}`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: server.url, "x-forwarded-for": nextAddress(), ...form({}).headers },
          body: new URLSearchParams({
            intent: "login",
            email: ADMIN.email,
            password: ADMIN.password,
            redirectTo,
          }).toString(),
        });
        const location = res.headers.get("location") ?? res.headers.get("x-remix-redirect") ?? (await res.text());
        expect(location, `${target} ${redirectTo}`).not.toMatch(/\/\/evil|\\\\evil/);
        expect(location, `${target} ${redirectTo}`).toMatch(/\/admin\/dashboard/);
      }
      // Nor does the sign-in page carry the target into its form (first probe, finding 2: "prefilled from
      // /login?redirectTo=").
      const page = await send(server, {
        method: "GET",
        path: `/login?redirectTo=${encodeURIComponent(redirectTo)}`,
        headers: { accept: "text/html" },
      });
      expect(page.status).toBe(200);
      const login = /name="intent" value="login"\/><input type="hidden" name="redirectTo" value="([^"]*)"/.exec(
        page.text,
      );
      expect(login?.[1], redirectTo).toBe("");
      // Other forms of the page (the theme switch) return to the page itself, the query kept as a parameter.
      for (const m of page.text.matchAll(/name="redirectTo" value="([^"]*)"/g))
        expect(m[1]).toMatch(/^(\/(?![/\\])|$)/);
    }
  });

  test("the emailed auth links never redirect off the site, and the auth library answers nothing else", async () => {
    for (const target of ["/..//evil.example", "/%2e%2e//evil.example", "//evil.example", "/\\evil.example"]) {
      const q = encodeURIComponent(target);
      for (const path of [
        `/api/auth/verify-email?token=bad&callbackURL=${q}`,
        `/api/auth/reset-password/bad?callbackURL=${q}`,
      ]) {
        const res = await send(server, { method: "GET", path });
        expect(res.status, path).toBe(403);
        expect(res.headers.location, path).toBeUndefined();
      }
    }
    for (const path of ["/api/auth/change-password", "/api/auth/update-user", "/api/auth/revoke-sessions"]) {
      expect((await send(server, { method: "POST", path, ...json({}) })).status, path).toBe(404);
    }
    expect((await send(server, { method: "GET", path: "/api/auth/list-sessions" })).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Content-Security-Policy in the browser

/** Records CSP violations (as the page reports them, and as console errors) from the page's first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(m.text())) {
      violations.push(`console: ${m.text()}`);
    }
  });
  await page.exposeFunction("__reportCsp", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCsp: (v: string) => void }).__reportCsp(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} on ${location.pathname}`,
      );
    });
  });
  return violations;
}

async function visit(page: Page, url: string) {
  const res = await page.goto(url);
  expect(res?.headers()["content-security-policy"], url).toMatch(/script-src 'self' 'nonce-[^']+'/);
  // The nonce'd inline scripts ran: React Router booted and hydrated.
  await page.waitForFunction(
    () => typeof (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules === "object",
  );
  await page.waitForLoadState("networkidle");
}

test.describe("Content-Security-Policy", () => {
  test("public pages load with no CSP violation, fresh and from the page cache", async ({ page }) => {
    const violations = await watchCsp(page);
    for (const url of [
      "/",
      "/all-numbers",
      "/number/hash-4law",
      "/number/hash-4law/georgia",
      "/login",
      "/login?forgot=1",
      "/signup",
      "/reset-password?token=not-a-token",
      "/theme-showcase",
      "/no-such-page",
    ]) {
      await visit(page, url);
      await visit(page, url); // the second visit is served from the page cache, with its stored nonce
    }
    // Client-side navigation and the theme switch run scripts too.
    await page.goto("/");
    await page.getByRole("link", { name: "Sign Up / Sign In" }).first().click();
    await expect(page).toHaveURL(/\/login/);
    expect(violations).toEqual([]);
  });

  test("markup injected into a page cannot run script: the browser enforces the policy", async ({ page }) => {
    const violations = await watchCsp(page);
    // Stand in for a stored injection the sanitizer missed: the server's answer, headers and all, with hostile
    // markup added to its body on the way to the browser.
    await page.route("**/number/hash-4law", async (route) => {
      const res = await route.fetch();
      const injected = [
        "<script>window.__injected = 'inline';</script>",
        `<img src="/no-such.png" onerror="window.__injected = 'handler'">`,
        `<a id="injected-link" href="javascript:window.__injected = 'url'">x</a>`,
        `<script src="data:text/javascript,window.__injected = 'data'"></script>`,
        `<script nonce="guessed">window.__injected = 'guessed nonce';</script>`,
      ].join("");
      await route.fulfill({ response: res, body: (await res.text()).replace("</body>", `${injected}</body>`) });
    });
    const res = await page.goto("/number/hash-4law");
    expect(res?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    // The page's own nonce'd scripts still ran: React Router hydrated.
    await page.waitForFunction(
      () => typeof (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules === "object",
    );
    await page.locator("#injected-link").click();
    // Each of the five was refused, as the page itself reports it (not only as console noise).
    const reported = () => violations.filter((v) => !v.startsWith("console:"));
    await expect.poll(() => reported().length).toBeGreaterThanOrEqual(5);
    expect(reported().every((v) => /^script-src/.test(v))).toBe(true);
    expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  });

  test("the demo licensee's dashboard loads with no CSP violation and is never cached", async ({ page }) => {
    const violations = await watchCsp(page);
    await signInAs(page, DEMO_LICENSEE);
    await expect(page).toHaveURL(/\/dashboard$/);
    const res = await page.goto("/dashboard");
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    await visit(page, "/dashboard");
    await visit(page, "/");
    expect(violations).toEqual([]);
  });

  test("an admin's /admin/emails loads with no CSP violation", async ({ page }) => {
    const violations = await watchCsp(page);
    await signInAs(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await visit(page, "/admin/dashboard");
    const res = await page.goto("/admin/emails");
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    await visit(page, "/admin/emails");
    const first = page.locator('a[href^="/admin/emails/"]').first();
    if (await first.count()) {
      await first.click();
      await expect(page).toHaveURL(/\/admin\/emails\/[0-9a-f-]{36}/);
      await page.waitForLoadState("networkidle");
    }
    expect(violations).toEqual([]);
  });
});
