import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/** The functions declared by the modules under `dir` (tests and fixtures aside); `exported` keeps the exported ones. */
function functionsIn(dir: string, exported: boolean): string[] {
  const names: string[] = [];
  const declaration = exported ? /^export (?:async )?function (\w+)/gm : /function (\w+)/g;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) names.push(...functionsIn(file, exported));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-fixtures\.ts$/.test(entry.name)) {
      for (const m of readFileSync(file, "utf8").matchAll(declaration)) names.push(m[1]!);
    }
  }
  return names;
}

test("the server build imports the domain from source rather than bundling a second copy (ADR 012)", () => {
  const bundle = readFileSync("build/server/index.js", "utf8");
  expect(bundle).toContain('from "#server/domain/reservations/reservations.ts"');
  // A component may declare a function of the same name as the domain's (errorOf): those names prove nothing.
  const inApp = new Set(functionsIn("app", false));
  const functions = functionsIn("server/domain", true).filter((name) => !inApp.has(name));
  expect(functions.length).toBeGreaterThan(100);
  const bundled = functions.filter((name) => new RegExp(`function ${name}\\b`).test(bundle));
  expect(bundled).toEqual([]);
});
