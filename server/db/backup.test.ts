import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../config.ts";
import {
  BackupError,
  backupPglite,
  backupPostgres,
  postgresTool,
  RESTORED_OUTBOX_ERROR,
  restorePglite,
  restorePostgres,
} from "./backup.ts";
import { type Database, openPglite, openPostgres } from "./client.ts";
import { DataDirLockedError } from "./lock.ts";
import { auditLog, emailOutbox } from "./schema/index.ts";
import { pgliteTemplate, TEST_DATABASE_PREFIX } from "./test-utils.ts";

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "pc-backup-test-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const STATUSES = ["pending", "sending", "sent", "failed"] as const;

/** 200 audit rows and 40 outbox rows, 10 in each status. */
async function writeRows(db: Database): Promise<void> {
  await db.insert(auditLog).values(
    Array.from({ length: 200 }, (_, i) => ({
      action: "backup.test",
      entityType: "row",
      entityId: `row-${i}`,
      details: { i, text: `détail ${i}` },
    })),
  );
  await db.insert(emailOutbox).values(
    Array.from({ length: 40 }, (_, i) => {
      const status = STATUSES[i % 4]!;
      return {
        toAddress: `person${i}@example.com`,
        subject: `Message ${i}`,
        textBody: `Body ${i}`,
        template: "test",
        status,
        attempts: status === "pending" ? 0 : 1,
        lastError: status === "failed" ? "550 mailbox unavailable" : null,
        sentAt: status === "sent" ? new Date("2026-11-20T12:00:00Z") : null,
      };
    }),
  );
}

async function readRows(db: Database) {
  return {
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
    outbox: await db.select().from(emailOutbox).orderBy(asc(emailOutbox.id)),
  };
}

type Rows = Awaited<ReturnType<typeof readRows>>;

/** Every row is back; the mail that was waiting is failed with the restore's error; the rest is as it was. */
function expectRestored(before: Rows, after: Rows): void {
  expect(after.audit).toEqual(before.audit);
  expect(after.outbox).toHaveLength(before.outbox.length);
  for (const [i, row] of before.outbox.entries()) {
    const restored = after.outbox[i]!;
    if (row.status === "pending" || row.status === "sending") {
      expect(restored).toEqual({
        ...row,
        status: "failed",
        lastError: RESTORED_OUTBOX_ERROR,
        nextAttemptAt: restored.nextAttemptAt,
      });
    } else {
      expect(restored).toEqual(row);
    }
  }
  expect(after.outbox.filter((r) => r.lastError === RESTORED_OUTBOX_ERROR)).toHaveLength(20);
  expect(after.outbox.filter((r) => r.status === "pending" || r.status === "sending")).toHaveLength(0);
}

/** A new data directory, loaded from the run's migrated template: an initdb and the migrations cost seconds each. */
const openNewPglite = async (dir: string) => openPglite(dir, { loadDataDir: await pgliteTemplate() });

describe("PGlite backup and restore", { timeout: 90_000 }, () => {
  it("round-trips every row and marks the waiting mail failed instead of sending it again", async () => {
    const source = path.join(work, "source", "pglite");
    const src = await openNewPglite(source);
    await writeRows(src.db);
    const before = await readRows(src.db);
    await src.close();

    const file = path.join(work, "backups", "embedded.tar.gz");
    await backupPglite(source, file);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    const target = path.join(work, "restored", "pglite");
    expect(await restorePglite(file, target)).toEqual({ held: 20, movedAside: undefined });
    const restored = await openPglite(target);
    try {
      expectRestored(before, await readRows(restored.db));
    } finally {
      await restored.close();
    }
    // The source is untouched by its backup.
    const again = await openPglite(source);
    try {
      expect(await readRows(again.db)).toEqual(before);
    } finally {
      await again.close();
    }
  });

  it("refuses a backup or a restore while a process has the data directory open", async () => {
    const dir = path.join(work, "busy", "pglite");
    const open = await openNewPglite(dir);
    try {
      const file = path.join(work, "busy.tar.gz");
      await expect(backupPglite(dir, file)).rejects.toBeInstanceOf(DataDirLockedError);
      expect(existsSync(file)).toBe(false);
      await expect(restorePglite(path.join(work, "backups", "embedded.tar.gz"), dir)).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
    } finally {
      await open.close();
    }
  });

  it("restores over an existing database only with replace, which moves it aside", async () => {
    const dir = path.join(work, "existing", "pglite");
    const existing = await openNewPglite(dir);
    await existing.close();
    const file = path.join(work, "backups", "embedded.tar.gz");

    await expect(restorePglite(file, dir)).rejects.toThrow(
      `${dir} already holds a database. Restore with --replace to move it aside first, or point DATA_DIR elsewhere.`,
    );
    const now = new Date("2026-11-28T10:00:00.000Z");
    const result = await restorePglite(file, dir, { replace: true, now });
    expect(result).toEqual({ held: 20, movedAside: `${dir}.before-restore-2026-11-28T10-00-00-000Z` });
    expect(existsSync(path.join(result.movedAside!, "PG_VERSION"))).toBe(true);
    const restored = await openPglite(dir);
    try {
      expect((await readRows(restored.db)).audit).toHaveLength(200);
    } finally {
      await restored.close();
    }
  });

  it("refuses a file that is not a backup of the embedded database", async () => {
    const dump = path.join(work, "other.dump");
    writeFileSync(dump, "PGDMP\x01\x0e\x00");
    await expect(restorePglite(dump, path.join(work, "none", "pglite"))).rejects.toThrow(
      `${dump} is a PostgreSQL backup: set DATABASE_URL to restore it into a PostgreSQL database.`,
    );
    await expect(backupPglite(path.join(work, "absent"), path.join(work, "x.tar.gz"))).rejects.toBeInstanceOf(
      BackupError,
    );
  });
});

const serverUrl = testDatabaseUrl();
const withPostgres = Boolean(serverUrl && postgresTool("pg_dump") && postgresTool("pg_restore"));

describe.skipIf(!withPostgres)("PostgreSQL backup and restore", () => {
  const names = [1, 2].map(() => `${TEST_DATABASE_PREFIX}backup_${randomBytes(5).toString("hex")}`);
  const urlOf = (name: string) => {
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }
  beforeAll(() => admin(async (c) => Promise.all(names.map((n) => c.query(`create database ${n}`)))));
  afterAll(() => admin(async (c) => Promise.all(names.map((n) => c.query(`drop database if exists ${n}`)))));

  it("round-trips every row through pg_dump and pg_restore and marks the waiting mail failed", async () => {
    const [sourceName, targetName] = names as [string, string];
    const src = await openPostgres(urlOf(sourceName), { max: 2 });
    let before: Rows;
    try {
      await writeRows(src.db);
      before = await readRows(src.db);
    } finally {
      await src.close();
    }

    const file = path.join(work, "backups", "server.dump");
    await backupPostgres(urlOf(sourceName), file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");

    await expect(restorePostgres(file, urlOf(sourceName))).rejects.toThrow(
      "The database in DATABASE_URL is not empty. Restore into a new one (createdb) and point DATABASE_URL to it.",
    );
    expect(await restorePostgres(file, urlOf(targetName))).toEqual({ held: 20 });
    const restored = await openPostgres(urlOf(targetName), { max: 2 });
    try {
      expectRestored(before, await readRows(restored.db));
    } finally {
      await restored.close();
    }
  });
});
