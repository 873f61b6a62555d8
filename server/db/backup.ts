/**
 * Backups of either database (`npm run backup`, `npm run restore`; README "Backups", ADR 030).
 *
 * - PGlite: a tarball of the data directory (PGlite's `dumpDataDir`), taken by opening the directory under our lock
 *   (server/db/lock.ts), so only while no server has it open: a copy of the directory of a running server is not
 *   consistent. Restoring loads the tarball into a new directory (`loadDataDir`).
 * - PostgreSQL: `pg_dump -Fc` and `pg_restore`, into a new, empty database.
 *
 * A restored copy would send the mail that was waiting when the backup was taken, possibly again: every `pending` or
 * `sending` outbox row is moved to `failed` with {@link RESTORED_OUTBOX_ERROR}, for an administrator to review and
 * retry in the mailbox (`/admin/emails`).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PGLITE_START_PARAMS } from "./client.ts";
import { acquireLock } from "./lock.ts";

/** The last error of an outbox row that was waiting to be sent when the backup was taken. */
export const RESTORED_OUTBOX_ERROR =
  "Restored from a backup: not sent again automatically. Retry it if it should still go out.";

export class BackupError extends Error {
  override name = "BackupError";
}

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Moves every message still waiting (`pending`) or being sent (`sending`) to `failed`, with
 * {@link RESTORED_OUTBOX_ERROR}: the mailbox lists it under Failed and an administrator retries what should still go.
 * `failed` rather than a status of its own, because it is what the mailbox already offers a retry for (ADR 030).
 */
export async function holdRestoredOutbox(query: Query): Promise<number> {
  const { rows } = await query(
    `update email_outbox set status = 'failed', last_error = $1, next_attempt_at = now()
     where status in ('pending', 'sending') returning id`,
    [RESTORED_OUTBOX_ERROR],
  );
  return rows.length;
}

/** What kind of backup a file is, from its first bytes: a gzipped PGlite tarball or a pg_dump archive. */
async function backupKind(file: string): Promise<"pglite" | "postgres" | "unknown"> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
    if (head.toString("latin1") === "PGDMP") return "postgres";
    return "unknown";
  } finally {
    await handle.close();
  }
}

async function expectKind(file: string, kind: "pglite" | "postgres"): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const found = await backupKind(file);
  if (found === kind) return;
  if (found === "unknown") throw new BackupError(`${file} is not a backup made by npm run backup.`);
  throw new BackupError(
    kind === "pglite"
      ? `${file} is a PostgreSQL backup: set DATABASE_URL to restore it into a PostgreSQL database.`
      : `${file} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.`,
  );
}

/** The PGlite data directory's tarball (gzip) in `file`, written whole or not at all. Refused while a server has it. */
export async function backupPglite(dir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new BackupError(`No embedded database in ${dir}.`);
  const release = acquireLock(`${dir}.lock`);
  try {
    const db = new PGlite({ dataDir: dir, startParams: PGLITE_START_PARAMS });
    let dump: Blob;
    try {
      await db.waitReady;
      dump = await db.dumpDataDir("gzip");
    } finally {
      await db.close();
    }
    await writeWhole(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    release();
  }
}

/**
 * Loads a PGlite backup into `dir`, which must not hold a database yet; with `replace`, the database there is moved
 * aside to `<dir>.before-restore-<time>` first (and back if the restore fails). Refused while a server has it.
 * Returns how many waiting messages were held back (see {@link holdRestoredOutbox}).
 */
export async function restorePglite(
  file: string,
  dir: string,
  opts: { replace?: boolean; now?: Date } = {},
): Promise<{ held: number; movedAside?: string }> {
  await expectKind(file, "pglite");
  mkdirSync(path.dirname(dir), { recursive: true });
  const release = acquireLock(`${dir}.lock`);
  let movedAside: string | undefined;
  try {
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      if (!opts.replace) {
        throw new BackupError(
          `${dir} already holds a database. Restore with --replace to move it aside first, or point DATA_DIR elsewhere.`,
        );
      }
      movedAside = `${dir}.before-restore-${(opts.now ?? new Date()).toISOString().replace(/[:.]/g, "-")}`;
      renameSync(dir, movedAside);
    }
    try {
      const db = new PGlite({
        dataDir: dir,
        loadDataDir: new Blob([await readFile(file)]),
        startParams: PGLITE_START_PARAMS,
      });
      try {
        await db.waitReady;
        const held = await holdRestoredOutbox((text, params) => db.query(text, params));
        return { held, movedAside };
      } finally {
        await db.close();
      }
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      if (movedAside) renameSync(movedAside, dir);
      throw err;
    }
  } finally {
    release();
  }
}

/** pg_dump or pg_restore: from PATH, else PostgreSQL 15's Debian location. */
export function postgresTool(name: "pg_dump" | "pg_restore"): string | undefined {
  const found = spawnSync(name, ["--version"], { stdio: "ignore" });
  if (!found.error && found.status === 0) return name;
  const debian = `/usr/lib/postgresql/15/bin/${name}`;
  return existsSync(debian) ? debian : undefined;
}

/** The connection's password goes in PGPASSWORD, not on a command line other users can read. */
function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function runTool(name: "pg_dump" | "pg_restore", args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const bin = postgresTool(name);
  if (!bin) throw new BackupError(`${name} was not found: install PostgreSQL's client tools.`);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${name} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** `pg_dump -Fc` of the database at `url` into `file`, written whole or not at all. */
export async function backupPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connectionFor(url);
  const partial = `${file}.partial`;
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  try {
    await runTool("pg_dump", ["-Fc", `--file=${partial}`, `--dbname=${dbname}`], env);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * `pg_restore` of `file` into the database at `url`, which must be empty (a new one from `createdb`): objects are
 * owned by the connecting role. Then the waiting mail is held back. Returns how many messages were.
 */
export async function restorePostgres(file: string, url: string): Promise<{ held: number }> {
  await expectKind(file, "postgres");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        "The database in DATABASE_URL is not empty. Restore into a new one (createdb) and point DATABASE_URL to it.",
      );
    }
    const { dbname, env } = connectionFor(url);
    await runTool(
      "pg_restore",
      ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`, file],
      env,
    );
    return { held: await holdRestoredOutbox((text, params) => client.query(text, params)) };
  } finally {
    await client.end();
  }
}

async function writeWhole(file: string, data: Buffer): Promise<void> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await writeFile(partial, data, { flush: true });
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}
