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
