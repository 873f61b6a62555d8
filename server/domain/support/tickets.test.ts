import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "#kernel/enums.ts";
import { auditLog, emailOutbox, supportTicketReplies, supportTickets } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { SUPPORT_TEMPLATES } from "#server/integrations/email/support-templates.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { DomainError } from "../errors.ts";
import { TicketNotFoundError } from "./errors.ts";
import { SUPPORT_OPTS, seedAccount, seedTicket } from "./test-fixtures.ts";
import { createTicket, getMyTicket, listMyTickets, myTicketVersion, replyAsOwner } from "./tickets.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

const mailsAbout = (ticketId: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .then((rows) => rows.filter((m) => m.textBody.includes(ticketId)));

describe("createTicket", () => {
  it("opens a ticket (status open) about the user's licensee, emails the desk and audits, in one go", async () => {
    const dana = await seedAccount(t.db, { name: "Dana Whitfield", company: "Whitfield Law" });
    const { ticketId } = await createTicket(
      t.db,
      dana.actor,
      { subject: "Add a second office", description: "Savannah, 22 Bull Street.", priority: "high" },
      SUPPORT_OPTS,
    );
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row).toMatchObject({
      userId: dana.userId,
      licenseeId: dana.licenseeId,
      subject: "Add a second office",
      priority: "high",
      status: "open",
    });
    const mails = await mailsAbout(ticketId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: SUPPORT_TEMPLATES.ticketCreated, toAddress: SUPPORT_OPTS.deskEmail });
    expect(mails[0]!.subject).toBe("New support ticket: Add a second office");
    expect(mails[0]!.textBody).toContain(`https://poundcodes.test/admin/support-tickets/${ticketId}`);
    expect(mails[0]!.textBody).toContain("Whitfield Law");
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ticketId));
    expect(audit.map((a) => a.action)).toEqual(["support_ticket.create"]);
  });

  it("lets a user without a licensee record open a ticket (licensee_id null)", async () => {
    const sam = await seedAccount(t.db, { name: "Sam Lee", licensee: false });
    const { ticketId } = await createTicket(
      t.db,
      sam.actor,
      { subject: "How do I license #HELP?", description: "We are a plumbing company in Ohio.", priority: "medium" },
      SUPPORT_OPTS,
    );
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row).toMatchObject({ userId: sam.userId, licenseeId: null, status: "open" });
    expect((await listMyTickets(t.db, sam.actor)).map((x) => x.id)).toEqual([ticketId]);
  });

  it("refuses a visitor and writes nothing", async () => {
    const before = await t.db.$count(supportTickets);
    const err = await createTicket(
      t.db,
      SYSTEM_ACTOR,
      { subject: "x", description: "y", priority: "low" },
      SUPPORT_OPTS,
    ).catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(await t.db.$count(supportTickets)).toBe(before);
  });
});

describe("the licensee sees only their own tickets", () => {
  it("lists their own, most recently updated first, and answers 404 for anyone else's", async () => {
    const dana = await seedAccount(t.db);
    const other = await seedAccount(t.db, { name: "Riley Park", company: "Park Plumbing" });
    const older = await seedTicket(t.db, dana, { subject: "Older", createdAt: new Date("2026-11-01T10:00:00Z") });
    const newer = await seedTicket(t.db, dana, { subject: "Newer", createdAt: new Date("2026-11-02T10:00:00Z") });
    const theirs = await seedTicket(t.db, other, { subject: "Not Dana's" });
    expect((await listMyTickets(t.db, dana.actor)).map((x) => x.subject)).toEqual(["Newer", "Older"]);
    expect((await getMyTicket(t.db, dana.actor, older)).subject).toBe("Older");
    expect(newer).toBeTruthy();

    await expect(getMyTicket(t.db, dana.actor, theirs)).rejects.toBeInstanceOf(TicketNotFoundError);
    await expect(myTicketVersion(t.db, dana.actor, theirs)).rejects.toBeInstanceOf(TicketNotFoundError);
    const replyErr = await replyAsOwner(
      t.db,
      dana.actor,
      { ticketId: theirs, message: "Mine now?" },
      SUPPORT_OPTS,
    ).catch((e) => e);
    expect(replyErr).toBeInstanceOf(TicketNotFoundError);
    expect((replyErr as DomainError).status).toBe(404);
    expect(await t.db.$count(supportTicketReplies, eq(supportTicketReplies.ticketId, theirs))).toBe(0);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, theirs));
    expect(row!.status).toBe("open");
    expect(await mailsAbout(theirs)).toHaveLength(0);
  });

  it("answers 404 for a malformed or unknown id", async () => {
    const dana = await seedAccount(t.db);
    await expect(getMyTicket(t.db, dana.actor, "not-a-uuid")).rejects.toBeInstanceOf(TicketNotFoundError);
    await expect(getMyTicket(t.db, dana.actor, "00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(
      TicketNotFoundError,
    );
  });
});

