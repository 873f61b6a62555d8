import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { cacheable } from "../web/page-cache.ts";
import { createHttpApp } from "./app.ts";
import { SHED_RETRY_AFTER_SECONDS } from "./load-shedding.ts";
import { testBuild } from "./test-routes.ts";

/**
 * MAX_IN_FLIGHT through the whole Hono app: requests held in a stand-in for the React Router handler fill the
 * process's places, and what comes next is refused at once, except what the page cache answers.
 */

let t: TestDb;
let services: Awaited<ReturnType<typeof createServices>>;
const ORIGIN = "http://localhost:3000";
const BUILD = testBuild({ "/": cacheable(), "/slow": null, "/boom": null });
const html = { accept: "text/html" };

beforeAll(async () => {
  t = await createTestDb();
  services = await createServices(testConfig(), { handle: t, logger: createLogger("silent") });
});
afterAll(() => t.close());

function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-shed-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    ...env,
  });
}

/** An app whose `/slow` requests wait until `release()`; every other path answers a page at once. */
function makeApp(env: Record<string, string>) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let entered = 0;
  const waiters: (() => void)[] = [];
  const requestHandler = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === "/boom") throw new Error("the route failed");
    if (url.pathname === "/slow") {
      entered++;
      for (const w of waiters.splice(0)) w();
      await gate;
      return new Response("slow done");
    }
    return new Response("<!doctype html><p>a page</p>", { headers: { "content-type": "text/html; charset=utf-8" } });
  };
  const app = createHttpApp({
    services: { ...services, config: testConfig(env) },
    mode: "production",
    build: BUILD,
    requestHandler,
  });
  /** Resolves once `n` slow requests are inside the handler. */
  const inside = async (n: number) => {
    while (entered < n) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { app, release: open, inside };
}

/** The request's answer, or a failure if it takes longer than `ms`: an answer that waits is what is tested. */
async function within<T>(ms: number, p: T | Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe("load shedding (MAX_IN_FLIGHT)", () => {
  it("answers 503 at once past the limit, while a cached page, health and readiness still answer 200", async () => {
    const { app, release, inside } = makeApp({ MAX_IN_FLIGHT: "2" });
    // The home page is rendered once and kept.
    expect((await app.request("/", { headers: html })).headers.get("x-page-cache")).toBe("miss");

    const held = [app.request("/slow", { headers: html }), app.request("/slow", { headers: html })];
    await inside(2);

    const started = performance.now();
    const refused = await within(1_000, app.request("/slow", { headers: html }));
    expect(performance.now() - started).toBeLessThan(500);
    expect(refused.status).toBe(503);
    expect(app.loadShedding.inFlight()).toBe(2);
    expect(refused.headers.get("retry-after")).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await refused.text()).toContain("Too busy right now");

    // A form post is refused alike; nothing behind the edge ran for it.
    const post = await within(
      1_000,
      app.request("/slow", {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: "a=1",
      }),
    );
    expect(post.status).toBe(503);

    // What the cache answers costs no rendering and is never refused; nor are health and readiness.
    const cached = await within(1_000, app.request("/", { headers: html }));
    expect(cached.status).toBe(200);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect((await within(1_000, app.request("/api/health"))).status).toBe(200);
    expect((await within(3_000, app.request("/api/ready"))).status).toBe(200);
    // Build assets are files a page needs: never refused either.
    expect((await within(1_000, app.request("/assets/entry.js"))).status).toBe(200);

    release();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    expect(app.loadShedding.inFlight()).toBe(0);
    expect(app.loadShedding.shed()).toBe(2);
    // Places are given back: the next request is served.
    expect((await within(1_000, app.request("/slow", { headers: html }))).status).toBe(200);
  });

  it("gives a request's place back when its route fails", async () => {
    const { app } = makeApp({ MAX_IN_FLIGHT: "1" });
    expect((await app.request("/boom", { headers: html })).status).toBe(500);
    expect(app.loadShedding.inFlight()).toBe(0);
    expect((await app.request("/boom", { headers: html })).status).toBe(500);
    expect(app.loadShedding.shed()).toBe(0);
  });

  it("refuses nothing with MAX_IN_FLIGHT=0", async () => {
    const { app, release, inside } = makeApp({ MAX_IN_FLIGHT: "0" });
    const held = Array.from({ length: 40 }, () => app.request("/slow", { headers: html }));
    await inside(40);
    release();
    expect(new Set((await Promise.all(held)).map((r) => r.status))).toEqual(new Set([200]));
  });

  it("reads MAX_IN_FLIGHT as a whole number of requests, 16 unless set", () => {
    expect(testConfig().maxInFlight).toBe(16);
    expect(testConfig({ MAX_IN_FLIGHT: "" }).maxInFlight).toBe(16);
    expect(testConfig({ MAX_IN_FLIGHT: "0" }).maxInFlight).toBe(0);
    expect(testConfig({ MAX_IN_FLIGHT: " 64 " }).maxInFlight).toBe(64);
    for (const bad of ["-1", "1.5", "many", "100001"]) {
      expect(() => testConfig({ MAX_IN_FLIGHT: bad }), bad).toThrow(ConfigError);
      expect(() => testConfig({ MAX_IN_FLIGHT: bad }), bad).toThrow(/MAX_IN_FLIGHT/);
    }
  });
});
