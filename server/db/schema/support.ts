/** Support tickets and their replies. */
import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus } from "#kernel/enums.ts";
import { user } from "./auth.ts";
import { checkIn, createdAt, id, updatedAt } from "./columns.ts";
import { licensees } from "./licensees.ts";

/**
 * A ticket starts open; a licensee reply sets pending_admin; an admin reply on pending_admin sets pending_user;
 * an admin may set any status. updated_at is refreshed on every reply (set it explicitly in the reply transaction).
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    licenseeId: uuid("licensee_id").references(() => licensees.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    priority: text("priority").$type<TicketPriority>().notNull().default("medium"),
    status: text("status").$type<TicketStatus>().notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn("support_tickets_priority_check", t.priority, TICKET_PRIORITIES),
    checkIn("support_tickets_status_check", t.status, TICKET_STATUSES),
    index("support_tickets_user_idx").on(t.userId, t.updatedAt.desc()),
    index("support_tickets_licensee_idx").on(t.licenseeId),
    index("support_tickets_status_idx").on(t.status, t.updatedAt.desc()),
  ],
);

/** user_id is null once the author's account is deleted; is_admin keeps the 'Admin' label. */
export const supportTicketReplies = pgTable(
  "support_ticket_replies",
  {
    id: id(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("support_ticket_replies_ticket_idx").on(t.ticketId, t.createdAt),
    index("support_ticket_replies_user_idx").on(t.userId),
  ],
);

export type SupportTicket = typeof supportTickets.$inferSelect;
export type NewSupportTicket = typeof supportTickets.$inferInsert;
export type SupportTicketReply = typeof supportTicketReplies.$inferSelect;
export type NewSupportTicketReply = typeof supportTicketReplies.$inferInsert;
