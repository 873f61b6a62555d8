import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createTestDatabase, spawnServer } from "../support/server-process.ts";

/**
 * WEB_CONCURRENCY=2 on PostgreSQL, as deployed: the production server started as a supervisor with two worker
 * processes on one port. Each worker keeps its own page cache; a write through one must not be served stale by the
 * other. A worker that dies is replaced, and SIGTERM stops them all cleanly.
 */

const PORT = 3232;
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "cluster-admin@poundcodes.test", password: "cluster-admin-password-2026" };

function start(databaseUrl: string, port = PORT) {
  const server = spawnServer({
    NODE_ENV: "production",
    PUBLIC_URL: base,
    BETTER_AUTH_SECRET: "cluster-spec-secret-cluster-spec-secret",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-cluster-")),
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: "2",
    LOG_LEVEL: "info",
    SEED_DEMO: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_2FA: "optional",
    RATE_LIMIT: "false",
    // Production refuses to start without SMTP unless told to keep mail in the dev mailbox.
    ALLOW_DEV_MAILBOX: "true",
  });
  const log = () =>
    server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { msg?: string; process?: number; level?: number });
  return { ...server, log };
}

/** The process ids whose parent is `pid` (Linux). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/** A browser's request on a connection of its own, so that the cluster hands each to the next worker. */
function get(pathname: string) {
  return new Promise<{ status: number; cache: string | undefined; body: string }>((resolve, reject) => {
    const headers = { accept: "text/html" };
    const req = request(`${base}${pathname}`, { agent: false, headers, timeout: 10_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, cache: res.headers["x-page-cache"] as string | undefined, body }),
      );
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${pathname} timed out`)));
    req.on("error", reject);
    req.end();
  });
}

let cleanup: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

function kill(pid: number) {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

async function until<T>(what: string, fn: () => T | Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const v = await fn();
      if (ok(v)) return v;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("two server processes share the port and each other's writes; a dead one is replaced; SIGTERM stops both", async ({
  browserName: _,
}, info) => {
  test.skip(info.project.name !== "postgres", "several processes need PostgreSQL");
  test.setTimeout(120_000);
  const db = await createTestDatabase("pc_cluster");
  const server = start(db.url);
  let running: ChildProcess | undefined = server.child;
  // Also after a timeout, which skips the test's own `finally`.
  cleanup = async () => {
    if (running?.pid) for (const pid of [...childrenOf(running.pid), running.pid]) kill(pid);
    await db.drop();
  };
  try {
    const listening = () => server.log().filter((l) => l.msg?.startsWith("PoundCodes listening"));
    await until("two processes listening", listening, (l) => l.length === 2);
    expect(listening().map((l) => l.process)).toEqual([1, 2]);
    const workers = childrenOf(server.child.pid as number);
    expect(workers).toHaveLength(2);

    // Six visits on connections of their own: each worker renders /faq once and serves it from its cache after.
    const before = [];
    for (let i = 0; i < 6; i++) before.push(await get("/faq"));
    expect(before.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(before.filter((r) => r.cache === "miss")).toHaveLength(2);
    expect(before.filter((r) => r.cache === "hit")).toHaveLength(4);

    // An administrator publishes a question through one of them.
    const login = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams(ADMIN),
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const question = "Can two processes serve one catalogue?";
    const saved = await fetch(`${base}/admin/faq`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie },
      body: new URLSearchParams({
        intent: "save-faq",
        question,
        answer: "Yes.",
        category: "General",
        isPublished: "on",
      }),
    });
    expect(saved.status).toBeLessThan(400);

    // Every visit after, whichever worker answers, shows it: the other worker's cached /faq was dropped.
    const after = [];
    for (let i = 0; i < 6; i++) after.push(await get("/faq"));
    expect(after.map((r) => r.body.includes(question))).toEqual([true, true, true, true, true, true]);

    // A worker that dies is replaced, and the port keeps answering meanwhile. (A connection handed to a worker in
    // the instant it dies, before the supervisor hears of it, is lost with it: Node's cluster cannot take it back.)
    process.kill(workers[0] as number, "SIGKILL");
    const exited = () => server.log().filter((l) => l.msg === "a server process exited; starting another");
    await until("the supervisor to see it exit", exited, (l) => l.length === 1);
    expect((await get("/api/health")).status).toBe(200);
    await until("a replacement process", listening, (l) => l.length === 3);
    expect(listening().at(-1)?.process).toBe(3);
    const replaced = childrenOf(server.child.pid as number);
    expect(replaced).toHaveLength(2);
    expect(replaced).not.toContain(workers[0]);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    running = undefined;
    expect(server.log().filter((l) => l.msg === "stopped cleanly")).toHaveLength(2);
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
  } finally {
    await cleanup();
    cleanup = undefined;
  }
});

test("when the first process cannot start (its port is taken), the supervisor starts no others and exits 1", async ({
  browserName: _,
}, info) => {
  test.skip(info.project.name !== "postgres", "several processes need PostgreSQL");
  test.setTimeout(60_000);
  const db = await createTestDatabase("pc_cluster");
  const taken = createServer();
  await new Promise<void>((r) => taken.listen(PORT + 1, "127.0.0.1", r));
  const server = start(db.url, PORT + 1);
  cleanup = async () => {
    if (server.child.pid) for (const pid of [...childrenOf(server.child.pid), server.child.pid]) kill(pid);
    taken.close();
    await db.drop();
  };
  expect(await server.exited).toBe(1);
  const log = server.log();
  expect(log.filter((l) => l.msg === "the first server process failed to start; stopping")).toHaveLength(1);
  expect(log.filter((l) => l.msg?.startsWith("PoundCodes listening"))).toHaveLength(0);
  expect(server.output()).toContain("EADDRINUSE");
});
