import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservationSchema } from "#kernel/schemas/reservation.ts";
import { auditLog, contacts, emailOutbox, reservations, territoryCategories } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { isUniqueViolation } from "../errors.ts";
import { addBusinessDays } from "./business-days.ts";
import { SelectCategoryError, TerritoryNotAvailableError } from "./errors.ts";
import {
  ConfirmationLinkError,
  confirmReservation,
  MAX_ACTIVE_RESERVATIONS_PER_EMAIL,
  MAX_RESERVATIONS_PER_ADDRESS_PER_DAY,
  mailboxKey,
  RESERVATION_HOLD_BUSINESS_DAYS,
  reserveTerritory,
} from "./reservations.ts";
import {
  seedActiveLicence,
  seedCategory,
  seedTerritory,
  seedUser,
  setCategoryStatus,
  validReservation,
} from "./test-fixtures.ts";

let t: TestDb;
const SALES = "sales@poundcodes.test";
const visitor = { userId: null };

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

/** A fresh territory × category pair with nothing on it. */
async function freshPair() {
  const territory = await seedTerritory(t.db, { name: "California (North)" });
  const category = await seedCategory(t.db);
  return { territory, category };
}

async function pairState(territoryId: string, categoryId: string) {
  const db = t.db;
  const [tc] = await db
    .select({ status: territoryCategories.status })
    .from(territoryCategories)
    .where(and(eq(territoryCategories.territoryId, territoryId), eq(territoryCategories.categoryId, categoryId)));
  const res = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.territoryId, territoryId), eq(reservations.categoryId, categoryId)));
  const leads = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.territoryId, territoryId), eq(contacts.categoryId, categoryId)));
  return { status: tc?.status ?? null, reservations: res, leads };
}

async function emailsTo(addresses: string[]) {
  return t.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));
}

async function auditFor(territoryId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "reservation.create"), sql`${auditLog.details}->>'territoryId' = ${territoryId}`));
}

const LINKS = { publicUrl: "https://poundcodes.test", linkSecret: "order-link-secret-for-tests" };

