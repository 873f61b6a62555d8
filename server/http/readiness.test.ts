import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type Database, type DatabaseHandle, openPostgres } from "../db/client.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { createHttpApp } from "./app.ts";
import { readiness } from "./readiness.ts";
import { testBuild } from "./test-routes.ts";

/** `/api/ready`: 200 while the database answers `select 1` in time, 503 otherwise; `/api/health` stays liveness. */

let t: TestDb;
let unreachable: DatabaseHandle;
const config = () =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-ready-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
  });

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
  unreachable = await openPostgres(`postgres://nobody:nothing@127.0.0.1:${await closedPort()}/none`, {
    migrate: false,
  });
});
afterAll(async () => {
  await unreachable.close();
  await t.close();
});

async function appOn(handle: DatabaseHandle, isDraining?: () => boolean) {
  const services = await createServices(config(), { handle, logger: createLogger("silent") });
  return createHttpApp({
    services,
    mode: "production",
    build: testBuild({}),
    isDraining,
    requestHandler: async () => new Response("router", { status: 404 }),
  });
}

describe("readiness (/api/ready)", () => {
  it("answers 503 'draining' once the process is shutting down, though the database answers", async () => {
    let draining = false;
    const app = await appOn(t, () => draining);
    expect((await app.request("/api/ready")).status).toBe(200);
    draining = true;
    const res = await app.request("/api/ready");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "draining" });
    expect((await app.request("/api/health")).status).toBe(200);
  });

  it("answers 200 while the database answers", async () => {
    const app = await appOn(t);
    const res = await app.request("/api/ready");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ready" });
  });

  it("answers 503 while the database is unreachable, and health stays 200", async () => {
    const app = await appOn(unreachable);
    const res = await app.request("/api/ready");
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "unavailable", database: "unreachable" });
    expect((await app.request("/api/health")).status).toBe(200);
  });

  it("answers 503 once the timeout passes when the database hangs, without piling up queries", async () => {
    let calls = 0;
    let hangs = true;
    let answer!: () => void;
    const hanging = {
      execute: () => {
        calls++;
        if (!hangs) return Promise.resolve({ rows: [{ "?column?": 1 }] });
        return new Promise((resolve) => {
          answer = () => resolve({ rows: [{ "?column?": 1 }] });
        });
      },
    } as unknown as Pick<Database, "execute">;
    const probe = readiness(hanging, { timeoutMs: 50 });
    const started = performance.now();
    expect((await probe()).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(1_000);
    // A second probe waits on the same query rather than starting another.
    expect((await probe()).status).toBe(503);
    expect(calls).toBe(1);
    // Once the database answers, the next probe asks again and is ready.
    hangs = false;
    answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await probe()).status).toBe(200);
    expect(calls).toBe(2);
  });
});
