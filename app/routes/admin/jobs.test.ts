/**
 * /admin/jobs through the admin guard, with real sessions and the services' own job runtime started as the server
 * starts it: non-administrators are sent to /dashboard; an administrator sees the queues, the schedules and a
 * failure, and retries it (audited); bad input gets a 400 with the product's message, a job that has not failed
 * a 409.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminMiddleware } from "#server/auth/guards.ts";
import { auditLog, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import {
  behindGuard,
  callRoute,
  formPost,
  type routeContext,
  signedUpAccount,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { action, describeCron, loader } from "./jobs.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: { cookie: string; id: string };
let member: { cookie: string; id: string };
let failing = true;

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  await s.jobs.start();
  await s.jobs.work("maintenance", async (data) => {
    if (data.reason === "route-test" && failing) throw new Error("lock timeout on rate_limits");
  });
  admin = await signedUpAccount(s, "Morgan Boss", "boss-jobs@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
  member = await signedUpAccount(s, "Dana Whitfield", "dana-jobs@example.com");
});
afterAll(async () => {
  await s.jobs.stop();
  await t.close();
});

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);
const view = (cookie: string) => {
  const request = new Request(`${TEST_ORIGIN}/admin/jobs`, { headers: { cookie } });
  return guarded(request, (context) => callRoute(loader, { request, context }));
};
const act = (cookie: string, fields: Record<string, string>) => {
  const request = formPost("/admin/jobs", fields, { cookie });
  return guarded(request, (context) => callRoute(action, { request, context }));
};

type Overview = {
  running: boolean;
  queues: { name: string; failed: number }[];
  failures: { id: string; queue: string; error: string; retryCount: number }[];
  schedules: { queue: string; cron: string; nextRunAt: string }[];
};

describe("the Background Jobs screen", () => {
  it("sends a non-administrator to /dashboard from the page and the action", async () => {
    for (const r of [
      await view(member.cookie),
      await act(member.cookie, { intent: "retry", queue: "maintenance", id: "00000000-0000-4000-8000-000000000000" }),
    ]) {
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/dashboard");
    }
  });

  it("shows the queues, the schedules and a failure, and retries it (audited)", async () => {
    const id = (await s.jobs.enqueue(t.db, "maintenance", { reason: "route-test" }, { retryLimit: 0 }))!;
    await vi.waitFor(
      async () => {
        const r = await t.db.execute<{ state: string }>(
          sql`select state::text as state from pgboss.job where id = ${id}`,
        );
        expect(r.rows[0]?.state).toBe("failed");
      },
      { timeout: 20_000, interval: 200 },
    );
    const page = (await view(admin.cookie)).body as Overview;
    expect(page.running).toBe(true);
    expect(page.queues.find((q) => q.name === "maintenance")?.failed).toBe(1);
    expect(page.failures).toEqual([
      expect.objectContaining({ id, queue: "maintenance", error: "lock timeout on rate_limits", retryCount: 0 }),
    ]);
    expect(page.schedules.map((x) => x.queue).sort()).toEqual([
      "email.deliver",
      "licenses.dunning",
      "maintenance",
      "reservations.expire",
    ]);

    failing = false;
    const r = await act(admin.cookie, { intent: "retry", queue: "maintenance", id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, title: "Job Queued Again", message: "It runs again in a moment." });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "job.retry"), eq(auditLog.entityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(admin.id);

    // Not failed any more: refused, with the product's words.
    const again = await act(admin.cookie, { intent: "retry", queue: "maintenance", id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, title: "Job Not Failed" });
  });

  it("answers bad input with a 400 and the product's message, never a 500", async () => {
    const r = await act(admin.cookie, { intent: "retry", queue: "maintenance", id: "not-a-job" });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain("This job does not exist.");
    const unknown = await act(admin.cookie, {
      intent: "retry",
      queue: "no.such.queue",
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
  });

  it("describes the common cron shapes in words", () => {
    expect(describeCron("* * * * *")).toBe("Every minute");
    expect(describeCron("*/5 * * * *")).toBe("Every 5 minutes");
    expect(describeCron("7 * * * *")).toBe("Hourly, at 07 past");
    expect(describeCron("30 4 * * *")).toBe("Daily at 04:30");
    expect(describeCron("0 9 * * 1")).toBe("0 9 * * 1");
  });
});
