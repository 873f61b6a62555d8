import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingGateway } from "#server/integrations/stripe/client.ts";
import {
  agreements,
  auditLog,
  emailOutbox,
  licensees,
  licenseOrders,
  reservations,
  territoryCategories,
  territoryLicenses,
  user,
  verification,
  waitlistEntries,
} from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { applyBillingEvent } from "../billing/events.ts";
import { ForbiddenError } from "../errors.ts";
import { OrderTransitionError } from "../orders/machine.ts";
import { completeOrder } from "../orders/test-fixtures.ts";
import { reserveTerritory } from "../reservations/reservations.ts";
import {
  seedCategory,
  seedTerritory,
  seedUser,
  seedVanityNumber,
  validReservation,
  validVanityReservation,
} from "../reservations/test-fixtures.ts";
import { approveReservation } from "./approve-admin.ts";
import { PairAlreadyLicensedError, ReservationLapsedError } from "./errors.ts";
import { extendReservation, releaseReservation } from "./holds-admin.ts";
import { endLicence } from "./licences-admin.ts";
import { listLicences, listReservationQueue } from "./queue-admin.ts";

let t: TestDb;
let adminId: string;
const admin = () => ({ userId: adminId, role: "admin" as const });
const opts = { linkSecret: "order-link-secret-for-tests", publicUrl: "https://poundcodes.test" };
const reserveOpts = {
  salesEmail: "sales@poundcodes.test",
  linkSecret: "order-link-secret-for-tests",
  publicUrl: "https://poundcodes.test",
};

beforeAll(async () => {
  t = await createTestDb();
  adminId = await seedUser(t.db);
});
afterAll(() => t.close());

/** A fresh pair reserved by a visitor (no account); returns the ids. */
async function reservedPair(email?: string) {
  const territory = await seedTerritory(t.db);
  const category = await seedCategory(t.db);
  const input = validReservation(territory.id, category.id, email);
  const r = await reserveTerritory(t.db, { userId: null }, input, reserveOpts);
  return { territory, category, reservationId: r.reservationId, email: input.email };
}

async function pairStatus(territoryId: string, categoryId: string) {
  const [row] = await t.db
    .select({ status: territoryCategories.status })
    .from(territoryCategories)
    .where(and(eq(territoryCategories.territoryId, territoryId), eq(territoryCategories.categoryId, categoryId)));
  return row?.status;
}

