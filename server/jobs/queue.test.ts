import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb, testDriver } from "../db/test-utils.ts";
import type { JobRuntime } from "./queue.ts";
import { startTestJobs } from "./testing.ts";

let t: TestDb;
let jobs: JobRuntime;

beforeAll(async () => {
  t = await createTestDb();
  jobs = await startTestJobs(t);
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

type Row = { state: string; retry_count: number; output: unknown; data: Record<string, unknown> };
async function jobsOf(name: string, marker: string): Promise<Row[]> {
  const r = await t.db.execute<Row>(
    sql`select state::text as state, retry_count, output, data from pgboss.job
        where name = ${name} and data->>'marker' = ${marker} order by created_on`,
  );
  return r.rows;
}

describe("the job queue", () => {
  it("runs a job enqueued in a committed transaction, and never one enqueued in a rolled-back transaction", async () => {
    const seen: unknown[] = [];
    await jobs.work("newsletter.batch", async (data) => {
      seen.push(data.n);
    });
    await expect(
      t.db.transaction(async (tx) => {
        const id = await jobs.enqueue(tx, "newsletter.batch", { marker: "tx", n: "rolled back" });
        expect(id).toEqual(expect.any(String));
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    await t.db.transaction(async (tx) => {
      await jobs.enqueue(tx, "newsletter.batch", { marker: "tx", n: "committed" });
    });
    await vi.waitFor(() => expect(seen).toContain("committed"), { timeout: 15_000, interval: 100 });
    // Several more polls: the rolled-back job never shows up, and left no row.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(seen).toEqual(["committed"]);
    const rows = await jobsOf("newsletter.batch", "tx");
    expect(rows.map((r) => [r.data.n, r.state])).toEqual([["committed", "completed"]]);
  });

  it("enqueues on the database handle too, after a delay", async () => {
    const seen: unknown[] = [];
    await jobs.work("maintenance", async (data) => {
      if (data.marker === "later") seen.push(Date.now());
    });
    const at = Date.now();
    await jobs.enqueue(t.db, "maintenance", { marker: "later" }, { startAfterSeconds: 2 });
    await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect((seen[0]! as number) - at).toBeGreaterThanOrEqual(1_500);
  });

  it("deduplicates by singleton key while the first job waits", async () => {
    const first = await jobs.enqueue(
      t.db,
      "reservations.expire",
      { marker: "single" },
      {
        singletonKey: "only-one",
        startAfterSeconds: 3600,
      },
    );
    const second = await jobs.enqueue(
      t.db,
      "reservations.expire",
      { marker: "single" },
      {
        singletonKey: "only-one",
        startAfterSeconds: 3600,
      },
    );
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(await jobsOf("reservations.expire", "single")).toHaveLength(1);
  });

  it("retries a failing job and records its failure", async () => {
    const attempts: Record<string, number> = {};
    await jobs.work("email.deliver", async (data) => {
      const key = String(data.case);
      attempts[key] = (attempts[key] ?? 0) + 1;
      if (data.case === "flaky" && attempts[key] === 1) throw new Error("SMTP timeout");
      if (data.case === "broken") throw new Error("relay refused the message");
    });
    await jobs.enqueue(t.db, "email.deliver", { marker: "retry", case: "flaky" });
    await jobs.enqueue(t.db, "email.deliver", { marker: "retry", case: "broken" }, { retryLimit: 1 });
    await vi.waitFor(
      async () => {
        const rows = await jobsOf("email.deliver", "retry");
        expect(rows.map((r) => r.state).sort()).toEqual(["completed", "failed"]);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(attempts).toEqual({ flaky: 2, broken: 2 });
    const rows = await jobsOf("email.deliver", "retry");
    const flaky = rows.find((r) => r.data.case === "flaky")!;
    const broken = rows.find((r) => r.data.case === "broken")!;
    expect(flaky).toMatchObject({ state: "completed", retry_count: 1 });
    expect(broken).toMatchObject({ state: "failed", retry_count: 1 });
    expect(broken.output).toMatchObject({ message: "relay refused the message" });
    // What /metrics reports: every attempt this process ran, by outcome (flaky failed once, broken twice).
    expect(jobs.runs.get("email.deliver")).toEqual({ completed: 1, failed: 3 });
  }, 40_000);
});

describe.skipIf(testDriver() !== "postgres")("schedules across instances (PostgreSQL)", () => {
  it("runs each occurrence of a schedule once, with two instances working the same database", async () => {
    // A second process: its own pool on the same database, its own pg-boss.
    const { openPostgres } = await import("../db/client.ts");
    const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    const other = await openPostgres(url, { max: 4 });
    const cron = { cronIntervalSeconds: 1 };
    const a = await startTestJobs(t, cron);
    const b = await startTestJobs({ ...other, close: other.close }, cron);
    const runs: string[] = [];
    try {
      await a.work("reservations.expire", async (data) => {
        if (data.marker === "every-minute") runs.push("a");
      });
      await b.work("reservations.expire", async (data) => {
        if (data.marker === "every-minute") runs.push("b");
      });
      // Both instances install the same schedule, as every instance does at start-up.
      await a.boss.schedule(
        "reservations.expire",
        "* * * * *",
        { marker: "every-minute" },
        { tz: "UTC", missed: "once" },
      );
      await b.boss.schedule(
        "reservations.expire",
        "* * * * *",
        { marker: "every-minute" },
        { tz: "UTC", missed: "once" },
      );
      // Let two minute boundaries pass at most; every occurrence must have run exactly once.
      const started = Date.now();
      await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(1), { timeout: 75_000, interval: 250 });
      await new Promise((r) => setTimeout(r, 3_000));
      const created = await jobsOf("reservations.expire", "every-minute");
      const minutes = Math.ceil((Date.now() - started) / 60_000) + 1;
      // Both instances ran cron passes every second: one job per occurrence, not one per instance and pass.
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(created.length).toBeLessThanOrEqual(minutes);
      expect(runs).toHaveLength(created.length);
    } finally {
      await a.boss.unschedule("reservations.expire");
      await a.stop();
      await b.stop();
      await other.close();
    }
  }, 100_000);
});
