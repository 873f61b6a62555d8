/**
 * The administrator's reservations queue and licences list through the admin guard, with real sessions: the queue
 * lists active holds with their requester; approve answers the product's words and drops the catalogue from the
 * page cache; a second approval of the same hold is the clear 409 refusal; extend and release answer with the
 * pair's name; ending a licence frees the pair; a non-administrator is sent to /dashboard before anything runs.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMiddleware } from "#server/auth/guards.ts";
import {
  agreements,
  auditLog,
  licenseOrders,
  reservations,
  territoryCategories,
  territoryLicenses,
  user,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { CHANGE, pairChanged } from "#server/domain/changes.ts";
import { completeOrder } from "#server/domain/orders/test-fixtures.ts";
import { reserveTerritory } from "#server/domain/reservations/reservations.ts";
import { seedCategory, seedTerritory, validReservation } from "#server/domain/reservations/test-fixtures.ts";
import {
  behindGuard,
  callRoute,
  formPost,
  signedUpAccount,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { action as licensesAction, loader as licensesLoader } from "./licenses.tsx";
import { action as queueAction, loader as queueLoader } from "./reservations.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: { cookie: string; id: string };
let dana: { cookie: string; id: string; email: string };

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  admin = await signedUpAccount(s, "Morgan Boss", "boss@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
  dana = await signedUpAccount(s, "Dana Whitfield", "dana@example.com");
});
afterAll(() => t.close());

type Answer = { ok: boolean; title: string; message: string };

const get = (path: string, cookie: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
const queue = (cookie: string, search = "") => {
  const request = get(`/admin/reservations${search}`, cookie);
  return behindGuard(s, adminMiddleware, request, (context) => callRoute(queueLoader, { request, context }));
};
const act = (cookie: string, fields: Record<string, string>) => {
  const request = formPost("/admin/reservations", fields, { cookie });
  return behindGuard(s, adminMiddleware, request, (context) => callRoute(queueAction, { request, context }));
};
const licences = (cookie: string, search = "") => {
  const request = get(`/admin/licenses${search}`, cookie);
  return behindGuard(s, adminMiddleware, request, (context) => callRoute(licensesLoader, { request, context }));
};
const endLicence = (cookie: string, fields: Record<string, string>) => {
  const request = formPost("/admin/licenses", fields, { cookie });
  return behindGuard(s, adminMiddleware, request, (context) => callRoute(licensesAction, { request, context }));
};

/** A fresh pair held by a visitor without an account. */
async function hold() {
  const territory = await seedTerritory(t.db);
  const category = await seedCategory(t.db);
  const input = validReservation(territory.id, category.id);
  const r = await reserveTerritory(t.db, { userId: null }, input, {
    salesEmail: "sales@poundcodes.test",
    linkSecret: "order-link-secret-for-tests",
    publicUrl: TEST_ORIGIN,
  });
  return { territory, category, reservationId: r.reservationId, email: input.email };
}

async function pairStatus(territoryId: string, categoryId: string) {
  const [row] = await t.db
    .select({ status: territoryCategories.status })
    .from(territoryCategories)
    .where(and(eq(territoryCategories.territoryId, territoryId), eq(territoryCategories.categoryId, categoryId)));
  return row?.status;
}

