/**
 * The license order's state machine on the database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): every
 * legal move and the illegal ones, the self-serve path in `auto` mode, the race of 20 deliveries of one paid
 * checkout, abandonment with its waitlist notice, and the late payment that activates nothing.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agreements,
  auditLog,
  dynamicPages,
  emailOutbox,
  licensees,
  licenseOrders,
  reservations,
  territoryCategories,
  territoryLicenses,
  waitlistEntries,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { CheckoutGateway, CheckoutSession } from "#server/integrations/stripe/client.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { getAgreement, signAgreement } from "../agreements/agreements.ts";
import { AgreementNotPendingError } from "../agreements/errors.ts";
import { tempStorage } from "../agreements/test-fixtures.ts";
import { CHANGE, pairChanged, watchChanges } from "../changes.ts";
import { approveReservation } from "../licensing/approve-admin.ts";
import { ReservationNotActiveError } from "../licensing/errors.ts";
import { releaseReservation } from "../licensing/holds-admin.ts";
import { expireReservations } from "../reservations/expiry.ts";
import { reserveTerritory } from "../reservations/reservations.ts";
import { seedCategory, seedTerritory, seedUser, validReservation } from "../reservations/test-fixtures.ts";
import { confirmReturnedOrderCheckout, fulfilOrderCheckout, startOrderCheckout } from "./checkout.ts";
import { orderAgreementSigned } from "./lifecycle.ts";
import { verifyOrderToken } from "./links.ts";
import { canMove, lockOrder, moveOrder, ORDER_TRANSITIONS, OrderTransitionError } from "./machine.ts";
import { ACTIVATION, dueOf, ORDER_LINKS, paidSession, signOrder } from "./test-fixtures.ts";
import { getOrder, licenseeChecklist } from "./view.ts";

let t: TestDb;
let adminId: string;
const admin = () => ({ userId: adminId, role: "admin" as const });
const { storage } = tempStorage();
const reserveOpts = { ...ACTIVATION };

beforeAll(async () => {
  t = await createTestDb();
  adminId = await seedUser(t.db);
});
afterAll(() => t.close());

async function pairStatus(territoryId: string, categoryId: string) {
  const [row] = await t.db
    .select({ status: territoryCategories.status })
    .from(territoryCategories)
    .where(and(eq(territoryCategories.territoryId, territoryId), eq(territoryCategories.categoryId, categoryId)));
  return row?.status;
}

const orderOf = async (reservationId: string) =>
  (await t.db.select().from(licenseOrders).where(eq(licenseOrders.reservationId, reservationId)))[0]!;

/** A signed-in, verified account reserving with its own address, in `auto` mode: approved at once. */
async function selfServeOrder() {
  const territory = await seedTerritory(t.db);
  const category = await seedCategory(t.db);
  const email = `firm-${territory.id.slice(0, 8)}@example.com`;
  const userId = await seedUser(t.db, email);
  const actor = { userId, role: "user" as const, ip: "203.0.113.7" };
  const held = await reserveTerritory(t.db, actor, validReservation(territory.id, category.id, email), {
    ...reserveOpts,
    approval: "auto",
  });
  return { territory, category, email, userId, actor, held, order: await orderOf(held.reservationId) };
}

/** A visitor's hold approved by an administrator (manual mode). */
async function approvedByAdmin() {
  const territory = await seedTerritory(t.db);
  const category = await seedCategory(t.db);
  const input = validReservation(territory.id, category.id);
  const held = await reserveTerritory(t.db, { userId: null }, input, reserveOpts);
  const approved = await approveReservation(t.db, admin(), { reservationId: held.reservationId }, ORDER_LINKS);
  return { territory, category, held, approved, email: input.email };
}

/** A gateway that serves `sessions` and records what was asked of it. */
function fakeGateway(sessions: Map<string, CheckoutSession>) {
  const calls: string[] = [];
  const gateway: CheckoutGateway = {
    async createTopUpSession() {
      throw new Error("not in these tests");
    },
    async retrieveSession(id) {
      calls.push(`retrieve ${id}`);
      const s = sessions.get(id);
      if (!s) throw new Error("No such checkout.session");
      return s;
    },
    async createLicenseSession(input) {
      calls.push(`create ${input.idempotencyKey}`);
      const s: CheckoutSession = {
        ...paidSession(input.orderId, input.setupFeeCents + input.monthlyFeeCents),
        id: `cs_test_${input.orderId.replaceAll("-", "")}_${sessions.size + 1}`,
        url: `https://checkout.test/${sessions.size + 1}`,
        status: "open",
        payment_status: "unpaid",
      };
      sessions.set(s.id, s);
      return s;
    },
    async expireSession(id) {
      calls.push(`expire ${id}`);
      const s = sessions.get(id)!;
      if (s.status !== "open") throw new Error("Only Checkout Sessions with a status of `open` can be expired.");
      s.status = "expired";
      return s;
    },
  };
  return { gateway, calls };
}

