import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import type { JobRuntime } from "../../jobs/queue.ts";
import { startTestJobs } from "../../jobs/testing.ts";
import type { Actor } from "../actor.ts";
import { DomainError, ForbiddenError, NotFoundError } from "../errors.ts";
import { jobsOverview, retryFailedJob } from "./admin.ts";

const ADMIN: Actor = { userId: null, role: "admin", ip: "203.0.113.5" };
const MEMBER: Actor = { userId: null, role: "user", ip: "203.0.113.6" };

let t: TestDb;
let jobs: JobRuntime;
let fail = true;
let runs = 0;

beforeAll(async () => {
  t = await createTestDb();
  // With the platform's schedules, as a server starts.
  jobs = await startTestJobs(t, { schedules: true });
  // Only this file's job fails (a scheduled maintenance run landing during the test passes).
  await jobs.work("maintenance", async (data) => {
    if (data.reason !== "test") return;
    runs++;
    if (fail) throw new Error("disk quota exceeded");
  });
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

async function stateOf(id: string) {
  const r = await t.db.execute<{ state: string }>(sql`select state::text as state from pgboss.job where id = ${id}`);
  return r.rows[0]?.state;
}

describe("the Background Jobs screen", () => {
  it("is for administrators only", async () => {
    await expect(jobsOverview(t.db, jobs, MEMBER)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      retryFailedJob(t.db, jobs, MEMBER, { queue: "maintenance", id: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("lists every queue, the schedules with their cron and next run, and a failure with its error and retries", async () => {
    const id = (await jobs.enqueue(t.db, "maintenance", { reason: "test" }, { retryLimit: 1 }))!;
    await vi.waitFor(async () => expect(await stateOf(id)).toBe("failed"), { timeout: 20_000, interval: 200 });

    const o = await jobsOverview(t.db, jobs, ADMIN);
    expect(o.running).toBe(true);
    expect(o.queues.map((q) => q.name)).toEqual(
      expect.arrayContaining([
        "email.deliver",
        "reservations.expire",
        "maintenance",
        "newsletter.batch",
        "licenses.dunning",
        "wallet.recharge",
      ]),
    );
    expect(o.queues.find((q) => q.name === "maintenance")).toMatchObject({ failed: 1, ready: 0, active: 0 });
    expect(o.failures).toEqual([
      expect.objectContaining({ id, queue: "maintenance", error: "disk quota exceeded", retryCount: 1, retryLimit: 1 }),
    ]);
    const crons = Object.fromEntries(o.schedules.map((s) => [s.queue, s.cron]));
    expect(crons).toEqual({
      "email.deliver": "* * * * *",
      "licenses.dunning": "17 * * * *",
      maintenance: "7 * * * *",
      "reservations.expire": "* * * * *",
    });
    for (const s of o.schedules) {
      expect(new Date(s.nextRunAt!).getTime()).toBeGreaterThan(Date.now() - 1_000);
      expect(new Date(s.nextRunAt!).getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
      expect(s.description).toEqual(expect.any(String));
    }
  });

  it("retries a failed job, audited, and refuses one that has not failed", async () => {
    const [failure] = (await jobsOverview(t.db, jobs, ADMIN)).failures;
    fail = false;
    const before = runs;
    await retryFailedJob(t.db, jobs, ADMIN, { queue: "maintenance", id: failure!.id });
    await vi.waitFor(async () => expect(await stateOf(failure!.id)).toBe("completed"), {
      timeout: 20_000,
      interval: 200,
    });
    expect(runs).toBe(before + 1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "job.retry"), eq(auditLog.entityId, failure!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entityType: "job",
      ip: "203.0.113.5",
      details: { queue: "maintenance", error: "disk quota exceeded", retryCount: 1 },
    });
    expect((await jobsOverview(t.db, jobs, ADMIN)).failures).toEqual([]);

    // Completed now: a second retry is refused and writes nothing.
    const refused = await retryFailedJob(t.db, jobs, ADMIN, { queue: "maintenance", id: failure!.id }).catch((e) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 409, code: "job_not_failed" });
    await expect(
      retryFailedJob(t.db, jobs, ADMIN, { queue: "maintenance", id: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(retryFailedJob(t.db, jobs, ADMIN, { queue: "no.such.queue", id: failure!.id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const after = await t.db.select().from(auditLog).where(eq(auditLog.action, "job.retry"));
    expect(after).toHaveLength(1);
  });
});

describe("before the job runtime has started", () => {
  it("shows the queues with nothing in them rather than failing", async () => {
    const fresh = await createTestDb();
    try {
      const idle = { started: false, boss: jobs.boss, dbOf: jobs.dbOf };
      const o = await jobsOverview(fresh.db, idle, ADMIN);
      expect(o.running).toBe(false);
      expect(o.failures).toEqual([]);
      expect(o.queues.find((q) => q.name === "email.deliver")).toMatchObject({ ready: 0, failed: 0 });
      await expect(
        retryFailedJob(fresh.db, idle, ADMIN, { queue: "maintenance", id: "00000000-0000-4000-8000-000000000000" }),
      ).rejects.toMatchObject({ status: 503 });
    } finally {
      await fresh.close();
    }
  });
});
