/**
 * The administrator's support tickets through the admin guard, with real sessions: the list with its status
 * filter, one ticket's thread, a reply (pending_admin → pending_user, the owner emailed, audited) and the status
 * selector (audited); non-administrators are sent to /dashboard before any of it runs.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMiddleware } from "#server/auth/guards.ts";
import { auditLog, emailOutbox, supportTicketReplies, supportTickets, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { seedTicket } from "#server/domain/support/test-fixtures.ts";
import { SUPPORT_TEMPLATES } from "#server/integrations/email/support-templates.ts";
import {
  behindGuard,
  callRoute,
  formPost,
  type routeContext,
  signedUpAccount,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { action as ticketAction, loader as ticketLoader } from "./support-ticket.tsx";
import { loader as updatesLoader } from "./support-ticket-updates.tsx";
import { loader as listLoader } from "./support-tickets.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: { cookie: string; id: string };
let dana: { cookie: string; id: string; email: string };

const account = (name: string, email: string) => signedUpAccount(s, name, email);

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  admin = await account("Morgan Boss", "boss@poundcodes.test");
  // Listed addresses are promoted once verified; here the role is set directly.
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
  dana = await account("Dana Whitfield", "dana@example.com");
});
afterAll(() => t.close());

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);

const get = (path: string, cookie: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
const owner = () => ({
  userId: dana.id,
  licenseeId: null,
  email: dana.email,
  name: "Dana Whitfield",
  actor: { userId: dana.id },
});

const list = (cookie: string, search = "") => {
  const request = get(`/admin/support-tickets${search}`, cookie);
  return guarded(request, (context) => callRoute(listLoader, { request, context }));
};
const view = (cookie: string, ticketId: string) => {
  const request = get(`/admin/support-tickets/${ticketId}`, cookie);
  return guarded(request, (context) => callRoute(ticketLoader, { request, context, params: { ticketId } }));
};
const act = (cookie: string, ticketId: string, fields: Record<string, string>) => {
  const request = formPost(`/admin/support-tickets/${ticketId}`, { ticketId, ...fields }, { cookie });
  return guarded(request, (context) => callRoute(ticketAction, { request, context, params: { ticketId } }));
};
const updates = (cookie: string, ticketId: string) => {
  const request = get(`/admin/support-tickets/${ticketId}/updates`, cookie);
  return guarded(request, (context) => callRoute(updatesLoader, { request, context, params: { ticketId } }));
};

describe("the admin support tickets", () => {
  it("sends a non-administrator to /dashboard from the list, the thread, the actions and the updates", async () => {
    const ticketId = await seedTicket(t.db, owner());
    for (const r of [
      await list(dana.cookie),
      await view(dana.cookie, ticketId),
      await act(dana.cookie, ticketId, { intent: "status", status: "closed" }),
      await updates(dana.cookie, ticketId),
    ]) {
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/dashboard");
    }
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.status).toBe("open");
  });

  it("lists tickets newest first, filters by status, and says so when nothing matches", async () => {
    const a = await seedTicket(t.db, owner(), { subject: "Alpha", status: "open", createdAt: new Date("2026-11-01") });
    const b = await seedTicket(t.db, owner(), {
      subject: "Bravo",
      status: "pending_admin",
      createdAt: new Date("2026-11-02"),
    });
    const all = (await list(admin.cookie)).body as { rows: { id: string; ownerName: string }[]; total: number };
    expect(all.rows.findIndex((r) => r.id === b)).toBeLessThan(all.rows.findIndex((r) => r.id === a));
    expect(all.rows.find((r) => r.id === a)?.ownerName).toBe("Dana Whitfield");
    const pending = (await list(admin.cookie, "?status=pending_admin")).body as { rows: { id: string }[] };
    expect(pending.rows.map((r) => r.id)).toContain(b);
    expect(pending.rows.map((r) => r.id)).not.toContain(a);
    const bogus = (await list(admin.cookie, "?status=bogus")).body as { query: { filters: object } };
    expect(bogus.query.filters).toEqual({});
  });

  it("shows a thread, and 404 for an unknown ticket in the loader, the updates and the actions", async () => {
    const ticketId = await seedTicket(t.db, owner(), { subject: "Thread" });
    const r = await view(admin.cookie, ticketId);
    expect(r.body).toMatchObject({ thread: { subject: "Thread", owner: { name: "Dana Whitfield" }, replies: [] } });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await view(admin.cookie, unknown)).status).toBe(404);
    expect((await updates(admin.cookie, unknown)).status).toBe(404);
    expect((await act(admin.cookie, unknown, { intent: "reply", message: "Hi" })).status).toBe(404);
    expect((await act(admin.cookie, unknown, { intent: "status", status: "closed" })).status).toBe(404);
  });

  it("replies: labelled Admin, pending_admin becomes pending_user, the owner is emailed, audited", async () => {
    const ticketId = await seedTicket(t.db, owner(), { status: "pending_admin" });
    const before = (await updates(admin.cookie, ticketId)).body as { version: string };
    const r = await act(admin.cookie, ticketId, { intent: "reply", message: "Fixed on our side." });
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe(`/admin/support-tickets/${ticketId}`);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.status).toBe("pending_user");
    const [reply] = await t.db.select().from(supportTicketReplies).where(eq(supportTicketReplies.ticketId, ticketId));
    expect(reply).toMatchObject({ isAdmin: true, userId: admin.id, message: "Fixed on our side." });
    const mails = (await t.db.select().from(emailOutbox)).filter((m) => m.textBody.includes(ticketId));
    expect(mails.map((m) => [m.template, m.toAddress])).toEqual([[SUPPORT_TEMPLATES.replyToOwner, dana.email]]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ticketId), eq(auditLog.action, "support_ticket.reply")));
    expect(audit[0]!.actorUserId).toBe(admin.id);
    const after = (await updates(admin.cookie, ticketId)).body as { version: string };
    expect(after.version).not.toBe(before.version);
    const thread = (await view(admin.cookie, ticketId)).body as { thread: { replies: { author: string }[] } };
    expect(thread.thread.replies.map((x) => x.author)).toEqual(["Admin"]);
  });

  it("refuses a blank reply with 400, keeping the typed values, writing nothing", async () => {
    const ticketId = await seedTicket(t.db, owner());
    const r = await act(admin.cookie, ticketId, { intent: "reply", message: " \n " });
    expect(r.status).toBe(400);
    expect(await t.db.$count(supportTicketReplies, eq(supportTicketReplies.ticketId, ticketId))).toBe(0);
  });

  it("sets a status directly, audited; refuses an unknown status with 400", async () => {
    const ticketId = await seedTicket(t.db, owner(), { status: "pending_user" });
    const r = await act(admin.cookie, ticketId, { intent: "status", status: "resolved" });
    expect(r.status).toBe(302);
    expect(r.headers.get("set-cookie")).toMatch(/pc_flash=/);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.status).toBe("resolved");
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ticketId), eq(auditLog.action, "support_ticket.status")));
    expect(audit[0]!.details).toEqual({ before: { status: "pending_user" }, after: { status: "resolved" } });

    const bad = await act(admin.cookie, ticketId, { intent: "status", status: "archived" });
    expect(bad.status).toBe(400);
  });
});
