import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { TICKET_STATUSES, type TicketStatus } from "#kernel/enums.ts";
import { defineList } from "#kernel/list-query.ts";
import { auditLog, emailOutbox, supportTicketReplies, supportTickets } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { SUPPORT_TEMPLATES } from "#server/integrations/email/support-templates.ts";
import { ForbiddenError } from "../errors.ts";
import { adminTicketVersion, getTicketForAdmin, listTicketsPage, replyAsAdmin, setTicketStatus } from "./admin.ts";
import { TicketNotFoundError } from "./errors.ts";
import { SUPPORT_OPTS, seedAccount, seedTicket, type TestAccount } from "./test-fixtures.ts";
import { getMyTicket } from "./tickets.ts";

let t: TestDb;
let admin: TestAccount;
let member: TestAccount;
beforeAll(async () => {
  t = await createTestDb();
  admin = await seedAccount(t.db, { name: "Morgan Admin", admin: true });
  member = await seedAccount(t.db, { name: "Member" });
});
afterAll(() => t.close());

const list = defineList({
  sorts: { created: "desc", updated: "desc", priority: "desc", status: "asc" },
  defaultSort: "created",
  filters: { status: z.enum(TICKET_STATUSES), priority: z.enum(["low", "medium", "high", "urgent"]) },
});