describe("the transition table", () => {
  it("allows exactly the documented moves", () => {
    expect(canMove("held", "approved")).toBe(true);
    expect(canMove("approved", "signed")).toBe(true);
    expect(canMove("signed", "paid")).toBe(true);
    expect(canMove("paid", "active")).toBe(true);
    expect(canMove("approved", "paid")).toBe(false);
    expect(canMove("held", "signed")).toBe(false);
    expect(canMove("active", "active")).toBe(false);
    for (const closed of ["active", "expired", "abandoned", "cancelled"] as const) {
      expect(ORDER_TRANSITIONS[closed]).toEqual([]);
    }
  });
});

describe("self-serve in auto mode", () => {
  it("holds, approves, signs, pays and activates: the pair is licensed and the page live only at the end", async () => {
    const f = await selfServeOrder();
    expect(f.held).toMatchObject({ confirmed: true, approved: true });
    expect(f.order.state).toBe("approved");
    expect(
      verifyOrderToken(
        ORDER_LINKS.linkSecret,
        f.order.id,
        new URL(`https://x${f.held.orderPath}`).searchParams.get("t"),
      ),
    ).toBe(true);
    expect(await pairStatus(f.territory.id, f.category.id)).toBe("negotiations");
    const [pending] = await t.db.select().from(territoryLicenses).where(eq(territoryLicenses.id, f.order.licenseId!));
    expect(pending!.status).toBe("pending");

    // The reservation email states the price and the deposit and links the order.
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, f.email), eq(emailOutbox.template, "reservation_confirmation")));
    expect(mail!.textBody).toContain("$500.00 a month and a one-time setup deposit of $200.00");
    expect(mail!.textBody).toContain(`/orders/${f.order.id}?t=`);

    // Paying before signing is refused.
    const sessions = new Map<string, CheckoutSession>();
    const { gateway } = fakeGateway(sessions);
    const checkoutOpts = { gateway, ...ORDER_LINKS };
    await expect(startOrderCheckout(t.db, f.actor, f.order.id, checkoutOpts)).rejects.toBeInstanceOf(
      OrderTransitionError,
    );
    expect((await fulfilOrderCheckout(t.db, SYSTEM_ACTOR, paidSession(f.order.id, 70_000), ACTIVATION)).outcome).toBe(
      "not_signed",
    );

    // Signing (the real path) moves the order to signed.
    const shown = await getAgreement(t.db, f.actor, f.order.agreementId!, { storage });
    const signed = await signAgreement(
      t.db,
      f.actor,
      f.order.agreementId!,
      { signerName: "Dana Whitfield", consent: true, documentSha256: shown.documentSha256 },
      { storage, ...ACTIVATION, userAgent: "test" },
    );
    expect(signed.orderId).toBe(f.order.id);
    expect((await orderOf(f.held.reservationId)).state).toBe("signed");
    // The checklist ticks the signature; the page follows the payment, so it is not a link yet.
    const before = await licenseeChecklist(t.db, f.actor);
    expect(before!.items.map((i) => [i.key, i.done, i.href !== null])).toEqual([
      ["sign", true, true],
      ["pay", false, true],
      ["page", false, false],
      ["wallet", false, true],
    ]);

    // Someone else cannot open the checkout; the owner gets one session, reused on a second click.
    const stranger = { userId: await seedUser(t.db), role: "user" as const };
    await expect(startOrderCheckout(t.db, stranger, f.order.id, checkoutOpts)).rejects.toMatchObject({ status: 404 });
    const first = await startOrderCheckout(t.db, f.actor, f.order.id, checkoutOpts);
    const again = await startOrderCheckout(t.db, f.actor, f.order.id, checkoutOpts);
    expect(again.url).toBe(first.url);
    expect(sessions.size).toBe(1);
    const session = [...sessions.values()][0]!;
    expect(session.amount_total).toBe(70_000);

    // The browser comes back before the payment clears: nothing moves.
    expect(await confirmReturnedOrderCheckout(t.db, f.actor, f.order.id, session.id, { gateway, ...ACTIVATION })).toBe(
      "unpaid",
    );
    expect(await pairStatus(f.territory.id, f.category.id)).toBe("negotiations");

    // Paid: the provider's session is fulfilled from the success page.
    Object.assign(session, { status: "complete", payment_status: "paid" });
    expect(await confirmReturnedOrderCheckout(t.db, f.actor, f.order.id, session.id, { gateway, ...ACTIVATION })).toBe(
      "activated",
    );
    const done = await orderOf(f.held.reservationId);
    expect(done).toMatchObject({ state: "active", paidCents: 70_000, checkoutSessionId: session.id });
    expect(await pairStatus(f.territory.id, f.category.id)).toBe("licensed");
    const [license] = await t.db.select().from(territoryLicenses).where(eq(territoryLicenses.id, f.order.licenseId!));
    expect(license).toMatchObject({ status: "active", stripeCustomerId: "cus_test_fixture" });
    expect(license!.stripeSubscriptionId).toMatch(/^sub_test_/);
    const [res] = await t.db.select().from(reservations).where(eq(reservations.id, f.held.reservationId));
    expect(res!.status).toBe("converted");
    const [page] = await t.db.select().from(dynamicPages).where(eq(dynamicPages.territoryId, f.territory.id));
    expect(page).toMatchObject({ licenseeId: license!.licenseeId });

    // The audit trail names every move (paid and active share one transaction, hence one timestamp).
    const trail = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, f.order.id));
    expect(trail.map((a) => a.action).sort()).toEqual(
      ["order.active", "order.approved", "order.paid", "order.payment_before_signature", "order.signed"].sort(),
    );

    // The order page shows every step done; the checklist has the wallet left.
    const view = await getOrder(t.db, f.actor, f.order.id, { token: null, ...ORDER_LINKS, approval: "auto" });
    expect(view.steps.every((s) => s.done)).toBe(true);
    expect(view.next.kind).toBe("live");
    const checklist = await licenseeChecklist(t.db, f.actor);
    expect(checklist!.items.map((i) => [i.key, i.done])).toEqual([
      ["sign", true],
      ["pay", true],
      ["page", true],
      ["wallet", false],
    ]);

    // Activating twice is refused by the machine itself.
    await expect(
      t.db.transaction(async (tx) =>
        moveOrder(tx, SYSTEM_ACTOR, await lockOrder(tx, f.order.id), "active", { now: new Date() }),
      ),
    ).rejects.toBeInstanceOf(OrderTransitionError);
  });
});

