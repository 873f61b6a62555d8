import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client.ts";
import { reservations, territoryCategories, waitlistEntries } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { seedCategory, seedTerritory, setCategoryStatus } from "../domain/reservations/test-fixtures.ts";
import { startReservationExpiry } from "./reservation-expiry.ts";

let t: TestDb;
const PUBLIC_URL = "https://poundcodes.test";

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

/** A pair in negotiations held by a reservation that lapsed an hour ago, with one person waiting. */
async function lapsedHold(): Promise<{ reservationId: string; territoryId: string; categoryId: string }> {
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
  return { reservationId: r!.id, territoryId: territory.id, categoryId: category.id };
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
  return { logger: { info: vi.fn(), error: vi.fn() }, mail: { kick: vi.fn() } };
}

describe("startReservationExpiry", () => {
  it("runs at start, expires lapsed holds, kicks the mail worker and stops cleanly", async () => {
    const hold = await lapsedHold();
    const { logger, mail } = fakes();
    const job = startReservationExpiry({ db: t.db, logger, publicUrl: PUBLIC_URL, mail, intervalMs: 3_600_000 });
    await job.runNow(); // joins the run started at once
    expect(await statusOf(hold)).toEqual({ reservation: "expired", pair: "available" });
    expect(mail.kick).toHaveBeenCalledTimes(1);
    expect(logger.info).toHaveBeenCalledWith({ expired: 1, released: 1, notified: 2 }, "reservations expired");
    expect(logger.error).not.toHaveBeenCalled();

    // Nothing due: no kick.
    await job.runNow();
    expect(mail.kick).toHaveBeenCalledTimes(1);
    await job.stop();

    // Stopped: nothing runs any more.
    const later = await lapsedHold();
    await job.runNow();
    expect(await statusOf(later)).toEqual({ reservation: "active", pair: "negotiations" });
    // Leave nothing due for the next test.
    const cleanup = startReservationExpiry({ db: t.db, ...fakes(), publicUrl: PUBLIC_URL, intervalMs: 3_600_000 });
    await cleanup.runNow();
    await cleanup.stop();
    expect(await statusOf(later)).toEqual({ reservation: "expired", pair: "available" });
  });

  it("runs again on its interval", async () => {
    const { logger, mail } = fakes();
    const job = startReservationExpiry({ db: t.db, logger, publicUrl: PUBLIC_URL, mail, intervalMs: 25 });
    try {
      await job.runNow();
      const hold = await lapsedHold();
      await vi.waitFor(async () => expect((await statusOf(hold)).reservation).toBe("expired"), {
        timeout: 5_000,
        interval: 25,
      });
      // kick() follows the commit that made the status visible: wait for it too.
      await vi.waitFor(() => expect(mail.kick).toHaveBeenCalled(), { timeout: 5_000, interval: 25 });
    } finally {
      await job.stop();
    }
  });

  it("never overlaps runs: a run asked for during another joins it", async () => {
    const job = startReservationExpiry({ db: t.db, ...fakes(), publicUrl: PUBLIC_URL, intervalMs: 3_600_000 });
    const a = job.runNow();
    const b = job.runNow();
    expect(a).toBe(b);
    await a;
    await job.stop();
  });

  it("works through more due holds than one batch in a single run", async () => {
    const holds = [await lapsedHold(), await lapsedHold(), await lapsedHold()];
    const { logger, mail } = fakes();
    const job = startReservationExpiry({
      db: t.db,
      logger,
      publicUrl: PUBLIC_URL,
      mail,
      intervalMs: 3_600_000,
      batchLimit: 2,
    });
    await job.runNow();
    await job.stop();
    for (const h of holds) expect(await statusOf(h)).toEqual({ reservation: "expired", pair: "available" });
    expect(logger.info).toHaveBeenCalledTimes(2);
  });

  it("logs errors instead of throwing them", async () => {
    const broken = {
      transaction: async () => {
        throw new Error("connection refused");
      },
    } as unknown as Database;
    const { logger, mail } = fakes();
    const job = startReservationExpiry({ db: broken, logger, publicUrl: PUBLIC_URL, mail, intervalMs: 3_600_000 });
    await expect(job.runNow()).resolves.toBeUndefined();
    await job.stop();
    expect(logger.error).toHaveBeenCalledTimes(1);
    const [fields, msg] = logger.error.mock.calls[0]!;
    expect((fields as { err: Error }).err.message).toBe("connection refused");
    expect(msg).toMatch(/reservation expiry failed/);
    expect(mail.kick).not.toHaveBeenCalled();
  });
});
