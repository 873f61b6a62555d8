import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The supervisor (server/cluster.ts) tells a database that is unavailable from a crash loop: a worker that exits
 * because the database went away while it started is started again, with a growing delay, however often, the first
 * one included; workers that keep crashing still stop the service. Over stand-in workers
 * (tests/support/supervisor-fixture.ts).
 */

function supervisor(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "pc-supervisor-"));
  const child = spawn(process.execPath, ["tests/support/supervisor-fixture.ts"], {
    env: { ...process.env, FIXTURE_DIR: dir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const log = () =>
    output
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { msg?: string; retryInMs?: number });
  const starts = () => {
    try {
      return readFileSync(path.join(dir, "starts"), "utf8").length;
    } catch {
      return 0;
    }
  };
  return { child, exited, log, starts };
}

describe("the supervisor", () => {
  it("starts a worker again, with a growing delay, however often the database is unavailable at its start", async () => {
    const s = supervisor({ FIXTURE_MODE: "unavailable", FIXTURE_UNAVAILABLE: "7" });
    try {
      // Seven exits in a row (more than a crash loop's five), the first worker's included, then both workers run.
      // Nine process starts: each loads the supervisor's modules, a second or two apiece on a busy 2-core machine
      // (one loaded run made 7 in 15 s), so the wait is for the count, not for a speed.
      await expect.poll(() => s.starts(), { timeout: 40_000 }).toBe(9);
      await new Promise((r) => setTimeout(r, 300));
      expect(s.child.exitCode).toBeNull();
      const waits = s.log().filter((l) => l.msg === "a server process could not reach the database; starting another");
      expect(waits.map((l) => l.retryInMs)).toEqual([20, 40, 80, 160, 320, 640, 1_280]);
      expect(s.log().filter((l) => l.msg?.includes("stopping"))).toEqual([]);
      s.child.kill("SIGTERM");
      expect(await s.exited).toBe(0);
    } finally {
      s.child.kill("SIGKILL");
    }
  }, 60_000);

  it("still stops the service when workers keep crashing", async () => {
    const s = supervisor({ FIXTURE_MODE: "crash" });
    try {
      expect(await s.exited).toBe(1);
      expect(s.log().filter((l) => l.msg === "server processes keep exiting; stopping")).toHaveLength(1);
    } finally {
      s.child.kill("SIGKILL");
    }
  }, 30_000);
});