describe("the race", () => {
  it("20 concurrent webhook deliveries and success-page returns activate once: one page, one set of emails", async () => {
    const { held, approved, territory, category } = await approvedByAdmin();
    await signOrder(t.db, approved.orderId);
    const session = paidSession(approved.orderId, await dueOf(t.db, approved.orderId));
    const sessions = new Map([[session.id, session]]);
    const { gateway } = fakeGateway(sessions);
    const [lic] = await t.db.select().from(licensees).where(eq(licensees.id, approved.licenseeId));
    const owner = { userId: lic!.userId, role: "user" as const };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? fulfilOrderCheckout(t.db, SYSTEM_ACTOR, session, ACTIVATION).then((r) => r.outcome)
          : confirmReturnedOrderCheckout(t.db, owner, approved.orderId, session.id, { gateway, ...ACTIVATION }),
      ),
    );
    console.info(`[race ${t.driver}] 20 deliveries: ${outcomes.filter((o) => o === "activated").length} activated`);
    expect(outcomes.filter((o) => o === "activated")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(19);
    expect(await t.db.$count(dynamicPages, eq(dynamicPages.territoryId, territory.id))).toBe(1);
    expect(
      await t.db.$count(
        territoryLicenses,
        and(eq(territoryLicenses.territoryId, territory.id), eq(territoryLicenses.status, "active")),
      ),
    ).toBe(1);
    const activated = await t.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.template, ["license_activated", "license_sold_notice"]));
    expect(activated.filter((m) => m.textBody.includes(`in ${territory.name}`))).toHaveLength(2);
    expect(await pairStatus(territory.id, category.id)).toBe("licensed");
    expect((await orderOf(held.reservationId)).state).toBe("active");
  });

  it("activation drops the cached pages of the pair", async () => {
    const { approved, territory, category } = await approvedByAdmin();
    await signOrder(t.db, approved.orderId);
    const due = await dueOf(t.db, approved.orderId);
    const heard: string[][] = [];
    watchChanges(t.db, (keys) => heard.push([...keys]));
    await fulfilOrderCheckout(t.db, SYSTEM_ACTOR, paidSession(approved.orderId, due), ACTIVATION);
    expect(heard.flat()).toEqual(expect.arrayContaining(pairChanged(category.slug, territory.slug)));
    expect(heard.flat()).toContain(CHANGE.landingPages);
  });
});

