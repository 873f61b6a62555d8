import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { openPostgres } from "../db/client.ts";
import { emailOutbox } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { cacheable } from "../web/page-cache.ts";
import { createHttpApp } from "./app.ts";
import { loadShedding } from "./load-shedding.ts";
import { createMetrics } from "./metrics.ts";
import { testBuild } from "./test-routes.ts";

/** `/metrics`: behind its bearer token, counting requests by route pattern (never the URL), and what it reports. */

let t: TestDb;
let services: Awaited<ReturnType<typeof createServices>>;
const TOKEN = "metrics-token-for-tests-0123";
const auth = { authorization: `Bearer ${TOKEN}` };
const html = { accept: "text/html" };
const BUILD = testBuild({
  "/": cacheable(),
  "/number/:numberId": null,
  "/dashboard/*": null,
  "/slow": null,
});

function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-metrics-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    ...env,
  });
}

beforeAll(async () => {
  t = await createTestDb();
  services = await createServices(testConfig(), { handle: t, logger: createLogger("silent") });
});
afterAll(() => t.close());

function makeApp(env: Record<string, string> = { METRICS_TOKEN: TOKEN }) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const requestHandler = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === "/slow") await gate;
    if (url.pathname === "/metrics") return new Response("router", { status: 404 });
    const status = Number(url.searchParams.get("status") ?? 200);
    return new Response("<!doctype html><p>a page</p>", {
      status,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  };
  const app = createHttpApp({
    services: { ...services, config: testConfig(env) },
    mode: "production",
    build: BUILD,
    requestHandler,
  });
  const scrape = async () => {
    const res = await app.request("/metrics", { headers: auth });
    expect(res.status).toBe(200);
    return res.text();
  };
  return { app, scrape, release: () => open() };
}