describe("reserveTerritory: success", () => {
  it("holds the pair, records the lead, enqueues two emails and audits, in one go", async () => {
    const { territory, category } = await freshPair();
    const sales = "sales-success@poundcodes.test";
    const now = new Date("2026-11-20T15:00:00Z"); // a Friday
    const result = await reserveTerritory(
      t.db,
      visitor,
      validReservation(territory.id, category.id, "Dana.Whitfield@Example.com"),
      {
        salesEmail: sales,
        linkSecret: "order-link-secret-for-tests",
        publicUrl: "https://poundcodes.test",
        now,
      },
    );

    expect(result.territoryName).toBe("California (North)");
    expect(result.categoryName).toBe(category.name);
    // A visitor's hold is unconfirmed: it lapses after a day unless confirmed from the email.
    expect(result.confirmed).toBe(false);
    expect(result.expiresAt.toISOString()).toBe("2026-11-21T15:00:00.000Z");

    const state = await pairState(territory.id, category.id);
    expect(state.status).toBe("negotiations");
    expect(state.reservations).toHaveLength(1);
    const r = state.reservations[0]!;
    expect(r).toMatchObject({
      id: result.reservationId,
      status: "active",
      name: "Dana Whitfield",
      email: "dana.whitfield@example.com", // stored lower-case
      phone: "(555) 123-4567",
      company: "Whitfield Injury Law",
      message: "We would like to launch in the spring.",
      userId: null,
    });
    expect(r.expiresAt.toISOString()).toBe("2026-11-21T15:00:00.000Z");
    expect(r.confirmedAt).toBeNull();
    expect(r.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

    expect(state.leads).toHaveLength(1);
    expect(state.leads[0]).toMatchObject({
      source: "reservation",
      status: "new",
      name: "Dana Whitfield",
      email: "dana.whitfield@example.com",
      phone: "(555) 123-4567",
      company: "Whitfield Injury Law",
      message: "We would like to launch in the spring.",
    });

    const mails = await emailsTo(["dana.whitfield@example.com", sales]);
    expect(mails).toHaveLength(2);
    const confirmation = mails.find((m) => m.template === "reservation_confirmation")!;
    const notice = mails.find((m) => m.template === "reservation_notice")!;
    expect(confirmation.toAddress).toBe("dana.whitfield@example.com");
    expect(confirmation.subject).toBe(`Your reservation: ${category.name} in California (North)`);
    expect(confirmation.textBody).toContain("5 business days");
    expect(confirmation.textBody).toContain("Please confirm your hold by Saturday, November 21, 2026 at 10:00 AM EST");
    expect(confirmation.textBody).toMatch(/https:\/\/poundcodes\.test\/reservations\/confirm\?token=[\w-]{43}/);
    expect(confirmation.textBody).toContain(result.reservationId);
    expect(confirmation.htmlBody).toContain("California (North)");
    expect(notice.toAddress).toBe(sales);
    expect(notice.subject).toBe(`New reservation: ${category.name} in California (North)`);
    expect(notice.textBody).toContain("Phone: (555) 123-4567");
    expect(notice.textBody).toContain("Company: Whitfield Injury Law");

    const audit = await auditFor(territory.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entityType: "reservation", entityId: result.reservationId, actorUserId: null });
    expect(audit[0]!.details).toMatchObject({ categoryId: category.id, contactId: state.leads[0]!.id });
  });

  it("records the signed-in user and the client address", async () => {
    const { territory, category } = await freshPair();
    const userId = await seedUser(t.db);
    const result = await reserveTerritory(
      t.db,
      { userId, ip: "203.0.113.9" },
      reservationSchema.parse({ ...validReservation(territory.id, category.id), company: "", message: "  " }),
      { salesEmail: SALES, linkSecret: "order-link-secret-for-tests", publicUrl: "https://poundcodes.test" },
    );
    const [r] = await t.db.select().from(reservations).where(eq(reservations.id, result.reservationId));
    expect(r).toMatchObject({ userId, company: null, message: null });
    const [a] = await auditFor(territory.id);
    expect(a).toMatchObject({ actorUserId: userId, ip: "203.0.113.9" });
  });

  it("uses an existing 'available' status row and ignores past (cancelled, expired) reservations", async () => {
    const { territory, category } = await freshPair();
    await setCategoryStatus(t.db, territory.id, category.id, "available");
    await t.db.insert(reservations).values([
      {
        territoryId: territory.id,
        categoryId: category.id,
        name: "A",
        email: "a@example.com",
        status: "cancelled",
        expiresAt: new Date(),
      },
      {
        territoryId: territory.id,
        categoryId: category.id,
        name: "B",
        email: "b@example.com",
        status: "expired",
        expiresAt: new Date(),
      },
    ]);
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), {
      salesEmail: SALES,
      linkSecret: "order-link-secret-for-tests",
      publicUrl: "https://poundcodes.test",
    });
    const state = await pairState(territory.id, category.id);
    expect(state.status).toBe("negotiations");
    expect(state.reservations.filter((r) => r.status === "active")).toHaveLength(1);
  });

  it("reserves other categories of the same territory independently", async () => {
    const { territory, category } = await freshPair();
    const other = await seedCategory(t.db);
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), {
      salesEmail: SALES,
      linkSecret: "order-link-secret-for-tests",
      publicUrl: "https://poundcodes.test",
    });
    await reserveTerritory(t.db, visitor, validReservation(territory.id, other.id), {
      salesEmail: SALES,
      linkSecret: "order-link-secret-for-tests",
      publicUrl: "https://poundcodes.test",
    });
    expect((await pairState(territory.id, other.id)).status).toBe("negotiations");
  });
});

