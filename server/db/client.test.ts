import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openPglite } from "./client.ts";
import { DataDirLockedError } from "./lock.ts";

describe("embedded database", () => {
  it("persists across reopen, and refuses a second opener while open", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "pc-pglite-")), "db");
    const first = await openPglite(dir);
    try {
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
      await first.db.execute(sql`insert into rate_limits (key, count) values ('persisted', 7)`);
    } finally {
      await first.close();
    }
    const again = await openPglite(dir);
    try {
      const r = await again.db.execute<{ count: number }>(sql`select count from rate_limits where key = 'persisted'`);
      expect(r.rows[0]?.count).toBe(7);
    } finally {
      await again.close();
    }
  }, 60_000);
});
