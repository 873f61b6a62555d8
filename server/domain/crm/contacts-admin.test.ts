/**
 * Contacts and leads on the administrator's side, on both databases: the form's rules (email required and valid,
 * a blank follow-up date omitted, a blank source → manual_entry, None → no link), create and update with audit
 * rows (only what changed; subject and message kept), the list (status filter, case-insensitive search on name,
 * email and company, pages, sorts), the board (pipeline columns, counts, the per-column bound), board moves, notes,
 * delete, the CSV export (filter, search, sort, neutralised formula cells, the bound), all-or-nothing writes, and
 * non-administrators refused with nothing written.
 */

import { and, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_STATUSES, type ContactStatus } from "#kernel/enums.ts";
import {
  CONTACTS_TEXT,
  contactFormSchema,
  contactNotesSchema,
  MANUAL_ENTRY_SOURCE,
  moveContactSchema,
} from "#kernel/schemas/contacts-admin.ts";
import { auditLog, categories, contacts } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { ADMIN, MEMBER, seedTerritory } from "../catalogue/test-fixtures.ts";
import { DomainError, ForbiddenError, ValidationError } from "../errors.ts";
import {
  type ContactListQuery,
  ContactNotFoundError,
  contactBoard,
  contactFormChoices,
  deleteContact,
  ExportTooLargeError,
  exportContacts,
  getContactForAdmin,
  listContactsForAdmin,
  saveContact,
  saveContactNotes,
  setContactStatus,
} from "./contacts-admin.ts";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

let seq = 0;
/** A word no other test's rows contain, so searches see only this test's contacts. */
const tag = () => `zq${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const form = (fields: Record<string, unknown>) =>
  contactFormSchema.parse({ intent: "save-contact", status: "new", ...fields });

const query = (over: Partial<ContactListQuery> = {}): ContactListQuery => ({
  q: "",
  sort: "created",
  dir: "desc",
  page: 1,
  size: 50,
  filters: {},
  ...over,
});

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

const auditOf = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "contact"), eq(auditLog.entityId, id)))
    .orderBy(auditLog.createdAt);

async function seedCategory(): Promise<string> {
  const slug = `hash-${tag()}`;
  const [row] = await t.db
    .insert(categories)
    .values({ name: `#${slug.slice(5).toUpperCase()}`, slug })
    .returning({ id: categories.id });
  return row!.id;
}

/** A contact as the public form leaves it, with the fields given. */
async function seedContact(fields: Partial<typeof contacts.$inferInsert> & { email: string }): Promise<string> {
  const [row] = await t.db
    .insert(contacts)
    .values({ source: "contact_form", ...fields })
    .returning({ id: contacts.id });
  return row!.id;
}

/** Makes every audit insert fail while `fn` runs: the last step of each verb, to prove all-or-nothing. */
async function withAuditRefused(fn: () => Promise<unknown>): Promise<unknown> {
  await t.db.execute(
    sql.raw(`create or replace function pc_test_refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit write refused by test'; end $$`),
  );
  await t.db.execute(
    sql.raw(
      "create trigger pc_test_refuse_audit before insert on audit_log for each row execute function pc_test_refuse_audit()",
    ),
  );
  try {
    return await fn().catch((e: unknown) => e);
  } finally {
    await t.db.execute(sql.raw("drop trigger pc_test_refuse_audit on audit_log"));
    await t.db.execute(sql.raw("drop function pc_test_refuse_audit()"));
  }
}

describe("the admin contact form schema (spec 2 §5)", () => {
  it("requires the email and checks it is an address", () => {
    const missing = contactFormSchema.safeParse({ intent: "save-contact", status: "new", email: "  " });
    expect(missing.error?.issues.map((i) => i.message)).toContain("Email is required.");
    const bad = contactFormSchema.safeParse({ intent: "save-contact", status: "new", email: "not-an-address" });
    expect(bad.error?.issues.map((i) => i.message)).toContain("Please enter a valid email address.");
  });

  it("omits a blank follow-up date, turns a blank source into manual_entry and None into no link", () => {
    const v = form({ email: "Lead@Example.com", followUpDate: "", source: "  ", territoryId: "none", categoryId: "" });
    expect(v).toMatchObject({
      email: "lead@example.com",
      followUpDate: null,
      source: MANUAL_ENTRY_SOURCE,
      territoryId: null,
      categoryId: null,
      name: null,
      phone: null,
      notes: null,
    });
    expect(form({ email: "a@example.com", source: " referral ", followUpDate: "2026-12-08" })).toMatchObject({
      source: "referral",
      followUpDate: "2026-12-08",
    });
  });

  it("refuses a follow-up date that is not a real day, a bad phone and an unknown status", () => {
    for (const followUpDate of ["2026-02-30", "08/12/2026", "tomorrow"]) {
      const r = contactFormSchema.safeParse({
        intent: "save-contact",
        status: "new",
        email: "a@example.com",
        followUpDate,
      });
      expect(r.error?.issues.map((i) => i.path.join("."))).toContain("followUpDate");
    }
    const phone = contactFormSchema.safeParse({ intent: "save-contact", status: "new", email: "a@b.co", phone: "12" });
    expect(phone.success).toBe(false);
    const status = contactFormSchema.safeParse({ intent: "save-contact", status: "won", email: "a@b.co" });
    expect(status.error?.issues.map((i) => i.message)).toContain("Choose a status.");
  });
});