describe("reserveTerritory: all or nothing", () => {
  it("writes nothing when the last step (the audit row) fails", async () => {
    const { territory, category } = await freshPair();
    const requester = "rollback@example.com";
    const sales = "sales-rollback@poundcodes.test";
    await t.db.execute(
      sql.raw(`
      create or replace function pc_test_refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit write refused by test'; end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger pc_test_refuse_audit before insert on audit_log for each row execute function pc_test_refuse_audit()",
      ),
    );
    try {
      const err = (await reserveTerritory(
        t.db,
        visitor,
        { ...validReservation(territory.id, category.id), email: requester },
        { salesEmail: sales, linkSecret: "order-link-secret-for-tests", publicUrl: "https://poundcodes.test" },
      ).catch((e: unknown) => e)) as Error & { cause?: Error };
      // Drizzle wraps the driver's error ("Failed query: …") and keeps it as the cause.
      expect(`${err?.message} ${err?.cause?.message}`).toMatch(/audit write refused by test/);
    } finally {
      await t.db.execute(sql.raw("drop trigger pc_test_refuse_audit on audit_log"));
      await t.db.execute(sql.raw("drop function pc_test_refuse_audit()"));
    }

    const state = await pairState(territory.id, category.id);
    expect(state.status).toBeNull(); // not even the row created for locking
    expect(state.reservations).toHaveLength(0);
    expect(state.leads).toHaveLength(0);
    expect(await emailsTo([requester, sales])).toHaveLength(0);
    expect(await auditFor(territory.id)).toHaveLength(0);

    // And the pair is still free.
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), {
      salesEmail: sales,
      linkSecret: "order-link-secret-for-tests",
      publicUrl: "https://poundcodes.test",
    });
    expect((await pairState(territory.id, category.id)).status).toBe("negotiations");
  });
});

describe("reserveTerritory: refusals", () => {
  it("asks for a category when none (or an unknown one) is given", async () => {
    const { territory } = await freshPair();
    const base = validReservation(territory.id, "00000000-0000-4000-8000-00000000000a");
    for (const categoryId of [undefined, "00000000-0000-4000-8000-000000000000"]) {
      const err = await reserveTerritory(
        t.db,
        visitor,
        { ...base, categoryId },
        { salesEmail: SALES, linkSecret: "order-link-secret-for-tests", publicUrl: "https://poundcodes.test" },
      ).catch((e: unknown) => e);
      expect(err, String(categoryId)).toBeInstanceOf(SelectCategoryError);
      expect(err).toMatchObject({
        code: "select_category",
        title: "Select Category",
        message: "Please choose a category first.",
      });
    }
  });

  it.each(["licensed", "negotiations"] as const)("refuses a pair whose status is %s", async (status) => {
    const { territory, category } = await freshPair();
    await setCategoryStatus(t.db, territory.id, category.id, status);
    const err = await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), {
      salesEmail: SALES,
      linkSecret: "order-link-secret-for-tests",
      publicUrl: "https://poundcodes.test",
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TerritoryNotAvailableError);
    expect(err).toMatchObject({
      code: "territory_not_available",
      title: "Territory Not Available",
      message: "This territory is not currently available for reservation.",
    });
    const state = await pairState(territory.id, category.id);
    expect(state.status).toBe(status);
    expect(state.reservations).toHaveLength(0);
    expect(state.leads).toHaveLength(0);
  });

  it("refuses a pair held by an active licence or reservation even if its status row says available", async () => {
    const licensed = await freshPair();
    await setCategoryStatus(t.db, licensed.territory.id, licensed.category.id, "available");
    await seedActiveLicence(t.db, licensed.territory.id, licensed.category.id);
    await expect(
      reserveTerritory(t.db, visitor, validReservation(licensed.territory.id, licensed.category.id), {
        salesEmail: SALES,
        linkSecret: "order-link-secret-for-tests",
        publicUrl: "https://poundcodes.test",
      }),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);

    const held = await freshPair();
    await t.db.insert(reservations).values({
      territoryId: held.territory.id,
      categoryId: held.category.id,
      name: "Earlier Visitor",
      email: "earlier@example.com",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await expect(
      reserveTerritory(t.db, visitor, validReservation(held.territory.id, held.category.id), {
        salesEmail: SALES,
        linkSecret: "order-link-secret-for-tests",
        publicUrl: "https://poundcodes.test",
      }),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
    expect((await pairState(held.territory.id, held.category.id)).status).toBeNull();
  });

  it("refuses a second reservation of the same pair", async () => {
    const { territory, category } = await freshPair();
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), {
      salesEmail: SALES,
      linkSecret: "order-link-secret-for-tests",
      publicUrl: "https://poundcodes.test",
    });
    await expect(
      reserveTerritory(
        t.db,
        visitor,
        { ...validReservation(territory.id, category.id), email: "second@example.com" },
        { salesEmail: SALES, linkSecret: "order-link-secret-for-tests", publicUrl: "https://poundcodes.test" },
      ),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
  });

  it("refuses an inactive or unknown territory", async () => {
    const inactive = await seedTerritory(t.db, { status: "inactive" });
    const category = await seedCategory(t.db);
    await expect(
      reserveTerritory(t.db, visitor, validReservation(inactive.id, category.id), {
        salesEmail: SALES,
        linkSecret: "order-link-secret-for-tests",
        publicUrl: "https://poundcodes.test",
      }),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
    await expect(
      reserveTerritory(t.db, visitor, validReservation("00000000-0000-4000-8000-000000000000", category.id), {
        salesEmail: SALES,
        linkSecret: "order-link-secret-for-tests",
        publicUrl: "https://poundcodes.test",
      }),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
  });
});

describe("the reservation form schema", () => {
  it("accepts common phone formats and rejects junk", () => {
    const base = validReservation("00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002");
    const ok = [
      "(555) 123-4567",
      "555-123-4567",
      "555.123.4567",
      "+1 555 123 4567",
      "5551234567",
      "+44 20 7946 0958",
      "(555) 123-4567 ext. 89",
    ];
    const bad = ["12", "555-1234", "call me", "555-123-4567-8901-2345", "+1 (555) abc-4567"];
    for (const phone of ok) expect(reservationSchema.safeParse({ ...base, phone }).success, phone).toBe(true);
    for (const phone of bad) expect(reservationSchema.safeParse({ ...base, phone }).success, phone).toBe(false);
  });
});

describe("the unique-violation guard", () => {
  it("recognises a violation of reservations_one_active_unique from this driver", async () => {
    const { territory, category } = await freshPair();
    const row = {
      territoryId: territory.id,
      categoryId: category.id,
      name: "A",
      email: "a@example.com",
      expiresAt: new Date(),
    };
    await t.db.insert(reservations).values(row);
    const err = await t.db
      .insert(reservations)
      .values(row)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, "reservations_one_active_unique")).toBe(true);
    expect(isUniqueViolation(err, "some_other_index")).toBe(false);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
  });
});

describe("reserveTerritory: the unique index as the last guard", () => {
  it("turns a unique violation at the reservation insert into TerritoryNotAvailableError and writes nothing", async () => {
    const { territory, category } = await freshPair();
    // Simulates a competitor committing between our checks and our insert: a trigger slips in an active row first.
    await t.db.execute(
      sql.raw(`
      create or replace function pc_test_steal() returns trigger language plpgsql as $$
      begin
        if pg_trigger_depth() = 1 and new.email = 'victim@example.com' then
          insert into reservations (territory_id, category_id, name, email, expires_at)
          values (new.territory_id, new.category_id, 'Competitor', 'competitor@example.com', now());
        end if;
        return new;
      end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger pc_test_steal before insert on reservations for each row execute function pc_test_steal()",
      ),
    );
    try {
      const err = await reserveTerritory(
        t.db,
        visitor,
        { ...validReservation(territory.id, category.id), email: "victim@example.com" },
        { salesEmail: SALES, linkSecret: "order-link-secret-for-tests", publicUrl: "https://poundcodes.test" },
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TerritoryNotAvailableError);
    } finally {
      await t.db.execute(sql.raw("drop trigger pc_test_steal on reservations"));
      await t.db.execute(sql.raw("drop function pc_test_steal()"));
    }
    const state = await pairState(territory.id, category.id);
    expect(state.status).toBeNull();
    expect(state.reservations).toHaveLength(0);
    expect(state.leads).toHaveLength(0);
  });
});

