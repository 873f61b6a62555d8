import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { isDatabaseUnavailable } from "../db/availability.ts";
import { type DatabaseHandle, openPostgres } from "../db/client.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { cacheable } from "../web/page-cache.ts";
import { createHttpApp } from "./app.ts";
import { UNAVAILABLE_PAGE } from "./database-outage.ts";
import { testBuild } from "./test-routes.ts";

/**
 * While the database is away, a request whose route needed it is answered 503 with Retry-After and a page that says
 * to try again (server/http/database-outage.ts), whether the route's error became the router's 500 or reached the
 * app's error handler; any other 500 stays what it is. The queries here go to a PostgreSQL port nothing listens on,
 * through the same pool the server uses.
 */

let t: TestDb;
let away: DatabaseHandle;

/** A TCP port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  t = await createTestDb();
  away = await openPostgres(`postgres://nobody@127.0.0.1:${await closedPort()}/none`, { migrate: false });
});
afterAll(async () => {
  await away.close();
  await t.close();
});

async function app() {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-outage-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
  });
  const services = await createServices(config, { handle: t, logger: createLogger("silent") });
  // As React Router does: a loader's error becomes a 500 page (or, for /throws, an error the app handles).
  const requestHandler = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/bug")) return new Response("the error boundary", { status: 500 });
    try {
      await away.db.execute(sql`select 1`);
      return new Response("never");
    } catch (err) {
      if (url.pathname === "/throws") throw err;
      // A route that shows a failed read on its own page (the FAQ does).
      if (url.pathname === "/own-page") return new Response("Could not load FAQs: try again", { status: 503 });
      return new Response(url.pathname.endsWith(".data") ? "encoded error" : "the error boundary", { status: 500 });
    }
  };
  return createHttpApp({
    services,
    mode: "production",
    build: testBuild({ "/faq": cacheable({ keys: () => ["content:faq"] }) }),
    requestHandler,
  });
}

describe("a request that meets a database outage", () => {
  it("gets the 503 page with Retry-After, never stored, instead of the router's 500", async () => {
    const a = await app();
    for (let i = 0; i < 2; i++) {
      const res = await a.request("/faq", { headers: { accept: "text/html" } });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-page-cache")).toBeNull();
      const body = await res.text();
      expect(body).toBe(UNAVAILABLE_PAGE);
      expect(body).toContain("Temporarily unavailable");
      expect(body).toContain("Please try again in a moment.");
    }
    expect(a.pageCache.size()).toBe(0);
  });

  it("a data request keeps the router's body, with 503 and Retry-After", async () => {
    const res = await (await app()).request("/faq.data");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.text()).toBe("encoded error");
  });

  it("a page that answered 503 itself keeps its words, and gets Retry-After", async () => {
    const res = await (await app()).request("/own-page", { headers: { accept: "text/html" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toBe("Could not load FAQs: try again");
  });

  it("an error the app's handler gets is answered 503 too", async () => {
    const res = await (await app()).request("/throws", { headers: { accept: "text/html" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.text()).toContain("Temporarily unavailable");
  });

  it("a 500 that is not the database's stays a 500", async () => {
    const res = await (await app()).request("/bug", { headers: { accept: "text/html" } });
    expect(res.status).toBe(500);
    expect(await res.text()).toBe("the error boundary");
  });

  it("the driver's error is recognized, as Drizzle wraps it", async () => {
    const err = await away.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
});