describe("saveContact", () => {
  it("creates a contact with the form's rules applied, linked to a territory and #Code, and audits it", async () => {
    const territoryId = await seedTerritory(t.db);
    const categoryId = await seedCategory();
    const email = `${tag()}@example.com`;
    const saved = await saveContact(
      t.db,
      ADMIN,
      form({
        name: "Priya Natarajan",
        email,
        phone: "(404) 555-0142",
        company: "Natarajan Injury Law",
        message: "Met at the Atlanta bar conference; wants #4LAW for Georgia.",
        source: "",
        followUpDate: "",
        status: "qualified",
        territoryId,
        categoryId,
        notes: "Call after the holidays.",
      }),
    );
    expect(saved).toMatchObject({ name: "Priya Natarajan", created: true });
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, saved.id));
    expect(row).toMatchObject({
      email,
      source: "manual_entry",
      followUpDate: null,
      status: "qualified",
      territoryId,
      categoryId,
      message: "Met at the Atlanta bar conference; wants #4LAW for Georgia.",
      notes: "Call after the holidays.",
    });
    const audit = await auditOf(saved.id);
    expect(audit.map((a) => a.action)).toEqual(["contact.create"]);
    expect(audit[0]!.details).toMatchObject({ source: "manual_entry", email });
    expect(audit[0]!.ip).toBe(ADMIN.ip);

    const detail = await getContactForAdmin(t.db, ADMIN, saved.id);
    expect(detail.territoryName).toMatch(/^Territory /);
    expect(detail.categoryName).toMatch(/^#/);
  });

  it("updates only what changed, keeps the lead's subject and message, and audits before and after", async () => {
    const email = `${tag()}@example.com`;
    const id = await seedContact({
      name: "Owen Park",
      email,
      subject: "Pricing",
      message: "How much is #HELP in Oregon?",
      followUpDate: "2026-12-01",
    });
    const r = await saveContact(
      t.db,
      ADMIN,
      form({ id, name: "Owen Park", email, source: "contact_form", status: "contacted", followUpDate: "" }),
    );
    expect(r).toMatchObject({ created: false, changed: true, name: "Owen Park" });
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row).toMatchObject({
      status: "contacted",
      followUpDate: null,
      subject: "Pricing",
      message: "How much is #HELP in Oregon?",
    });
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["contact.update"]);
    expect(audit[0]!.details).toEqual({
      before: { status: "new", followUpDate: "2026-12-01" },
      after: { status: "contacted", followUpDate: null },
    });

    // the same values again: nothing written, nothing audited
    const again = await saveContact(
      t.db,
      ADMIN,
      form({ id, name: "Owen Park", email, source: "contact_form", status: "contacted" }),
    );
    expect(again.changed).toBe(false);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("refuses a territory or #Code that does not exist as a field error, writing nothing", async () => {
    const email = `${tag()}@example.com`;
    const gone = "00000000-0000-4000-8000-000000000000";
    const err = await refusal(saveContact(t.db, ADMIN, form({ email, territoryId: gone })));
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.fieldErrors).toEqual({ territoryId: [CONTACTS_TEXT.territoryNotFound] });
    expect(err.title).toBe(CONTACTS_TEXT.errorCreating);
    const cat = await refusal(saveContact(t.db, ADMIN, form({ email, categoryId: gone })));
    expect(cat.fieldErrors).toEqual({ categoryId: [CONTACTS_TEXT.categoryNotFound] });
    expect(await t.db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(0);
  });

  it("refuses to update a contact that is gone (404)", async () => {
    const err = await refusal(
      saveContact(t.db, ADMIN, form({ id: "00000000-0000-4000-8000-000000000001", email: "x@example.com" })),
    );
    expect(err).toBeInstanceOf(ContactNotFoundError);
    expect(err.status).toBe(404);
    expect(err.title).toBe(CONTACTS_TEXT.errorUpdating);
  });

  it("writes nothing when the audit row cannot be written (one transaction)", async () => {
    const email = `${tag()}@example.com`;
    const err = await withAuditRefused(() => saveContact(t.db, ADMIN, form({ email })));
    expect(err).toBeInstanceOf(Error);
    expect(await t.db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(0);
    const id = await seedContact({ email });
    await withAuditRefused(() => setContactStatus(t.db, ADMIN, { id, status: "qualified" }));
    await withAuditRefused(() => saveContactNotes(t.db, ADMIN, { id, notes: "lost" }));
    await withAuditRefused(() => deleteContact(t.db, ADMIN, { id }));
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row).toMatchObject({ status: "new", notes: null });
  });
});

