import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  categories,
  emailOutbox,
  reservations,
  territories,
  territoryCategories,
  waitlistEntries,
} from "../../db/schema/index.ts";
import { createTestDb, type TestDb, testDriver } from "../../db/test-utils.ts";
import { joinWaitlist } from "../waitlist/waitlist.ts";
import { addBusinessDays } from "./business-days.ts";
import { expireReservations, ReservationExpiryError, territoryPageUrl } from "./expiry.ts";
import { RESERVATION_HOLD_BUSINESS_DAYS, reserveTerritory } from "./reservations.ts";
import {
  seedActiveLicence,
  seedCategory,
  seedTerritory,
  seedUser,
  setCategoryStatus,
  validReservation,
} from "./test-fixtures.ts";

let t: TestDb;
const PUBLIC_URL = "https://poundcodes.test";
const SALES = "sales@poundcodes.test";
const RESERVED_AT = new Date("2026-11-02T15:00:00Z"); // a Monday
const LAPSES_AT = addBusinessDays(RESERVED_AT, RESERVATION_HOLD_BUSINESS_DAYS); // the next Monday, same time
const LATER = new Date(LAPSES_AT.getTime() + 60_000);

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});
// Every test starts with no active reservation: expire whatever a test left behind.
afterEach(async () => {
  await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: new Date("2100-01-01T00:00:00Z") });
});

let seq = 0;
/** A fresh pair reserved at RESERVED_AT (so the hold lapses at LAPSES_AT), plus its slugs and the requester. */
async function heldPair() {
  seq++;
  const territory = await seedTerritory(t.db, { name: "Texas (South)" });
  const category = await seedCategory(t.db);
  const requester = `holder${seq}@example.com`;
  // A signed-in, verified requester: the hold is confirmed at once and runs the full term.
  const r = await reserveTerritory(
    t.db,
    { userId: await seedUser(t.db, requester) },
    { ...validReservation(territory.id, category.id), email: requester },
    {
      salesEmail: SALES,
      linkSecret: "order-link-secret-for-tests",
      publicUrl: "https://poundcodes.test",
      now: RESERVED_AT,
    },
  );
  expect(r.expiresAt.toISOString()).toBe(LAPSES_AT.toISOString());
  const [slugs] = await t.db
    .select({ territorySlug: territories.slug, categorySlug: categories.slug })
    .from(territories)
    .innerJoin(categories, eq(categories.id, category.id))
    .where(eq(territories.id, territory.id));
  const url = `${PUBLIC_URL}/number/${slugs!.categorySlug}/${slugs!.territorySlug}`;
  return { territory, category, requester, reservationId: r.reservationId, url };
}

async function joinWaitlistOf(pair: { territory: { id: string }; category: { id: string } }, emails: string[]) {
  for (const email of emails) {
    const res = await joinWaitlist(
      t.db,
      { userId: null },
      {
        territoryId: pair.territory.id,
        categoryId: pair.category.id,
        email,
        name: "Morgan Ellis",
      },
    );
    expect(res.alreadyJoined).toBe(false);
  }
}

async function reservationStatus(id: string) {
  const [row] = await t.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id));
  return row?.status;
}

async function pairStatus(territoryId: string, categoryId: string) {
  const [row] = await t.db
    .select({ status: territoryCategories.status })
    .from(territoryCategories)
    .where(and(eq(territoryCategories.territoryId, territoryId), eq(territoryCategories.categoryId, categoryId)));
  return row?.status ?? null;
}

/** Emails this module sends (not the confirmations from reserving and joining). */
async function expiryEmailsTo(addresses: string[]) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.toAddress, addresses),
        inArray(emailOutbox.template, ["waitlist_available", "reservation_expired"]),
      ),
    );
}

async function expiryAudit(reservationId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "reservation.expire"), eq(auditLog.entityId, reservationId)));
}

