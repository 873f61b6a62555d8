/**
 * The route kit in use: the reservation and waitlist actions called with real requests and a test database.
 * One answer shape for every outcome: success, schema errors (400, values kept), public-form guard refusals
 * (honeypot 400, rate limit 429) and domain refusals (the product's title and message).
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGREE_TO_TERMS_MESSAGE, PHONE_MESSAGE, WAITLIST_SUCCESS } from "#kernel/schemas/reservation.ts";
import {
  emailOutbox,
  licenseOrders,
  reservations,
  territories,
  user,
  waitlistEntries,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { pairChanged } from "#server/domain/changes.ts";
import {
  seedCategory,
  seedTerritory,
  seedVanityNumber,
  setCategoryStatus,
} from "#server/domain/reservations/test-fixtures.ts";
import {
  answerOf,
  callRoute,
  formPost,
  routeContext,
  signedUpAccount,
  testServices,
} from "#server/web/test-support.ts";
import { action as reserve } from "./reserve.tsx";
import { action as waitlist } from "./waitlist.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
});
afterAll(() => t.close());

let ipSeq = 0;
const callReserve = (fields: Record<string, string>, ip = `198.51.100.${++ipSeq}`) =>
  callRoute(reserve, { request: formPost("/resources/reserve", fields), context: routeContext(s, ip) }).then(answerOf);
const callWaitlist = (fields: Record<string, string>, ip = `198.51.100.${++ipSeq}`) =>
  callRoute(waitlist, { request: formPost("/resources/waitlist", fields), context: routeContext(s, ip) }).then(
    answerOf,
  );

async function pair() {
  return { territory: await seedTerritory(t.db), category: await seedCategory(t.db) };
}
const person = {
  name: "Dana Whitfield",
  email: "Dana@Example.com",
  phone: "(555) 123-4567",
  agreeToTerms: "on",
};

describe("the reservation action", () => {
  it("reserves and answers ok with the product's success message", async () => {
    const { territory, category } = await pair();
    const r = await callReserve({ territoryId: territory.id, categoryId: category.id, ...person });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      status: "negotiations",
      territoryId: territory.id,
      categoryId: category.id,
      title: "Reservation Received",
    });
    const rows = await t.db.select().from(reservations).where(eq(reservations.territoryId, territory.id));
    expect(rows.map((x) => x.email)).toEqual(["dana@example.com"]);
  });

  it("sends a verified account's own hold, approved at once (LICENSE_APPROVAL=auto), to its order page", async () => {
    const { territory, category } = await pair();
    const account = await signedUpAccount(s, "Riley Firm", `riley-${territory.id.slice(0, 8)}@example.com`);
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
    const request = formPost(
      "/resources/reserve",
      { territoryId: territory.id, categoryId: category.id, ...person, email: account.email },
      { cookie: account.cookie },
    );
    const r = await callRoute(reserve, { request, context: routeContext(s, "198.51.100.250") }).then(answerOf);
    expect(r.status).toBe(302);
    const [order] = await t.db
      .select({ id: licenseOrders.id, state: licenseOrders.state })
      .from(licenseOrders)
      .innerJoin(reservations, eq(reservations.id, licenseOrders.reservationId))
      .where(eq(reservations.territoryId, territory.id));
    expect(order!.state).toBe("approved");
    expect(r.headers.get("location")).toMatch(new RegExp(`^/orders/${order!.id}\\?t=`));
  });

  it("caps a signed-in account's holds whatever emails the form names, and confirms none of them at once", async () => {
    const account = await signedUpAccount(s, "Holder Firm", `holder-${Date.now()}@example.com`);
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
    const category = await seedCategory(t.db);
    const answers: Awaited<ReturnType<typeof answerOf>>[] = [];
    for (let i = 1; i <= 5; i++) {
      const territory = await seedTerritory(t.db);
      const request = formPost(
        "/resources/reserve",
        { territoryId: territory.id, categoryId: category.id, ...person, email: `holder${i}@example.net` },
        { cookie: account.cookie },
      );
      answers.push(
        await callRoute(reserve, { request, context: routeContext(s, `198.51.100.${++ipSeq}`) }).then(answerOf),
      );
    }
    const bodies = answers.map((a) => a.body as { ok: boolean; confirmed?: boolean; message: string });
    expect(bodies.slice(0, 3).map((b) => [b.ok, b.confirmed])).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
    for (const b of bodies.slice(0, 3)) expect(b.message).toContain("We've emailed you a link to confirm it");
    expect(bodies.slice(3)).toMatchObject([
      { ok: false, code: "reservation_limit", title: "Reservation Limit Reached" },
      { ok: false, code: "reservation_limit", title: "Reservation Limit Reached" },
    ]);
    const held = await t.db.select().from(reservations).where(eq(reservations.userId, account.id));
    expect(held.map((r) => [r.email, r.confirmedAt])).toEqual([
      ["holder1@example.net", null],
      ["holder2@example.net", null],
      ["holder3@example.net", null],
    ]);
  });

  it("answers schema errors with 400, each field's message and the typed values, and writes nothing", async () => {
    const { territory, category } = await pair();
    const r = await callReserve({
      territoryId: territory.id,
      categoryId: category.id,
      name: "  ",
      email: "not-an-email",
      phone: "12",
      company: "x".repeat(161),
    });
    expect(r.status).toBe(400);
    const body = r.body as {
      ok: boolean;
      code: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(body.ok).toBe(false);
    expect(body.code).toBe("invalid_input");
    expect(body.result.error).toEqual({
      name: ["Name is required."],
      email: ["Please enter a valid email address."],
      phone: [PHONE_MESSAGE],
      company: ["Company must be at most 160 characters."],
      agreeToTerms: [AGREE_TO_TERMS_MESSAGE],
    });
    expect(body.result.initialValue.email).toBe("not-an-email");
    expect(await t.db.select().from(reservations).where(eq(reservations.territoryId, territory.id))).toHaveLength(0);
  });

  it("asks for a category first when none is chosen", async () => {
    const { territory } = await pair();
    const r = await callReserve({ territoryId: territory.id, ...person });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code: "select_category", title: "Select Category" });
  });

  it("refuses a taken pair with the product's title and message, as a toast (no inline form error)", async () => {
    const { territory, category } = await pair();
    await setCategoryStatus(t.db, territory.id, category.id, "licensed");
    const r = await callReserve({ territoryId: territory.id, categoryId: category.id, ...person });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      ok: false,
      code: "territory_not_available",
      title: "Territory Not Available",
      message: "This territory is not currently available for reservation.",
    });
    expect((r.body as { result: { error?: Record<string, string[]> } }).result.error ?? {}).toEqual({});
  });

  it("refuses a filled honeypot before anything else", async () => {
    const { territory, category } = await pair();
    const r = await callReserve({ territoryId: territory.id, categoryId: category.id, ...person, website: "spam" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code: "honeypot", title: "Submission Failed" });
    expect(await t.db.select().from(reservations).where(eq(reservations.territoryId, territory.id))).toHaveLength(0);
  });

  it("rate-limits one address with 429 and Retry-After", async () => {
    const ip = "203.0.113.250";
    let last: Awaited<ReturnType<typeof callReserve>> | undefined;
    for (let i = 0; i < 11; i++) last = await callReserve({ territoryId: "", ...person }, ip);
    expect(last!.status).toBe(429);
    expect(last!.body).toMatchObject({ ok: false, code: "rate_limited", title: "Too Many Requests" });
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("a territory named by its slug (as the number pages' explorer sends it)", () => {
  const slugOf = async (id: string) =>
    (await t.db.select({ slug: territories.slug }).from(territories).where(eq(territories.id, id)))[0]!.slug;

  it("reserves the territory the slug names, and answers with the slug the page knows it by", async () => {
    const { territory, category } = await pair();
    const slug = await slugOf(territory.id);
    // Another requester than the other tests' (one mailbox may hold only so many pairs at once).
    const r = await callReserve({ territoryId: slug, categoryId: category.id, ...person, email: "lee@example.com" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, territoryId: slug, categoryId: category.id });
    const rows = await t.db.select().from(reservations).where(eq(reservations.territoryId, territory.id));
    expect(rows).toHaveLength(1);
    // The pair is held now, whichever way it is named.
    const again = await callReserve({
      territoryId: territory.id,
      categoryId: category.id,
      ...person,
      email: "kim@example.com",
    });
    expect(again.body).toMatchObject({ ok: false, title: "Territory Not Available" });
  });

  it("joins the waitlist of the territory the slug names", async () => {
    const { territory, category } = await pair();
    await setCategoryStatus(t.db, territory.id, category.id, "negotiations");
    const slug = await slugOf(territory.id);
    const r = await callWaitlist({ territoryId: slug, categoryId: category.id, email: "sam@example.com" });
    expect(r.status).toBe(200);
    const rows = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.territoryId, territory.id));
    expect(rows.map((x) => x.email)).toEqual(["sam@example.com"]);
  });

  it("refuses an unknown slug as unavailable, and what is neither an id nor a slug as a field error", async () => {
    const { category } = await pair();
    const unknown = await callReserve({
      territoryId: "atlantis",
      categoryId: category.id,
      ...person,
      email: "lee@example.com",
    });
    expect(unknown.body).toMatchObject({ ok: false, title: "Territory Not Available" });
    for (const junk of ["East Texas", "georgia;--", "-georgia", "x".repeat(121)]) {
      const r = await callReserve({ territoryId: junk, categoryId: category.id, ...person });
      expect(r.status).toBe(400);
      expect((r.body as { result: { error: Record<string, string[]> } }).result.error.territoryId).toEqual([
        "Please choose a territory.",
      ]);
    }
  });
});

describe("the waitlist action", () => {
  it("joins a taken pair, and answers a free pair with the product's refusal", async () => {
    const { territory, category } = await pair();
    const free = await callWaitlist({ territoryId: territory.id, categoryId: category.id, email: "sam@example.com" });
    expect(free.status).toBe(409);
    expect(free.body).toMatchObject({ ok: false, code: "waitlist_not_needed", title: "Territory Available" });
    await setCategoryStatus(t.db, territory.id, category.id, "negotiations");
    const joined = await callWaitlist({ territoryId: territory.id, categoryId: category.id, email: "sam@example.com" });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ ok: true, title: "You're on the Waitlist" });
  });

  it("first probe, finding 7: a repeated waitlist join answers exactly as the first, in any letter case, with any or no form key, and joins and emails once", async () => {
    const { territory, category } = await pair();
    const held = await callReserve({
      territoryId: territory.id,
      categoryId: category.id,
      ...person,
      email: "holder.enumeration@example.com",
    });
    expect(held.status).toBe(200);
    const fields = { territoryId: territory.id, categoryId: category.id };
    const first = await callWaitlist({ ...fields, email: "sam@example.com", formKey: "waitlist-probe-first-01" });
    const again = await callWaitlist({ ...fields, email: "Sam@Example.com", formKey: "waitlist-probe-again-02" });
    const keyless = await callWaitlist({ ...fields, email: "Sam@Example.com" });
    const success = { ok: true, title: WAITLIST_SUCCESS.title, message: WAITLIST_SUCCESS.message };
    for (const answer of [first, again, keyless]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(success);
    }
    const rows = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.territoryId, territory.id));
    expect(rows.map((r) => r.email)).toEqual(["sam@example.com"]);
    const confirmations = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.template, "waitlist_confirmation"),
          eq(emailOutbox.toAddress, "sam@example.com"),
          like(emailOutbox.subject, `%${category.name} in ${territory.name}%`),
        ),
      );
    expect(confirmations).toHaveLength(1);
  });
});

describe("the page cache", () => {
  it("drops the pair's pages after an accepted reservation, and nothing after a refused one", async () => {
    const dropped: string[][] = [];
    const stop = s.changes.subscribe((keys) => dropped.push([...keys]));
    const ctx = () => routeContext(s, `198.51.100.${++ipSeq}`);
    const { territory, category } = await pair();
    const fields = { territoryId: territory.id, categoryId: category.id, ...person };
    const ok = await callRoute(reserve, { request: formPost("/resources/reserve", fields), context: ctx() });
    expect((await answerOf(ok)).status).toBe(200);
    expect(dropped).toEqual([pairChanged(category.slug, territory.slug)]);
    // Someone else asks for the pair (the same form again would be a retry, answered as the first: see below).
    const other = { ...fields, email: "someone-else@example.com" };
    const taken = await callRoute(reserve, { request: formPost("/resources/reserve", other), context: ctx() });
    expect((await answerOf(taken)).status).toBe(409);
    expect(dropped).toEqual([pairChanged(category.slug, territory.slug)]);
    stop();
  });
});

describe("a retried submission (ADR 027)", () => {
  it("a reservation retried with its key answers the first answer, not 'not available', and holds once", async () => {
    const { territory, category } = await pair();
    const fields = { territoryId: territory.id, categoryId: category.id, ...person, email: "retry.hold@example.com" };
    const first = await callReserve({ ...fields, formKey: "reserve-key-0001" });
    const again = await callReserve({ ...fields, formKey: "reserve-key-0001" });
    expect(first.status).toBe(200);
    expect(again).toEqual({ ...first, headers: again.headers });
    expect(await t.db.select().from(reservations).where(eq(reservations.territoryId, territory.id))).toHaveLength(1);
    // A new key for the same pair is a new request, refused: the pair is held.
    const other = await callReserve({ ...fields, formKey: "reserve-key-0002" });
    expect(other.status).toBe(409);
  });

  it("a waitlist join retried with its key answers the first answer and joins once", async () => {
    const { territory, category } = await pair();
    await callReserve({
      territoryId: territory.id,
      categoryId: category.id,
      ...person,
      email: "holder.wl@example.com",
    });
    const fields = {
      territoryId: territory.id,
      categoryId: category.id,
      email: "retry.wait@example.com",
      formKey: "waitlist-key-0001",
    };
    const first = await callWaitlist(fields);
    const again = await callWaitlist(fields);
    expect(first).toMatchObject({ status: 200, body: { ok: true, title: "You're on the Waitlist" } });
    expect(again).toEqual({ ...first, headers: again.headers });
    const entries = await t.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, "retry.wait@example.com"));
    expect(entries).toHaveLength(1);
  });
});

describe("the reservation and waitlist actions for a vanity number", () => {
  it("reserves a territory × vanity number, then the waitlist takes the taken pair", async () => {
    const territory = await seedTerritory(t.db, { name: "Vermont" });
    const vanity = await seedVanityNumber(t.db);
    const r = await callReserve({ territoryId: territory.id, vanityNumberId: vanity.id, ...person });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      status: "negotiations",
      territoryId: territory.id,
      categoryId: "",
      vanityNumberId: vanity.id,
      title: "Reservation Received",
    });
    expect((r.body as { message: string }).message).toMatch(/^Vermont is reserved for 1-800-LAW-/);
    const again = await callReserve({
      territoryId: territory.id,
      vanityNumberId: vanity.id,
      ...person,
      email: "x@example.com",
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, title: "Territory Not Available" });
    const w = await callWaitlist({ territoryId: territory.id, vanityNumberId: vanity.id, email: "wait@example.com" });
    expect(w.body).toMatchObject({ ok: true, title: "You're on the Waitlist" });
  });

  it("refuses a form naming both a #Code and a vanity number with a 400, writing nothing", async () => {
    const { territory, category } = await pair();
    const vanity = await seedVanityNumber(t.db);
    const r = await callReserve({
      territoryId: territory.id,
      categoryId: category.id,
      vanityNumberId: vanity.id,
      ...person,
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain("Choose either a #Code or a vanity number, not both.");
    expect(await t.db.select().from(reservations).where(eq(reservations.territoryId, territory.id))).toHaveLength(0);
  });
});
