/**
 * The licensee's support tickets through the portal guard, with real sessions: their own tickets only (another
 * user's ticket id is a 404 in the page loader, the updates endpoint and the reply action), opening a ticket
 * from the dialog and from the page's own form, replying (status, email to the desk, redirect with 'Reply
 * posted'), and bad input answered 400 with the text kept.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TICKET_TEXT } from "#kernel/schemas/support.ts";
import { portalMiddleware } from "#server/auth/guards.ts";
import { emailOutbox, licensees, supportTicketReplies, supportTickets, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
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
import { loader as updatesLoader } from "./support-ticket-updates.tsx";
import { action, loader } from "./support-tickets.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let dana: { cookie: string; id: string };
let riley: { cookie: string; id: string };

const account = (name: string, email: string) => signedUpAccount(s, name, email);

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t, { SALES_EMAIL: "desk@poundcodes.test" });
  dana = await account("Dana Whitfield", "dana@example.com");
  riley = await account("Riley Park", "riley@example.com");
  await t.db.insert(licensees).values({ userId: dana.id, email: "dana@example.com", companyName: "Whitfield Law" });
});
afterAll(() => t.close());

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, portalMiddleware, request, fn);

const get = (path: string, cookie?: string) =>
  new Request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
const post = (path: string, fields: Record<string, string>, cookie: string) => formPost(path, fields, { cookie });

const page = (who: { cookie: string }, search = "") =>
  guarded(get(`/dashboard/support-tickets${search}`, who.cookie), (context) =>
    callRoute(loader, { request: get(`/dashboard/support-tickets${search}`, who.cookie), context }),
  );
const act = (who: { cookie: string }, fields: Record<string, string>) => {
  const request = post("/dashboard/support-tickets", fields, who.cookie);
  return guarded(request, (context) => callRoute(action, { request, context }));
};
const updates = (who: { cookie: string }, ticketId: string) => {
  const request = get(`/dashboard/support-tickets/${ticketId}/updates`, who.cookie);
  return guarded(request, (context) => callRoute(updatesLoader, { request, context, params: { ticketId } }));
};

async function openTicket(who: { cookie: string }, subject: string): Promise<string> {
  const r = await act(who, { intent: "create", subject, description: "Please help with this.", priority: "" });
  expect(r.status).toBe(200);
  return (r.body as { ticketId: string }).ticketId;
}

describe("the portal support tickets", () => {
  it("sends an administrator who opens a licensee's ticket link (from the mailbox) to the admin view of it", async () => {
    const ticketId = await openTicket(dana, "Forward my calls");
    const boss = await signedUpAccount(s, "Morgan Boss", "boss@poundcodes.test");
    await t.db.update(user).set({ role: "admin" }).where(eq(user.id, boss.id));
    const r = await page(boss, `?ticket=${ticketId}`);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe(`/admin/support-tickets/${ticketId}`);
    // a member who is not the owner still gets 404
    expect((await page(riley, `?ticket=${ticketId}`)).status).toBe(404);
  });

  it("sends a visitor to the sign-in page", async () => {
    const r = await guarded(get("/dashboard/support-tickets"), async () => null);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%2Fsupport-tickets");
  });

  it("shows the empty text, then a ticket opened from the dialog (priority medium, status open)", async () => {
    const empty = await page(riley);
    expect(empty.body).toMatchObject({ tickets: [], thread: null, showNew: false });
    expect(TICKET_TEXT.emptyMine).toBe("You have no support tickets.");

    const r = await act(dana, {
      intent: "create",
      subject: "Route after-hours calls",
      description: "Weekends to the answering service.",
      priority: "",
    });
    expect(r.body).toMatchObject({
      ok: true,
      title: "Ticket Created",
      message: "Your support ticket has been submitted.",
    });
    const ticketId = (r.body as { ticketId: string }).ticketId;
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row).toMatchObject({ priority: "medium", status: "open", userId: dana.id });
    expect(row!.licenseeId).not.toBeNull();

    const list = await page(dana, `?ticket=${ticketId}`);
    const body = list.body as { tickets: { id: string }[]; thread: { subject: string; owner: { name: string } } };
    expect(body.tickets.map((x) => x.id)).toContain(ticketId);
    expect(body.thread).toMatchObject({ subject: "Route after-hours calls", owner: { name: "Dana Whitfield" } });
  });

  it("lets a user without a licensee record open a ticket, and the page's own form redirects to it", async () => {
    const r = await act(riley, {
      intent: "create",
      page: "1",
      subject: "How do I license #HELP?",
      description: "We are new.",
      priority: "low",
    });
    expect(r.status).toBe(302);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.userId, riley.id));
    expect(row).toMatchObject({ licenseeId: null, priority: "low" });
    expect(r.headers.get("location")).toBe(`/dashboard/support-tickets?ticket=${row!.id}`);
    expect(r.headers.get("set-cookie")).toMatch(/pc_flash=/);
  });

  it("refuses a blank subject or description with 400 and each message, writing nothing", async () => {
    const before = await t.db.$count(supportTickets);
    const r = await act(dana, { intent: "create", subject: "  ", description: "", priority: "high" });
    expect(r.status).toBe(400);
    expect((r.body as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      subject: ["Subject is required."],
      description: ["Description is required."],
    });
    expect(await t.db.$count(supportTickets)).toBe(before);
  });

  it("posts a reply: pending_admin, the desk is emailed, back to the thread with 'Reply posted'", async () => {
    const ticketId = await openTicket(dana, "Savannah office");
    const r = await act(dana, { intent: "reply", ticketId, message: "  Suite 400, please.  " });
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe(`/dashboard/support-tickets?ticket=${ticketId}`);
    expect(r.headers.get("set-cookie")).toMatch(/pc_flash=/);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.status).toBe("pending_admin");
    const replies = await t.db.select().from(supportTicketReplies).where(eq(supportTicketReplies.ticketId, ticketId));
    expect(replies.map((x) => [x.message, x.isAdmin, x.userId])).toEqual([["Suite 400, please.", false, dana.id]]);
    const mails = (await t.db.select().from(emailOutbox)).filter(
      (m) => m.template === SUPPORT_TEMPLATES.replyToDesk && m.textBody.includes(ticketId),
    );
    expect(mails.map((m) => m.toAddress)).toEqual(["desk@poundcodes.test"]);
  });

  it("refuses a blank reply with 400 and keeps nothing but the typed text", async () => {
    const ticketId = await openTicket(dana, "Blank reply");
    const r = await act(dana, { intent: "reply", ticketId, message: "   " });
    expect(r.status).toBe(400);
    const body = r.body as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(body.result.error.message).toEqual([TICKET_TEXT.replyRequired]);
    expect(body.result.initialValue).toMatchObject({ intent: "reply", ticketId });
    expect(await t.db.$count(supportTicketReplies, eq(supportTicketReplies.ticketId, ticketId))).toBe(0);
  });

  it("answers the updates endpoint with the thread's version, which changes with a reply", async () => {
    const ticketId = await openTicket(dana, "Version");
    const v1 = (await updates(dana, ticketId)).body as { version: string };
    const shown = (await page(dana, `?ticket=${ticketId}`)).body as { thread: { version: string } };
    expect(v1.version).toBe(shown.thread.version);
    await act(dana, { intent: "reply", ticketId, message: "Any news?" });
    const v2 = (await updates(dana, ticketId)).body as { version: string };
    expect(v2.version).not.toBe(v1.version);
  });
});

describe("another licensee's ticket is a 404 everywhere", () => {
  it("in the page loader, the updates endpoint and the reply action, and nothing is written", async () => {
    const ticketId = await openTicket(dana, "Private to Dana");
    const view = await page(riley, `?ticket=${ticketId}`);
    expect(view.status).toBe(404);
    expect(view.body).toMatchObject({ code: "ticket_not_found" });

    const poll = await updates(riley, ticketId);
    expect(poll.status).toBe(404);
    expect(poll.body).toMatchObject({ code: "ticket_not_found" });

    const reply = await act(riley, { intent: "reply", ticketId, message: "Let me in" });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ ok: false, code: "ticket_not_found" });
    expect(await t.db.$count(supportTicketReplies, eq(supportTicketReplies.ticketId, ticketId))).toBe(0);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row!.status).toBe("open");

    const list = (await page(riley)).body as { tickets: { id: string }[] };
    expect(list.tickets.map((x) => x.id)).not.toContain(ticketId);
  });

  it("answers 404 for an unknown or malformed id too", async () => {
    expect((await page(dana, "?ticket=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await page(dana, "?ticket=nope")).status).toBe(404);
    expect((await updates(dana, "nope")).status).toBe(404);
  });
});