describe("expireReservations: a lapsed hold", () => {
  it("expires the reservation, releases the pair, tells the waitlist and the requester, and audits", async () => {
    const pair = await heldPair();
    const waiters = ["waiter-a@example.com", "waiter-b@example.com"];
    await joinWaitlistOf(pair, waiters);

    // Due exactly at expires_at.
    const result = await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LAPSES_AT });
    expect(result).toEqual({ expired: 1, released: 1, notified: 3 });

    expect(await reservationStatus(pair.reservationId)).toBe("expired");
    expect(await pairStatus(pair.territory.id, pair.category.id)).toBe("available");
    // The waitlist is kept: the same people hear again if the pair lapses again later.
    const entries = await t.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.territoryId, pair.territory.id), eq(waitlistEntries.categoryId, pair.category.id)));
    expect(entries).toHaveLength(2);

    const mails = await expiryEmailsTo([...waiters, pair.requester]);
    expect(mails).toHaveLength(3);
    const available = mails.filter((m) => m.template === "waitlist_available");
    expect(available.map((m) => m.toAddress).sort()).toEqual(waiters);
    for (const m of available) {
      expect(m.subject).toBe(`Now available: ${pair.category.name} in Texas (South)`);
      expect(m.textBody).toContain("Hi Morgan Ellis,");
      expect(m.textBody).toContain(`Reserve this territory: ${pair.url}`);
      expect(m.textBody).toContain("5 business days");
      expect(m.htmlBody).toContain(`href="${pair.url}"`);
    }
    const lapsed = mails.find((m) => m.template === "reservation_expired")!;
    expect(lapsed.toAddress).toBe(pair.requester);
    expect(lapsed.subject).toBe(`Your reservation has ended: ${pair.category.name} in Texas (South)`);
    expect(lapsed.textBody).toContain("Hi Dana Whitfield,");
    expect(lapsed.textBody).toContain("Monday, November 9, 2026 at 10:00 AM EST");
    expect(lapsed.textBody).toContain(pair.reservationId);
    expect(lapsed.textBody).toContain(pair.url);

    const audit = await expiryAudit(pair.reservationId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: null, entityType: "reservation", ip: null });
    expect(audit[0]!.details).toMatchObject({
      territoryId: pair.territory.id,
      categoryId: pair.category.id,
      email: pair.requester,
      expiresAt: LAPSES_AT.toISOString(),
      pairStatus: "negotiations",
      released: true,
      notified: 3,
    });
  });

  it("leaves a hold that has not ended yet untouched", async () => {
    const pair = await heldPair();
    await joinWaitlistOf(pair, ["early@example.com"]);
    const result = await expireReservations(t.db, {
      publicUrl: PUBLIC_URL,
      now: new Date(LAPSES_AT.getTime() - 1),
    });
    expect(result).toEqual({ expired: 0, released: 0, notified: 0 });
    expect(await reservationStatus(pair.reservationId)).toBe("active");
    expect(await pairStatus(pair.territory.id, pair.category.id)).toBe("negotiations");
    expect(await expiryEmailsTo(["early@example.com", pair.requester])).toHaveLength(0);
    expect(await expiryAudit(pair.reservationId)).toHaveLength(0);
  });

  it("with nothing due does nothing", async () => {
    expect(await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER })).toEqual({
      expired: 0,
      released: 0,
      notified: 0,
    });
  });

  it("does not mail the requester twice when they are also on the waitlist", async () => {
    const pair = await heldPair();
    await joinWaitlistOf(pair, [pair.requester, "other-waiter@example.com"]);
    const result = await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER });
    expect(result).toEqual({ expired: 1, released: 1, notified: 2 });
    const mails = await expiryEmailsTo([pair.requester, "other-waiter@example.com"]);
    expect(mails.map((m) => `${m.template} ${m.toAddress}`).sort()).toEqual([
      `reservation_expired ${pair.requester}`,
      "waitlist_available other-waiter@example.com",
    ]);
  });

  it("releases a pair of a withdrawn territory without telling anyone it is available", async () => {
    const pair = await heldPair();
    await joinWaitlistOf(pair, ["withdrawn-waiter@example.com"]);
    await t.db.update(territories).set({ status: "inactive" }).where(eq(territories.id, pair.territory.id));
    const result = await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER });
    expect(result).toEqual({ expired: 1, released: 1, notified: 0 });
    expect(await pairStatus(pair.territory.id, pair.category.id)).toBe("available");
    expect(await expiryEmailsTo(["withdrawn-waiter@example.com", pair.requester])).toHaveLength(0);
  });
});

