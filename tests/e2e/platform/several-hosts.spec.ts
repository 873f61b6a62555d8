import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { type APIRequestContext, type Browser, type BrowserContext, expect, request, test } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { type StripeStandIn, startStripeStandIn } from "#tests/support/stripe-stand-in.ts";
import { signUsage } from "../support/billing-env.ts";
import { DEMO_LICENSEE } from "../support/env.ts";
import { signIn, signOut } from "../support/helpers.ts";
import { createTestDatabase, type ServerProcess, spawnServer } from "../support/server-process.ts";

/**
 * Several hosts, as deployed: two independent production instances (two `node server/main.ts` on two ports, each
 * with its own DATA_DIR; not the cluster) on one PostgreSQL and one S3-compatible store (the s3rver stand-in), behind
 * Debian's nginx running the shipped site file (deploy/nginx-poundcodes.conf) on loopback. TLS ends at nginx, with a
 * certificate made for the test, so this is also where secure cookies are proved: the session cookie carries the
 * `__Secure-` prefix and the Secure flag, and the browser sends it back.
 *
 * The test's copy of the site file differs only in ports, names, certificate paths, and one header naming the
 * instance that answered (`X-Upstream`), so each check can show that both instances served it.
 */

const NGINX = { https: 3260, http: 3261 } as const;
const INSTANCES = [3262, 3263] as const;
const STRIPE_PORT = 3264;
const ORIGIN = `https://localhost:${NGINX.https}`;
const SECRET = "several-hosts-secret-several-hosts-secret";
const STRIPE = { secretKey: "sk_test_several_hosts", webhookSecret: "whsec_several_hosts" };
const USAGE_SECRET = "several-hosts-usage-secret-0123456789";
const NGINX_BIN = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p)) ?? "nginx";

test.describe.configure({ mode: "serial" });

