/**
 * Vanity numbers are reserved, held and released per territory exactly like a #Code
 * (docs/decisions/005-vanity-numbers-per-territory.md).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservationSchema } from "#kernel/schemas/reservation.ts";
import {
  auditLog,
  emailOutbox,
  reservations,
  territoryCategories,
  territoryVanityNumbers,
  waitlistEntries,
} from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { isUniqueViolation } from "../errors.ts";
import { SelectCategoryError, TerritoryNotAvailableError } from "./errors.ts";
import { expireReservations } from "./expiry.ts";
import { confirmReservation, reserveTerritory } from "./reservations.ts";
import {
  seedActiveLicence,
  seedCategory,
  seedTerritory,
  seedVanityNumber,
  setVanityStatus,
  validReservation,
  validVanityReservation,
} from "./test-fixtures.ts";

let t: TestDb;
const visitor = { userId: null };
const URL_BASE = "https://poundcodes.test";
const opts = (sales = "sales-vanity@poundcodes.test", now?: Date) => ({
  salesEmail: sales,
  linkSecret: "order-link-secret-for-tests",
  publicUrl: URL_BASE,
  now,
});

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

async function vanityPair() {
  const territory = await seedTerritory(t.db, { name: "Vermont" });
  const vanity = await seedVanityNumber(t.db);
  return { territory, vanity, label: `1-800-${vanity.numberText.slice("(800) ".length)}` };
}

async function vanityState(territoryId: string, vanityNumberId: string) {
  const [row] = await t.db
    .select({ status: territoryVanityNumbers.status })
    .from(territoryVanityNumbers)
    .where(
      and(
        eq(territoryVanityNumbers.territoryId, territoryId),
        eq(territoryVanityNumbers.vanityNumberId, vanityNumberId),
      ),
    );
  const res = await t.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.territoryId, territoryId), eq(reservations.vanityNumberId, vanityNumberId)));
  return { status: row?.status ?? null, reservations: res };
}

describe("reserveTerritory: a vanity number", () => {
  it("holds the territory × vanity number, names the number in the emails and audits it", async () => {
    const { territory, vanity, label } = await vanityPair();
    const sales = "sales-vanity-success@poundcodes.test";
    const email = "vanity-holder@example.com";
    const r = await reserveTerritory(
      t.db,
      visitor,
      validVanityReservation(territory.id, vanity.id, email),
      opts(sales),
    );

    expect(r).toMatchObject({
      territoryName: "Vermont",
      categoryName: label,
      offeringKind: "vanity",
      confirmed: false,
    });
    const state = await vanityState(territory.id, vanity.id);
    expect(state.status).toBe("negotiations");
    expect(state.reservations).toHaveLength(1);
    expect(state.reservations[0]).toMatchObject({ status: "active", categoryId: null, vanityNumberId: vanity.id });
    // No #Code status row was touched.
    const tc = await t.db.select().from(territoryCategories).where(eq(territoryCategories.territoryId, territory.id));
    expect(tc).toHaveLength(0);

    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, [email, sales]));
    expect(mails).toHaveLength(2);
    const mine = mails.find((m) => m.toAddress === email)!;
    expect(mine.subject).toBe(`Your reservation: ${label} in Vermont`);
    expect(mine.textBody).toContain("no one else can reserve it for this number");
    const notice = mails.find((m) => m.toAddress === sales)!;
    expect(notice.subject).toBe(`New reservation: ${label} in Vermont`);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "reservation.create"), eq(auditLog.entityId, r.reservationId)));
    expect(audit[0]!.details).toMatchObject({ vanityNumberId: vanity.id, categoryId: null });

    // The emailed link confirms it, naming the number.
    const token = /confirm\?token=([\w-]+)/.exec(mine.textBody)![1]!;
    const c = await confirmReservation(t.db, visitor, token, {
      publicUrl: "https://poundcodes.test",
      linkSecret: "order-link-secret-for-tests",
    });
    expect(c).toMatchObject({ territoryName: "Vermont", categoryName: label });
  });

  it("a #Code pair and a vanity pair in the same territory do not block each other", async () => {
    const { territory, vanity } = await vanityPair();
    const category = await seedCategory(t.db);
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), opts());
    await reserveTerritory(t.db, visitor, validVanityReservation(territory.id, vanity.id), opts());
    // …and each is now taken for its own offering.
    await expect(
      reserveTerritory(t.db, visitor, validVanityReservation(territory.id, vanity.id), opts()),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
    await expect(
      reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), opts()),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
    // The same vanity number in another territory is still free.
    const other = await seedTerritory(t.db, { name: "Ohio" });
    await reserveTerritory(t.db, visitor, validVanityReservation(other.id, vanity.id), opts());
  });

  it("refuses a held, licensed or not-yet-on-sale pair, writing nothing", async () => {
    const { territory, vanity } = await vanityPair();
    await setVanityStatus(t.db, territory.id, vanity.id, "licensed");
    await expect(
      reserveTerritory(t.db, visitor, validVanityReservation(territory.id, vanity.id), opts()),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);

    const licensed = await vanityPair();
    await seedActiveLicence(t.db, licensed.territory.id, { vanityNumberId: licensed.vanity.id });
    await expect(
      reserveTerritory(t.db, visitor, validVanityReservation(licensed.territory.id, licensed.vanity.id), opts()),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);

    const territory2 = await seedTerritory(t.db);
    const pending = await seedVanityNumber(t.db, { status: "pending" });
    await expect(
      reserveTerritory(t.db, visitor, validVanityReservation(territory2.id, pending.id), opts()),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
    expect((await vanityState(territory2.id, pending.id)).reservations).toHaveLength(0);
  });

  it("answers an unknown vanity number with 'Select Category', and both offerings at once with a field error", async () => {
    const territory = await seedTerritory(t.db);
    await expect(
      reserveTerritory(
        t.db,
        visitor,
        validVanityReservation(territory.id, "00000000-0000-4000-8000-000000000001"),
        opts(),
      ),
    ).rejects.toBeInstanceOf(SelectCategoryError);

    const vanity = await seedVanityNumber(t.db);
    const category = await seedCategory(t.db);
    const both = reservationSchema.safeParse({
      ...validReservation(territory.id, category.id),
      vanityNumberId: vanity.id,
    });
    expect(both.success).toBe(false);
    expect(both.error!.issues[0]).toMatchObject({
      path: ["vanityNumberId"],
      message: "Choose either a #Code or a vanity number, not both.",
    });
    await expect(
      reserveTerritory(
        t.db,
        visitor,
        { ...validReservation(territory.id, category.id), vanityNumberId: vanity.id },
        opts(),
      ),
    ).rejects.toMatchObject({ code: "invalid_input", status: 400 });
  });

  it("the database allows one active reservation per territory × vanity number, and one offering per row", async () => {
    const { territory, vanity } = await vanityPair();
    const row = {
      territoryId: territory.id,
      vanityNumberId: vanity.id,
      name: "A",
      email: "a@example.com",
      expiresAt: new Date(Date.now() + 86_400_000),
    };
    await t.db.insert(reservations).values(row);
    const dup = await t.db
      .insert(reservations)
      .values({ ...row, email: "b@example.com" })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dup, "reservations_one_active_vanity_unique")).toBe(true);
    const category = await seedCategory(t.db);
    const bothSet = await t.db
      .insert(reservations)
      .values({ ...row, categoryId: category.id, email: "c@example.com", status: "cancelled" })
      .catch((e: unknown) => e);
    expect(String((bothSet as { cause?: unknown }).cause ?? bothSet)).toContain("reservations_one_offering_check");
    const noneSet = await t.db
      .insert(waitlistEntries)
      .values({ territoryId: territory.id, email: "d@example.com" })
      .catch((e: unknown) => e);
    expect(String((noneSet as { cause?: unknown }).cause ?? noneSet)).toContain("waitlist_entries_one_offering_check");
  });
});

describe("reserveTerritory: the race on a vanity number", () => {
  it("200 concurrent reservations of one territory × vanity number: exactly one wins", async () => {
    const { territory, vanity } = await vanityPair();
    const sales = "sales-vanity-race@poundcodes.test";
    const N = 200;
    const emails = Array.from({ length: N }, (_, i) => `vanity-racer${i}@example.com`);
    const started = performance.now();
    const results = await Promise.allSettled(
      emails.map((email) =>
        reserveTerritory(t.db, visitor, validVanityReservation(territory.id, vanity.id, email), opts(sales)),
      ),
    );
    const ms = Math.round(performance.now() - started);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    const otherErrors = lost
      .filter((r) => !(r.reason instanceof TerritoryNotAvailableError))
      .map((r) => String(r.reason));
    console.info(`[vanity race ${t.driver}] ${N} concurrent: ${won.length} won, ${lost.length} lost in ${ms} ms`);
    expect(otherErrors).toEqual([]);
    expect(won).toHaveLength(1);

    const winner = emails[results.findIndex((r) => r.status === "fulfilled")]!;
    const state = await vanityState(territory.id, vanity.id);
    expect(state.status).toBe("negotiations");
    expect(state.reservations).toHaveLength(1);
    expect(state.reservations[0]!.email).toBe(winner);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, [...emails, sales]));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([winner, sales].sort());
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "reservation.create"), sql`${auditLog.details}->>'vanityNumberId' = ${vanity.id}`),
      );
    expect(audits).toHaveLength(1);
  }, 120_000);
});

describe("expireReservations: a vanity number", () => {
  it("releases the territory × vanity number and tells its waitlist, with a link to the number's page", async () => {
    const { territory, vanity, label } = await vanityPair();
    const placed = new Date("2026-11-16T15:00:00Z");
    const requester = "vanity-lapsed@example.com";
    const r = await reserveTerritory(
      t.db,
      visitor,
      validVanityReservation(territory.id, vanity.id, requester),
      opts(undefined, placed),
    );
    await t.db.insert(waitlistEntries).values({
      territoryId: territory.id,
      vanityNumberId: vanity.id,
      email: "vanity-waiting@example.com",
      name: "Riley",
    });
    // A #Code waitlist of the same territory is not told.
    const category = await seedCategory(t.db);
    await t.db
      .insert(waitlistEntries)
      .values({ territoryId: territory.id, categoryId: category.id, email: "code-waiting@example.com" });

    const result = await expireReservations(t.db, { publicUrl: URL_BASE, now: new Date("2026-11-18T15:00:00Z") });
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, r.reservationId));
    expect(row!.status).toBe("expired");
    expect((await vanityState(territory.id, vanity.id)).status).toBe("available");

    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, ["vanity-waiting@example.com", "code-waiting@example.com", requester]));
    const waiting = mails.find((m) => m.toAddress === "vanity-waiting@example.com")!;
    expect(waiting.subject).toBe(`Now available: ${label} in Vermont`);
    expect(waiting.textBody).toContain(`${URL_BASE}/number/${vanity.slug}/`);
    expect(mails.some((m) => m.toAddress === "code-waiting@example.com")).toBe(false);
    const lapsed = mails.find((m) => m.toAddress === requester && m.subject.startsWith("Your reservation has ended"))!;
    expect(lapsed.textBody).toContain("released for this number");
  });
});