describe("approveReservation", () => {
  it("approves into a pending license for a new, invited licensee with the price and a drafted agreement", async () => {
    const { territory, category, reservationId, email } = await reservedPair();
    const r = await approveReservation(t.db, admin(), { reservationId }, opts);
    expect(r.invited).toBe(true);

    const [licence] = await t.db.select().from(territoryLicenses).where(eq(territoryLicenses.id, r.licenceId));
    // seedTerritory: base $500.00, setup $200.00; seedCategory: 100 % of base.
    expect(licence).toMatchObject({
      status: "pending",
      territoryId: territory.id,
      categoryId: category.id,
      baseLicenseFeeCents: 50_000,
      categoryModifierAmountCents: 0,
      keywordModifierAmountCents: 0,
      finalCalculatedFeeCents: 50_000,
      monthlyFeeCents: 50_000,
      setupFeeCents: 20_000,
    });
    expect(licence!.pricingDetails).toMatchObject({ base_license_fee: 50_000, final_calculated_fee: 50_000 });
    // Not licensed until the agreement is signed and the first payment clears: the hold still holds the pair.
    expect(await pairStatus(territory.id, category.id)).toBe("negotiations");
    const [res] = await t.db.select().from(reservations).where(eq(reservations.id, reservationId));
    expect(res!.status).toBe("active");
    const [order] = await t.db.select().from(licenseOrders).where(eq(licenseOrders.reservationId, reservationId));
    expect(order).toMatchObject({
      id: r.orderId,
      state: "approved",
      licenseId: r.licenceId,
      agreementId: r.agreementId,
    });

    const [lic] = await t.db.select().from(licensees).where(eq(licensees.id, r.licenseeId));
    const [account] = await t.db.select().from(user).where(eq(user.id, lic!.userId));
    expect(account!.email).toBe(email.toLowerCase());
    const tokens = await t.db.select().from(verification).where(eq(verification.value, account!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.identifier).toMatch(/^reset-password:/);

    const [agreement] = await t.db.select().from(agreements).where(eq(agreements.territoryLicenseId, r.licenceId));
    expect(agreement).toMatchObject({ status: "pending", licenseeId: r.licenseeId });

    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "licence_invitation"));
    const mine = mail.filter((m) => m.toAddress === email.toLowerCase());
    expect(mine).toHaveLength(1);
    expect(mine[0]!.textBody).toContain(tokens[0]!.identifier.slice("reset-password:".length));
    // The email states the price and the deposit, and the invitation lands on the order once the password is set.
    expect(mine[0]!.textBody).toContain(
      "$500.00 a month and a one-time setup deposit of $200.00 ($700.00 due at checkout",
    );
    expect(mine[0]!.textBody).toContain(`next=%2Forders%2F${r.orderId}`);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "reservation.approve"), eq(auditLog.entityId, reservationId)));
    expect(audit!.details).toMatchObject({ licenceId: r.licenceId, invited: true });
  });

  it("licenses a vanity number with a drafted agreement that names the number", async () => {
    const territory = await seedTerritory(t.db);
    const number = await seedVanityNumber(t.db);
    const input = validVanityReservation(territory.id, number.id);
    const { reservationId } = await reserveTerritory(t.db, { userId: null }, input, reserveOpts);
    const r = await approveReservation(t.db, admin(), { reservationId }, opts);

    const [licence] = await t.db.select().from(territoryLicenses).where(eq(territoryLicenses.id, r.licenceId));
    expect(licence).toMatchObject({ vanityNumberId: number.id, categoryId: null, monthlyFeeCents: 49_900 });
    const [agreement] = await t.db.select().from(agreements).where(eq(agreements.territoryLicenseId, r.licenceId));
    expect(agreement).toMatchObject({ id: r.agreementId, status: "pending", licenseeId: r.licenseeId });
    const label = number.numberText.replace(/^\((\d{3})\) /, "1-$1-");
    expect(agreement!.terms).toContain(`the exclusive license of the vanity number ${label} in ${territory.name}`);
    expect(agreement!.terms).toContain("Monthly Fee of $499.00");
    expect(agreement!.terms).not.toContain("#Code");

    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "licence_invitation"));
    const mine = mail.find((m) => m.toAddress === input.email);
    expect(mine!.textBody).toContain("you are signed in at your order, ready to sign");
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "reservation.approve"), eq(auditLog.entityId, reservationId)));
    expect(audit!.details).toMatchObject({ agreementId: r.agreementId, vanityNumberId: number.id });
  });

  it("uses the requester's existing account without inviting", async () => {
    const userId = await seedUser(t.db);
    const [u] = await t.db.select().from(user).where(eq(user.id, userId));
    const { reservationId } = await reservedPair(u!.email);
    const r = await approveReservation(t.db, admin(), { reservationId }, opts);
    expect(r.invited).toBe(false);
    const [lic] = await t.db.select().from(licensees).where(eq(licensees.id, r.licenseeId));
    expect(lic!.userId).toBe(userId);
    const approved = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "licence_approved"));
    const mine = approved.filter((m) => m.toAddress === u!.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.textBody).toContain("sign your license agreement online, then pay the deposit and first month");
    expect(mine[0]!.textBody).toContain(`https://poundcodes.test/orders/${r.orderId}?t=`);
  });

  it("refuses a second approval, a released hold and a lapsed hold with a 409, writing nothing", async () => {
    const a = await reservedPair();
    await approveReservation(t.db, admin(), { reservationId: a.reservationId }, opts);
    const again = approveReservation(t.db, admin(), { reservationId: a.reservationId }, opts);
    await expect(again).rejects.toBeInstanceOf(OrderTransitionError);
    await expect(again).rejects.toMatchObject({ status: 409 });

    const b = await reservedPair();
    await releaseReservation(t.db, admin(), { reservationId: b.reservationId }, opts);
    await expect(approveReservation(t.db, admin(), { reservationId: b.reservationId }, opts)).rejects.toMatchObject({
      status: 409,
    });

    const c = await reservedPair();
    const later = new Date(Date.now() + 30 * 86_400_000);
    await expect(
      approveReservation(t.db, admin(), { reservationId: c.reservationId }, { ...opts, now: later }),
    ).rejects.toBeInstanceOf(ReservationLapsedError);
    const licences = await t.db
      .select()
      .from(territoryLicenses)
      .where(eq(territoryLicenses.territoryId, c.territory.id));
    expect(licences).toHaveLength(0);
    expect(await pairStatus(c.territory.id, c.category.id)).toBe("negotiations");
  });

  it("refuses non-administrators", async () => {
    const { reservationId } = await reservedPair();
    const someone = await seedUser(t.db);
    await expect(
      approveReservation(t.db, { userId: someone, role: "user" }, { reservationId }, opts),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(releaseReservation(t.db, { userId: null }, { reservationId }, opts)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(listReservationQueue(t.db, { userId: someone, role: "user" }, query())).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });

  it("refuses when the pair is already licensed (the unique index's case)", async () => {
    const { territory, category, reservationId } = await reservedPair();
    // Another licence of the pair exists (entered by hand): the approval must not create a second.
    const holder = await approveSeparately(territory.id, category.id);
    await expect(approveReservation(t.db, admin(), { reservationId }, opts)).rejects.toBeInstanceOf(
      PairAlreadyLicensedError,
    );
    const active = await t.db
      .select()
      .from(territoryLicenses)
      .where(and(eq(territoryLicenses.territoryId, territory.id), eq(territoryLicenses.status, "active")));
    expect(active.map((l) => l.id)).toEqual([holder]);
  });
});