describe("replyAsOwner", () => {
  const statuses: TicketStatus[] = ["open", "pending_admin", "pending_user", "resolved", "closed"];
  it.each(statuses)("on %s: sets pending_admin, refreshes updated_at, emails the desk, audits", async (from) => {
    const dana = await seedAccount(t.db, { name: "Dana Whitfield" });
    const ticketId = await seedTicket(t.db, dana, { status: from, createdAt: new Date("2026-11-01T10:00:00Z") });
    const now = new Date("2026-11-20T15:30:00Z");
    const r = await replyAsOwner(
      t.db,
      dana.actor,
      { ticketId, message: "Test calls now connect." },
      { ...SUPPORT_OPTS, now },
    );
    expect(r.status).toBe("pending_admin");
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.status).toBe("pending_admin");
    expect(row!.updatedAt.toISOString()).toBe(now.toISOString());
    const thread = await getMyTicket(t.db, dana.actor, ticketId);
    expect(thread.replies).toEqual([
      expect.objectContaining({ author: "Dana Whitfield", isAdmin: false, message: "Test calls now connect." }),
    ]);
    const mails = await mailsAbout(ticketId);
    expect(mails.map((m) => [m.template, m.toAddress])).toEqual([
      [SUPPORT_TEMPLATES.replyToDesk, SUPPORT_OPTS.deskEmail],
    ]);
    expect(mails[0]!.textBody).toContain("Test calls now connect.");
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ticketId), eq(auditLog.action, "support_ticket.reply")));
    expect(audit[0]!.details).toMatchObject({ before: { status: from }, after: { status: "pending_admin" } });
  });

  it("changes the version the open thread polls for", async () => {
    const dana = await seedAccount(t.db);
    const ticketId = await seedTicket(t.db, dana);
    const before = await myTicketVersion(t.db, dana.actor, ticketId);
    expect(before).toBe((await getMyTicket(t.db, dana.actor, ticketId)).version);
    await replyAsOwner(t.db, dana.actor, { ticketId, message: "Any news?" }, SUPPORT_OPTS);
    const after = await myTicketVersion(t.db, dana.actor, ticketId);
    expect(after).not.toBe(before);
    expect(after).toBe((await getMyTicket(t.db, dana.actor, ticketId)).version);
  });

  it("writes nothing when the email cannot be enqueued (one transaction)", async () => {
    const dana = await seedAccount(t.db);
    const ticketId = await seedTicket(t.db, dana);
    const err = await replyAsOwner(
      t.db,
      dana.actor,
      { ticketId, message: "Hello" },
      // A null address violates email_outbox.to_address NOT NULL: the enqueue fails after the reply was written.
      { ...SUPPORT_OPTS, deskEmail: null as unknown as string },
    ).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(await t.db.$count(supportTicketReplies, eq(supportTicketReplies.ticketId, ticketId))).toBe(0);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.status).toBe("open");
    expect(await t.db.$count(auditLog, eq(auditLog.entityId, ticketId))).toBe(0);
  });
});