/** A loopback SMTP server that accepts every message and keeps its Message-ID. */
async function startSmtpSink() {
  const messageIds: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString();
      });
      stream.on("end", () => {
        messageIds.push(/^Message-ID: *(.+?)\r?$/im.exec(head)?.[1]?.trim() ?? "(none)");
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, messageIds, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The shipped site file, pointed at this test's ports and certificate, inside a minimal nginx.conf. */
function nginxConfig(dir: string): string {
  const site = readFileSync("deploy/nginx-poundcodes.conf", "utf8")
    .replace("server 127.0.0.1:3001", `server 127.0.0.1:${INSTANCES[0]}`)
    .replace("server 127.0.0.1:3002", `server 127.0.0.1:${INSTANCES[1]}`)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, "")
    .replace(/listen 80;/, `listen 127.0.0.1:${NGINX.http};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${NGINX.https} ssl http2;`)
    .replace("return 301 https://$host$request_uri;", `return 301 https://$host:${NGINX.https}$request_uri;`)
    .replaceAll("server_name poundcodes.example;", "server_name localhost;")
    .replace("/etc/ssl/poundcodes/fullchain.pem", path.join(dir, "cert.pem"))
    .replace("/etc/ssl/poundcodes/privkey.pem", path.join(dir, "key.pem"))
    .replace(
      "proxy_pass http://poundcodes;",
      "proxy_pass http://poundcodes;\n        add_header X-Upstream $upstream_addr always;",
    );
  // Every substitution took: a change to the shipped file that this test no longer matches fails here.
  expect(site).toContain(`server 127.0.0.1:${INSTANCES[1]}`);
  expect(site).toContain(`listen 127.0.0.1:${NGINX.https} ssl`);
  expect(site).toContain("X-Upstream");
  expect(site.replace(/#.*$/gm, "")).not.toMatch(/poundcodes\.example|\/etc\/ssl/);
  writeFileSync(path.join(dir, "site.conf"), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `
user ${userInfo().username};
daemon off;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  include ${path.join(dir, "site.conf")};
}
`;
}

async function waitFor(url: string, ok: (status: number) => boolean, what: string, exited?: () => boolean) {
  for (let i = 0; i < 480; i++) {
    try {
      if (ok((await fetch(url, { redirect: "manual" })).status)) return;
    } catch {
      // not listening yet
    }
    if (exited?.()) throw new Error(`${what} exited`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not come up at ${url}`);
}

/** The S3 stand-in, in a process of its own (tests/support/s3-serve.ts); its storage environment. */
async function startS3(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["tests/support/s3-serve.ts"], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d;
      if (out.includes("\n")) resolve(out.split("\n")[0]!);
    });
    child.once("exit", (code) => reject(new Error(`the S3 stand-in exited (${code})`)));
  });
  return {
    env: JSON.parse(line) as Record<string, string>,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

type Deployment = {
  instances: ServerProcess[];
  db: pg.Pool;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  stripe: StripeStandIn;
};

/** What deploy() started, stopped in reverse order after the tests, also when a later step of deploy() failed. */
const cleanups: (() => Promise<unknown>)[] = [];

async function deploy(): Promise<Deployment> {
  const dir = mkdtempSync(path.join(tmpdir(), "pc-hosts-"));
  execFileSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost",
    "-keyout",
    path.join(dir, "key.pem"),
    "-out",
    path.join(dir, "cert.pem"),
  ]);
  const database = await createTestDatabase("pc_hosts");
  cleanups.push(database.drop);
  const s3 = await startS3();
  cleanups.push(s3.stop);
  const smtp = await startSmtpSink();
  cleanups.push(smtp.stop);
  // Stripe's webhooks go to the second instance itself, while the checkout starts wherever nginx sends the browser.
  const stripe = await startStripeStandIn({
    port: STRIPE_PORT,
    secretKey: STRIPE.secretKey,
    webhook: { url: `http://127.0.0.1:${INSTANCES[1]}/api/webhooks/stripe`, secret: STRIPE.webhookSecret },
  });
  cleanups.push(() => stripe.close());
  const instance = (port: number) => {
    const server = spawnServer({
      NODE_ENV: "production",
      PUBLIC_URL: ORIGIN,
      BETTER_AUTH_SECRET: SECRET,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `pc-hosts-${port}-`)),
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: "1",
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      ADMIN_2FA: "optional",
      LANDING_PAGE_APPROVAL: "off",
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_API_URL: stripe.url,
      USAGE_WEBHOOK_SECRET: USAGE_SECRET,
      ...s3.env,
    });
    cleanups.push(async () => {
      server.child.kill("SIGTERM");
      await server.exited;
    });
    return server;
  };
  // The first instance migrates and seeds; the second starts on the database the first made.
  const first = instance(INSTANCES[0]);
  await waitFor(
    `http://127.0.0.1:${INSTANCES[0]}/api/ready`,
    (s) => s === 200,
    "instance 1",
    () => first.child.exitCode !== null,
  );
  const second = instance(INSTANCES[1]);
  await waitFor(
    `http://127.0.0.1:${INSTANCES[1]}/api/ready`,
    (s) => s === 200,
    "instance 2",
    () => second.child.exitCode !== null,
  );

  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(dir));
  const nginx = spawn(NGINX_BIN, ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(async () => {
    nginx.kill("SIGQUIT");
    if (nginx.exitCode === null) await new Promise((r) => nginx.once("exit", r));
  });
  let nginxOutput = "";
  nginx.stderr.on("data", (d) => {
    nginxOutput += d;
  });
  await waitFor(
    `http://127.0.0.1:${NGINX.http}/`,
    (s) => s === 301,
    `nginx (${nginxOutput})`,
    () => nginx.exitCode !== null,
  );

  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanups.push(() => db.end());
  return { instances: [first, second], db, smtp, stripe };
}

/** Which instance answered, by the port nginx names in X-Upstream. */
const upstreamOf = (headers: Record<string, string>) => Number(headers["x-upstream"]?.split(":").pop());

/** `n` GETs of `url`, and the set of instances that answered them. */
async function getMany(request: APIRequestContext, url: string, n = 6) {
  const answers = [];
  for (let i = 0; i < n; i++) {
    const res = await request.get(url, { maxRedirects: 0 });
    answers.push({ status: res.status(), upstream: upstreamOf(res.headers()), body: await res.text() });
  }
  return { answers, upstreams: new Set(answers.map((a) => a.upstream)) };
}

let d: Deployment;
let browserContext: BrowserContext;
const BOTH = new Set<number>(INSTANCES);

/** A page of the shared browser context, signed in as the demo licensee (through nginx) unless it already is. */
async function demoLicensee() {
  const page = await browserContext.newPage();
  await page.goto("/dashboard");
  if (new URL(page.url()).pathname === "/login") {
    await signIn(page, DEMO_LICENSEE.email, DEMO_LICENSEE.password);
    await page.waitForURL(/\/dashboard$/);
  }
  return page;
}

const newContext = (browser: Browser) => browser.newContext({ baseURL: ORIGIN, ignoreHTTPSErrors: true });

test.beforeAll(async ({ browser }, info) => {
  test.skip(info.project.name !== "postgres", "two instances share a PostgreSQL: runs in the postgres project");
  test.setTimeout(240_000);
  d = await deploy();
  browserContext = await newContext(browser);
});
test.afterAll(async () => {
  await browserContext?.close();
  for (const stop of cleanups.splice(0).reverse()) await stop();
});

test("a session made on one instance is honored and ended on both, in a __Secure- cookie over HTTPS", async () => {
  const page = await browserContext.newPage();
  await signIn(page, DEMO_LICENSEE.email, DEMO_LICENSEE.password);
  await page.waitForURL(/\/dashboard$/);

  const cookies = await browserContext.cookies();
  const session = cookies.find((c) => c.name.endsWith("better-auth.session_token"));
  expect(session).toMatchObject({
    name: "__Secure-better-auth.session_token",
    secure: true,
    httpOnly: true,
    sameSite: "Lax",
  });
  // Every cookie the app sets over HTTPS is Secure.
  expect(cookies.filter((c) => !c.secure).map((c) => c.name)).toEqual([]);

  const signedIn = await getMany(browserContext.request, "/dashboard");
  expect(signedIn.answers.map((a) => a.status)).toEqual(signedIn.answers.map(() => 200));
  expect(signedIn.upstreams).toEqual(BOTH);
  const res = await browserContext.request.get("/dashboard");
  expect(res.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
  expect(res.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");

  // Plain HTTP is sent to HTTPS by nginx before it reaches an instance.
  const plain = await fetch(`http://127.0.0.1:${NGINX.http}/dashboard`, { redirect: "manual" });
  expect(plain.status).toBe(301);
  expect(plain.headers.get("location")).toBe(`https://127.0.0.1:${NGINX.https}/dashboard`);

  // Signing out on one instance ends the session on both, though each had it in its session cache.
  const replay = await request.newContext({
    baseURL: ORIGIN,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { cookie: `${session!.name}=${session!.value}` },
  });
  expect((await getMany(replay, "/dashboard")).answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
  await page.goto("/dashboard");
  await signOut(page);
  await page.waitForURL((url) => !url.pathname.startsWith("/dashboard"));
  const ended = await getMany(replay, "/dashboard");
  expect(ended.upstreams).toEqual(BOTH);
  for (const a of ended.answers) expect(a.status).toBe(302);
  await replay.dispose();
  await page.close();
});

test("a rate limit counts requests to both instances together", async () => {
  // The public-form limit is 10 per address in 10 minutes (the publicForm rule of server/domain/ratelimit). Every request comes
  // through nginx from 127.0.0.1, which TRUST_PROXY=1 takes as the client; nginx alternates the instances.
  const api = await request.newContext({ baseURL: ORIGIN, ignoreHTTPSErrors: true });
  const answers = [];
  for (let i = 0; i < 11; i++) {
    const res = await api.post("/contact", {
      maxRedirects: 0,
      headers: { origin: ORIGIN },
      form: {
        name: `Several Hosts ${i}`,
        email: `hosts-${i}@example.com`,
        phone: "",
        company: "",
        subject: "CRM Integration",
        message: `Message ${i} through nginx.`,
        website: "",
      },
    });
    answers.push({ status: res.status(), upstream: upstreamOf(res.headers()) });
  }
  expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(302));
  expect(answers[10]!.status).toBe(429);
  expect(new Set(answers.map((a) => a.upstream))).toEqual(BOTH);
  await api.dispose();
});

test("each email goes out once though both instances run the mail jobs", async () => {
  // The ten messages above each sent the sales inbox a notice; sign-ins and the rest add their own. Wait for the
  // outbox to empty, then every row marked sent was delivered once, with its own Message-ID.
  let sent = 0;
  await expect
    .poll(
      async () => {
        const { rows } = await d.db.query<{ pending: number; sent: number }>(
          "select count(*) filter (where status <> 'sent')::int as pending, count(*) filter (where status = 'sent')::int as sent from email_outbox",
        );
        sent = rows[0]!.sent;
        return rows[0]!.pending;
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  expect(sent).toBeGreaterThanOrEqual(10);
  expect(d.smtp.messageIds.length).toBe(sent);
  expect(new Set(d.smtp.messageIds).size).toBe(sent);
});

test("an upload through one instance is served by both, and the page it changes is fresh on both", async () => {
  const page = await demoLicensee();
  const visitor = await request.newContext({ baseURL: ORIGIN, ignoreHTTPSErrors: true });
  const PUBLIC_PAGE = "/p/4law/georgia";
  // Both instances have the public page in their page caches before the change.
  const before = await getMany(visitor, PUBLIC_PAGE);
  expect(before.upstreams).toEqual(BOTH);

  await page.goto("/dashboard/profile");
  const card = page.getByTestId("logo-card");
  const logo = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#10305e" } })
    .png()
    .toBuffer();
  await card.getByLabel(/Choose company logo/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await card.getByRole("button", { name: "Upload Logo" }).click();
  await expect(page.getByText("Logo Updated").first()).toBeVisible();
  const src = (await card.getByRole("img").getAttribute("src"))!;
  const images = [];
  for (let i = 0; i < 4; i++) {
    const res = await visitor.get(src);
    images.push({ status: res.status(), upstream: upstreamOf(res.headers()), bytes: (await res.body()).length });
  }
  expect(new Set(images.map((i) => i.upstream))).toEqual(BOTH);
  expect(images.map((i) => i.status)).toEqual([200, 200, 200, 200]);
  expect(new Set(images.map((i) => i.bytes)).size).toBe(1);

  // A change to the page's content, applied at once (LANDING_PAGE_APPROVAL=off), is what both instances serve next.
  const service = `Served by both ${Date.now()}`;
  await page.goto("/dashboard/page-content");
  const pageCard = page
    .locator("[id^='page-']")
    .filter({ has: page.getByRole("heading", { name: "#4LAW in Georgia" }) });
  const services = pageCard.getByLabel(/Services/);
  await services.fill(`${await services.inputValue()}\n${service}`);
  await pageCard.getByRole("button", { name: /Submit|Publish|Save/ }).click();
  await expect
    .poll(async () => (await getMany(visitor, PUBLIC_PAGE, 4)).answers.every((a) => a.body.includes(service)), {
      timeout: 10_000,
    })
    .toBe(true);
  const after = await getMany(visitor, PUBLIC_PAGE);
  expect(after.upstreams).toEqual(BOTH);
  for (const a of after.answers) expect(a.body).toContain(service);
  await visitor.dispose();
  await page.close();
});

test("a Stripe checkout started on one instance is paid through the other, and usage is debited once", async () => {
  const page = await demoLicensee();
  await page.goto("/dashboard/billing");
  const topUps = page.getByTestId("wallet-entry").filter({ hasText: "Wallet top-up ($25.00)" });
  const before = await topUps.count();
  await page.getByRole("button", { name: "Top up $25.00" }).click();
  await page.waitForURL(`${d.stripe.url}/checkout/**`);
  await page.getByRole("button", { name: "Pay $25.00" }).click();
  await page.waitForURL(/\/dashboard\/billing/);
  await expect(topUps).toHaveCount(before + 1);
  const { rows } = await d.db.query<{ id: string }>("select id from licensees where email = $1", [DEMO_LICENSEE.email]);
  const licenseeId = rows[0]!.id;

  // The same usage event delivered to each instance directly: recorded once, the second is a duplicate.
  const event = JSON.stringify({ id: `hosts-${Date.now()}`, licensee_id: licenseeId, kind: "sms", quantity: 1 });
  const outcomes = [];
  for (const port of INSTANCES) {
    const res = await fetch(`http://127.0.0.1:${port}/api/webhooks/usage`, {
      method: "POST",
      headers: { "content-type": "application/json", "PoundCodes-Signature": signUsage(event, USAGE_SECRET) },
      body: event,
    });
    outcomes.push(((await res.json()) as { status: string }).status);
  }
  expect(outcomes[0]).toMatch(/^(recorded|free)$/);
  expect(outcomes[1]).toBe("duplicate");
  await page.close();
});