describe("expireReservations: pairs that stay taken", () => {
  it("expires the reservation but never releases a pair an admin set to licensed", async () => {
    const pair = await heldPair();
    await setCategoryStatus(t.db, pair.territory.id, pair.category.id, "licensed");
    await joinWaitlistOf(pair, ["licensed-waiter@example.com"]);

    const result = await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER });
    expect(result).toEqual({ expired: 1, released: 0, notified: 0 });
    expect(await reservationStatus(pair.reservationId)).toBe("expired");
    expect(await pairStatus(pair.territory.id, pair.category.id)).toBe("licensed");
    expect(await expiryEmailsTo(["licensed-waiter@example.com", pair.requester])).toHaveLength(0);
    const [audit] = await expiryAudit(pair.reservationId);
    expect(audit!.details).toMatchObject({ pairStatus: "licensed", released: false, notified: 0 });
  });

  it("does not release a pair held by an active licence", async () => {
    const pair = await heldPair();
    await seedActiveLicence(t.db, pair.territory.id, pair.category.id);
    await joinWaitlistOf(pair, ["licence-waiter@example.com"]);

    const result = await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER });
    expect(result).toEqual({ expired: 1, released: 0, notified: 0 });
    expect(await reservationStatus(pair.reservationId)).toBe("expired");
    expect(await pairStatus(pair.territory.id, pair.category.id)).toBe("negotiations");
    expect(await expiryEmailsTo(["licence-waiter@example.com", pair.requester])).toHaveLength(0);
    const [audit] = await expiryAudit(pair.reservationId);
    expect(audit!.details).toMatchObject({ pairStatus: "negotiations", released: false });
  });

  it("leaves cancelled and converted reservations alone", async () => {
    const pair = await heldPair();
    await t.db.update(reservations).set({ status: "converted" }).where(eq(reservations.id, pair.reservationId));
    expect(await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER })).toMatchObject({ expired: 0 });
    expect(await reservationStatus(pair.reservationId)).toBe("converted");
    expect(await pairStatus(pair.territory.id, pair.category.id)).toBe("negotiations");
  });
});

describe("expireReservations: repeated and concurrent runs", () => {
  it("is idempotent: a second run does nothing", async () => {
    const pair = await heldPair();
    await joinWaitlistOf(pair, ["again@example.com"]);
    expect(await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER })).toEqual({
      expired: 1,
      released: 1,
      notified: 2,
    });
    expect(await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER })).toEqual({
      expired: 0,
      released: 0,
      notified: 0,
    });
    expect(await expiryEmailsTo(["again@example.com", pair.requester])).toHaveLength(2);
    expect(await expiryAudit(pair.reservationId)).toHaveLength(1);
    expect(await pairStatus(pair.territory.id, pair.category.id)).toBe("available");
  });

  it("processes at most `limit` reservations per call, oldest first", async () => {
    const first = await heldPair();
    const second = await heldPair();
    await t.db
      .update(reservations)
      .set({ expiresAt: new Date(LAPSES_AT.getTime() - 1000) })
      .where(eq(reservations.id, second.reservationId));
    expect(await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER, limit: 1 })).toMatchObject({
      expired: 1,
    });
    expect(await reservationStatus(second.reservationId)).toBe("expired");
    expect(await reservationStatus(first.reservationId)).toBe("active");
    expect(await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER, limit: 1 })).toMatchObject({
      expired: 1,
    });
    expect(await reservationStatus(first.reservationId)).toBe("expired");
  });

  it("three concurrent runs expire each reservation once and send each email once", async () => {
    const pairs = [];
    for (let i = 0; i < 12; i++) {
      const pair = await heldPair();
      await joinWaitlistOf(pair, [`race${i}-a@example.com`, `race${i}-b@example.com`]);
      pairs.push(pair);
    }
    const results = await Promise.all(
      [0, 1, 2].map(() => expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER })),
    );
    console.info(`[expiry race ${t.driver}] per run: ${results.map((r) => r.expired).join(", ")}`);
    const total = results.reduce(
      (a, r) => ({
        expired: a.expired + r.expired,
        released: a.released + r.released,
        notified: a.notified + r.notified,
      }),
      { expired: 0, released: 0, notified: 0 },
    );
    expect(total).toEqual({ expired: 12, released: 12, notified: 36 });

    for (const [i, pair] of pairs.entries()) {
      expect(await reservationStatus(pair.reservationId)).toBe("expired");
      expect(await pairStatus(pair.territory.id, pair.category.id)).toBe("available");
      expect(await expiryAudit(pair.reservationId)).toHaveLength(1);
      const mails = await expiryEmailsTo([`race${i}-a@example.com`, `race${i}-b@example.com`, pair.requester]);
      expect(mails.map((m) => m.toAddress).sort()).toEqual(
        [`race${i}-a@example.com`, `race${i}-b@example.com`, pair.requester].sort(),
      );
    }
  });
});

