/**
 * Tests only: a real S3-protocol server (s3rver) on loopback, on a free port, with one empty bucket, and the
 * storage config that points the S3 adapter at it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "#server/integrations/storage/s3.ts";

export type TestS3Server = { config: S3StorageConfig; env: Record<string, string>; stop: () => Promise<void> };

export async function startS3Server(bucket = "poundcodes-test"): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "pc-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3StorageConfig = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint!,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