describe("reserveTerritory: the race", () => {
  it("200 concurrent reservations of one pair: exactly one wins", async () => {
    const { territory, category } = await freshPair();
    const sales = "sales-race@poundcodes.test";
    const N = 200;
    const emails = Array.from({ length: N }, (_, i) => `racer${i}@example.com`);

    const started = performance.now();
    const results = await Promise.allSettled(
      emails.map((email) =>
        reserveTerritory(
          t.db,
          visitor,
          { ...validReservation(territory.id, category.id), email },
          { salesEmail: sales, linkSecret: "order-link-secret-for-tests", publicUrl: "https://poundcodes.test" },
        ),
      ),
    );
    const ms = Math.round(performance.now() - started);

    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    const otherErrors = lost
      .filter((r) => !(r.reason instanceof TerritoryNotAvailableError))
      .map((r) => String(r.reason));
    console.info(
      `[race ${t.driver}] ${N} concurrent reserveTerritory: ${won.length} won, ${lost.length} lost in ${ms} ms`,
    );
    expect(otherErrors).toEqual([]);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(N - 1);

    const winnerIndex = results.findIndex((r) => r.status === "fulfilled");
    const winner = emails[winnerIndex]!;
    const state = await pairState(territory.id, category.id);
    expect(state.status).toBe("negotiations");
    const active = state.reservations.filter((r) => r.status === "active");
    expect(active).toHaveLength(1);
    expect(state.reservations).toHaveLength(1);
    expect(active[0]!.email).toBe(winner);
    expect(state.leads).toHaveLength(1);
    expect(state.leads[0]!.email).toBe(winner);
    const mails = await emailsTo([...emails, sales]);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([winner, sales].sort());
    expect(await auditFor(territory.id)).toHaveLength(1);
  }, 120_000);
});

