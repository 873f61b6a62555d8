/**
 * Contacts and leads on the administrator's side (/admin/contacts; spec 2 §2–§5, §8): the list (search on name,
 * email and company, a pipeline status filter, sort, pages), the board (one column per status), one contact with
 * the message it came with, the CSV export, and the writes: create, update, a status change (a board move), the
 * notes, delete. Each write is one transaction with its audit row, and every verb refuses a caller who is not an
 * administrator, whatever the route in front of it did. The public forms' writes are in ./contacts.ts.
 *
 * The export honours the list's search, status filter and sort, and is bounded: it is built in memory from at
 * most {@link MAX_EXPORT_ROWS} rows, and a larger selection is refused with a message asking to narrow it (never
 * cut short silently). Each export is audited (who, which filter, how many rows), since it takes personal data
 * off the site.
 */
import { and, asc, desc, eq, lte, type SQL, sql } from "drizzle-orm";
import { CONTACT_STATUSES, type ContactStatus } from "#kernel/enums.ts";
import type { ListQuery } from "#kernel/list-query.ts";
import {
  type AdminContactDetail,
  type AdminContactRow,
  type BoardColumn,
  CONTACT_STATUS_LABELS,
  CONTACTS_TEXT,
  type ContactChoices,
  type ContactFormData,
  type ContactNotesData,
  contactDisplayName,
  contactSourceLabel,
  type DeleteContactData,
  type MoveContactData,
} from "#kernel/schemas/contacts-admin.ts";
import type { Database, DbOrTx, Tx } from "#server/db/client.ts";
import { categories, contacts, territories } from "#server/db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { DomainError, NotFoundError, ValidationError } from "../errors.ts";
import { listSql, type Page, pageOf, searchCondition, totalCount } from "../lists/list-sql.ts";
import { toCsv } from "./csv.ts";

export type ContactSort = "created" | "updated" | "name" | "company" | "followUp" | "status";
export type ContactFilters = { status: ContactStatus };
export type ContactListQuery = ListQuery<ContactSort, ContactFilters>;

/** The most rows one export may hold; far above today's pipeline, it bounds the memory one download can take. */
export const MAX_EXPORT_ROWS = 20_000;
/** The most cards one board column shows; the column says how many more there are. */
export const BOARD_COLUMN_LIMIT = 50;

/** The contact named by the form or the address does not exist (any more). */
export class ContactNotFoundError extends NotFoundError {
  override name = "ContactNotFoundError";
  constructor(title: string) {
    super("contact_not_found", title, CONTACTS_TEXT.notFound);
  }
}

/** More contacts match than one export may hold: narrow the list first. */
export class ExportTooLargeError extends DomainError {
  override name = "ExportTooLargeError";
  constructor(count: number, max: number = MAX_EXPORT_ROWS) {
    super({
      code: "export_too_large",
      status: 422,
      title: CONTACTS_TEXT.errorExporting,
      message: CONTACTS_TEXT.tooManyToExport(count, max),
    });
  }
}

/** The pipeline's order (spec 2 §4): new 1 … on_hold 8, for sorting by status. */
const statusRank = sql<number>`case ${contacts.status} ${sql.join(
  CONTACT_STATUSES.map((s, i) => sql`when ${s} then ${sql.raw(String(i + 1))}`),
  sql` `,
)} else ${sql.raw(String(CONTACT_STATUSES.length + 1))} end`;

const SEARCHED = [contacts.name, contacts.email, contacts.company] as const;

const rowFields = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  company: contacts.company,
  source: contacts.source,
  status: contacts.status,
  notes: contacts.notes,
  followUpDate: contacts.followUpDate,
  territoryId: contacts.territoryId,
  territoryName: sql<string | null>`${territories.name}`,
  categoryId: contacts.categoryId,
  categoryName: sql<string | null>`${categories.name}`,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

/** The list's search and status filter as one condition (shared by the list, the board and the export). */
function listWhere(query: Pick<ContactListQuery, "q" | "filters">): SQL | undefined {
  return and(
    searchCondition(query.q, SEARCHED),
    query.filters.status ? eq(contacts.status, query.filters.status) : undefined,
  );
}

