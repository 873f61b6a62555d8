import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client.ts";
import { emailOutbox, reservations, territoryCategories, waitlistEntries } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { CHANGE, pairChanged, watchChanges } from "../domain/changes.ts";
import { seedCategory, seedTerritory, setCategoryStatus } from "../domain/reservations/test-fixtures.ts";
import type { JobRuntime } from "./queue.ts";
import { registerReservationExpiry, runReservationExpiry } from "./reservation-expiry.ts";
import { startTestJobs } from "./testing.ts";
import type { WorkerServices } from "./workers.ts";

let t: TestDb;
const PUBLIC_URL = "https://poundcodes.test";

/** What the committed writes on the test database recorded (what the HTTP app's caches and the mailer hear). */
let heard: string[][] = [];

beforeAll(async () => {
  t = await createTestDb();
  watchChanges(t.db, (keys) => heard.push([...keys]));
});
afterAll(async () => {
  await t.close();
});

/** A pair in negotiations held by a reservation that lapsed an hour ago, with one person waiting. */
async function lapsedHold(): Promise<{
  reservationId: string;
  territoryId: string;
  categoryId: string;
  pages: string[];
}> {
  const territory = await seedTerritory(t.db);
  const category = await seedCategory(t.db);
  await setCategoryStatus(t.db, territory.id, category.id, "negotiations");
  const [r] = await t.db
    .insert(reservations)
    .values({
      territoryId: territory.id,
      categoryId: category.id,
      name: "Avery Stone",
      email: `avery-${territory.id}@example.com`,
      expiresAt: new Date(Date.now() - 3_600_000),
    })
    .returning({ id: reservations.id });
  await t.db
    .insert(waitlistEntries)
    .values({ territoryId: territory.id, categoryId: category.id, email: `waiting-${territory.id}@example.com` });
  return {
    reservationId: r!.id,
    territoryId: territory.id,
    categoryId: category.id,
    pages: pairChanged(category.slug, territory.slug),
  };
}

async function statusOf(h: { reservationId: string; territoryId: string; categoryId: string }) {
  const [r] = await t.db.select().from(reservations).where(eq(reservations.id, h.reservationId));
  const [tc] = await t.db
    .select()
    .from(territoryCategories)
    .where(and(eq(territoryCategories.territoryId, h.territoryId), eq(territoryCategories.categoryId, h.categoryId)));
  return { reservation: r!.status, pair: tc!.status };
}

function fakes() {
  heard = [];
  return { logger: { info: vi.fn(), error: vi.fn() } };
}

describe("runReservationExpiry", () => {
  it("expires lapsed holds, records the released pair and the emails, and reports what it did", async () => {
    const hold = await lapsedHold();
    const { logger } = fakes();
    const r = await runReservationExpiry({ db: t.db, logger, publicUrl: PUBLIC_URL });
    expect(r).toEqual({ expired: 1, released: 1, notified: 2 });
    expect(await statusOf(hold)).toEqual({ reservation: "expired", pair: "available" });
    // The released pair is available again on the public pages now, not when their cache expires, and the emails
    // go out: both heard once the release committed.
    expect(heard).toHaveLength(1);
    expect(heard[0]).toEqual(expect.arrayContaining([...hold.pages, CHANGE.mail]));
    expect(logger.info).toHaveBeenCalledWith({ expired: 1, released: 1, notified: 2 }, "reservations expired");
    expect(logger.error).not.toHaveBeenCalled();

    // Nothing due: nothing recorded, nothing logged.
    await runReservationExpiry({ db: t.db, logger, publicUrl: PUBLIC_URL });
    expect(heard).toHaveLength(1);
    expect(logger.info).toHaveBeenCalledTimes(1);
  });

  it("works through more due holds than one batch in a single run", async () => {
    const holds = [await lapsedHold(), await lapsedHold(), await lapsedHold()];
    const { logger } = fakes();
    const r = await runReservationExpiry({ db: t.db, logger, publicUrl: PUBLIC_URL, batchLimit: 2 });
    for (const h of holds) expect(await statusOf(h)).toEqual({ reservation: "expired", pair: "available" });
    expect(r).toEqual({ expired: 3, released: 3, notified: 6 });
    expect(logger.info).toHaveBeenCalledTimes(1);
  });

  it("logs and throws a failure, so the job records it and is retried", async () => {
    const refuse = () => {
      throw new Error("connection refused");
    };
    const broken = { transaction: async () => refuse(), select: refuse } as unknown as Database;
    const { logger } = fakes();
    await expect(runReservationExpiry({ db: broken, logger, publicUrl: PUBLIC_URL })).rejects.toThrow(
      "connection refused",
    );
    expect(logger.error).toHaveBeenCalledTimes(1);
    const [fields, msg] = logger.error.mock.calls[0]!;
    expect((fields as { err: Error }).err.message).toBe("connection refused");
    expect(msg).toMatch(/reservation expiry failed/);
    expect(heard).toEqual([]);
  });
});

describe("the reservations.expire job", () => {
  let jobs: JobRuntime;
  beforeAll(async () => {
    jobs = await startTestJobs(t);
  });
  afterAll(async () => {
    await jobs.stop();
  });

  it("releases a lapsed hold when the job runs, drops the public pages everywhere, and notifies the waitlist", async () => {
    const hold = await lapsedHold();
    const { logger } = fakes();
    const s = { db: t.db, jobs, logger, config: { publicUrl: PUBLIC_URL } } as unknown as WorkerServices;
    await registerReservationExpiry(s);
    await jobs.enqueue(t.db, "reservations.expire", {});
    await vi.waitFor(async () => expect(await statusOf(hold)).toEqual({ reservation: "expired", pair: "available" }), {
      timeout: 15_000,
      interval: 100,
    });
    const notices = await t.db
      .select({ to: emailOutbox.toAddress, status: emailOutbox.status })
      .from(emailOutbox)
      .where(like(emailOutbox.toAddress, `waiting-${hold.territoryId}@%`));
    expect(notices).toEqual([{ to: `waiting-${hold.territoryId}@example.com`, status: "pending" }]);
    // What the HTTP app's caches and the mailer hear (and, on PostgreSQL, the other processes through the signal).
    expect(heard.flat()).toEqual(expect.arrayContaining([...hold.pages, CHANGE.mail]));
  });
});
