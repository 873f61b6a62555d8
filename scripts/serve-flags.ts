/**
 * The Node flags `npm run serve` gives the server (package.json: its heap, ADR 031, and the type-stripped modules,
 * ADR 036), for everything else that starts the production server: the bench and the browser tests' servers.
 * The one flag with a path (`--import=./build/…`) is relative to the project's root, their working directory.
 */
import { readFileSync } from "node:fs";

export const SERVE_FLAGS: readonly string[] = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { serve: string } }
).scripts.serve
  .split(/\s+/)
  .filter((arg) => arg.startsWith("--"));

/**
 * Only the flag that loads the type-stripped modules: for the browser suite's shared servers, which run the stand-ins
 * in the same process and serve every spec's sessions and pages (about 9% longer with the server's heap limits, one
 * run of the public and portal specs each way). The specs that start servers of their own take every flag.
 */
export const PRECOMPILED_FLAGS: readonly string[] = SERVE_FLAGS.filter((arg) => arg.startsWith("--import="));