describe("listTicketsPage", () => {
  it("lists every ticket newest first, with owner and company, filters by status, searches", async () => {
    const tag = `tag${Date.now()}`;
    const dana = await seedAccount(t.db, { name: "Dana Whitfield", company: `Whitfield ${tag}` });
    const sam = await seedAccount(t.db, { name: "Sam Lee", licensee: false });
    const a = await seedTicket(t.db, dana, { subject: "A", status: "open", createdAt: new Date("2026-11-01T10:00Z") });
    const b = await seedTicket(t.db, sam, {
      subject: `B ${tag}`,
      status: "pending_admin",
      priority: "urgent",
      createdAt: new Date("2026-11-02T10:00Z"),
    });
    const c = await seedTicket(t.db, dana, {
      subject: "C",
      status: "pending_admin",
      createdAt: new Date("2026-11-03T10:00Z"),
    });

    const all = await listTicketsPage(t.db, admin.actor, list.parse(`q=${tag}`));
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.id)).toEqual([c, b, a]);
    expect(all.rows.find((r) => r.id === b)).toMatchObject({ ownerName: "Sam Lee", company: null });
    expect(all.rows.find((r) => r.id === a)).toMatchObject({
      ownerName: "Dana Whitfield",
      company: `Whitfield ${tag}`,
    });

    const pending = await listTicketsPage(t.db, admin.actor, list.parse(`q=${tag}&status=pending_admin`));
    expect(pending.rows.map((r) => r.id)).toEqual([c, b]);
    const urgentFirst = await listTicketsPage(t.db, admin.actor, list.parse(`q=${tag}&sort=priority&dir=desc`));
    expect(urgentFirst.rows[0]!.id).toBe(b);
    const none = await listTicketsPage(t.db, admin.actor, list.parse(`q=${tag}&status=closed`));
    expect(none).toEqual({ rows: [], total: 0 });
  });

  it("refuses anyone but an administrator", async () => {
    await expect(listTicketsPage(t.db, member.actor, list.defaults)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("replyAsAdmin", () => {
  const after: Record<TicketStatus, TicketStatus> = {
    open: "open",
    pending_admin: "pending_user",
    pending_user: "pending_user",
    resolved: "resolved",
    closed: "closed",
  };
  it.each(TICKET_STATUSES)("on %s: applies the machine, refreshes updated_at, emails the owner", async (from) => {
    const dana = await seedAccount(t.db, { name: "Dana Whitfield" });
    const ticketId = await seedTicket(t.db, dana, { status: from, createdAt: new Date("2026-11-01T10:00Z") });
    const now = new Date("2026-11-21T09:00:00Z");
    const r = await replyAsAdmin(
      t.db,
      admin.actor,
      { ticketId, message: "Routing is fixed." },
      { ...SUPPORT_OPTS, now },
    );
    expect(r.status).toBe(after[from]);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.status).toBe(after[from]);
    expect(row!.updatedAt.toISOString()).toBe(now.toISOString());

    // The owner sees it labelled Admin.
    const thread = await getMyTicket(t.db, dana.actor, ticketId);
    expect(thread.replies).toEqual([
      expect.objectContaining({ author: "Admin", isAdmin: true, message: "Routing is fixed." }),
    ]);
    const [reply] = await t.db.select().from(supportTicketReplies).where(eq(supportTicketReplies.ticketId, ticketId));
    expect(reply!.userId).toBe(admin.userId);

    const mails = (await t.db.select().from(emailOutbox)).filter((m) => m.textBody.includes(ticketId));
    expect(mails.map((m) => [m.template, m.toAddress])).toEqual([[SUPPORT_TEMPLATES.replyToOwner, dana.email]]);
    expect(mails[0]!.textBody).toContain(`https://poundcodes.test/dashboard/support-tickets?ticket=${ticketId}`);
    expect(mails[0]!.textBody).toContain("Routing is fixed.");

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ticketId), eq(auditLog.action, "support_ticket.reply")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(admin.userId);
  });

  it("refuses a non-administrator and an unknown ticket, writing nothing", async () => {
    const dana = await seedAccount(t.db);
    const ticketId = await seedTicket(t.db, dana, { status: "pending_admin" });
    await expect(
      replyAsAdmin(t.db, dana.actor, { ticketId, message: "I am admin now" }, SUPPORT_OPTS),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      replyAsAdmin(t.db, admin.actor, { ticketId: "00000000-0000-4000-8000-000000000000", message: "x" }, SUPPORT_OPTS),
    ).rejects.toBeInstanceOf(TicketNotFoundError);
    expect(await t.db.$count(supportTicketReplies, eq(supportTicketReplies.ticketId, ticketId))).toBe(0);
  });
});

describe("setTicketStatus", () => {
  const pairs = TICKET_STATUSES.flatMap((from) => TICKET_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)("sets %s to %s, audited with before and after", async (from, to) => {
    const dana = await seedAccount(t.db);
    const ticketId = await seedTicket(t.db, dana, { status: from, createdAt: new Date("2026-11-01T10:00Z") });
    const now = new Date("2026-11-22T12:00:00Z");
    const r = await setTicketStatus(t.db, admin.actor, { ticketId, status: to }, { now });
    expect(r).toEqual({ status: to, changed: from !== to });
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.status).toBe(to);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ticketId), eq(auditLog.action, "support_ticket.status")));
    if (from === to) {
      expect(audit).toHaveLength(0);
      expect(row!.updatedAt.toISOString()).toBe("2026-11-01T10:00:00.000Z");
    } else {
      expect(audit[0]!.details).toEqual({ before: { status: from }, after: { status: to } });
      expect(row!.updatedAt.toISOString()).toBe(now.toISOString());
    }
  });

  it("refuses a non-administrator and an unknown ticket", async () => {
    const dana = await seedAccount(t.db);
    const ticketId = await seedTicket(t.db, dana);
    await expect(setTicketStatus(t.db, dana.actor, { ticketId, status: "closed" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(
      setTicketStatus(t.db, admin.actor, { ticketId: "00000000-0000-4000-8000-000000000000", status: "closed" }),
    ).rejects.toBeInstanceOf(TicketNotFoundError);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.status).toBe("open");
  });
});

describe("getTicketForAdmin and adminTicketVersion", () => {
  it("read any ticket for an administrator only", async () => {
    const dana = await seedAccount(t.db, { name: "Dana Whitfield", company: "Whitfield Law" });
    const ticketId = await seedTicket(t.db, dana);
    const thread = await getTicketForAdmin(t.db, admin.actor, ticketId);
    expect(thread.owner).toEqual({ name: "Dana Whitfield", email: dana.email, company: "Whitfield Law" });
    expect(await adminTicketVersion(t.db, admin.actor, ticketId)).toBe(thread.version);
    await expect(getTicketForAdmin(t.db, dana.actor, ticketId)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(adminTicketVersion(t.db, admin.actor, "nope")).rejects.toBeInstanceOf(TicketNotFoundError);
  });
});
