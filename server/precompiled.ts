/**
 * Loads the server's TypeScript from the build's type-stripped copies, so that Node never loads its TypeScript
 * stripper (about 17 MB of resident memory a process; docs/decisions/036-server-runs-type-stripped-copies.md).
 *
 * `npm run build` writes `build/js/<path>.js` for every module of `server/` and `kernel/`
 * (scripts/precompile-server.ts), and `npm run serve` registers this module with `--import` from there. A module
 * keeps its own URL, so `import.meta.url`, stack traces and the module instances shared with React Router's build
 * (ADR 012) are those of the source; stripping keeps every line and column in place. A source file newer than its
 * copy (edited after the build), or one without a copy, is loaded from source as before.
 */
import { readFileSync, statSync } from "node:fs";
import { registerHooks } from "node:module";

/** This module runs as `build/js/server/precompiled.js`: the copies are under `build/js/`, the sources two up. */
const copies = new URL("../", import.meta.url);
const root = new URL("../../", copies);

/** The type-stripped copy of a source module, when there is one at least as new as the source. */
function copyOf(url: string): Buffer | undefined {
  if (!url.startsWith(root.href) || !url.endsWith(".ts") || url.startsWith(copies.href)) return undefined;
  const copy = new URL(`${url.slice(root.href.length, -".ts".length)}.js`, copies);
  try {
    if (statSync(copy).mtimeMs < statSync(new URL(url)).mtimeMs) return undefined;
    return readFileSync(copy);
  } catch {
    return undefined;
  }
}

registerHooks({
  load(url, context, nextLoad) {
    const source = copyOf(url);
    return source ? { format: "module", source, shortCircuit: true } : nextLoad(url, context);
  },
});
