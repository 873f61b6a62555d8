/** The demo licensee's support tickets and their replies (an admin's reply has no user). */
import type { Tx } from "../../client.ts";
import { supportTicketReplies, supportTickets } from "../../schema/index.ts";
import { DEMO_SUPPORT_TICKETS } from "../data/demo-licensee.ts";
import { need } from "../need.ts";

/** Inserts the tickets; returns their ids by subject. */
async function insertTickets(tx: Tx, userId: string, licenseeId: string): Promise<ReadonlyMap<string, string>> {
  const rows = await tx
    .insert(supportTickets)
    .values(
      DEMO_SUPPORT_TICKETS.map((t) => ({
        userId,
        licenseeId,
        subject: t.subject,
        description: t.description,
        priority: t.priority,
        status: t.status,
        createdAt: new Date(t.createdAt),
        updatedAt: new Date(t.updatedAt),
      })),
    )
    .returning({ id: supportTickets.id, subject: supportTickets.subject });
  return new Map(rows.map((r) => [r.subject, r.id]));
}

/** The tickets are the demo user's, about its licensee. */
export async function seedSupportTickets(tx: Tx, userId: string, licenseeId: string): Promise<void> {
  const ticketIds = await insertTickets(tx, userId, licenseeId);
  await tx.insert(supportTicketReplies).values(
    DEMO_SUPPORT_TICKETS.flatMap((t) =>
      t.replies.map((r) => ({
        ticketId: need(ticketIds, t.subject, "ticket"),
        userId: r.isAdmin ? null : userId,
        isAdmin: r.isAdmin,
        message: r.message,
        createdAt: new Date(r.createdAt),
      })),
    ),
  );
}
