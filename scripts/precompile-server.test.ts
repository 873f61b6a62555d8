import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompile } from "./precompile-server.ts";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("the server's modules, type-stripped at build time", () => {
  it("strips every module of server/ and kernel/, keeping each line where it was", () => {
    const out = mkdtempSync(path.join(tmpdir(), "pc-precompile-"));
    try {
      const count = precompile(repo, out);
      expect(count).toBeGreaterThan(250);
      for (const file of ["server/main.ts", "server/precompiled.ts", "kernel/format.ts"]) {
        const source = readFileSync(path.join(repo, file), "utf8");
        const copy = readFileSync(path.join(out, file.replace(/\.ts$/, ".js")), "utf8");
        expect(copy.split("\n").length).toBe(source.split("\n").length);
        expect(copy).not.toBe(source);
      }
      expect(readFileSync(path.join(out, "server/main.js"), "utf8")).toMatch(/^ {2}let config {8};$/m);
      expect(() => readFileSync(path.join(out, "server/http/linger.test.js"))).toThrow();
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  describe("loaded in place of the sources by server/precompiled.ts", () => {
    // A project of its own: an entry module that imports another and reports what it got, and whether Node loaded
    // its TypeScript stripper.
    let root = "";
    const entry = () => path.join(root, "server/entry.ts");
    const run = (flags: string[]) =>
      JSON.parse(execFileSync(process.execPath, [...flags, entry()], { cwd: root, encoding: "utf8" })) as {
        answer: unknown;
        stripper: boolean;
      };
    const hook = () => [`--import=${path.join(root, "build/js/server/precompiled.js")}`];

    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), "pc-precompiled-"));
      mkdirSync(path.join(root, "server"));
      mkdirSync(path.join(root, "kernel"));
      writeFileSync(path.join(root, "package.json"), JSON.stringify({ type: "module" }));
      copyFileSync(path.join(repo, "server/precompiled.ts"), path.join(root, "server/precompiled.ts"));
      writeFileSync(path.join(root, "server/answer.ts"), "const n: number = 41;\nexport const answer = n + 1;\n");
      writeFileSync(
        entry(),
        [
          'import { answer } from "./answer.ts";',
          "const stripper: boolean = process.moduleLoadList.some((m) => m.includes('amaro'));",
          "console.log(JSON.stringify({ answer, stripper }));",
        ].join("\n"),
      );
      precompile(root);
      // Marks the copy, so that the test can tell which of the two was run.
      writeFileSync(path.join(root, "build/js/server/answer.js"), 'export const answer = "copy";\n');
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it("runs the copies without loading Node's TypeScript stripper", () => {
      expect(run(hook())).toEqual({ answer: "copy", stripper: false });
    });

    it("loads the source, stripped by Node, without the hook", () => {
      expect(run([])).toEqual({ answer: 42, stripper: true });
    });

    it("loads a source edited after the build from source", () => {
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(root, "server/answer.ts"), later, later);
      expect(run(hook())).toEqual({ answer: 42, stripper: true });
    });
  });
});
