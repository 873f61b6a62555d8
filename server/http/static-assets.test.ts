import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { createHttpApp } from "./app.ts";
import { testBuild } from "./test-routes.ts";

/** The headers of the hashed build assets the production server serves from build/client/assets. */

let t: TestDb;
let app: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  t = await createTestDb();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-static-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
  });
  const services = await createServices(config, { handle: t, logger: createLogger("silent") });
  const clientDir = mkdtempSync(path.join(tmpdir(), "pc-client-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "assets", "entry-Ab12Cd34.js"), "export {};\n");
  writeFileSync(path.join(clientDir, "assets", "entry-Ab12Cd34.js.br"), "(brotli)");
  const requestHandler = async () =>
    new Response("<!doctype html><p>page</p>", { headers: { "content-type": "text/html; charset=utf-8" } });
  // Like build/client in production: a path from the working directory.
  app = createHttpApp({
    services,
    mode: "production",
    build: testBuild({}),
    requestHandler,
    clientDir: path.relative(process.cwd(), clientDir),
  });
});
afterAll(() => t.close());

describe("build assets", () => {
  it("keep nosniff and their resource policy, without the page-only policies", async () => {
    const res = await app.request("/assets/entry-Ab12Cd34.js", { headers: { "accept-encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    for (const name of ["content-security-policy", "x-frame-options", "permissions-policy", "referrer-policy"]) {
      expect(res.headers.get(name), name).toBeNull();
    }
  });

  it("a missing asset is answered like any other path, with every header", async () => {
    const res = await app.request("/assets/missing-00000000.js", { headers: { accept: "text/html" } });
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("pages keep every header", async () => {
    const res = await app.request("/", { headers: { accept: "text/html" } });
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
