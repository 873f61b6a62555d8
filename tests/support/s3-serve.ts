/**
 * Tests only: the S3-protocol stand-in of s3-test-server.ts as a process of its own, for browser specs (s3rver does
 * not load inside the browser-test runner). Prints the storage environment as one JSON line once it listens, and
 * stops, removing its files, on SIGTERM.
 *
 * `node tests/support/s3-serve.ts`
 */
import { startS3Server } from "./s3-test-server.ts";

const s3 = await startS3Server();
process.stdout.write(`${JSON.stringify(s3.env)}\n`);
process.once("SIGTERM", () => {
  void s3.stop().then(() => process.exit(0));
});
