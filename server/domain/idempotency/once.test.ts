/**
 * Public forms are idempotent (ADR 027): each verb called twice with one submission (the browser's one-time key,
 * or CONTENT_ONLY, and the same content) answers the first answer and records nothing twice; a refusal keeps
 * nothing, so its retry is decided afresh; concurrent retries record one. On both databases.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSchema } from "#kernel/schemas/contact.ts";
import { waitlistSchema } from "#kernel/schemas/reservation.ts";
import {
  auditLog,
  contacts,
  emailOutbox,
  idempotencyKeys,
  licenseOrders,
  newsletterSignups,
  reservations,
  waitlistEntries,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { submitContact } from "../crm/contacts.ts";
import { requestSubscription } from "../newsletter/newsletter.ts";
import { TerritoryNotAvailableError } from "../reservations/errors.ts";
import { reserveTerritory } from "../reservations/reservations.ts";
import { seedCategory, seedTerritory, seedUser, validReservation } from "../reservations/test-fixtures.ts";
import { joinWaitlist } from "../waitlist/waitlist.ts";
import { CONTENT_ONLY, formSubmission, pruneSubmissions } from "./once.ts";

const SALES = "sales-once@poundcodes.test";
const visitor: Actor = { userId: null, ip: "198.51.100.60" };
const RESERVE = {
  salesEmail: SALES,
  publicUrl: "https://poundcodes.test",
  linkSecret: "order-link-secret-for-tests",
};

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

let seq = 0;
const key = () => `key-${Date.now()}-${++seq}`;
const mailsTo = (...to: string[]) => t.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, to));
const contactsOf = (email: string) => t.db.select().from(contacts).where(eq(contacts.email, email));
const message = (email: string, text = "Please call me about #4LAW in Georgia.") =>
  contactSchema.parse({ name: "Maria Lopez", email, message: text });

describe("the contact form", () => {
  it("a retry with the same key gets the first answer and records nothing more", async () => {
    const k = key();
    const input = message("retry.contact@example.com");
    const first = await submitContact(t.db, visitor, input, { salesEmail: SALES, idempotencyKey: k });
    const again = await submitContact(t.db, { ...visitor, ip: "203.0.113.9" }, input, {
      salesEmail: SALES,
      idempotencyKey: k,
    });
    expect(again).toEqual(first);
    expect(await contactsOf("retry.contact@example.com")).toHaveLength(1);
    const notices = (await mailsTo(SALES)).filter((m) => m.textBody.includes(first.contactId));
    expect(notices).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "contact"), eq(auditLog.entityId, first.contactId)));
    expect(audit).toHaveLength(1);
  });

  it("the same key with other content, or another key, is another message", async () => {
    const k = key();
    const email = "two.messages@example.com";
    const a = await submitContact(t.db, visitor, message(email, "First question."), {
      salesEmail: SALES,
      idempotencyKey: k,
    });
    const b = await submitContact(t.db, visitor, message(email, "Second question."), {
      salesEmail: SALES,
      idempotencyKey: k,
    });
    const c = await submitContact(t.db, visitor, message(email, "First question."), {
      salesEmail: SALES,
      idempotencyKey: key(),
    });
    expect(new Set([a.contactId, b.contactId, c.contactId]).size).toBe(3);
    expect(await contactsOf(email)).toHaveLength(3);
  });

  it("without a key (no JavaScript) the content is the key; without an idempotency key at all nothing is kept", async () => {
    const email = "no.script@example.com";
    const opts = { salesEmail: SALES, idempotencyKey: CONTENT_ONLY };
    const a = await submitContact(t.db, visitor, message(email), opts);
    const b = await submitContact(t.db, visitor, message(email), opts);
    expect(b).toEqual(a);
    expect(await contactsOf(email)).toHaveLength(1);
    // Not a form's submission (an import, a script): every call records.
    await submitContact(t.db, visitor, message(email), { salesEmail: SALES });
    expect(await contactsOf(email)).toHaveLength(2);
  });

  it("content alone counts for an hour: the same message sent later is a new one; a key counts for a week", async () => {
    const email = "sent.again@example.com";
    const content = { salesEmail: SALES, idempotencyKey: CONTENT_ONLY };
    const k = key();
    await submitContact(t.db, visitor, message(email), content);
    await submitContact(t.db, visitor, message(email, "With a key."), { salesEmail: SALES, idempotencyKey: k });
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '2 hours'` });
    await submitContact(t.db, visitor, message(email), content);
    await submitContact(t.db, visitor, message(email, "With a key."), { salesEmail: SALES, idempotencyKey: k });
    expect((await contactsOf(email)).map((c) => c.message).sort()).toEqual([
      "Please call me about #4LAW in Georgia.",
      "Please call me about #4LAW in Georgia.",
      "With a key.",
    ]);
  });

  it("a signed-in sender's submission is theirs: the same key and content from someone else is another", () => {
    const content = message("same@example.com");
    const mine = formSubmission("contact", { userId: "user_a" }, "key-12345678", content);
    const theirs = formSubmission("contact", { userId: "user_b" }, "key-12345678", content);
    const anonymous = formSubmission("contact", { userId: null }, "key-12345678", content);
    expect(new Set([mine?.key, theirs?.key, anonymous?.key]).size).toBe(3);
    expect(formSubmission("contact", { userId: null }, undefined, content)).toBeUndefined();
  });

  it("twenty concurrent retries of one submission record one message", async () => {
    const k = key();
    const email = "concurrent.contact@example.com";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        submitContact(t.db, visitor, message(email), { salesEmail: SALES, idempotencyKey: k }),
      ),
    );
    expect(new Set(answers.map((a) => a.contactId)).size).toBe(1);
    expect(await contactsOf(email)).toHaveLength(1);
    expect((await mailsTo(SALES)).filter((m) => m.textBody.includes(answers[0]!.contactId))).toHaveLength(1);
  });
});

describe("the newsletter sign-up", () => {
  it("a retry gets the first answer and queues no second confirmation email", async () => {
    const k = key();
    const opts = { publicUrl: "https://poundcodes.test", idempotencyKey: k };
    const first = await requestSubscription(t.db, visitor, { email: "Retry.Reader@Example.com" }, opts);
    const again = await requestSubscription(t.db, visitor, { email: "retry.reader@example.com" }, opts);
    expect(first).toEqual({ mailed: true });
    expect(again).toEqual(first);
    const signups = await t.db
      .select()
      .from(newsletterSignups)
      .where(eq(newsletterSignups.email, "retry.reader@example.com"));
    expect(signups).toHaveLength(1);
    expect(await mailsTo("retry.reader@example.com")).toHaveLength(1);
  });
});

describe("the waitlist", () => {
  it("a retry gets the first answer: joined, not 'already joined'", async () => {
    const territory = await seedTerritory(t.db);
    const category = await seedCategory(t.db);
    await reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), RESERVE);
    const input = waitlistSchema.parse({
      territoryId: territory.id,
      categoryId: category.id,
      email: "waiting.retry@example.com",
    });
    const k = key();
    const first = await joinWaitlist(t.db, visitor, input, { idempotencyKey: k });
    const again = await joinWaitlist(t.db, visitor, input, { idempotencyKey: k });
    expect(first.alreadyJoined).toBe(false);
    expect(again).toEqual(first);
    expect(
      await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "waiting.retry@example.com")),
    ).toHaveLength(1);
    expect(await mailsTo("waiting.retry@example.com")).toHaveLength(1);
  });
});

describe("the reservation request", () => {
  it("a retry gets the first answer instead of 'not available', and holds nothing twice", async () => {
    const territory = await seedTerritory(t.db);
    const category = await seedCategory(t.db);
    const input = validReservation(territory.id, category.id);
    const k = key();
    const first = await reserveTerritory(t.db, visitor, input, { ...RESERVE, idempotencyKey: k });
    const again = await reserveTerritory(t.db, visitor, input, { ...RESERVE, idempotencyKey: k });
    expect(again).toEqual(first);
    expect(again.expiresAt).toBeInstanceOf(Date);
    const held = await t.db.select().from(reservations).where(eq(reservations.territoryId, territory.id));
    expect(held).toHaveLength(1);
    expect(await t.db.select().from(licenseOrders).where(eq(licenseOrders.reservationId, held[0]!.id))).toHaveLength(1);
    // The hold's two emails, once: the requester's confirmation and the notice to sales.
    const mails = (await mailsTo(input.email, SALES)).filter((m) => m.textBody.includes(territory.name));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([input.email, SALES].sort());
    // Someone else's request for the pair is still refused.
    await expect(
      reserveTerritory(t.db, visitor, validReservation(territory.id, category.id), {
        ...RESERVE,
        idempotencyKey: key(),
      }),
    ).rejects.toBeInstanceOf(TerritoryNotAvailableError);
  });

  it("a retry of a hold approved at once answers approved again", async () => {
    const email = `approved-${Date.now()}@example.com`;
    const member: Actor = { userId: await seedUser(t.db, email), ip: "198.51.100.61" };
    const territory = await seedTerritory(t.db);
    const category = await seedCategory(t.db);
    const input = validReservation(territory.id, category.id, email);
    const opts = { ...RESERVE, approval: "auto" as const, idempotencyKey: key() };
    const first = await reserveTerritory(t.db, member, input, opts);
    expect(first).toMatchObject({ approved: true, confirmed: true });
    const again = await reserveTerritory(t.db, member, input, opts);
    expect(again).toEqual(first);
  });

  it("a refused request keeps nothing: its retry is decided afresh", async () => {
    const territory = await seedTerritory(t.db, { status: "inactive" });
    const category = await seedCategory(t.db);
    const input = validReservation(territory.id, category.id);
    const k = key();
    await expect(reserveTerritory(t.db, visitor, input, { ...RESERVE, idempotencyKey: k })).rejects.toBeInstanceOf(
      TerritoryNotAvailableError,
    );
    const claim = formSubmission("reserve", visitor, k, input)!;
    expect(
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.form, "reserve"), eq(idempotencyKeys.key, claim.key))),
    ).toEqual([]);
    await t.db.execute(sql`update territories set status = 'available' where id = ${territory.id}`);
    const held = await reserveTerritory(t.db, visitor, input, { ...RESERVE, idempotencyKey: k });
    expect(held.territoryName).toBe(territory.name);
  });
});

describe("pruneSubmissions", () => {
  it("forgets submissions older than the retention, keeping recent ones", async () => {
    await t.db.insert(idempotencyKeys).values([
      { form: "contact", key: `old-${key()}`, answer: {}, createdAt: new Date(Date.now() - 8 * 86_400_000) },
      { form: "contact", key: `new-${key()}`, answer: {} },
    ]);
    expect(await pruneSubmissions(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(idempotencyKeys).where(sql`${idempotencyKeys.key} like 'old-%'`);
    expect(left).toEqual([]);
    expect(await t.db.select().from(idempotencyKeys).where(sql`${idempotencyKeys.key} like 'new-%'`)).toHaveLength(1);
  });
});
