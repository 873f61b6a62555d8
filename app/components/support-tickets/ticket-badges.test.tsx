/**
 * A licensee never reads the desk's status words ('Pending Admin'): the portal says who the ticket waits for in the
 * owner's words (as the owner's emails do: server/domain/support/owner-status.test.ts); the admin screens keep the
 * spec's.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TICKET_STATUSES } from "#kernel/enums.ts";
import { OWNER_TICKET_STATUS_LABELS, TICKET_STATUS_LABELS } from "#kernel/schemas/support.ts";
import { TicketStatusBadge } from "./ticket-badges.tsx";
import { TicketList } from "./ticket-list.tsx";

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe("a ticket's status", () => {
  it("reads in the owner's words on the owner's side and in the spec's on the desk's", () => {
    expect(OWNER_TICKET_STATUS_LABELS.pending_admin).toBe("Awaiting our reply");
    expect(OWNER_TICKET_STATUS_LABELS.pending_user).toBe("Awaiting your reply");
    for (const status of TICKET_STATUSES) {
      expect(html(<TicketStatusBadge status={status} side="owner" />)).toContain(
        `>${OWNER_TICKET_STATUS_LABELS[status]}<`,
      );
      expect(html(<TicketStatusBadge status={status} />)).toContain(`>${TICKET_STATUS_LABELS[status]}<`);
    }
  });

  it("never shows 'Pending Admin' or 'Pending User' in the licensee's list", () => {
    const tickets = (["pending_admin", "pending_user"] as const).map((status, i) => ({
      id: `t${i}`,
      subject: `Ticket ${i}`,
      priority: "medium" as const,
      status,
      createdAt: "2026-11-20T12:00:00.000Z",
      updatedAt: "2026-11-20T12:00:00.000Z",
    }));
    const out = html(<TicketList tickets={tickets} selectedId={null} hrefFor={(id) => `?ticket=${id}`} />);
    expect(out).toContain("Awaiting our reply");
    expect(out).toContain("Awaiting your reply");
    expect(out).not.toMatch(/Pending (Admin|User)/);
  });
});