describe("listContactsForAdmin", () => {
  it("filters by status, searches name, email and company case-insensitively, and pages", async () => {
    const k = tag();
    const a = await seedContact({ name: `Alma ${k}`, email: `alma.${k}@example.com`, status: "new" });
    const b = await seedContact({ name: "Bruno Diaz", email: `bruno@${k}.example.com`, status: "qualified" });
    const c = await seedContact({ name: "Cora Lee", email: "cora@example.com", company: `${k.toUpperCase()} Roofing` });
    await seedContact({ name: "Dev Null", email: "dev@example.com", notes: `mentions ${k} only in notes` });

    const all = await listContactsForAdmin(t.db, ADMIN, query({ q: k }));
    expect(all.total).toBe(3);
    expect(new Set(all.rows.map((r) => r.id))).toEqual(new Set([a, b, c]));

    const upper = await listContactsForAdmin(t.db, ADMIN, query({ q: k.toUpperCase() }));
    expect(upper.total).toBe(3);

    const qualified = await listContactsForAdmin(t.db, ADMIN, query({ q: k, filters: { status: "qualified" } }));
    expect(qualified.rows.map((r) => r.id)).toEqual([b]);

    const byName = await listContactsForAdmin(t.db, ADMIN, query({ q: k, sort: "name", dir: "asc", size: 2 }));
    expect(byName.total).toBe(3);
    expect(byName.rows.map((r) => r.id)).toEqual([a, b]);
    const page2 = await listContactsForAdmin(t.db, ADMIN, query({ q: k, sort: "name", dir: "asc", size: 2, page: 2 }));
    expect(page2.rows.map((r) => r.id)).toEqual([c]);
    const past = await listContactsForAdmin(t.db, ADMIN, query({ q: k, size: 2, page: 5 }));
    expect(past).toEqual({ rows: [], total: 3 });
  });

  it("sorts by the pipeline's order and by follow-up date (empty dates last)", async () => {
    const k = tag();
    const won = await seedContact({ name: k, email: `w.${k}@example.com`, status: "closed_won" });
    const fresh = await seedContact({
      name: k,
      email: `n.${k}@example.com`,
      status: "new",
      followUpDate: "2026-12-20",
    });
    const hold = await seedContact({
      name: k,
      email: `h.${k}@example.com`,
      status: "on_hold",
      followUpDate: "2026-12-02",
    });
    const byStatus = await listContactsForAdmin(t.db, ADMIN, query({ q: k, sort: "status", dir: "asc" }));
    expect(byStatus.rows.map((r) => r.id)).toEqual([fresh, won, hold]);
    const byFollowUp = await listContactsForAdmin(t.db, ADMIN, query({ q: k, sort: "followUp", dir: "asc" }));
    expect(byFollowUp.rows.map((r) => r.id)).toEqual([hold, fresh, won]);
    const desc = await listContactsForAdmin(t.db, ADMIN, query({ q: k, sort: "followUp", dir: "desc" }));
    expect(desc.rows.map((r) => r.id)).toEqual([fresh, hold, won]);
  });

  it("finds a search term with LIKE wildcards literally", async () => {
    const k = tag();
    await seedContact({ name: `${k} 100% Legal`, email: `p.${k}@example.com` });
    await seedContact({ name: `${k} 1000 Legal`, email: `q.${k}@example.com` });
    const r = await listContactsForAdmin(t.db, ADMIN, query({ q: `${k} 100%` }));
    expect(r.rows.map((x) => x.name)).toEqual([`${k} 100% Legal`]);
  });
});

