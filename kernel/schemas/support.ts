/**
 * Support tickets: the forms of both sides (new ticket, reply, status change), the status and priority
 * vocabulary as shown, and the product's strings. Shared by the route actions (server), the domain and the
 * forms (browser). Browser-safe: zod only.
 */
import { z } from "zod";
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus } from "../enums.ts";
import { requiredText } from "./contact.ts";

export const TICKET_SUBJECT_MAX = 150;
export const TICKET_DESCRIPTION_MAX = 5000;
export const TICKET_REPLY_MAX = 5000;
/** A new ticket's priority unless the licensee picks another. */
export const DEFAULT_TICKET_PRIORITY: TicketPriority = "medium";

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  pending_admin: "Pending Admin",
  pending_user: "Pending User",
  resolved: "Resolved",
  closed: "Closed",
};

/**
 * How a status reads to the ticket's owner (the portal and the owner's emails): the desk's words name the side that
 * must act from the desk's point of view; the owner is told who the ticket waits for in theirs.
 */
export const OWNER_TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  pending_admin: "Awaiting our reply",
  pending_user: "Awaiting your reply",
  resolved: "Resolved",
  closed: "Closed",
};

export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

/** How a reply from an administrator is labelled on both sides. */
export const ADMIN_REPLY_LABEL = "Admin";

/** The product's strings (spec 2 §8), and the few this screen adds. */
export const TICKET_TEXT = {
  created: { title: "Ticket Created", message: "Your support ticket has been submitted." },
  replyPosted: "Reply posted",
  statusUpdated: "Status updated",
  emptyMine: "You have no support tickets.",
  emptyFilter: "No tickets found for this filter.",
  errorFetchingMine: "Error fetching your tickets",
  errorFetching: "Error fetching tickets",
  errorFetchingReplies: "Error fetching replies",
  errorPostingReply: "Error posting reply",
  errorCreating: "Error creating ticket",
  errorUpdatingStatus: "Error updating status",
  notFound: { title: "Ticket not found", message: "This ticket does not exist, or it is not yours to see." },
  replyRequired: "Please write a message before sending.",
} as const;

const ticketIdField = z.uuid(TICKET_TEXT.notFound.message);

/** The new-ticket dialog. The action's `intent` is "create". */
export const newTicketSchema = z.object({
  intent: z.literal("create"),
  subject: requiredText("Subject", TICKET_SUBJECT_MAX),
  description: requiredText("Description", TICKET_DESCRIPTION_MAX),
  priority: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? DEFAULT_TICKET_PRIORITY : v),
    z.enum(TICKET_PRIORITIES, "Choose a priority: low, medium, high or urgent."),
  ),
});
export type NewTicketData = z.output<typeof newTicketSchema>;

/** A reply on either side: blank or whitespace-only messages are refused. */
export const ticketReplySchema = z.object({
  intent: z.literal("reply"),
  ticketId: ticketIdField,
  message: z
    .string({ error: TICKET_TEXT.replyRequired })
    .trim()
    .min(1, TICKET_TEXT.replyRequired)
    .max(TICKET_REPLY_MAX, `Your reply must be at most ${TICKET_REPLY_MAX} characters.`),
});
export type TicketReplyData = z.output<typeof ticketReplySchema>;

/** The administrator's status selector: any status may be set directly. */
export const ticketStatusSchema = z.object({
  intent: z.literal("status"),
  ticketId: ticketIdField,
  status: z.enum(TICKET_STATUSES, "Choose one of the ticket statuses."),
});
export type TicketStatusData = z.output<typeof ticketStatusSchema>;

/** True when a reply would be sent: the send control stays disabled otherwise. */
export function isSendable(message: string): boolean {
  return message.trim().length > 0;
}
