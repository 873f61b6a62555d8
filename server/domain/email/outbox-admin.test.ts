import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmailStatus } from "#kernel/enums.ts";
import { auditLog, emailOutbox } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import type { Actor } from "../actor.ts";
import { DomainError, ForbiddenError } from "../errors.ts";
import {
  listOutboxPage,
  listOutboxTemplates,
  type OutboxListQuery,
  retryOutboxMessage,
  sendTestEmail,
  TEST_EMAIL_SUBJECT,
  TEST_EMAIL_TEMPLATE,
} from "./outbox-admin.ts";

const ADMIN: Actor = { userId: null, role: "admin", ip: "203.0.113.5" };
const MEMBER: Actor = { userId: null, role: "user", ip: "203.0.113.6" };

type Seed = { to: string; subject: string; template: string | null; status: EmailStatus; attempts: number };

/** Twelve messages, one minute apart: index 0 is the oldest. */
const SEED: Seed[] = [
  {
    to: "dana@example.com",
    subject: "Confirm your email address",
    template: "verify_email",
    status: "sent",
    attempts: 1,
  },
  {
    to: "lee@example.com",
    subject: "Reset your PoundCodes password",
    template: "reset_password",
    status: "sent",
    attempts: 1,
  },
  {
    to: "DANA@example.com",
    subject: "Reset your PoundCodes password",
    template: "reset_password",
    status: "failed",
    attempts: 8,
  },
  { to: "sam@example.com", subject: "50% off your first month", template: "newsletter", status: "sent", attempts: 1 },
  {
    to: "sam@example.com",
    subject: "500 numbers now available",
    template: "newsletter",
    status: "pending",
    attempts: 0,
  },
  { to: "a_b@example.com", subject: "Underscore address", template: null, status: "sent", attempts: 2 },
  { to: "axb@example.com", subject: "Lookalike address", template: null, status: "sending", attempts: 1 },
  {
    to: "kim@example.com",
    subject: "Your reservation of #4LAW",
    template: "reservation_confirmation",
    status: "sent",
    attempts: 3,
  },
  {
    to: "kim@example.com",
    subject: "Reservation expired",
    template: "reservation_expired",
    status: "failed",
    attempts: 8,
  },
  { to: "back\\slash@example.com", subject: "Back\\slash subject", template: null, status: "sent", attempts: 1 },
  {
    to: "pat@example.com",
    subject: "Confirm your email address",
    template: "verify_email",
    status: "pending",
    attempts: 0,
  },
  {
    to: "jo@example.com",
    subject: "Confirm your email address",
    template: "verify_email",
    status: "sent",
    attempts: 1,
  },
];

function query(change: Partial<OutboxListQuery> = {}): OutboxListQuery {
  return { q: "", sort: "created", dir: "desc", page: 1, size: 25, filters: {}, ...change };
}

let t: TestDb;
const start = Date.UTC(2026, 0, 5, 12, 0, 0);
beforeAll(async () => {
  t = await createTestDb();
  await t.db.insert(emailOutbox).values(
    SEED.map((m, i) => ({
      toAddress: m.to,
      subject: m.subject,
      textBody: "body",
      template: m.template,
      status: m.status,
      attempts: m.attempts,
      createdAt: new Date(start + i * 60_000),
    })),
  );
});
afterAll(async () => {
  await t.close();
});

const subjects = (rows: { subject: string }[]) => rows.map((r) => r.subject);
const recipients = (rows: { toAddress: string }[]) => rows.map((r) => r.toAddress);