async function approveSeparately(territoryId: string, categoryId: string) {
  const userId = await seedUser(t.db);
  const [lic] = await t.db
    .insert(licensees)
    .values({ userId, email: `${userId}@example.com` })
    .returning();
  const [row] = await t.db
    .insert(territoryLicenses)
    .values({ licenseeId: lic!.id, territoryId, categoryId, monthlyFeeCents: 1 })
    .returning();
  return row!.id;
}

const query = () => ({ q: "", sort: "expires" as const, dir: "asc" as const, page: 1, size: 25, filters: {} });

describe("the races", () => {
  it("20 concurrent approvals of one reservation: exactly one licence", async () => {
    const { territory, reservationId } = await reservedPair();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => approveReservation(t.db, admin(), { reservationId }, opts)),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    console.info(`[race ${t.driver}] 20 concurrent approvals: ${won.length} won, ${lost.length} refused`);
    expect(won).toHaveLength(1);
    expect(lost.every((r) => r.reason instanceof OrderTransitionError)).toBe(true);
    const licences = await t.db.select().from(territoryLicenses).where(eq(territoryLicenses.territoryId, territory.id));
    expect(licences).toHaveLength(1);
    expect(await t.db.select().from(licensees).where(eq(licensees.id, licences[0]!.licenseeId))).toHaveLength(1);
  });

  it("approve ∥ release ∥ a new reservation of the pair: one licence or one free pair, never both", async () => {
    for (let round = 0; round < 5; round++) {
      const { territory, category, reservationId } = await reservedPair();
      const [approved, released] = await Promise.allSettled([
        approveReservation(t.db, admin(), { reservationId }, opts),
        releaseReservation(t.db, admin(), { reservationId }, opts),
      ]);
      // Both may succeed in that order (a release cancels an approved order); never a release then an approval.
      if (approved.status === "fulfilled" && released.status === "rejected")
        await completeOrder(t.db, approved.value.orderId);
      // A second requester's reservation and an approval of it race the first outcome.
      const second = await reserveTerritory(
        t.db,
        { userId: null },
        validReservation(territory.id, category.id),
        reserveOpts,
      ).catch(() => null);
      if (second) {
        const { orderId } = await approveReservation(t.db, admin(), { reservationId: second.reservationId }, opts);
        await completeOrder(t.db, orderId);
      }
      const active = await t.db
        .select()
        .from(territoryLicenses)
        .where(and(eq(territoryLicenses.territoryId, territory.id), eq(territoryLicenses.status, "active")));
      expect(active).toHaveLength(1);
      expect(await pairStatus(territory.id, category.id)).toBe("licensed");
      expect(second === null).toBe(released.status === "rejected");
    }
  });
});

