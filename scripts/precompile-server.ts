/**
 * `npm run build`'s last step: every module of `server/` and `kernel/` (tests aside) with its types stripped, as
 * `build/js/<path>.js`, for `server/precompiled.ts` to load in their place (docs/decisions/036). Node's own stripper
 * does the work, as it would when loading the source: the same output, every line and column in place.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCES = ["server", "kernel"];

/** Writes the copies of the project at `root` into `out`, replacing any earlier ones; returns how many it wrote. */
export function precompile(root: string, out = path.join(root, "build/js")): number {
  rmSync(out, { recursive: true, force: true });
  let count = 0;
  for (const dir of SOURCES) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/(?<!\.test|\.d)\.ts$/.test(entry.name)) continue;
      const source = path.join(entry.parentPath, entry.name);
      const copy = path.join(out, path.relative(root, source)).replace(/\.ts$/, ".js");
      mkdirSync(path.dirname(copy), { recursive: true });
      writeFileSync(copy, stripTypeScriptTypes(readFileSync(source, "utf8"), { mode: "strip" }));
      count++;
    }
  }
  return count;
}

if (import.meta.main) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  console.log(`type-stripped ${precompile(root)} server modules into build/js`);
}
