import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresInstance, postgresAvailable, startPostgres } from "#tests/support/postgres-instance.ts";
import { loadConfig } from "../config.ts";
import { createTestDb, type TestDb, testDriver } from "../db/test-utils.ts";
import { CHANGE, pairChanged } from "../domain/changes.ts";
import { enableReadModels, numberContent, poundCodes, readModelSize } from "../domain/read-models/catalogue-views.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { cacheable, shows } from "../web/page-cache.ts";
import { createHttpApp } from "./app.ts";
import { createInvalidationHub, EVERYTHING, type InvalidationHub, startCacheSignal } from "./cache-signal.ts";
import { testBuild } from "./test-routes.ts";

/**
 * When a process cannot know what changed (its listening connection was lost, so other processes' writes went
 * unheard; a message it cannot read), it drops everything it keeps: every cached page whatever its keys, every read
 * model, every session. Then the signal itself: losing the connection drops everything at once and again once it
 * listens again, and notifications flow after.
 */

const BUILD = testBuild({
  "/number/:numberId": cacheable({ keys: ({ params }) => shows.number(params.numberId ?? "") }),
  "/blog": cacheable({ keys: () => [CHANGE.blog] }),
  "/all-numbers": cacheable({ keys: () => [CHANGE.catalog] }),
  "/p/:slug": cacheable({ keys: () => [CHANGE.landingPages] }),
});

let t: TestDb;
let services: Awaited<ReturnType<typeof createServices>>;

beforeAll(async () => {
  t = await createTestDb();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-signal-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
  });
  services = await createServices(config, { handle: t, logger: createLogger("silent") });
});
afterAll(() => t.close());

/** An app whose pages say how many times they were rendered. */
function makeApp(hub: InvalidationHub) {
  const renders = new Map<string, number>();
  const requestHandler = async (request: Request) => {
    const url = new URL(request.url);
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
  return { app, get };
}

const PAGES = ["/number/hash-4law", "/blog", "/all-numbers", "/p/smith-law"];

describe("dropping everything", () => {
  it("drops every cached page, whatever its keys, and every read model", async () => {
    const hub = createInvalidationHub();
    const { app, get } = makeApp(hub);
    try {
      for (const p of PAGES) expect((await get(p)).cache).toBe("miss");
      for (const p of PAGES) expect((await get(p)).cache).toBe("hit");
      enableReadModels(services.db);
      await poundCodes(services.db);
      await numberContent(services.db);
      expect(readModelSize(services.db)).toBeGreaterThanOrEqual(2);

      hub.receive(EVERYTHING);

      expect(app.pageCache.size()).toBe(0);
      for (const p of PAGES) expect((await get(p)).body).toContain("render 2");
      expect(readModelSize(services.db)).toBe(0);
    } finally {
      app.close();
    }
  });
});

// The server is this file's own: run once (the pglite project), never on the shared test database.
describe.runIf(testDriver() === "pglite" && postgresAvailable())("the shared signal losing its connection", () => {
  let pg: PostgresInstance;
  beforeAll(async () => {
    pg = await startPostgres(31434);
  }, 120_000);
  afterAll(async () => {
    await pg?.remove();
  });

  it("drops everything when the connection is lost and again once it listens, then hears the others again", async () => {
    const logger = createLogger("silent");
    const hubA = createInvalidationHub();
    const hubB = createInvalidationHub();
    const heard: string[][] = [];
    hubB.subscribe((tags) => heard.push([...tags]));
    const a = startCacheSignal({ databaseUrl: pg.url, logger, hub: hubA, reconnectMs: 100 });
    const b = startCacheSignal({ databaseUrl: pg.url, logger, hub: hubB, reconnectMs: 100 });
    try {
      await Promise.all([a.ready, b.ready]);
      hubA.invalidate(pairChanged("hash-4law", "georgia"));
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1);

      // PostgreSQL restarts: every listening connection drops.
      await pg.restart();
      await expect.poll(() => heard.filter((h) => h.join() === EVERYTHING.join()).length, { timeout: 10_000 }).toBe(2);

      heard.length = 0;
      await expect
        .poll(
          () => {
            hubA.invalidate([CHANGE.blog]);
            return heard.some((h) => h.includes(CHANGE.blog));
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe(true);
    } finally {
      await a.stop();
      await b.stop();
    }
  }, 60_000);
});