describe("illegal moves and closing", () => {
  it("refuses to approve a released hold, and to sign or pay an order whose hold lapsed", async () => {
    const territory = await seedTerritory(t.db);
    const category = await seedCategory(t.db);
    const held = await reserveTerritory(
      t.db,
      { userId: null },
      validReservation(territory.id, category.id),
      reserveOpts,
    );
    await releaseReservation(t.db, admin(), { reservationId: held.reservationId }, ORDER_LINKS);
    await expect(
      approveReservation(t.db, admin(), { reservationId: held.reservationId }, ORDER_LINKS),
    ).rejects.toBeInstanceOf(ReservationNotActiveError);
    expect((await orderOf(held.reservationId)).state).toBe("cancelled");

    // Approved, then the hold lapses: the order is abandoned and its agreement can no longer be signed.
    const a = await approvedByAdmin();
    const [r] = await t.db.select().from(reservations).where(eq(reservations.id, a.held.reservationId));
    await expireReservations(t.db, { publicUrl: ORDER_LINKS.publicUrl, now: new Date(r!.expiresAt.getTime() + 1000) });
    expect((await orderOf(a.held.reservationId)).state).toBe("abandoned");
    const [agreement] = await t.db.select().from(agreements).where(eq(agreements.id, a.approved.agreementId));
    expect(agreement!.status).toBe("expired");
    const [lic] = await t.db.select().from(licensees).where(eq(licensees.id, a.approved.licenseeId));
    const owner = { userId: lic!.userId, role: "user" as const };
    const shown = await getAgreement(t.db, owner, a.approved.agreementId, { storage });
    await expect(
      signAgreement(
        t.db,
        owner,
        a.approved.agreementId,
        { signerName: "Dana Whitfield", consent: true, documentSha256: shown.documentSha256 },
        { storage, ...ACTIVATION, userAgent: "test" },
      ),
    ).rejects.toBeInstanceOf(AgreementNotPendingError);
    await expect(
      t.db.transaction((tx) => orderAgreementSigned(tx, SYSTEM_ACTOR, a.approved.agreementId, new Date())),
    ).rejects.toBeInstanceOf(OrderTransitionError);
  });

  it("a paid amount that is not what is due activates nothing", async () => {
    const { approved, territory, category } = await approvedByAdmin();
    await signOrder(t.db, approved.orderId);
    const short = paidSession(approved.orderId, (await dueOf(t.db, approved.orderId)) - 1);
    expect((await fulfilOrderCheckout(t.db, SYSTEM_ACTOR, short, ACTIVATION)).outcome).toBe("wrong_amount");
    expect(await pairStatus(territory.id, category.id)).toBe("negotiations");
    // A session of someone else's purpose, or one naming another order, is not an order's.
    expect(
      (await fulfilOrderCheckout(t.db, SYSTEM_ACTOR, { ...short, metadata: { purpose: "wallet_top_up" } }, ACTIVATION))
        .outcome,
    ).toBe("not_an_order");
  });
});