function listOf(query: ContactListQuery) {
  return listSql(query, {
    sorts: {
      created: contacts.createdAt,
      updated: contacts.updatedAt,
      name: sql`lower(${contacts.name})`,
      company: sql`lower(${contacts.company})`,
      followUp: contacts.followUpDate,
      status: { by: statusRank, ties: [desc(contacts.createdAt)] },
    },
    search: SEARCHED,
    tiebreak: contacts.id,
  });
}

/** One page of contacts with their territory and #Code, searched, filtered by status and sorted as asked. */
export async function listContactsForAdmin(
  db: DbOrTx,
  actor: Actor,
  query: ContactListQuery,
): Promise<Page<AdminContactRow>> {
  assertAdmin(actor);
  const list = listOf(query);
  const where = listWhere(query);
  const rows = await db
    .select({ ...rowFields, total: totalCount() })
    .from(contacts)
    .leftJoin(territories, eq(territories.id, contacts.territoryId))
    .leftJoin(categories, eq(categories.id, contacts.categoryId))
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  return pageOf(rows, list, () => db.$count(contacts, where));
}

/**
 * The board: one column per pipeline status, in the pipeline's order, each with how many contacts it holds and
 * its first {@link BOARD_COLUMN_LIMIT} cards (soonest follow-up first, then newest). The search narrows every
 * column; the status filter does not apply (the columns are the statuses).
 */
export async function contactBoard(
  db: DbOrTx,
  actor: Actor,
  query: Pick<ContactListQuery, "q">,
  opts: { perColumn?: number } = {},
): Promise<{ columns: BoardColumn[]; total: number }> {
  assertAdmin(actor);
  const perColumn = Math.max(1, Math.min(opts.perColumn ?? BOARD_COLUMN_LIMIT, 500));
  const ranked = db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      company: contacts.company,
      source: contacts.source,
      status: contacts.status,
      followUpDate: contacts.followUpDate,
      createdAt: contacts.createdAt,
      place:
        sql<number>`row_number() over (partition by ${contacts.status} order by ${contacts.followUpDate} asc nulls last, ${contacts.createdAt} desc, ${contacts.id} desc)`
          .mapWith(Number)
          .as("place"),
      inStatus: sql<number>`count(*) over (partition by ${contacts.status})`.mapWith(Number).as("in_status"),
    })
    .from(contacts)
    .where(searchCondition(query.q, SEARCHED))
    .as("ranked");
  const rows = await db.select().from(ranked).where(lte(ranked.place, perColumn)).orderBy(asc(ranked.place));
  const columns = CONTACT_STATUSES.map((status): BoardColumn => ({ status, total: 0, cards: [] }));
  const byStatus = new Map(columns.map((c) => [c.status, c]));
  for (const { place: _place, inStatus, ...card } of rows) {
    const column = byStatus.get(card.status);
    if (!column) continue;
    column.total = inStatus;
    column.cards.push(card);
  }
  return { columns, total: columns.reduce((n, c) => n + c.total, 0) };
}

/** One contact, in full: the message it came with, its notes, territory and #Code. */
export async function getContactForAdmin(db: DbOrTx, actor: Actor, id: string): Promise<AdminContactDetail> {
  assertAdmin(actor);
  const [row] = await db
    .select({ ...rowFields, subject: contacts.subject, message: contacts.message })
    .from(contacts)
    .leftJoin(territories, eq(territories.id, contacts.territoryId))
    .leftJoin(categories, eq(categories.id, contacts.categoryId))
    .where(eq(contacts.id, id));
  if (!row) throw new ContactNotFoundError(CONTACTS_TEXT.errorFetching);
  return row;
}

/** The territories and #Codes the form offers (besides None). */
export async function contactFormChoices(db: DbOrTx, actor: Actor): Promise<ContactChoices> {
  assertAdmin(actor);
  const [ts, cs] = await Promise.all([
    db
      .select({ value: territories.id, label: sql<string>`${territories.name} || ' (' || ${territories.state} || ')'` })
      .from(territories)
      .orderBy(asc(territories.state), asc(territories.name), asc(territories.id)),
    db
      .select({ value: categories.id, label: categories.name })
      .from(categories)
      .orderBy(asc(categories.name), asc(categories.id)),
  ]);
  return { territories: ts, categories: cs };
}

