/**
 * Support tickets on the administrator's side: every ticket as pages to search, filter by status or priority and
 * sort (newest first by default, spec 2 §7), one ticket's thread, a reply (the owner is emailed) and the status
 * selector (any status, spec 2 §4). Each write is one transaction with its audit row. Every verb refuses a caller
 * who is not an administrator, whatever the route in front of it did.
 */
import { and, eq, sql } from "drizzle-orm";
import type { TicketPriority, TicketStatus } from "#kernel/enums.ts";
import type { ListQuery } from "#kernel/list-query.ts";
import type { TicketReplyData, TicketStatusData } from "#kernel/schemas/support.ts";
import type { Database, DbOrTx } from "#server/db/client.ts";
import { licensees, supportTickets, user } from "#server/db/schema/index.ts";
import { replyToOwnerNotice } from "#server/integrations/email/support-templates.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";
import { TicketNotFoundError } from "./errors.ts";
import { nextTicketStatus } from "./status.ts";
import {
  emailData,
  insertReply,
  lockTicket,
  readThread,
  readTicketVersion,
  type SupportOptions,
  type TicketThread,
} from "./tickets.ts";

export type AdminTicketSort = "created" | "updated" | "priority" | "status";
export type AdminTicketFilters = { status: TicketStatus; priority: TicketPriority };
export type AdminTicketQuery = ListQuery<AdminTicketSort, AdminTicketFilters>;

export type AdminTicketRow = {
  id: string;
  subject: string;
  priority: TicketPriority;
  status: TicketStatus;
  createdAt: Date;
  updatedAt: Date;
  ownerName: string;
  ownerEmail: string;
  company: string | null;
};

/** low 1 … urgent 4, so "priority, descending" puts urgent first. */
const priorityRank = sql<number>`case ${supportTickets.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;
/** The statuses in the order of the machine: open, pending_admin, pending_user, resolved, closed. */
const statusRank = sql<number>`case ${supportTickets.status} when 'open' then 1 when 'pending_admin' then 2 when 'pending_user' then 3 when 'resolved' then 4 else 5 end`;

/**
 * One page of tickets with their owner and licensee. The search matches the subject, the owner's name and email
 * and the licensee's company; status and priority filter exactly.
 */
export async function listTicketsPage(
  db: DbOrTx,
  actor: Actor,
  query: AdminTicketQuery,
): Promise<Page<AdminTicketRow>> {
  assertAdmin(actor);
  const newestFirst = sql`${supportTickets.createdAt} desc`;
  const list = listSql(query, {
    sorts: {
      created: supportTickets.createdAt,
      updated: supportTickets.updatedAt,
      priority: { by: priorityRank, ties: [newestFirst] },
      status: { by: statusRank, ties: [newestFirst] },
    },
    search: [supportTickets.subject, user.name, user.email, licensees.companyName],
    tiebreak: supportTickets.id,
  });
  const { status, priority } = query.filters;
  const where = and(
    list.search,
    status ? eq(supportTickets.status, status) : undefined,
    priority ? eq(supportTickets.priority, priority) : undefined,
  );
  const rows = await db
    .select({
      id: supportTickets.id,
      subject: supportTickets.subject,
      priority: supportTickets.priority,
      status: supportTickets.status,
      createdAt: supportTickets.createdAt,
      updatedAt: supportTickets.updatedAt,
      ownerName: user.name,
      ownerEmail: user.email,
      company: licensees.companyName,
      total: totalCount(),
    })
    .from(supportTickets)
    .innerJoin(user, eq(user.id, supportTickets.userId))
    .leftJoin(licensees, eq(licensees.id, supportTickets.licenseeId))
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  return pageOf(rows, list, async () => {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(supportTickets)
      .innerJoin(user, eq(user.id, supportTickets.userId))
      .leftJoin(licensees, eq(licensees.id, supportTickets.licenseeId))
      .where(where);
    return c?.n ?? 0;
  });
}

/** Any ticket with its thread, for an administrator; 404 when there is none. */
export async function getTicketForAdmin(db: DbOrTx, actor: Actor, ticketId: string): Promise<TicketThread> {
  assertAdmin(actor);
  const thread = await readThread(db, ticketId, null);
  if (!thread) throw new TicketNotFoundError();
  return thread;
}

/** The version of any ticket, for an administrator's open thread; 404 when there is none. */
export async function adminTicketVersion(db: DbOrTx, actor: Actor, ticketId: string): Promise<string> {
  assertAdmin(actor);
  const version = await readTicketVersion(db, ticketId, null);
  if (version === null) throw new TicketNotFoundError();
  return version;
}

/**
 * An administrator replies: labelled Admin; a ticket in pending_admin becomes pending_user (any other status
 * stays); updated_at is refreshed and the ticket's owner is emailed.
 */
export async function replyAsAdmin(
  db: Database,
  actor: Actor,
  input: Omit<TicketReplyData, "intent">,
  opts: SupportOptions,
): Promise<{ replyId: string; status: TicketStatus }> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const { ticket, owner } = await lockTicket(tx, input.ticketId, null);
    const result = await insertReply(tx, ticket, { userId: actor.userId, isAdmin: true, message: input.message, now });
    await enqueueEmail(
      tx,
      replyToOwnerNotice({
        ...emailData({ ...ticket, status: result.status }, owner, opts.publicUrl),
        reply: input.message,
      }),
    );
    await recordAudit(tx, actor, {
      action: "support_ticket.reply",
      entityType: "support_ticket",
      entityId: ticket.id,
      details: { replyId: result.replyId, before: { status: ticket.status }, after: { status: result.status } },
    });
    return result;
  });
}

/** An administrator sets any status directly; updated_at is refreshed. Setting the same status changes nothing. */
export async function setTicketStatus(
  db: Database,
  actor: Actor,
  input: Omit<TicketStatusData, "intent">,
  opts: { now?: Date } = {},
): Promise<{ status: TicketStatus; changed: boolean }> {
  assertAdmin(actor);
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const { ticket } = await lockTicket(tx, input.ticketId, null);
    const status = nextTicketStatus(ticket.status, { type: "admin_set", status: input.status });
    if (status === ticket.status) return { status, changed: false };
    await tx.update(supportTickets).set({ status, updatedAt: now }).where(eq(supportTickets.id, ticket.id));
    await recordAudit(tx, actor, {
      action: "support_ticket.status",
      entityType: "support_ticket",
      entityId: ticket.id,
      details: { before: { status: ticket.status }, after: { status } },
    });
    return { status, changed: true };
  });
}