/** The value of one series in a scrape (labels in the order prom-client writes them), or undefined. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(",");
  const series = wanted ? `${name}{${wanted}}` : name;
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const { app } = makeApp({});
    const res = await app.request("/metrics", { headers: auth });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("router");
  });

  it("answers only the bearer token", async () => {
    const { app } = makeApp();
    const wrong: Record<string, string>[] = [
      {},
      { authorization: "Bearer not-the-token-at-all" },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of wrong) {
      const res = await app.request("/metrics", { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain("poundcodes_");
    }
    const res = await app.request("/metrics", { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("counts requests by route pattern and status, never by URL", async () => {
    const { app, scrape } = makeApp();
    const before = await scrape();
    const numbers = { method: "GET", route: "/number/:numberId", status: "200" };
    expect(seriesValue(before, "poundcodes_http_requests_total", numbers)).toBeUndefined();

    await app.request("/number/hash-4law", { headers: html });
    await app.request("/Number/hash-5LAW/", { headers: html });
    await app.request("/number/hash-4law.data", { headers: { accept: "*/*" } });
    await app.request("/number/hash-6law?status=404", { headers: html });
    await app.request("/dashboard/anything/at/all", { headers: html });
    await app.request("/nowhere-at-all", { headers: html });
    await app.request("/api/auth/sign-in/email", { method: "POST", headers: { origin: "http://localhost:3000" } });

    const after = await scrape();
    expect(seriesValue(after, "poundcodes_http_requests_total", numbers)).toBe(2);
    expect(seriesValue(after, "poundcodes_http_requests_total", { ...numbers, route: "/number/:numberId.data" })).toBe(
      1,
    );
    expect(seriesValue(after, "poundcodes_http_requests_total", { ...numbers, status: "404" })).toBe(1);
    expect(seriesValue(after, "poundcodes_http_requests_total", { ...numbers, route: "/dashboard/*" })).toBe(1);
    expect(seriesValue(after, "poundcodes_http_requests_total", { ...numbers, route: "unmatched" })).toBe(1);
    expect(
      seriesValue(after, "poundcodes_http_requests_total", { method: "POST", route: "/api/auth/*", status: "404" }),
    ).toBe(1);
    expect(seriesValue(after, "poundcodes_http_request_duration_seconds_count", numbers)).toBe(2);
    expect(seriesValue(after, "poundcodes_http_request_duration_seconds_bucket", { le: "+Inf", ...numbers })).toBe(2);
    // No path a client sent becomes a label.
    for (const sent of ["hash-4law", "hash-5law", "anything", "nowhere"]) expect(after).not.toContain(sent);
    // Health, readiness and metrics are not counted.
    expect(after).not.toMatch(/route="\/(api\/health|api\/ready|metrics)"/);
  });

  it("reports the page cache's hits and misses", async () => {
    const { app, scrape } = makeApp();
    await app.request("/", { headers: html });
    await app.request("/", { headers: html });
    await app.request("/", { headers: html });
    const text = await scrape();
    expect(seriesValue(text, "poundcodes_page_cache_requests_total", { result: "miss" })).toBe(1);
    expect(seriesValue(text, "poundcodes_page_cache_requests_total", { result: "hit" })).toBe(2);
    expect(seriesValue(text, "poundcodes_page_cache_hit_ratio")).toBeCloseTo(2 / 3);
    expect(seriesValue(text, "poundcodes_page_cache_entries")).toBe(1);
  });

  it("reports requests in flight, the limit, and the requests refused over it", async () => {
    const { app, scrape, release } = makeApp({ METRICS_TOKEN: TOKEN, MAX_IN_FLIGHT: "1" });
    const held = app.request("/slow", { headers: html });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await app.request("/slow", { headers: html })).status).toBe(503);
    const text = await scrape();
    expect(seriesValue(text, "poundcodes_http_in_flight_requests")).toBe(1);
    expect(seriesValue(text, "poundcodes_http_in_flight_limit")).toBe(1);
    expect(seriesValue(text, "poundcodes_http_shed_requests_total")).toBe(1);
    expect(seriesValue(text, "poundcodes_http_requests_total", { method: "GET", route: "/slow", status: "503" })).toBe(
      1,
    );
    release();
    expect((await held).status).toBe(200);
    expect(seriesValue(await scrape(), "poundcodes_http_in_flight_requests")).toBe(0);
  });

  it("reports the email outbox's backlog and the age of its oldest undelivered message", async () => {
    const { scrape } = makeApp();
    const message = { toAddress: "someone@example.com", subject: "Hello", textBody: "Hello", template: "test" };
    await t.db.insert(emailOutbox).values([
      { ...message, status: "pending", createdAt: new Date(Date.now() - 10 * 60_000) },
      { ...message, status: "pending" },
      { ...message, status: "failed", createdAt: new Date(Date.now() - 60 * 60_000) },
      { ...message, status: "sent" },
    ]);
    const text = await scrape();
    expect(seriesValue(text, "poundcodes_email_outbox_messages", { status: "pending" })).toBe(2);
    expect(seriesValue(text, "poundcodes_email_outbox_messages", { status: "sending" })).toBe(0);
    expect(seriesValue(text, "poundcodes_email_outbox_messages", { status: "failed" })).toBe(1);
    const age = seriesValue(text, "poundcodes_email_outbox_oldest_age_seconds")!;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(900);
    await t.db.delete(emailOutbox);
  });

  it("reports background jobs completed and failed by queue, and the process's memory", async () => {
    const runs = new Map([["email.deliver", { completed: 3, failed: 1 }]]);
    const app = createHttpApp({
      services: { ...services, jobs: { ...services.jobs, runs }, config: testConfig({ METRICS_TOKEN: TOKEN }) },
      mode: "production",
      build: BUILD,
      requestHandler: async () => new Response("router", { status: 404 }),
    });
    const text = await (await app.request("/metrics", { headers: auth })).text();
    expect(seriesValue(text, "poundcodes_job_runs_total", { queue: "email.deliver", outcome: "completed" })).toBe(3);
    expect(seriesValue(text, "poundcodes_job_runs_total", { queue: "email.deliver", outcome: "failed" })).toBe(1);
    expect(seriesValue(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    // A pool's series exist only on node-postgres (PGlite has no pool).
    if (t.driver === "pglite") expect(text).not.toContain("poundcodes_db_pool_connections");
    else expect(text).toContain("poundcodes_db_pool_connections");
  });

  it("reports the node-postgres pool, and still answers while the database is unreachable", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const handle = await openPostgres(`postgres://nobody:nothing@127.0.0.1:${port}/none`, { migrate: false });
    try {
      const metrics = createMetrics({
        token: TOKEN,
        db: handle.db,
        jobs: { runs: new Map() },
        load: loadShedding({ limit: 8 }),
        routeOf: () => "/",
        pageCacheSize: () => 0,
      });
      const text = await metrics.registry.metrics();
      expect(seriesValue(text, "poundcodes_db_pool_connections", { state: "total" })).toBe(0);
      expect(seriesValue(text, "poundcodes_db_pool_connections", { state: "waiting" })).toBe(0);
      expect(seriesValue(text, "poundcodes_db_pool_max_connections")).toBe(10);
      expect(seriesValue(text, "poundcodes_email_outbox_messages", { status: "pending" })).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it("asks for a METRICS_TOKEN of at least 16 characters", () => {
    expect(testConfig().metricsToken).toBeUndefined();
    expect(testConfig({ METRICS_TOKEN: "  " }).metricsToken).toBeUndefined();
    expect(testConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => testConfig({ METRICS_TOKEN: "short" })).toThrow(ConfigError);
    expect(() => testConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });
});
