/**
 * Support tickets on the licensee's side: their own tickets only, always read through the owner (`user_id` of the
 * signed-in user), so another user's ticket id answers 404 exactly like an id that does not exist. A user without
 * a licensee record can still open tickets (`licensee_id` stays null).
 *
 * Each write is one transaction: the ticket or reply, the status and updated_at (the status machine of
 * status.ts), the email to the support desk through the outbox and the audit row.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { TicketPriority, TicketStatus } from "#kernel/enums.ts";
import { isUuid } from "#kernel/ids.ts";
import {
  ADMIN_REPLY_LABEL,
  type NewTicketData,
  OWNER_TICKET_STATUS_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketReplyData,
} from "#kernel/schemas/support.ts";
import type { Database, DbOrTx, Tx } from "#server/db/client.ts";
import { licensees, supportTicketReplies, supportTickets, user } from "#server/db/schema/index.ts";
import {
  replyToDeskNotice,
  type TicketEmailData,
  ticketCreatedNotice,
} from "#server/integrations/email/support-templates.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { ForbiddenError } from "../errors.ts";
import { TicketNotFoundError } from "./errors.ts";
import { INITIAL_TICKET_STATUS, nextTicketStatus } from "./status.ts";

export type SupportOptions = {
  /** config.publicUrl: the emails link to the thread. */
  publicUrl: string;
  /** The support desk's address (config.supportEmail): a licensee's ticket or reply is sent there. */
  deskEmail: string;
  /** The clock (tests). */
  now?: Date;
};

export type TicketSummary = {
  id: string;
  subject: string;
  priority: TicketPriority;
  status: TicketStatus;
  createdAt: Date;
  updatedAt: Date;
};

export type ThreadMessage = {
  id: string;
  /** 'Admin' for an administrator's reply, otherwise the ticket owner's name. */
  author: string;
  isAdmin: boolean;
  message: string;
  createdAt: Date;
};

export type TicketThread = TicketSummary & {
  description: string;
  owner: { name: string; email: string; company: string | null };
  replies: ThreadMessage[];
  /** Changes whenever a reply arrives or the status changes: what the open thread polls for. */
  version: string;
};

/** The version of a ticket as the open thread compares it. */
export function ticketVersion(t: { status: TicketStatus; updatedAt: Date; replyCount: number }): string {
  return `${t.status}.${t.updatedAt.getTime()}.${t.replyCount}`;
}

const summaryColumns = {
  id: supportTickets.id,
  subject: supportTickets.subject,
  priority: supportTickets.priority,
  status: supportTickets.status,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
};

function requireSignedIn(actor: Actor): string {
  if (!actor.userId) throw new ForbiddenError("Please sign in to use support tickets.");
  return actor.userId;
}

/** The signed-in user's tickets, most recently updated first (spec 2 §7). */
export async function listMyTickets(db: DbOrTx, actor: Actor): Promise<TicketSummary[]> {
  const userId = requireSignedIn(actor);
  return db
    .select(summaryColumns)
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id));
}

/**
 * A ticket with its owner and replies (oldest first). `ownerId` narrows the read to one owner's tickets (the
 * licensee's side); without it any ticket is read (the administrator's side). Null when there is no such ticket.
 */
export async function readThread(db: DbOrTx, ticketId: string, ownerId: string | null): Promise<TicketThread | null> {
  if (!isUuid(ticketId)) return null;
  const [t] = await db
    .select({
      ...summaryColumns,
      description: supportTickets.description,
      ownerName: user.name,
      ownerEmail: user.email,
      company: licensees.companyName,
    })
    .from(supportTickets)
    .innerJoin(user, eq(user.id, supportTickets.userId))
    .leftJoin(licensees, eq(licensees.id, supportTickets.licenseeId))
    .where(and(eq(supportTickets.id, ticketId), ownerId === null ? undefined : eq(supportTickets.userId, ownerId)));
  if (!t) return null;
  const replies = await db
    .select({
      id: supportTicketReplies.id,
      isAdmin: supportTicketReplies.isAdmin,
      message: supportTicketReplies.message,
      createdAt: supportTicketReplies.createdAt,
    })
    .from(supportTicketReplies)
    .where(eq(supportTicketReplies.ticketId, t.id))
    .orderBy(asc(supportTicketReplies.createdAt), asc(supportTicketReplies.id));
  const { ownerName, ownerEmail, company, ...ticket } = t;
  return {
    ...ticket,
    owner: { name: ownerName, email: ownerEmail, company: company?.trim() ? company : null },
    replies: replies.map((r) => ({ ...r, author: r.isAdmin ? ADMIN_REPLY_LABEL : ownerName })),
    version: ticketVersion({ ...ticket, replyCount: replies.length }),
  };
}

/** One of the signed-in user's tickets with its thread; anyone else's (or none) is a 404. */
export async function getMyTicket(db: DbOrTx, actor: Actor, ticketId: string): Promise<TicketThread> {
  const thread = await readThread(db, ticketId, requireSignedIn(actor));
  if (!thread) throw new TicketNotFoundError();
  return thread;
}

/**
 * The version of a ticket (see {@link ticketVersion}) in one small read, for the open thread's polling.
 * `ownerId` as in {@link readThread}. Null when there is no such ticket.
 */