describe("listOutboxPage", () => {
  it("lists every message newest first with the total", async () => {
    const page = await listOutboxPage(t.db, query());
    expect(page.total).toBe(SEED.length);
    expect(recipients(page.rows)).toEqual(SEED.map((m) => m.to).reverse());
    expect(page.rows[0]).not.toHaveProperty("total");
    expect(page.rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("pages: the rows of the page and the total of all pages", async () => {
    const second = await listOutboxPage(t.db, query({ size: 5, page: 2 }));
    expect(second.total).toBe(12);
    expect(recipients(second.rows)).toEqual(
      SEED.map((m) => m.to)
        .reverse()
        .slice(5, 10),
    );
    const last = await listOutboxPage(t.db, query({ size: 5, page: 3 }));
    expect(last.rows).toHaveLength(2);
    expect(last.total).toBe(12);
  });

  it("still knows the total on a page past the end", async () => {
    const past = await listOutboxPage(t.db, query({ size: 5, page: 9, filters: { status: "sent" } }));
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(7);
  });

  it("searches recipient or subject, case-insensitive, every word somewhere", async () => {
    const dana = await listOutboxPage(t.db, query({ q: "dana" }));
    expect(dana.total).toBe(2);
    const reset = await listOutboxPage(t.db, query({ q: "RESET password" }));
    expect(recipients(reset.rows)).toEqual(["DANA@example.com", "lee@example.com"]);
    const both = await listOutboxPage(t.db, query({ q: "reset dana" }));
    expect(recipients(both.rows)).toEqual(["DANA@example.com"]);
    expect((await listOutboxPage(t.db, query({ q: "nobody-here" }))).total).toBe(0);
  });

  it("takes %, _ and \\ in a search literally", async () => {
    expect(subjects((await listOutboxPage(t.db, query({ q: "50%" }))).rows)).toEqual(["50% off your first month"]);
    expect(recipients((await listOutboxPage(t.db, query({ q: "a_b" }))).rows)).toEqual(["a_b@example.com"]);
    expect((await listOutboxPage(t.db, query({ q: "%" }))).total).toBe(1);
    expect((await listOutboxPage(t.db, query({ q: "_" }))).total).toBe(1);
    expect(recipients((await listOutboxPage(t.db, query({ q: "back\\slash" }))).rows)).toEqual([
      "back\\slash@example.com",
    ]);
    expect((await listOutboxPage(t.db, query({ q: "'; drop table email_outbox; --" }))).total).toBe(0);
    expect((await listOutboxPage(t.db, query())).total).toBe(12);
  });

  it("filters by status, template and exact recipient, with the search", async () => {
    const failed = await listOutboxPage(t.db, query({ filters: { status: "failed" } }));
    expect(failed.total).toBe(2);
    expect(failed.rows.every((r) => r.status === "failed")).toBe(true);
    const verify = await listOutboxPage(t.db, query({ filters: { template: "verify_email", status: "sent" } }));
    expect(recipients(verify.rows)).toEqual(["jo@example.com", "dana@example.com"]);
    const toDana = await listOutboxPage(t.db, query({ filters: { to: "Dana@Example.com" } }));
    expect(toDana.total).toBe(2);
    const searched = await listOutboxPage(t.db, query({ q: "reservation", filters: { status: "failed" } }));
    expect(subjects(searched.rows)).toEqual(["Reservation expired"]);
  });

  it("sorts by created date both ways", async () => {
    const oldest = await listOutboxPage(t.db, query({ dir: "asc", size: 3 }));
    expect(recipients(oldest.rows)).toEqual(["dana@example.com", "lee@example.com", "DANA@example.com"]);
  });

  it("sorts by status, newest first within a status", async () => {
    const asc = await listOutboxPage(t.db, query({ sort: "status", dir: "asc" }));
    expect(asc.rows.map((r) => r.status)).toEqual([
      "failed",
      "failed",
      "pending",
      "pending",
      "sending",
      ...Array(7).fill("sent"),
    ]);
    expect(subjects(asc.rows.slice(0, 2))).toEqual(["Reservation expired", "Reset your PoundCodes password"]);
    const desc = await listOutboxPage(t.db, query({ sort: "status", dir: "desc", size: 1 }));
    expect(desc.rows[0]!.toAddress).toBe("jo@example.com");
  });

  it("sorts by attempts, newest first within a count", async () => {
    const most = await listOutboxPage(t.db, query({ sort: "attempts", dir: "desc", size: 4 }));
    expect(most.rows.map((r) => [r.attempts, r.subject])).toEqual([
      [8, "Reservation expired"],
      [8, "Reset your PoundCodes password"],
      [3, "Your reservation of #4LAW"],
      [2, "Underscore address"],
    ]);
    const fewest = await listOutboxPage(t.db, query({ sort: "attempts", dir: "asc", size: 2 }));
    expect(fewest.rows.map((r) => r.attempts)).toEqual([0, 0]);
  });

  it("keeps rows with the same sort value on one page each (no row twice, none lost)", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const p = await listOutboxPage(t.db, query({ sort: "status", dir: "asc", size: 2, page }));
      seen.push(...p.rows.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(12);
  });

  it("refuses a sort key outside its allow-list", async () => {
    await expect(listOutboxPage(t.db, query({ sort: "to_address" as never }))).rejects.toThrow(/not a sortable/);
  });
});

describe("listOutboxTemplates", () => {
  it("lists the template names in use, alphabetically", async () => {
    expect(await listOutboxTemplates(t.db)).toEqual([
      "newsletter",
      "reservation_confirmation",
      "reservation_expired",
      "reset_password",
      "verify_email",
    ]);
  });
});

describe("sendTestEmail", () => {
  it("queues a test email and records who asked", async () => {
    const { id } = await sendTestEmail(t.db, ADMIN, { to: "ops@example.com" });
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({
      toAddress: "ops@example.com",
      subject: TEST_EMAIL_SUBJECT,
      template: TEST_EMAIL_TEMPLATE,
      status: "pending",
    });
    expect(row!.textBody).toContain("email delivery works");
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject({ action: "email.test_send", ip: "203.0.113.5", details: { to: "ops@example.com" } });
    await t.db.delete(emailOutbox).where(eq(emailOutbox.id, id));
  });

  it("is for administrators only", async () => {
    await expect(sendTestEmail(t.db, MEMBER, { to: "x@example.com" })).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("retryOutboxMessage", () => {
  it("puts a failed message back in the queue", async () => {
    const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Reservation expired"));
    await retryOutboxMessage(t.db, ADMIN, { id: failed!.id });
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, failed!.id));
    expect(audit!.action).toBe("email.retry");
  });

  it("refuses to resend a failed message that carried a one-time link", async () => {
    const [row] = await t.db
      .insert(emailOutbox)
      .values({
        toAddress: "secret@example.com",
        subject: "Reset your PoundCodes password",
        textBody: "[one-time link hidden]",
        template: "reset_password",
        status: "failed",
        attempts: 8,
      })
      .returning({ id: emailOutbox.id });
    await expect(retryOutboxMessage(t.db, ADMIN, { id: row!.id })).rejects.toMatchObject({ code: "secret_email" });
    const [after] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(after!.status).toBe("failed");
  });

  it("refuses a message that has not failed, one that does not exist, and a non-admin", async () => {
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "jo@example.com"));
    const notFailed = retryOutboxMessage(t.db, ADMIN, { id: sent!.id });
    await expect(notFailed).rejects.toBeInstanceOf(DomainError);
    await expect(notFailed).rejects.toMatchObject({ status: 409, code: "not_failed" });
    await expect(retryOutboxMessage(t.db, ADMIN, { id: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject(
      { status: 404 },
    );
    await expect(retryOutboxMessage(t.db, MEMBER, { id: sent!.id })).rejects.toBeInstanceOf(ForbiddenError);
  });
});