describe("contactBoard", () => {
  it("has one column per status in the pipeline's order, with counts, bounded cards and the search applied", async () => {
    const k = tag();
    for (let i = 0; i < 3; i++)
      await seedContact({ name: `${k} q${i}`, email: `q${i}.${k}@example.com`, status: "qualified" });
    const soon = await seedContact({
      name: `${k} soon`,
      email: `s.${k}@example.com`,
      status: "qualified",
      followUpDate: "2026-11-30",
    });
    await seedContact({ name: `${k} won`, email: `w.${k}@example.com`, status: "closed_won", company: "Acme" });

    const board = await contactBoard(t.db, ADMIN, { q: k }, { perColumn: 2 });
    expect(board.columns.map((c) => c.status)).toEqual([...CONTACT_STATUSES]);
    expect(board.total).toBe(5);
    const qualified = board.columns.find((c) => c.status === "qualified")!;
    expect(qualified.total).toBe(4);
    expect(qualified.cards).toHaveLength(2);
    expect(qualified.cards[0]!.id).toBe(soon);
    const won = board.columns.find((c) => c.status === "closed_won")!;
    expect(won).toMatchObject({ total: 1, cards: [{ company: "Acme", source: "contact_form" }] });
    expect(board.columns.find((c) => c.status === "new")).toEqual({ status: "new", total: 0, cards: [] });
  });
});

describe("setContactStatus (board moves)", () => {
  it("moves the contact and audits the change; the same status writes nothing", async () => {
    const id = await seedContact({ name: "Mira Holt", email: `${tag()}@example.com` });
    const parsed = moveContactSchema.parse({ intent: "move-contact", id, status: "proposal" });
    const r = await setContactStatus(t.db, ADMIN, parsed);
    expect(r).toMatchObject({ name: "Mira Holt", status: "proposal", changed: true });
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row!.status).toBe("proposal");
    expect((await auditOf(id)).map((a) => [a.action, a.details])).toEqual([
      ["contact.status", { before: { status: "new" }, after: { status: "proposal" } }],
    ]);
    expect((await setContactStatus(t.db, ADMIN, { id, status: "proposal" })).changed).toBe(false);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("refuses a status outside the pipeline and a contact that is gone", async () => {
    expect(
      moveContactSchema.safeParse({ intent: "move-contact", id: crypto.randomUUID(), status: "won" }).success,
    ).toBe(false);
    const err = await refusal(
      setContactStatus(t.db, ADMIN, { id: "00000000-0000-4000-8000-000000000002", status: "contacted" }),
    );
    expect(err.status).toBe(404);
    expect(err.title).toBe(CONTACTS_TEXT.errorMoving);
  });
});

describe("saveContactNotes", () => {
  it("saves and clears the notes, audited with before and after", async () => {
    const id = await seedContact({ email: `${tag()}@example.com`, notes: "Old note" });
    await saveContactNotes(t.db, ADMIN, contactNotesSchema.parse({ intent: "save-notes", id, notes: " New note " }));
    expect((await getContactForAdmin(t.db, ADMIN, id)).notes).toBe("New note");
    await saveContactNotes(t.db, ADMIN, contactNotesSchema.parse({ intent: "save-notes", id, notes: "" }));
    expect((await getContactForAdmin(t.db, ADMIN, id)).notes).toBeNull();
    expect((await auditOf(id)).map((a) => a.details)).toEqual([
      { before: { notes: "Old note" }, after: { notes: "New note" } },
      { before: { notes: "New note" }, after: { notes: null } },
    ]);
  });
});

describe("deleteContact", () => {
  it("deletes the contact and keeps what it held in the audit row; a second delete is 404", async () => {
    const email = `${tag()}@example.com`;
    const id = await seedContact({ name: "Tess Ward", email, message: "Please call me." });
    expect(await deleteContact(t.db, ADMIN, { id })).toEqual({ name: "Tess Ward" });
    expect(await t.db.select().from(contacts).where(eq(contacts.id, id))).toHaveLength(0);
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({
      action: "contact.delete",
      details: { before: { email, message: "Please call me." } },
    });
    const again = await refusal(deleteContact(t.db, ADMIN, { id }));
    expect(again).toBeInstanceOf(ContactNotFoundError);
    expect(again.title).toBe(CONTACTS_TEXT.errorDeleting);
  });
});

describe("exportContacts", () => {
  const parse = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;

  it("exports what the list shows (search, status filter, sort) with formula cells neutralised, and audits", async () => {
    const k = tag();
    await seedContact({
      name: `${k} Zed`,
      email: `z.${k}@example.com`,
      status: "qualified",
      followUpDate: "2026-12-08",
    });
    await seedContact({
      name: `=HYPERLINK("http://evil.example","${k}")`,
      email: `e.${k}@example.com`,
      company: "+1 Legal",
      notes: "-2+3",
      message: "@SUM(A1:A2)",
      status: "qualified",
    });
    await seedContact({ name: `${k} Other`, email: `o.${k}@example.com`, status: "new" });

    const out = await exportContacts(
      t.db,
      ADMIN,
      query({ q: k, filters: { status: "qualified" }, sort: "name", dir: "asc" }),
      { now: new Date("2026-11-23T12:00:00Z") },
    );
    expect(out.filename).toBe("contacts-qualified-2026-11-23.csv");
    expect(out.count).toBe(2);
    expect(out.csv.split("\r\n")[0]).toBe(
      "Name,Email,Phone,Company,Status,Source,Follow-up date,Territory,#Code,Subject,Message,Notes,Created,Updated",
    );
    const rows = parse(out.csv);
    expect(rows.map((r) => r.Email)).toEqual([`e.${k}@example.com`, `z.${k}@example.com`]);
    expect(rows[0]).toMatchObject({
      Name: `'=HYPERLINK("http://evil.example","${k}")`,
      Company: "'+1 Legal",
      Notes: "'-2+3",
      Message: "'@SUM(A1:A2)",
      Status: "Qualified",
      Source: "Contact form",
    });
    expect(rows[1]).toMatchObject({ Name: `${k} Zed`, "Follow-up date": "2026-12-08" });

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "contact.export"), sql`${auditLog.details}->>'q' = ${k}`));
    expect(audit?.details).toMatchObject({ q: k, status: "qualified", count: 2 });

    const everyStatus = await exportContacts(t.db, ADMIN, query({ q: k }));
    expect(everyStatus.filename).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(parse(everyStatus.csv)).toHaveLength(3);
  });

  it("refuses more rows than one export may hold, asking to narrow the list", async () => {
    const k = tag();
    for (let i = 0; i < 3; i++) await seedContact({ name: k, email: `${i}.${k}@example.com` });
    const err = await refusal(exportContacts(t.db, ADMIN, query({ q: k }), { maxRows: 2 }));
    expect(err).toBeInstanceOf(ExportTooLargeError);
    expect(err.message).toBe(CONTACTS_TEXT.tooManyToExport(3, 2));
  });
});

