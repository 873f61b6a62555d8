/**
 * Keeping the page cache honest:
 * - per-key invalidation: a write naming one territory (or one number in one territory) drops the pages showing it
 *   and keeps unrelated ones, while the coarse tags still drop everything they always did;
 * - the shared signal: two app instances on one PostgreSQL (each with its own hub and LISTEN connection, as two
 *   processes have), where a write through one is not served stale by the other.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, testDatabaseUrl } from "../config.ts";
import { CATALOGUE_KEYS, invalidatePublic, PUBLIC_TAGS } from "../context.ts";
import { createTestDb, type TestDb, testDriver } from "../db/test-utils.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { createHttpApp } from "./app.ts";
import { createInvalidationHub, type InvalidationHub, startCacheSignal } from "./cache-signal.ts";

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
 * An app whose pages say how many times they were rendered, and whose POST /write drops what its `keys` (JSON)
 * name, as a route's `invalidates` does.
 */
function makeApp(hub: InvalidationHub) {
  const renders = new Map<string, number>();
  const requestHandler = async (request: Request, ctx: RouterContextProvider) => {
    const url = new URL(request.url);
    if (request.method === "POST") {
      invalidatePublic(ctx, JSON.parse(url.searchParams.get("keys") ?? "[]") as string[]);
      return new Response("done");
    }
    const n = (renders.get(url.pathname) ?? 0) + 1;
    renders.set(url.pathname, n);
    return new Response(`<!doctype html><p>${url.pathname} render ${n}</p>`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  };
  const app = createHttpApp({ services, mode: "production", build: {} as never, requestHandler, invalidation: hub });
  const get = async (p: string) => {
    const res = await app.request(p, { headers: { accept: "text/html" } });
    return { body: await res.text(), cache: res.headers.get("x-page-cache") };
  };
  const write = (keys: readonly string[]) =>
    app.request(`/write?keys=${encodeURIComponent(JSON.stringify(keys))}`, { method: "POST" });
  return { app, get, write };
}

const PAGES = [
  "/",
  "/all-numbers",
  "/number/hash-4law",
  "/number/hash-4law/georgia",
  "/number/hash-help",
  "/number/hash-help/texas",
  "/p/4law/georgia",
  "/p/4law/texas",
  "/p/4help/texas",
  "/blog",
  "/faq",
];

/** Which of PAGES the cache still serves after `keys` were dropped. */
async function keptAfter(keys: readonly string[]): Promise<string[]> {
  const { app, get, write } = makeApp(createInvalidationHub());
  for (const p of PAGES) await get(p);
  for (const p of PAGES) expect((await get(p)).cache).toBe("hit");
  expect((await write(keys)).status).toBe(200);
  const kept: string[] = [];
  for (const p of PAGES) if ((await get(p)).cache === "hit") kept.push(p);
  app.close();
  return kept;
}

describe("per-key invalidation", () => {
  it("a write to one territory drops the pages drawing it and keeps the other territories' and the content pages", async () => {
    expect(await keptAfter(CATALOGUE_KEYS.territory("georgia"))).toEqual([
      "/p/4law/texas",
      "/p/4help/texas",
      "/blog",
      "/faq",
    ]);
  });

  it("a reservation of one number in one territory drops that number's pages, the overviews and that territory's pages only", async () => {
    expect(await keptAfter(CATALOGUE_KEYS.pair("hash-4law", "georgia"))).toEqual([
      "/number/hash-help",
      "/number/hash-help/texas",
      "/p/4help/texas",
      "/blog",
      "/faq",
    ]);
  });

  it("keeps the coarse tags: 'catalogue' drops every catalogue page, 'content' every page showing site text", async () => {
    expect(await keptAfter([PUBLIC_TAGS.catalogue])).toEqual([]);
    expect(await keptAfter([PUBLIC_TAGS.content])).toEqual([]);
    expect(await keptAfter(["path:/faq"])).toEqual(PAGES.filter((p) => p !== "/faq"));
  });
});

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

      expect((await a.write(CATALOGUE_KEYS.pair("hash-4law", "georgia"))).status).toBe(200);
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