/** What an administrator edits on a contact (subject and message are what the lead wrote: set only on create). */
type Editable = {
  name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  source: string;
  status: ContactStatus;
  followUpDate: string | null;
  territoryId: string | null;
  categoryId: string | null;
  notes: string | null;
};
const EDITABLE_KEYS: readonly (keyof Editable)[] = [
  "name",
  "email",
  "phone",
  "company",
  "source",
  "status",
  "followUpDate",
  "territoryId",
  "categoryId",
  "notes",
];

function changes<T extends Record<string, unknown>>(current: T, next: T, keys: readonly (keyof T)[]) {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  for (const key of keys) {
    if (current[key] !== next[key]) {
      before[key] = current[key];
      after[key] = next[key];
    }
  }
  return { before, after, changed: Object.keys(after).length > 0 };
}

async function refuseMissingLinks(tx: Tx, v: Pick<Editable, "territoryId" | "categoryId">, title: string) {
  if (v.territoryId) {
    const [t] = await tx.select({ id: territories.id }).from(territories).where(eq(territories.id, v.territoryId));
    if (!t) throw new ValidationError({ territoryId: [CONTACTS_TEXT.territoryNotFound] }, title);
  }
  if (v.categoryId) {
    const [c] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, v.categoryId));
    if (!c) throw new ValidationError({ categoryId: [CONTACTS_TEXT.categoryNotFound] }, title);
  }
}

async function lockContact(tx: Tx, id: string, title: string) {
  const [current] = await tx.select().from(contacts).where(eq(contacts.id, id)).for("update");
  if (!current) throw new ContactNotFoundError(title);
  return current;
}

/**
 * Creates the contact (no `id`) or updates it (`id`), with the admin form's rules already applied by its schema:
 * the email is required, a blank follow-up date is no date, a blank source is manual_entry, a territory or #Code
 * of None is null. An update changes only what differs (and writes nothing when nothing does); subject and message
 * stay as the lead wrote them.
 */
export async function saveContact(
  db: Database,
  actor: Actor,
  input: ContactFormData,
): Promise<{ id: string; name: string; created: boolean; changed: boolean }> {
  assertAdmin(actor);
  const title = input.id ? CONTACTS_TEXT.errorUpdating : CONTACTS_TEXT.errorCreating;
  const fields: Editable = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: input.company,
    source: input.source,
    status: input.status,
    followUpDate: input.followUpDate,
    territoryId: input.territoryId,
    categoryId: input.categoryId,
    notes: input.notes,
  };
  const name = contactDisplayName(fields);
  const id = input.id;
  if (!id) {
    return db.transaction(async (tx) => {
      await refuseMissingLinks(tx, fields, title);
      const values = { ...fields, subject: input.subject, message: input.message };
      const [row] = await tx.insert(contacts).values(values).returning({ id: contacts.id });
      await recordAudit(tx, actor, {
        action: "contact.create",
        entityType: "contact",
        entityId: row!.id,
        details: { source: fields.source, email: fields.email, after: values },
      });
      return { id: row!.id, name, created: true, changed: true };
    });
  }
  return db.transaction(async (tx) => {
    const current = await lockContact(tx, id, title);
    await refuseMissingLinks(tx, fields, title);
    const diff = changes<Editable>(current, fields, EDITABLE_KEYS);
    if (diff.changed) {
      await tx
        .update(contacts)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(contacts.id, id));
      await recordAudit(tx, actor, {
        action: "contact.update",
        entityType: "contact",
        entityId: id,
        details: { before: diff.before, after: diff.after },
      });
    }
    return { id, name, created: false, changed: diff.changed };
  });
}

/** Moves the contact to another pipeline status (a board move, or the detail page's selector); audited. */
export async function setContactStatus(
  db: Database,
  actor: Actor,
  input: Omit<MoveContactData, "intent">,
): Promise<{ id: string; name: string; status: ContactStatus; changed: boolean }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const current = await lockContact(tx, input.id, CONTACTS_TEXT.errorMoving);
    const name = contactDisplayName(current);
    if (current.status === input.status) return { id: input.id, name, status: input.status, changed: false };
    await tx.update(contacts).set({ status: input.status, updatedAt: sql`now()` }).where(eq(contacts.id, input.id));
    await recordAudit(tx, actor, {
      action: "contact.status",
      entityType: "contact",
      entityId: input.id,
      details: { before: { status: current.status }, after: { status: input.status } },
    });
    return { id: input.id, name, status: input.status, changed: true };
  });
}