export async function readTicketVersion(db: DbOrTx, ticketId: string, ownerId: string | null): Promise<string | null> {
  if (!isUuid(ticketId)) return null;
  const [row] = await db
    .select({
      status: supportTickets.status,
      updatedAt: supportTickets.updatedAt,
      replyCount: sql<number>`count(${supportTicketReplies.id})`.mapWith(Number),
    })
    .from(supportTickets)
    .leftJoin(supportTicketReplies, eq(supportTicketReplies.ticketId, supportTickets.id))
    .where(and(eq(supportTickets.id, ticketId), ownerId === null ? undefined : eq(supportTickets.userId, ownerId)))
    .groupBy(supportTickets.id);
  return row ? ticketVersion(row) : null;
}

/** The version of one of the signed-in user's tickets; anyone else's (or none) is a 404. */
export async function myTicketVersion(db: DbOrTx, actor: Actor, ticketId: string): Promise<string> {
  const version = await readTicketVersion(db, ticketId, requireSignedIn(actor));
  if (version === null) throw new TicketNotFoundError();
  return version;
}

/** What the emails say about a ticket. */
export function emailData(
  t: { id: string; subject: string; priority: TicketPriority; status: TicketStatus },
  owner: { name: string; email: string; company: string | null },
  publicUrl: string,
): TicketEmailData {
  return {
    ticketId: t.id,
    subject: t.subject,
    priorityLabel: TICKET_PRIORITY_LABELS[t.priority],
    statusLabel: TICKET_STATUS_LABELS[t.status],
    ownerStatusLabel: OWNER_TICKET_STATUS_LABELS[t.status],
    ownerName: owner.name,
    ownerEmail: owner.email,
    company: owner.company,
    publicUrl,
  };
}

/** Opens a ticket (status open) for the signed-in user, about their licensee record if they have one. */
export async function createTicket(
  db: Database,
  actor: Actor,
  input: Omit<NewTicketData, "intent">,
  opts: SupportOptions,
): Promise<{ ticketId: string }> {
  const userId = requireSignedIn(actor);
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ name: user.name, email: user.email, licenseeId: licensees.id, company: licensees.companyName })
      .from(user)
      .leftJoin(licensees, eq(licensees.userId, user.id))
      .where(eq(user.id, userId));
    if (!owner) throw new ForbiddenError("Please sign in to use support tickets.");
    const [row] = await tx
      .insert(supportTickets)
      .values({
        userId,
        licenseeId: owner.licenseeId,
        subject: input.subject,
        description: input.description,
        priority: input.priority,
        status: INITIAL_TICKET_STATUS,
        createdAt: now,
        updatedAt: now,
      })
      .returning(summaryColumns);
    const ticket = row!;
    const company = owner.company?.trim() ? owner.company : null;
    await enqueueEmail(
      tx,
      ticketCreatedNotice(opts.deskEmail, {
        ...emailData(ticket, { name: owner.name, email: owner.email, company }, opts.publicUrl),
        description: input.description,
      }),
    );
    await recordAudit(tx, actor, {
      action: "support_ticket.create",
      entityType: "support_ticket",
      entityId: ticket.id,
      details: { priority: ticket.priority, licenseeId: owner.licenseeId },
    });
    return { ticketId: ticket.id };
  });
}

/** The ticket row, locked for the reply or status change; `ownerId` as in {@link readThread}. */
export async function lockTicket(tx: Tx, ticketId: string, ownerId: string | null) {
  if (!isUuid(ticketId)) throw new TicketNotFoundError();
  const [t] = await tx
    .select({ ...summaryColumns, userId: supportTickets.userId, licenseeId: supportTickets.licenseeId })
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), ownerId === null ? undefined : eq(supportTickets.userId, ownerId)))
    .for("update");
  if (!t) throw new TicketNotFoundError();
  const [owner] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, t.userId));
  const [lic] = t.licenseeId
    ? await tx.select({ company: licensees.companyName }).from(licensees).where(eq(licensees.id, t.licenseeId))
    : [];
  const company = lic?.company?.trim() ? lic.company : null;
  return { ticket: t, owner: { name: owner?.name ?? "", email: owner?.email ?? "", company } };
}

/** Inserts a reply and applies the status machine; updated_at is set to the reply's time. */
export async function insertReply(
  tx: Tx,
  ticket: { id: string; status: TicketStatus },
  reply: { userId: string | null; isAdmin: boolean; message: string; now: Date },
): Promise<{ replyId: string; status: TicketStatus }> {
  const status = nextTicketStatus(ticket.status, { type: reply.isAdmin ? "admin_reply" : "owner_reply" });
  const [row] = await tx
    .insert(supportTicketReplies)
    .values({
      ticketId: ticket.id,
      userId: reply.userId,
      isAdmin: reply.isAdmin,
      message: reply.message,
      createdAt: reply.now,
    })
    .returning({ id: supportTicketReplies.id });
  await tx.update(supportTickets).set({ status, updatedAt: reply.now }).where(eq(supportTickets.id, ticket.id));
  return { replyId: row!.id, status };
}

/**
 * The owner replies to their own ticket: the ticket becomes pending_admin, updated_at is refreshed and the
 * support desk is emailed. Someone else's ticket (or none) is a 404 and writes nothing.
 */
export async function replyAsOwner(
  db: Database,
  actor: Actor,
  input: Omit<TicketReplyData, "intent">,
  opts: SupportOptions,
): Promise<{ replyId: string; status: TicketStatus }> {
  const userId = requireSignedIn(actor);
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const { ticket, owner } = await lockTicket(tx, input.ticketId, userId);
    const result = await insertReply(tx, ticket, { userId, isAdmin: false, message: input.message, now });
    await enqueueEmail(
      tx,
      replyToDeskNotice(opts.deskEmail, {
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
