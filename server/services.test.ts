import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { createTestDb, type TestDb } from "./db/test-utils.ts";
import { createLogger } from "./logger.ts";
import { createServices } from "./services.ts";

/** Where uploads go: the S3 adapter (loaded only then) when a bucket is configured, the local disk otherwise. */

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

const env = {
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-services-")),
  BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
};

describe("createServices: file storage", () => {
  it("stores on the local disk without a bucket", async () => {
    const services = await createServices(loadConfig(env), { handle: t, logger: createLogger("silent") });
    expect(services.storage.kind).toBe("local");
  });

  it("stores in the configured S3 bucket when one is set", async () => {
    const config = loadConfig({
      ...env,
      S3_BUCKET: "uploads",
      S3_ACCESS_KEY_ID: "key-id",
      S3_SECRET_ACCESS_KEY: "secret-key",
      S3_ENDPOINT: "http://127.0.0.1:9",
    });
    const services = await createServices(config, { handle: t, logger: createLogger("silent") });
    expect(services.storage.kind).toBe("s3");
  });
});
