/**
 * The shared signal keeps the page cache honest across processes: two app instances on one PostgreSQL (each with its
 * own hub and LISTEN connection, as two processes have), where a write through one is not served stale by the other.
 * (Which writes drop which pages is app/routes/page-cache.test.ts, over the real route table.)
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, testDatabaseUrl } from "../config.ts";
import { createTestDb, type TestDb, testDriver } from "../db/test-utils.ts";
import { CHANGE, pairChanged } from "../domain/changes.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { cacheable, shows } from "../web/page-cache.ts";
import { createHttpApp } from "./app.ts";
import { createInvalidationHub, type InvalidationHub, startCacheSignal } from "./cache-signal.ts";
import { testBuild } from "./test-routes.ts";

const BUILD = testBuild({
  "/number/:numberId": cacheable({ keys: ({ params }) => shows.number(params.numberId ?? "") }),
  "/blog": cacheable({ keys: () => [CHANGE.blog] }),
});

let t: TestDb;
let services: Awaited<ReturnType<typeof createServices>>;

beforeAll(async () => {
  t = await createTestDb();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-coherence-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
  });
  services = await createServices(config, { handle: t, logger: createLogger("silent") });
});
afterAll(() => t.close());

/**
 * An app whose pages say how many times they were rendered, and whose POST /write hands its hub what `keys` (JSON)
 * name, as the change listener does after a write commits.
 */
function makeApp(hub: InvalidationHub) {
  const renders = new Map<string, number>();
  const requestHandler = async (request: Request) => {
    const url = new URL(request.url);
    if (request.method === "POST") {
      hub.invalidate(JSON.parse(url.searchParams.get("keys") ?? "[]") as string[]);
      return new Response("done");
    }
    const n = (renders.get(url.pathname) ?? 0) + 1;
    renders.set(url.pathname, n);
    return new Response(`<!doctype html><p>${url.pathname} render ${n}</p>`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  };
  const app = createHttpApp({ services, mode: "production", build: BUILD, requestHandler, invalidation: hub });
  const get = async (p: string) => {
    const res = await app.request(p, { headers: { accept: "text/html" } });
    return { body: await res.text(), cache: res.headers.get("x-page-cache") };
  };
  const write = (keys: readonly string[]) =>
    app.request(`/write?keys=${encodeURIComponent(JSON.stringify(keys))}`, { method: "POST" });
  return { app, get, write };
}

describe.runIf(testDriver() === "postgres")("the shared invalidation signal (PostgreSQL LISTEN/NOTIFY)", () => {
  let url: string;
  let name: string;

  beforeAll(async () => {
    // A database of its own: the signal is per database, so other test files' notifications never arrive here.
    const base = testDatabaseUrl()!;
    name = `pc_signal_${randomBytes(6).toString("hex")}`;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    const c = new pg.Client({ connectionString: testDatabaseUrl()! });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it("a write through one instance is not served stale by the other", async () => {
    const logger = createLogger("silent");
    const hubA = createInvalidationHub();
    const hubB = createInvalidationHub();
    const signalA = startCacheSignal({ databaseUrl: url, logger, hub: hubA });
    const signalB = startCacheSignal({ databaseUrl: url, logger, hub: hubB });
    await Promise.all([signalA.ready, signalB.ready]);
    const a = makeApp(hubA);
    const b = makeApp(hubB);
    try {
      expect((await b.get("/number/hash-4law")).body).toContain("render 1");
      expect((await b.get("/number/hash-4law")).cache).toBe("hit");
      expect((await b.get("/blog")).body).toContain("render 1");
      expect((await a.get("/number/hash-4law")).body).toContain("render 1");

      expect((await a.write(pairChanged("hash-4law", "georgia"))).status).toBe(200);
      // The writing instance drops its own page at once.
      expect((await a.get("/number/hash-4law")).body).toContain("render 2");
      // The other instance drops the page as soon as the notification arrives (after the write committed).
      await expect.poll(async () => (await b.get("/number/hash-4law")).body, { timeout: 5_000 }).toContain("render 2");
      // … and only what the write named.
      expect((await b.get("/blog")).cache).toBe("hit");
    } finally {
      a.app.close();
      b.app.close();
      await signalA.stop();
      await signalB.stop();
    }
  });
});
