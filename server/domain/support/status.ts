/**
 * The ticket status machine (spec 2 §4): a new ticket starts open; a reply from the ticket's owner sets
 * pending_admin; a reply from an administrator on a ticket in pending_admin sets pending_user and leaves any
 * other status as it is; an administrator may set any status directly. Every reply also refreshes updated_at,
 * which the reply transaction does. Pure functions: the verbs in tickets.ts and admin.ts apply them.
 */
import type { TicketStatus } from "#kernel/enums.ts";

/** The status of a ticket when it is created. */
export const INITIAL_TICKET_STATUS: TicketStatus = "open";

/** What happens to a ticket. */
export type TicketEvent =
  | { type: "owner_reply" }
  | { type: "admin_reply" }
  | { type: "admin_set"; status: TicketStatus };

/** The status after `event` on a ticket in `current`. */
export function nextTicketStatus(current: TicketStatus, event: TicketEvent): TicketStatus {
  switch (event.type) {
    case "owner_reply":
      return "pending_admin";
    case "admin_reply":
      return current === "pending_admin" ? "pending_user" : current;
    case "admin_set":
      return event.status;
  }
}
