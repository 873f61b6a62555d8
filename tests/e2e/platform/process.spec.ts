import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { spawnServer } from "../support/server-process.ts";

/** The production server process itself: one owner per embedded data dir, clean shutdown on SIGTERM. */

function start(dataDir: string, port: number) {
  return spawnServer({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    SEED_DEMO: "false",
  });
}

async function waitHealthy(port: number) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

test("a second server on the same data dir is refused, and SIGTERM stops the first cleanly", async ({
  browserName: _,
}, info) => {
  test.skip(info.project.name !== "pglite", "process behaviour is the same on both databases");
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-proc-"));
  const first = start(dataDir, 3230);
  let firstChild: ChildProcess | undefined = first.child;
  try {
    await waitHealthy(3230);
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);

    const second = start(dataDir, 3231);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is already in use");

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    firstChild = undefined;
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  } finally {
    firstChild?.kill("SIGKILL");
  }
});