/** Replaces the contact's notes (blank clears them); audited with the before and after. */
export async function saveContactNotes(
  db: Database,
  actor: Actor,
  input: Omit<ContactNotesData, "intent">,
): Promise<{ id: string; name: string; changed: boolean }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const current = await lockContact(tx, input.id, CONTACTS_TEXT.errorSavingNotes);
    const name = contactDisplayName(current);
    if (current.notes === input.notes) return { id: input.id, name, changed: false };
    await tx.update(contacts).set({ notes: input.notes, updatedAt: sql`now()` }).where(eq(contacts.id, input.id));
    await recordAudit(tx, actor, {
      action: "contact.notes",
      entityType: "contact",
      entityId: input.id,
      details: { before: { notes: current.notes }, after: { notes: input.notes } },
    });
    return { id: input.id, name, changed: true };
  });
}

/** Deletes the contact; the audit row keeps what it held. */
export async function deleteContact(
  db: Database,
  actor: Actor,
  input: Omit<DeleteContactData, "intent">,
): Promise<{ name: string }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const current = await lockContact(tx, input.id, CONTACTS_TEXT.errorDeleting);
    await tx.delete(contacts).where(eq(contacts.id, input.id));
    await recordAudit(tx, actor, {
      action: "contact.delete",
      entityType: "contact",
      entityId: input.id,
      details: { before: current },
    });
    return { name: contactDisplayName(current) };
  });
}

type ExportRow = AdminContactRow & { subject: string | null; message: string | null };

const EXPORT_COLUMNS = [
  { header: "Name", value: (r: ExportRow) => r.name },
  { header: "Email", value: (r: ExportRow) => r.email },
  { header: "Phone", value: (r: ExportRow) => r.phone },
  { header: "Company", value: (r: ExportRow) => r.company },
  { header: "Status", value: (r: ExportRow) => CONTACT_STATUS_LABELS[r.status] ?? r.status },
  { header: "Source", value: (r: ExportRow) => contactSourceLabel(r.source) },
  { header: "Follow-up date", value: (r: ExportRow) => r.followUpDate },
  { header: "Territory", value: (r: ExportRow) => r.territoryName },
  { header: "#Code", value: (r: ExportRow) => r.categoryName },
  { header: "Subject", value: (r: ExportRow) => r.subject },
  { header: "Message", value: (r: ExportRow) => r.message },
  { header: "Notes", value: (r: ExportRow) => r.notes },
  { header: "Created", value: (r: ExportRow) => r.createdAt.toISOString() },
  { header: "Updated", value: (r: ExportRow) => r.updatedAt.toISOString() },
] as const;

/** The download's file name: the filter (if any) and the day, e.g. contacts-qualified-2026-11-23.csv. */
export function exportFileName(query: Pick<ContactListQuery, "filters">, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `contacts-${query.filters.status ? `${query.filters.status.replace(/_/g, "-")}-` : ""}${day}.csv`;
}

/**
 * The contacts the list shows (its search, status filter and sort; every page), as CSV with formula cells
 * neutralised (./csv.ts). Refused when more than {@link MAX_EXPORT_ROWS} match. Audited.
 */
export async function exportContacts(
  db: Database,
  actor: Actor,
  query: ContactListQuery,
  opts: { now?: Date; maxRows?: number } = {},
): Promise<{ csv: string; filename: string; count: number }> {
  assertAdmin(actor);
  const maxRows = opts.maxRows ?? MAX_EXPORT_ROWS;
  const where = listWhere(query);
  const count = Number(await db.$count(contacts, where));
  if (count > maxRows) throw new ExportTooLargeError(count, maxRows);
  const list = listOf(query);
  const rows = await db
    .select({ ...rowFields, subject: contacts.subject, message: contacts.message })
    .from(contacts)
    .leftJoin(territories, eq(territories.id, contacts.territoryId))
    .leftJoin(categories, eq(categories.id, contacts.categoryId))
    .where(where)
    .orderBy(...list.orderBy)
    .limit(maxRows);
  await recordAudit(db, actor, {
    action: "contact.export",
    entityType: "contact",
    entityId: null,
    details: { q: query.q || null, status: query.filters.status ?? null, sort: query.sort, count: rows.length },
  });
  return {
    csv: toCsv(rows, EXPORT_COLUMNS),
    filename: exportFileName(query, opts.now ?? new Date()),
    count: rows.length,
  };
}