describe("abandonment", () => {
  it("an unpaid order past its window is released, the waitlist's first entry is told, and a late payment is refused", async () => {
    const { held, approved, territory, category } = await approvedByAdmin();
    await signOrder(t.db, approved.orderId);
    for (const [i, email] of ["first-in-line@example.com", "second-in-line@example.com"].entries()) {
      await t.db.insert(waitlistEntries).values({
        territoryId: territory.id,
        categoryId: category.id,
        email,
        createdAt: new Date(Date.now() - 60_000 + i * 1000),
      });
    }
    // The licensee opened a checkout and walked away: it is expired at the provider before the order lapses.
    const sessions = new Map<string, CheckoutSession>();
    const { gateway, calls } = fakeGateway(sessions);
    const [lic] = await t.db.select().from(licensees).where(eq(licensees.id, approved.licenseeId));
    const owner = { userId: lic!.userId, role: "user" as const };
    await startOrderCheckout(t.db, owner, approved.orderId, { gateway, ...ORDER_LINKS });
    const [r] = await t.db.select().from(reservations).where(eq(reservations.id, held.reservationId));
    const after = new Date(r!.expiresAt.getTime() + 1000);

    // Without a way to ask the provider, the order is left for a run that can.
    await expireReservations(t.db, { publicUrl: ORDER_LINKS.publicUrl, now: after });
    expect((await orderOf(held.reservationId)).state).toBe("signed");

    const result = await expireReservations(t.db, {
      publicUrl: ORDER_LINKS.publicUrl,
      now: after,
      payments: { gateway, linkSecret: ORDER_LINKS.linkSecret, salesEmail: ACTIVATION.salesEmail },
    });
    expect(result.released).toBeGreaterThanOrEqual(1);
    expect(calls.some((c) => c.startsWith("expire cs_test_"))).toBe(true);
    expect((await orderOf(held.reservationId)).state).toBe("abandoned");
    expect(await pairStatus(territory.id, category.id)).toBe("available");
    const [license] = await t.db.select().from(territoryLicenses).where(eq(territoryLicenses.id, approved.licenceId));
    expect(license!.status).toBe("cancelled");
    const [agreement] = await t.db.select().from(agreements).where(eq(agreements.id, approved.agreementId));
    expect(agreement!.status).toBe("terminated");
    const told = await t.db
      .select({ to: emailOutbox.toAddress, body: emailOutbox.textBody })
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, ["first-in-line@example.com", "second-in-line@example.com"]));
    expect(told.find((m) => m.to === "first-in-line@example.com")).toBeDefined();

    // A payment that still arrives activates nothing and asks sales to refund it.
    const late = paidSession(approved.orderId, await dueOf(t.db, approved.orderId));
    expect((await fulfilOrderCheckout(t.db, SYSTEM_ACTOR, late, ACTIVATION)).outcome).toBe("late");
    expect(await pairStatus(territory.id, category.id)).toBe("available");
    const refund = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "license_late_payment"), eq(emailOutbox.toAddress, ACTIVATION.salesEmail)));
    expect(refund.some((m) => m.textBody.includes(late.id))).toBe(true);
  });

  it("a session paid at the deadline is fulfilled by the expiry run instead of lapsing", async () => {
    const { held, approved, territory, category } = await approvedByAdmin();
    await signOrder(t.db, approved.orderId);
    const sessions = new Map<string, CheckoutSession>();
    const { gateway } = fakeGateway(sessions);
    const [lic] = await t.db.select().from(licensees).where(eq(licensees.id, approved.licenseeId));
    await startOrderCheckout(t.db, { userId: lic!.userId, role: "user" }, approved.orderId, {
      gateway,
      ...ORDER_LINKS,
    });
    Object.assign([...sessions.values()][0]!, { status: "complete", payment_status: "paid" });
    const [r] = await t.db.select().from(reservations).where(eq(reservations.id, held.reservationId));
    await expireReservations(t.db, {
      publicUrl: ORDER_LINKS.publicUrl,
      now: new Date(r!.expiresAt.getTime() + 1000),
      payments: { gateway, linkSecret: ORDER_LINKS.linkSecret, salesEmail: ACTIVATION.salesEmail },
    });
    expect((await orderOf(held.reservationId)).state).toBe("active");
    expect(await pairStatus(territory.id, category.id)).toBe("licensed");
  });
});

describe("who sees an order", () => {
  it("its signed link, its owner and administrators; anyone else gets the same 404 as a missing order", async () => {
    const f = await selfServeOrder();
    const opts = (token: string | null) => ({ token, ...ORDER_LINKS, approval: "auto" as const });
    const token = new URL(`https://x${f.held.orderPath}`).searchParams.get("t");
    const stranger = { userId: await seedUser(t.db), role: "user" as const };
    await expect(getOrder(t.db, stranger, f.order.id, opts(null))).rejects.toMatchObject({ status: 404 });
    await expect(getOrder(t.db, { userId: null }, f.order.id, opts("forged"))).rejects.toMatchObject({ status: 404 });
    expect((await getOrder(t.db, { userId: null }, f.order.id, opts(token))).next.kind).toBe("sign_in");
    expect((await getOrder(t.db, f.actor, f.order.id, opts(null))).next).toMatchObject({ kind: "sign" });
    expect((await getOrder(t.db, admin(), f.order.id, opts(null))).firstName).toBe("Dana");
  });
});

describe("the invariant", () => {
  it("no active license of an order lacks a signed agreement and a cleared first payment", async () => {
    const rows = await t.db
      .select({ order: licenseOrders, license: territoryLicenses, agreementSignedAt: agreements.signedAt })
      .from(territoryLicenses)
      .innerJoin(licenseOrders, eq(licenseOrders.licenseId, territoryLicenses.id))
      .leftJoin(agreements, eq(agreements.id, licenseOrders.agreementId))
      .where(eq(territoryLicenses.status, "active"));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.order.state).toBe("active");
      expect(r.agreementSignedAt).not.toBeNull();
      expect(r.order.paidCents).toBe(r.license.setupFeeCents + r.license.monthlyFeeCents);
    }
  });
});
