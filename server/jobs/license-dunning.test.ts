/**
 * The dunning timers as pg-boss jobs on the test database: a job queued for an overdue license suspends it when it
 * comes due; a job queued before a restart runs after it; two runtimes working the queue at once suspend once.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, licensees, territoryLicenses } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { DUNNING_JOB } from "../domain/billing/shared.ts";
import { seedCategory, seedTerritory, seedUser } from "../domain/reservations/test-fixtures.ts";
import { registerLicenseDunning } from "./license-dunning.ts";
import type { JobRuntime } from "./queue.ts";
import { startTestJobs } from "./testing.ts";
import type { WorkerServices } from "./workers.ts";

let t: TestDb;
const quiet = { info() {}, warn() {}, error() {} };
const config = {
  publicUrl: "https://poundcodes.test",
  salesEmail: "sales@poundcodes.test",
  dunning: { graceDays: 7, terminateDays: 30 },
  stripe: undefined,
};
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

/** An active license whose invoice has been unpaid for `days` days. */
async function overdueLicense(days: number): Promise<string> {
  const territory = await seedTerritory(t.db);
  const category = await seedCategory(t.db);
  const userId = await seedUser(t.db);
  const [lic] = await t.db
    .insert(licensees)
    .values({ userId, email: `${userId}@example.com`, companyName: "Overdue Law" })
    .returning({ id: licensees.id });
  const [row] = await t.db
    .insert(territoryLicenses)
    .values({
      licenseeId: lic!.id,
      territoryId: territory.id,
      categoryId: category.id,
      monthlyFeeCents: 50_000,
      startsAt: new Date(Date.now() - 60 * DAY_MS),
      paymentOverdueSince: new Date(Date.now() - days * DAY_MS),
      overdueInvoiceId: `in_test_${territory.id.slice(0, 8)}`,
    })
    .returning({ id: territoryLicenses.id });
  return row!.id;
}

const statusOf = async (id: string) =>
  (
    await t.db.select({ status: territoryLicenses.status }).from(territoryLicenses).where(eq(territoryLicenses.id, id))
  )[0]?.status;

const suspensions = async (id: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.entityId, id))).filter((a) => a.action === "license.suspended")
    .length;

function worker(jobs: JobRuntime) {
  return registerLicenseDunning({ db: t.db, jobs, logger: quiet, config } as unknown as WorkerServices);
}

describe("the licenses.dunning job", () => {
  it("suspends an overdue license when its timer comes due, and does nothing for one inside its grace period", async () => {
    const jobs = await startTestJobs(t);
    try {
      await worker(jobs);
      const late = await overdueLicense(8);
      const early = await overdueLicense(2);
      await jobs.enqueue(t.db, DUNNING_JOB, { licenseId: late });
      await jobs.enqueue(t.db, DUNNING_JOB, { licenseId: early });
      await vi.waitFor(async () => expect(await statusOf(late)).toBe("suspended"), { timeout: 15_000, interval: 100 });
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await statusOf(early)).toBe("active");
    } finally {
      await jobs.stop();
    }
  });

  it("keeps a timer across a restart: queued by one runtime, run by the next", async () => {
    const license = await overdueLicense(9);
    const first = await startTestJobs(t);
    await first.enqueue(t.db, DUNNING_JOB, { licenseId: license }, { startAfterSeconds: 2 });
    await first.stop();
    expect(await statusOf(license)).toBe("active");
    const waiting = await t.db.execute<{ state: string }>(
      sql`select state::text as state from pgboss.job where name = ${DUNNING_JOB} and data->>'licenseId' = ${license}`,
    );
    expect(waiting.rows.map((r) => r.state)).toEqual(["created"]);
    const second = await startTestJobs(t);
    try {
      await worker(second);
      await vi.waitFor(async () => expect(await statusOf(license)).toBe("suspended"), {
        timeout: 20_000,
        interval: 200,
      });
    } finally {
      await second.stop();
    }
  });

  it("suspends once when two runtimes work the queue and both the timer and the sweep run", async () => {
    const license = await overdueLicense(10);
    const a = await startTestJobs(t);
    const b = await startTestJobs(t);
    try {
      await worker(a);
      await worker(b);
      await a.enqueue(t.db, DUNNING_JOB, { licenseId: license });
      await b.enqueue(t.db, DUNNING_JOB, {});
      await a.enqueue(t.db, DUNNING_JOB, {});
      await vi.waitFor(async () => expect(await statusOf(license)).toBe("suspended"), {
        timeout: 15_000,
        interval: 100,
      });
      await vi.waitFor(
        async () => {
          const r = await t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pgboss.job where name = ${DUNNING_JOB} and state in ('created', 'active', 'retry')`,
          );
          expect(r.rows[0]!.n).toBe(0);
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(await suspensions(license)).toBe(1);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
