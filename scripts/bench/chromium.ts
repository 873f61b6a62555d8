/**
 * Debian's Chromium, headless, with its DevTools port open for Lighthouse. Never a downloaded browser; the flags are
 * the browser tests' (a closed network: no background requests, no component updates).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, chromiumPath } from "#tests/e2e/support/browser.ts";

export type Chromium = { port: number; close: () => Promise<void> };

export async function launchChromium(timeoutMs = 30_000): Promise<Chromium> {
  const profile = mkdtempSync(path.join(tmpdir(), "pc-bench-chromium-"));
  const child = spawn(
    process.env.CHROME_PATH || chromiumPath(),
    [...CHROMIUM_ARGS, "--headless", "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    // A process group of its own: Debian's /usr/bin/chromium* are shell scripts that run the browser as their child,
    // so signalling the script alone left the browser running, holding our stderr pipe open, and the bench never
    // exited (each run left a headless Chromium behind, busy enough to skew the next bench).
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const close = async () => {
    await stopGroup(child.pid);
    child.stderr.destroy();
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    // Chromium prints "DevTools listening on ws://127.0.0.1:<port>/devtools/browser/<id>" once the port is open.
    const port = await new Promise<number>((resolve, reject) => {
      let log = "";
      const done = (err: Error | null, port = 0) => {
        clearTimeout(timer);
        child.stderr.removeListener("data", onData);
        child.removeListener("exit", onExit);
        child.stderr.resume(); // keep draining the pipe, or a chatty Chromium blocks on it
        if (err) reject(err);
        else resolve(port);
      };
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
        if (match) done(null, Number(match[1]));
      };
      const onExit = (code: number | null) =>
        done(new Error(`Chromium exited (${code}) before opening its port:\n${log}`));
      const timer = setTimeout(() => done(new Error(`Chromium did not open its DevTools port:\n${log}`)), timeoutMs);
      child.stderr.on("data", onData);
      child.once("exit", onExit);
    });
    return { port, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Sends SIGTERM to the process group `pid` leads and waits until none of it is left (SIGKILL after `graceMs`). */
async function stopGroup(pid: number | undefined, graceMs = 5_000): Promise<void> {
  if (pid === undefined) return;
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const deadline = Date.now() + graceMs;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (!alive()) return;
  signal("SIGKILL");
  // A killed process the system has not reaped yet still counts as alive: give it a moment, never wait forever.
  const reaped = Date.now() + 1_000;
  while (alive() && Date.now() < reaped) await new Promise((r) => setTimeout(r, 50));
}
