import { describe, expect, it } from "vitest";
import { TICKET_STATUSES, type TicketStatus } from "#kernel/enums.ts";
import { INITIAL_TICKET_STATUS, nextTicketStatus } from "./status.ts";

/** Spec 2 §4, every status × every event. */
describe("the ticket status machine", () => {
  it("starts a new ticket open", () => {
    expect(INITIAL_TICKET_STATUS).toBe("open");
  });

  it.each(TICKET_STATUSES)("a reply from the owner sets pending_admin (from %s)", (from) => {
    expect(nextTicketStatus(from, { type: "owner_reply" })).toBe("pending_admin");
  });

  const afterAdminReply: Record<TicketStatus, TicketStatus> = {
    open: "open",
    pending_admin: "pending_user",
    pending_user: "pending_user",
    resolved: "resolved",
    closed: "closed",
  };
  it.each(TICKET_STATUSES)("a reply from an administrator on %s", (from) => {
    expect(nextTicketStatus(from, { type: "admin_reply" })).toBe(afterAdminReply[from]);
  });

  const pairs = TICKET_STATUSES.flatMap((from) => TICKET_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)("an administrator may set %s to %s directly", (from, to) => {
    expect(nextTicketStatus(from, { type: "admin_set", status: to })).toBe(to);
  });
});