describe("holds need confirmation unless the requester is a verified user", () => {
  const opts = (now: Date) => ({
    salesEmail: SALES,
    linkSecret: "order-link-secret-for-tests",
    publicUrl: "https://poundcodes.test",
    now,
  });
  const tokenIn = async (email: string) => {
    const [mail] = await emailsTo([email]);
    return /confirm\?token=([\w-]+)/.exec(mail!.textBody)![1]!;
  };

  it("a visitor's hold runs a day; the emailed link confirms it for the full term, once", async () => {
    const { territory, category } = await freshPair();
    const placed = new Date("2026-11-16T15:00:00Z"); // a Monday
    const email = "confirm-me@example.com";
    const r = await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id, email), opts(placed));
    expect(r.expiresAt.toISOString()).toBe("2026-11-17T15:00:00.000Z");
    const token = await tokenIn(email);

    const at = new Date("2026-11-16T20:00:00Z");
    const c = await confirmReservation(t.db, visitor, token, { ...LINKS, now: at });
    expect(c.reservationId).toBe(r.reservationId);
    expect(c.expiresAt.toISOString()).toBe(addBusinessDays(at, RESERVATION_HOLD_BUSINESS_DAYS).toISOString());
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, r.reservationId));
    expect(row!.confirmedAt?.toISOString()).toBe(at.toISOString());
    expect(row!.confirmTokenHash).toBeNull();
    // The link is one-time.
    await expect(confirmReservation(t.db, visitor, token, { ...LINKS, now: at })).rejects.toBeInstanceOf(
      ConfirmationLinkError,
    );
  });

  it("refuses an unknown token and a hold that has already lapsed", async () => {
    await expect(confirmReservation(t.db, visitor, "nope", LINKS)).rejects.toMatchObject({
      status: 404,
      title: "Link Expired",
    });
    const { territory, category } = await freshPair();
    const placed = new Date("2026-11-16T15:00:00Z");
    const email = "too-late@example.com";
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id, email), opts(placed));
    const token = await tokenIn(email);
    await expect(
      confirmReservation(t.db, visitor, token, { ...LINKS, now: new Date("2026-11-17T15:00:01Z") }),
    ).rejects.toBeInstanceOf(ConfirmationLinkError);
  });

  it("a signed-in user with a verified email holds for the full term at once, with no link", async () => {
    const { territory, category } = await freshPair();
    const email = "verified-holder@example.com";
    const userId = await seedUser(t.db, email);
    const placed = new Date("2026-11-16T15:00:00Z");
    const r = await reserveTerritory(
      t.db,
      { userId },
      validReservation(territory.id, category.id, email),
      opts(placed),
    );
    expect(r.confirmed).toBe(true);
    expect(r.expiresAt.toISOString()).toBe(addBusinessDays(placed, RESERVATION_HOLD_BUSINESS_DAYS).toISOString());
    const [mail] = await emailsTo([email]);
    expect(mail!.textBody).not.toContain("confirm?token=");
  });

  it("a signed-in user reserving for another address gets the emailed link like anyone else", async () => {
    const { territory, category } = await freshPair();
    const userId = await seedUser(t.db, "account-owner@example.com");
    const email = "someone-else@example.net";
    const r = await reserveTerritory(
      t.db,
      { userId },
      validReservation(territory.id, category.id, email),
      opts(new Date("2026-11-16T15:00:00Z")),
    );
    expect(r.confirmed).toBe(false);
    const [mail] = await emailsTo([email]);
    expect(mail!.textBody).toContain("confirm?token=");
  });

  it("caps the holds one account places at once, whatever emails the form names", async () => {
    const userId = await seedUser(t.db, "one-account@example.com");
    const cat = await seedCategory(t.db);
    for (let i = 0; i < MAX_ACTIVE_RESERVATIONS_PER_EMAIL; i++) {
      const terr = await seedTerritory(t.db);
      const r = await reserveTerritory(
        t.db,
        { userId, role: "user" },
        validReservation(terr.id, cat.id, `third-party-${i}@example.net`),
        opts(new Date()),
      );
      expect(r.confirmed).toBe(false);
    }
    // Neither another third-party address nor the account's own verified one gets past the cap.
    for (const email of ["third-party-x@example.net", "one-account@example.com"]) {
      const extra = await seedTerritory(t.db);
      const err = await reserveTerritory(
        t.db,
        { userId, role: "user" },
        validReservation(extra.id, cat.id, email),
        opts(new Date()),
      ).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "reservation_limit", title: "Reservation Limit Reached" });
    }
    const held = await t.db.select().from(reservations).where(eq(reservations.userId, userId));
    expect(held).toHaveLength(MAX_ACTIVE_RESERVATIONS_PER_EMAIL);
    // An administrator holding territories for callers is not capped by account (each mailbox still is).
    const adminId = await seedUser(t.db);
    for (let i = 0; i <= MAX_ACTIVE_RESERVATIONS_PER_EMAIL; i++) {
      const terr = await seedTerritory(t.db);
      await reserveTerritory(
        t.db,
        { userId: adminId, role: "admin" },
        validReservation(terr.id, cat.id, `caller-${i}@example.net`),
        opts(new Date()),
      );
    }
  });

  it("concurrent holds by one account for different pairs: no more than the cap win", async () => {
    const userId = await seedUser(t.db, "racing-account@example.com");
    const cat = await seedCategory(t.db);
    const terrs = await Promise.all(Array.from({ length: 8 }, () => seedTerritory(t.db)));
    const outcomes = await Promise.allSettled(
      terrs.map((terr, i) =>
        reserveTerritory(
          t.db,
          { userId, role: "user" },
          validReservation(terr.id, cat.id, `racer-${i}@example.net`),
          opts(new Date()),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(MAX_ACTIVE_RESERVATIONS_PER_EMAIL);
    for (const o of outcomes.filter((o) => o.status === "rejected"))
      expect((o as PromiseRejectedResult).reason).toMatchObject({ code: "reservation_limit" });
  });

  it("counts plus-addressed and differently-cased emails as one mailbox for the cap", async () => {
    expect(mailboxKey(" Dana+Tx@Example.COM ")).toBe("dana@example.com");
    expect(mailboxKey("dana@example.com")).toBe("dana@example.com");
    const cat = await seedCategory(t.db);
    for (let i = 0; i < 3; i++) {
      const terr = await seedTerritory(t.db);
      await reserveTerritory(
        t.db,
        visitor,
        validReservation(terr.id, cat.id, `capped+${i}@example.com`),
        opts(new Date()),
      );
    }
    const extra = await seedTerritory(t.db);
    const err = await reserveTerritory(
      t.db,
      visitor,
      validReservation(extra.id, cat.id, "Capped+other@Example.com"),
      opts(new Date()),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "reservation_limit" });
  });

  it("caps the holds one client address places in a day, whatever the emails", async () => {
    const cat = await seedCategory(t.db);
    const fromIp = { userId: null, ip: "192.0.2.77" };
    for (let i = 0; i < MAX_RESERVATIONS_PER_ADDRESS_PER_DAY; i++) {
      const terr = await seedTerritory(t.db);
      await reserveTerritory(t.db, fromIp, validReservation(terr.id, cat.id, `ip-${i}@example.com`), opts(new Date()));
    }
    const extra = await seedTerritory(t.db);
    const err = await reserveTerritory(t.db, fromIp, validReservation(extra.id, cat.id), opts(new Date())).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: "address_reservation_limit", status: 429 });
    // Another address is not affected.
    await reserveTerritory(
      t.db,
      { userId: null, ip: "192.0.2.78" },
      validReservation(extra.id, cat.id),
      opts(new Date()),
    );
  });
});