describe("release, extend and ending a licence", () => {
  it("release frees the pair and tells its waitlist in the order they joined", async () => {
    const { territory, category, reservationId } = await reservedPair();
    // Joined a second apart: two inserts in the same millisecond would tie, and ties go by id.
    const joined = Date.now() - 60_000;
    for (const [i, e] of ["first@example.com", "second@example.com"].entries()) {
      await t.db.insert(waitlistEntries).values({
        territoryId: territory.id,
        categoryId: category.id,
        email: e,
        createdAt: new Date(joined + i * 1000),
      });
    }
    const r = await releaseReservation(t.db, admin(), { reservationId }, opts);
    expect(r).toEqual({ released: true, notified: 2, what: `${category.name} in ${territory.name}` });
    expect(await pairStatus(territory.id, category.id)).toBe("available");
    const sent = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "waitlist_released"));
    const first = sent.find((m) => m.toAddress === "first@example.com")!;
    expect(first.textBody).toContain("number 1");
    expect(sent.find((m) => m.toAddress === "second@example.com")!.textBody).toContain("number 2");
  });

  it("extend moves the hold later by business days; a released hold cannot be extended", async () => {
    const { reservationId } = await reservedPair();
    const [before] = await t.db.select().from(reservations).where(eq(reservations.id, reservationId));
    const { expiresAt } = await extendReservation(t.db, admin(), { reservationId, days: 3 });
    expect(expiresAt.getTime()).toBeGreaterThan(before!.expiresAt.getTime() + 2 * 86_400_000);
    await releaseReservation(t.db, admin(), { reservationId }, opts);
    await expect(extendReservation(t.db, admin(), { reservationId, days: 1 })).rejects.toMatchObject({ status: 409 });
  });

  it("ending a licence frees the pair, notifies the waitlist, and cannot be done twice", async () => {
    const { territory, category, reservationId } = await reservedPair();
    const { licenceId, orderId } = await approveReservation(t.db, admin(), { reservationId }, opts);
    await completeOrder(t.db, orderId);
    await t.db
      .insert(waitlistEntries)
      .values({ territoryId: territory.id, categoryId: category.id, email: "waiting@example.com" });
    expect(await endLicence(t.db, admin(), { licenceId, reason: "Contract ended" }, opts)).toEqual({
      released: true,
      notified: 1,
      what: `${category.name} in ${territory.name}`,
    });
    expect(await pairStatus(territory.id, category.id)).toBe("available");
    const [licence] = await t.db.select().from(territoryLicenses).where(eq(territoryLicenses.id, licenceId));
    expect(licence!.status).toBe("cancelled");
    expect(licence!.endsAt).not.toBeNull();
    await expect(endLicence(t.db, admin(), { licenceId }, opts)).rejects.toMatchObject({ status: 409 });
    // The pair can be reserved and licensed again.
    const again = await reserveTerritory(
      t.db,
      { userId: null },
      validReservation(territory.id, category.id),
      reserveOpts,
    );
    await approveReservation(t.db, admin(), { reservationId: again.reservationId }, opts);
  });

  it("a license that Stripe's deletion event, sent by the cancellation, ended first is answered as ended", async () => {
    const { territory, category, reservationId } = await reservedPair();
    const { licenceId, orderId } = await approveReservation(t.db, admin(), { reservationId }, opts);
    await completeOrder(t.db, orderId);
    const subscriptionId = `sub_race_${licenceId.slice(0, 8)}`;
    await t.db
      .update(territoryLicenses)
      .set({ stripeSubscriptionId: subscriptionId })
      .where(eq(territoryLicenses.id, licenceId));
    await t.db
      .insert(waitlistEntries)
      .values({ territoryId: territory.id, categoryId: category.id, email: "race-waiting@example.com" });
    // Stripe answers the cancellation after its customer.subscription.deleted event was already handled, as a quick
    // webhook under load does: the event's handler ends the license and tells the waitlist first.
    const canceled: string[] = [];
    const gateway = {
      async cancelSubscriptionNow(id: string) {
        canceled.push(id);
        const event = {
          id: `evt_race_${licenceId.slice(0, 8)}`,
          type: "customer.subscription.deleted",
          created: Math.floor(Date.now() / 1000),
          data: { object: { id, status: "canceled", metadata: { license_id: licenceId } } },
        };
        const applied = await applyBillingEvent(t.db, event, {
          publicUrl: opts.publicUrl,
          salesEmail: "sales@poundcodes.test",
          dunning: { graceDays: 7, terminateDays: 30 },
          gateway: null,
        });
        expect(applied.outcome).toBe("recorded");
        return { id, status: "canceled" };
      },
    } as unknown as BillingGateway;

    expect(await endLicence(t.db, admin(), { licenceId, reason: "Asked by the firm" }, { ...opts, gateway })).toEqual({
      released: true,
      notified: 1,
      what: `${category.name} in ${territory.name}`,
    });
    expect(canceled).toEqual([subscriptionId]);
    expect(await pairStatus(territory.id, category.id)).toBe("available");
    const [licence] = await t.db.select().from(territoryLicenses).where(eq(territoryLicenses.id, licenceId));
    expect(licence!.status).toBe("cancelled");
    // The waitlist was told once (by the event), and the administrator's reason is on record.
    const told = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "race-waiting@example.com"));
    expect(told).toHaveLength(1);
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, licenceId), eq(auditLog.action, "licence.end")));
    expect(record!.details).toMatchObject({
      reason: "Asked by the firm",
      endedBy: "stripe.customer.subscription.deleted",
    });
    // A license that was not running when asked is still refused.
    await expect(endLicence(t.db, admin(), { licenceId }, { ...opts, gateway })).rejects.toMatchObject({ status: 409 });
    expect(canceled).toEqual([subscriptionId]);
  });

  it("the queue and the licences list read back what was done", async () => {
    const { reservationId, email } = await reservedPair();
    const page = await listReservationQueue(t.db, admin(), { ...query(), q: email, filters: { status: "active" } });
    expect(page.rows.map((r) => r.id)).toEqual([reservationId]);
    expect(page.rows[0]).toMatchObject({ status: "active", hasAccount: false, waitlist: 0 });
    // The queue shows the price before approval: the figures approval then stores on the license.
    const shown = page.rows[0]!.price;
    expect(shown?.monthlyCents).toBeGreaterThan(0);
    const { licenceId, orderId } = await approveReservation(t.db, admin(), { reservationId }, opts);
    await completeOrder(t.db, orderId);
    const licences = await listLicences(t.db, admin(), {
      q: "",
      sort: "started",
      dir: "desc",
      page: 1,
      size: 100,
      filters: { status: "active" },
    });
    expect(licences.rows.some((l) => l.id === licenceId)).toBe(true);
    const [stored] = await t.db
      .select({ monthlyCents: territoryLicenses.monthlyFeeCents, setupCents: territoryLicenses.setupFeeCents })
      .from(territoryLicenses)
      .where(eq(territoryLicenses.id, licenceId));
    expect(stored).toEqual(shown);
    // Once approved, the hold is no longer priced in the queue.
    const after = await listReservationQueue(t.db, admin(), { ...query(), q: email, filters: {} });
    expect(after.rows[0]!.price).toBeNull();
  });
});