describe("/admin/reservations and /admin/licenses", () => {
  it("sends a non-administrator to /dashboard from the loaders and the actions, changing nothing", async () => {
    const h = await hold();
    for (const r of [
      await queue(dana.cookie),
      await act(dana.cookie, { intent: "approve", reservationId: h.reservationId }),
      await licences(dana.cookie),
      await endLicence(dana.cookie, { intent: "end", licenceId: "00000000-0000-4000-8000-000000000000" }),
    ]) {
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/dashboard");
    }
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, h.reservationId));
    expect(row!.status).toBe("active");
  });

  it("lists active holds by default with their requester; other statuses on request", async () => {
    const h = await hold();
    const r = await queue(admin.cookie, `?q=${encodeURIComponent(h.email)}`);
    expect(r.status).toBe(200);
    const body = r.body as { total: number; rows: Record<string, unknown>[]; query: { filters: object } };
    expect(body.query.filters).toEqual({ status: "active" });
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({
      id: h.reservationId,
      email: h.email,
      name: "Dana Whitfield",
      hasAccount: false,
      status: "active",
    });
    expect(typeof body.rows[0]!.expiresAt).toBe("string");
    const expired = (await queue(admin.cookie, `?q=${encodeURIComponent(h.email)}&status=expired`)).body as {
      rows: unknown[];
    };
    expect(expired.rows).toHaveLength(0);
  });

  it("approves into a pending license, refuses a second approval, and licenses the pair once signed and paid", async () => {
    const h = await hold();
    const r = await act(admin.cookie, { intent: "approve", reservationId: h.reservationId });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, title: "Reservation Approved" });
    expect((r.body as Answer).message).toBe(
      `${h.category.name} in ${h.territory.name} is approved for Whitfield Injury Law: it becomes licensed once they sign the agreement and pay the deposit and first month. An invitation to choose a password was emailed.`,
    );
    // Approval does not license the pair: the hold keeps it until the order is paid.
    expect(await pairStatus(h.territory.id, h.category.id)).toBe("negotiations");

    const again = await act(admin.cookie, { intent: "approve", reservationId: h.reservationId });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, message: "This order has already been approved." });
    expect(await t.db.$count(territoryLicenses, eq(territoryLicenses.territoryId, h.territory.id))).toBe(1);

    // The license is listed as pending with its fee; once signed and paid it is active, and ending it frees the pair.
    const pending = (await licences(admin.cookie, `?q=${encodeURIComponent(h.territory.name)}`)).body as {
      rows: { id: string; monthlyFeeCents: number; status: string }[];
    };
    expect(pending.rows[0]).toMatchObject({ monthlyFeeCents: 50_000, status: "pending" });
    const [order] = await t.db.select().from(licenseOrders).where(eq(licenseOrders.reservationId, h.reservationId));
    await completeOrder(t.db, order!.id);
    expect(await pairStatus(h.territory.id, h.category.id)).toBe("licensed");
    const list = (await licences(admin.cookie, `?q=${encodeURIComponent(h.territory.name)}`)).body as {
      rows: { id: string; monthlyFeeCents: number; status: string }[];
    };
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ monthlyFeeCents: 50_000, status: "active" });
    const end = await endLicence(admin.cookie, { intent: "end", licenceId: list.rows[0]!.id, reason: "" });
    expect(end.status).toBe(200);
    expect(end.body).toMatchObject({
      ok: true,
      title: "License Ended",
      message: `${h.category.name} in ${h.territory.name} is available again.`,
    });
    // The pair's pages, and the landing pages (the firm's page is unpublished with the license).
    expect(end.dropped).toEqual([[...pairChanged(h.category.slug, h.territory.slug), CHANGE.landingPages]]);
    expect(await pairStatus(h.territory.id, h.category.id)).toBe("available");
    const twice = await endLicence(admin.cookie, { intent: "end", licenceId: list.rows[0]!.id });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ ok: false, title: "License Not Active" });
  });

  it("approves at a negotiated price with a reason, and refuses an override without one", async () => {
    const h = await hold();
    const noReason = await act(admin.cookie, {
      intent: "approve",
      reservationId: h.reservationId,
      monthlyFeeCents: "450",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ ok: false, message: expect.stringContaining("Say why the price differs") });
    const notAFigure = await act(admin.cookie, {
      intent: "approve",
      reservationId: h.reservationId,
      monthlyFeeCents: "two thousand",
      overrideReason: "Negotiated",
    });
    expect(notAFigure.status).toBe(400);
    expect(notAFigure.body).toMatchObject({ message: "Enter the monthly fee in dollars, for example 1999.50." });
    const r = await act(admin.cookie, {
      intent: "approve",
      reservationId: h.reservationId,
      monthlyFeeCents: "$450",
      setupFeeCents: "",
      overrideReason: "Launch discount",
    });
    expect(r.status).toBe(200);
    const [license] = await t.db
      .select()
      .from(territoryLicenses)
      .where(eq(territoryLicenses.territoryId, h.territory.id));
    // The monthly fee is the override; the deposit keeps the quote ($200.00).
    expect(license).toMatchObject({ monthlyFeeCents: 45_000, finalCalculatedFeeCents: 45_000, setupFeeCents: 20_000 });
    const [agreement] = await t.db.select().from(agreements).where(eq(agreements.territoryLicenseId, license!.id));
    expect(agreement!.terms).toContain("Monthly Fee of $450.00");
    const [order] = await t.db.select().from(licenseOrders).where(eq(licenseOrders.reservationId, h.reservationId));
    expect(order!.priceOverride).toMatchObject({
      monthlyFeeCents: 45_000,
      quotedMonthlyFeeCents: 50_000,
      reason: "Launch discount",
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.approved"), eq(auditLog.entityId, order!.id)));
    expect(audit!.details).toMatchObject({
      quotedMonthlyFeeCents: 50_000,
      monthlyFeeCents: 45_000,
      override: { reason: "Launch discount" },
    });
  });

  it("extends and releases with the pair's name; refuses bad input with 400 and an unknown hold with 404", async () => {
    const h = await hold();
    const what = `${h.category.name} in ${h.territory.name}`;
    const tooLong = await act(admin.cookie, { intent: "extend", reservationId: h.reservationId, days: "11" });
    expect(tooLong.status).toBe(400);
    const extended = await act(admin.cookie, { intent: "extend", reservationId: h.reservationId, days: "2" });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ ok: true, title: "Hold Extended" });
    expect((extended.body as Answer).message).toMatch(new RegExp(`^${what} is held until `));

    const released = await act(admin.cookie, { intent: "release", reservationId: h.reservationId });
    expect(released.body).toMatchObject({
      ok: true,
      title: "Reservation Released",
      message: `${what} is available again.`,
    });
    expect(await pairStatus(h.territory.id, h.category.id)).toBe("available");

    const unknown = await act(admin.cookie, {
      intent: "release",
      reservationId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ ok: false, title: "Reservation Not Found" });
    const bogus = await act(admin.cookie, { intent: "approve", reservationId: "not-an-id" });
    expect(bogus.status).toBe(400);
  });
});
