/**
 * What the administrators' command palette finds by name: licensees, territories, #Codes, vanity numbers,
 * reservations and support tickets, a few of each, each with the screen that opens it. Every word typed must appear
 * in one of a record's searched fields (the lists' own rule, searchCondition).
 */
import { desc, eq } from "drizzle-orm";
import { TICKET_STATUS_LABELS } from "#kernel/schemas/support.ts";
import type { SearchHit } from "#kernel/search.ts";
import type { DbOrTx } from "#server/db/client.ts";
import {
  categories,
  licensees,
  reservations,
  supportTickets,
  territories,
  vanityNumbers,
} from "#server/db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { searchCondition } from "../lists/list-sql.ts";

const EACH = 5;

/** A reservation's status as the palette names it. */
const HOLD_STATUS: Record<string, string> = {
  active: "Held",
  converted: "Licensed",
  cancelled: "Released",
  expired: "Expired",
};

/** Up to five records of each kind matching `q` (at least two characters; fewer finds nothing). */
export async function searchRecords(db: DbOrTx, actor: Actor, q: string): Promise<SearchHit[]> {
  assertAdmin(actor);
  const text = q.trim().slice(0, 100);
  if (text.length < 2) return [];
  const [people, places, codes, numbers, holds, tickets] = await Promise.all([
    db
      .select({
        userId: licensees.userId,
        company: licensees.companyName,
        contact: licensees.contactName,
        email: licensees.email,
      })
      .from(licensees)
      .where(searchCondition(text, [licensees.companyName, licensees.contactName, licensees.email]))
      .orderBy(licensees.companyName)
      .limit(EACH),
    db
      .select({ id: territories.id, name: territories.name, state: territories.state })
      .from(territories)
      .where(searchCondition(text, [territories.name, territories.state]))
      .orderBy(territories.name)
      .limit(EACH),
    db
      .select({ id: categories.id, name: categories.name, slug: categories.slug })
      .from(categories)
      .where(searchCondition(text, [categories.name, categories.slug]))
      .orderBy(categories.name)
      .limit(EACH),
    db
      .select({ id: vanityNumbers.id, numberText: vanityNumbers.numberText, name: vanityNumbers.name })
      .from(vanityNumbers)
      .where(searchCondition(text, [vanityNumbers.numberText, vanityNumbers.name]))
      .orderBy(vanityNumbers.numberText)
      .limit(EACH),
    db
      .select({
        id: reservations.id,
        name: reservations.name,
        email: reservations.email,
        territory: territories.name,
        status: reservations.status,
      })
      .from(reservations)
      .innerJoin(territories, eq(territories.id, reservations.territoryId))
      .where(searchCondition(text, [reservations.name, reservations.email, reservations.company, territories.name]))
      .orderBy(desc(reservations.createdAt))
      .limit(EACH),
    db
      .select({ id: supportTickets.id, subject: supportTickets.subject, status: supportTickets.status })
      .from(supportTickets)
      .where(searchCondition(text, [supportTickets.subject]))
      .orderBy(desc(supportTickets.createdAt))
      .limit(EACH),
  ]);
  return [
    ...people.map((p) => ({
      kind: "licensee" as const,
      id: p.userId,
      label: p.company || p.contact || p.email,
      detail: p.email,
      href: `/admin/users/${encodeURIComponent(p.userId)}`,
    })),
    ...places.map((t) => ({
      kind: "territory" as const,
      id: t.id,
      label: t.name,
      detail: t.state,
      href: `/admin/territories/${t.id}`,
    })),
    ...codes.map((c) => ({
      kind: "code" as const,
      id: c.id,
      label: c.name,
      detail: "#Code",
      href: `/admin/categories?q=${encodeURIComponent(c.name)}`,
    })),
    ...numbers.map((n) => ({
      kind: "number" as const,
      id: n.id,
      label: n.numberText,
      detail: n.name ?? "Vanity number",
      href: `/admin/vanity-numbers/${n.id}`,
    })),
    ...holds.map((r) => ({
      kind: "reservation" as const,
      id: r.id,
      label: `${r.name} · ${r.territory}`,
      detail: `${r.email} · ${HOLD_STATUS[r.status] ?? r.status}`,
      href: `/admin/reservations?q=${encodeURIComponent(r.email)}`,
    })),
    ...tickets.map((t) => ({
      kind: "ticket" as const,
      id: t.id,
      label: t.subject,
      detail: TICKET_STATUS_LABELS[t.status],
      href: `/admin/support-tickets/${t.id}`,
    })),
  ];
}
