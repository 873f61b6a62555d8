/**
 * The figures on the admin dashboard: what is waiting for an administrator right now. Each figure is one count,
 * read in one round trip.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";

export type AdminOverview = {
  /** Holds still running (status active). */
  openReservations: number;
  /** Agreements drafted and not yet signed. */
  pendingAgreements: number;
  /** Tickets not yet resolved or closed. */
  openTickets: number;
  /** Contacts (the CRM's leads: contact form, inquiries, reservations, manual entries) created in the last seven days. */
  newLeadsThisWeek: number;
  /** Licensees' landing-page edits waiting for approval. */
  pendingPageEdits: number;
};

export async function adminOverview(db: DbOrTx, now: Date = new Date()): Promise<AdminOverview> {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3_600_000);
  const result = await db.execute<Record<keyof AdminOverview, number | string>>(sql`
    select
      (select count(*) from reservations where status = 'active') as "openReservations",
      (select count(*) from agreements where status = 'pending') as "pendingAgreements",
      (select count(*) from support_tickets where status in ('open', 'pending_admin', 'pending_user')) as "openTickets",
      (select count(*) from contacts where created_at >= ${weekAgo.toISOString()}::timestamptz) as "newLeadsThisWeek",
      (select count(*) from dynamic_page_revisions where status = 'pending') as "pendingPageEdits"`);
  const row = result.rows[0];
  return {
    openReservations: Number(row?.openReservations ?? 0),
    pendingAgreements: Number(row?.pendingAgreements ?? 0),
    openTickets: Number(row?.openTickets ?? 0),
    newLeadsThisWeek: Number(row?.newLeadsThisWeek ?? 0),
    pendingPageEdits: Number(row?.pendingPageEdits ?? 0),
  };
}