describe("expireReservations: row locks (PostgreSQL server)", () => {
  // On PGlite transactions are serialized, so a transaction held open would block the run itself.
  it.runIf(testDriver() === "postgres")(
    "skips a reservation another transaction has locked instead of waiting, and takes it next time",
    async () => {
      const locked = await heldPair();
      const free = await heldPair();
      let run: Promise<unknown> | undefined;
      try {
        await t.db.transaction(async (tx) => {
          await tx.select().from(reservations).where(eq(reservations.id, locked.reservationId)).for("update");
          // Another connection of the pool: it must not wait for our lock. (If it did, give up after a while and
          // roll back, which releases the lock, so the test fails instead of hanging.)
          run = expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER });
          const waited = new Promise((resolve) => setTimeout(() => resolve("waited for the lock"), 5_000).unref());
          const result = await Promise.race([run, waited]);
          expect(result).toEqual({ expired: 1, released: 1, notified: 1 });
        });
      } finally {
        await run?.catch(() => {});
      }
      expect(await reservationStatus(free.reservationId)).toBe("expired");
      expect(await reservationStatus(locked.reservationId)).toBe("active");
      expect(await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER })).toEqual({
        expired: 1,
        released: 1,
        notified: 1,
      });
      expect(await reservationStatus(locked.reservationId)).toBe("expired");
    },
  );
});

describe("expireReservations: after release", () => {
  it("lets the pair be reserved again, and the new hold lapses in turn", async () => {
    const pair = await heldPair();
    await joinWaitlistOf(pair, ["comeback@example.com"]);
    await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER });

    const again = await reserveTerritory(
      t.db,
      { userId: null },
      { ...validReservation(pair.territory.id, pair.category.id), email: "comeback@example.com" },
      {
        salesEmail: SALES,
        linkSecret: "order-link-secret-for-tests",
        publicUrl: "https://poundcodes.test",
        now: LATER,
      },
    );
    expect(await reservationStatus(again.reservationId)).toBe("active");
    expect(await pairStatus(pair.territory.id, pair.category.id)).toBe("negotiations");

    const result = await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: again.expiresAt });
    // The new holder is the only one waiting: one notice, not two.
    expect(result).toEqual({ expired: 1, released: 1, notified: 1 });
    expect(await pairStatus(pair.territory.id, pair.category.id)).toBe("available");
    // The first lapse told them as a waiter; the second tells them as the requester.
    const mails = await expiryEmailsTo(["comeback@example.com"]);
    expect(mails.map((m) => m.template).sort()).toEqual(["reservation_expired", "waitlist_available"]);
  });
});

describe("expireReservations: failures", () => {
  it("rolls back only the reservation that failed, finishes the others and reports both", async () => {
    const bad = await heldPair();
    const good = await heldPair();
    await joinWaitlistOf(bad, ["bad-waiter@example.com"]);
    await t.db.execute(
      sql.raw(`
      create or replace function pc_test_refuse_expiry() returns trigger language plpgsql as $$
      begin
        if new.action = 'reservation.expire' and new.entity_id = '${bad.reservationId}' then
          raise exception 'expiry audit refused by test';
        end if;
        return new;
      end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger pc_test_refuse_expiry before insert on audit_log for each row execute function pc_test_refuse_expiry()",
      ),
    );
    let err: unknown;
    try {
      err = await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER }).catch((e: unknown) => e);
    } finally {
      await t.db.execute(sql.raw("drop trigger pc_test_refuse_expiry on audit_log"));
      await t.db.execute(sql.raw("drop function pc_test_refuse_expiry()"));
    }
    expect(err).toBeInstanceOf(ReservationExpiryError);
    const e = err as ReservationExpiryError;
    expect(e.reservationIds).toEqual([bad.reservationId]);
    expect(e.result).toEqual({ expired: 1, released: 1, notified: 1 });
    expect(String((e.errors[0] as Error & { cause?: Error }).cause?.message)).toMatch(/expiry audit refused/);

    expect(await reservationStatus(good.reservationId)).toBe("expired");
    expect(await reservationStatus(bad.reservationId)).toBe("active");
    expect(await pairStatus(bad.territory.id, bad.category.id)).toBe("negotiations");
    expect(await expiryEmailsTo(["bad-waiter@example.com", bad.requester])).toHaveLength(0);

    // The next run picks it up.
    expect(await expireReservations(t.db, { publicUrl: PUBLIC_URL, now: LATER })).toEqual({
      expired: 1,
      released: 1,
      notified: 2,
    });
    expect(await pairStatus(bad.territory.id, bad.category.id)).toBe("available");
  });
});

describe("territoryPageUrl", () => {
  it("joins the public URL and the slugs", () => {
    expect(territoryPageUrl("https://poundcodes.com/", "hash-4law", "california-north-ca")).toBe(
      "https://poundcodes.com/number/hash-4law/california-north-ca",
    );
  });
});