describe("authorization", () => {
  it("refuses every verb to a caller who is not an administrator, writing nothing", async () => {
    const email = `${tag()}@example.com`;
    const id = await seedContact({ email });
    const calls: Promise<unknown>[] = [
      listContactsForAdmin(t.db, MEMBER, query()),
      contactBoard(t.db, MEMBER, { q: "" }),
      getContactForAdmin(t.db, MEMBER, id),
      contactFormChoices(t.db, MEMBER),
      saveContact(t.db, MEMBER, form({ email: `other.${email}` })),
      saveContact(t.db, MEMBER, form({ id, email, status: "closed_won" })),
      setContactStatus(t.db, MEMBER, { id, status: "closed_lost" as ContactStatus }),
      saveContactNotes(t.db, MEMBER, { id, notes: "x" }),
      deleteContact(t.db, MEMBER, { id }),
      exportContacts(t.db, MEMBER, query()),
      listContactsForAdmin(t.db, { userId: null }, query()),
    ];
    for (const call of calls) expect(await refusal(call)).toBeInstanceOf(ForbiddenError);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row).toMatchObject({ status: "new", notes: null });
    expect(
      await t.db
        .select()
        .from(contacts)
        .where(eq(contacts.email, `other.${email}`)),
    ).toHaveLength(0);
    expect(await auditOf(id)).toHaveLength(0);
  });

  it("offers the territories and #Codes as choices to an administrator", async () => {
    const territoryId = await seedTerritory(t.db);
    const choices = await contactFormChoices(t.db, ADMIN);
    expect(choices.territories.find((c) => c.value === territoryId)?.label).toMatch(
      /^Territory [A-Z]{2} \([A-Z]{2}\)$/,
    );
    expect(choices.categories.length).toBeGreaterThan(0);
  });
});
