import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireLock, DataDirLockedError } from "./lock.ts";

describe("data directory lock", () => {
  it("refuses a second holder while the first is alive, then frees on release", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "pc-lock-")), "pglite.lock");
    // A live foreign process holds the lock.
    const child = spawn("sleep", ["30"]);
    writeFileSync(file, `${child.pid}\n`);
    try {
      expect(() => acquireLock(file)).toThrow(DataDirLockedError);
      expect(() => acquireLock(file)).toThrow(/already in use \(lock held by pid \d+\)/);
    } finally {
      child.kill();
      await new Promise((r) => child.once("exit", r));
    }
    // Its process is gone: the stale lock is taken over.
    const release = acquireLock(file);
    expect(existsSync(file)).toBe(true);
    release();
    expect(existsSync(file)).toBe(false);
  });
});
