import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGREE_TO_TERMS_MESSAGE, PHONE_MESSAGE, reservationSchema } from "#kernel/schemas/reservation.ts";
import { auditLog, contacts, emailOutbox, reservations, territoryCategories } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { addBusinessDays } from "./business-days.ts";
import {
  isUniqueViolation,
  ReservationValidationError,
  SelectCategoryError,
  TerritoryNotAvailableError,
} from "./errors.ts";
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
        now,
      },
    );

    expect(result.territoryName).toBe("California (North)");
    expect(result.categoryName).toBe(category.name);
    expect(result.expiresAt.toISOString()).toBe(addBusinessDays(now, RESERVATION_HOLD_BUSINESS_DAYS).toISOString());
    expect(result.expiresAt.toISOString()).toBe("2026-11-27T15:00:00.000Z");

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
    expect(r.expiresAt.toISOString()).toBe("2026-11-27T15:00:00.000Z");

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
    expect(confirmation.textBody).toContain("Friday, November 27, 2026 at 10:00 AM EST");
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
      { ...validReservation(territory.id, category.id), company: "", message: "  " },
      { salesEmail: SALES },
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
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), { salesEmail: SALES });
    const state = await pairState(territory.id, category.id);
    expect(state.status).toBe("negotiations");
    expect(state.reservations.filter((r) => r.status === "active")).toHaveLength(1);
  });

  it("reserves other categories of the same territory independently", async () => {
    const { territory, category } = await freshPair();
    const other = await seedCategory(t.db);
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), { salesEmail: SALES });
    await reserveTerritory(t.db, visitor, validReservation(territory.id, other.id), { salesEmail: SALES });
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
        { salesEmail: sales },
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
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), { salesEmail: sales });
    expect((await pairState(territory.id, category.id)).status).toBe("negotiations");
  });
});

describe("reserveTerritory: refusals", () => {
  it("asks for a category when none (or an unusable one) is given", async () => {
    const { territory } = await freshPair();
    for (const categoryId of [undefined, null, "", "   ", "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const err = await reserveTerritory(
        t.db,
        visitor,
        { ...validReservation(territory.id, "x"), categoryId },
        { salesEmail: SALES },
      ).catch((e: unknown) => e);
      expect(err, String(categoryId)).toBeInstanceOf(SelectCategoryError);
      expect(err).toMatchObject({
        code: "select_category",
        title: "Select Category",
        message: "Please choose a category first.",
      });
    }
    // The category check comes before field validation.
    const err = await reserveTerritory(
      t.db,
      visitor,
      { ...validReservation(territory.id, ""), name: "" },
      { salesEmail: SALES },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SelectCategoryError);
  });

  it.each(["licensed", "negotiations"] as const)("refuses a pair whose status is %s", async (status) => {
    const { territory, category } = await freshPair();
    await setCategoryStatus(t.db, territory.id, category.id, status);
    const err = await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), {
      salesEmail: SALES,
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
      reserveTerritory(t.db, visitor, validReservation(held.territory.id, held.category.id), { salesEmail: SALES }),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
    expect((await pairState(held.territory.id, held.category.id)).status).toBeNull();
  });

  it("refuses a second reservation of the same pair", async () => {
    const { territory, category } = await freshPair();
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), { salesEmail: SALES });
    await expect(
      reserveTerritory(
        t.db,
        visitor,
        { ...validReservation(territory.id, category.id), email: "second@example.com" },
        { salesEmail: SALES },
      ),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
  });

  it("refuses an inactive or unknown territory", async () => {
    const inactive = await seedTerritory(t.db, { status: "inactive" });
    const category = await seedCategory(t.db);
    await expect(
      reserveTerritory(t.db, visitor, validReservation(inactive.id, category.id), { salesEmail: SALES }),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
    await expect(
      reserveTerritory(t.db, visitor, validReservation("00000000-0000-4000-8000-000000000000", category.id), {
        salesEmail: SALES,
      }),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
  });
});

describe("reserveTerritory: field validation", () => {
  it("reports each invalid field with a clear message and writes nothing", async () => {
    const { territory, category } = await freshPair();
    const err = await reserveTerritory(
      t.db,
      visitor,
      {
        territoryId: territory.id,
        categoryId: category.id,
        name: "  ",
        email: "not-an-email",
        phone: "12",
        company: "x".repeat(161),
        agreeToTerms: false,
      },
      { salesEmail: SALES },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReservationValidationError);
    const v = err as ReservationValidationError;
    expect(v.code).toBe("invalid_input");
    expect(v.fieldErrors).toEqual({
      name: ["Name is required."],
      email: ["Please enter a valid email address."],
      phone: [PHONE_MESSAGE],
      company: ["Company must be at most 160 characters."],
      agreeToTerms: [AGREE_TO_TERMS_MESSAGE],
    });
    expect(v.message).toBe("Name is required.");
    const state = await pairState(territory.id, category.id);
    expect(state.status).toBeNull();
    expect(state.reservations).toHaveLength(0);
  });

  it("requires email and phone", async () => {
    const { territory, category } = await freshPair();
    const err = (await reserveTerritory(
      t.db,
      visitor,
      { ...validReservation(territory.id, category.id), email: "", phone: "" },
      { salesEmail: SALES },
    ).catch((e: unknown) => e)) as ReservationValidationError;
    expect(err.fieldErrors).toEqual({ email: ["Email is required."], phone: ["Phone number is required."] });
  });

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
        { salesEmail: SALES },
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
          { salesEmail: sales },
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
