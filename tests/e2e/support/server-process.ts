/**
 * For the specs that start a production server of their own (process, cluster, security): the server as a child
 * process with its output kept, and a fresh PostgreSQL database for it on TEST_DATABASE_URL's server.
 */
import { spawn } from "node:child_process";
import pg from "pg";
import { SERVE_FLAGS } from "#scripts/serve-flags.ts";

export type ServerProcess = ReturnType<typeof spawnServer>;

/**
 * `node server/main.ts` with `npm run serve`'s flags and `env` over this process's environment; stdout and stderr
 * are kept for assertions.
 */
export function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [...SERVE_FLAGS, "server/main.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (d: Buffer) => {
    output += d;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return { child, exited, output: () => output };
}

/** A new database named `<prefix>_<time>_<pid>` on TEST_DATABASE_URL's server; `drop` removes it (with force). */
export async function createTestDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is required for a PostgreSQL server");
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const query = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}
