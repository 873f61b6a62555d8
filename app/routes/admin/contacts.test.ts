/**
 * The contacts screens through the admin guard, with real sessions: non-administrators are sent to /dashboard
 * before anything runs (list, board, detail, export, both actions); the list's status filter and search; the
 * board; the list action's intents (create with the form's rules, move, notes, delete) and its refusals; the
 * detail page's notes and status forms (redirect with a toast); the CSV export (file name, content type, the
 * filter honoured, formula cells neutralised).
 */
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMiddleware } from "#server/auth/guards.ts";
import { auditLog, contacts, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import {
  behindGuard,
  callRoute,
  formPost,
  type routeContext,
  signedUpAccount,
  TEST_ORIGIN,
  testServices,
} from "#server/web/test-support.ts";
import { action as detailAction, loader as detailLoader } from "./contact.tsx";
import { action as listAction, loader as listLoader } from "./contacts.tsx";
import { loader as exportLoader } from "./contacts-export.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
let admin: { cookie: string; id: string };
let member: { cookie: string; id: string };

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  admin = await signedUpAccount(s, "Morgan Boss", "boss-contacts@poundcodes.test");
  await t.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
  member = await signedUpAccount(s, "Dana Whitfield", "dana-contacts@example.com");
});
afterAll(() => t.close());

const guarded = (request: Request, fn: (context: ReturnType<typeof routeContext>) => Promise<unknown>) =>
  behindGuard(s, adminMiddleware, request, fn);
const get = (path: string, cookie: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });

const list = (cookie: string, search = "") => {
  const request = get(`/admin/contacts${search}`, cookie);
  return guarded(request, (context) => callRoute(listLoader, { request, context }));
};
const post = (cookie: string, fields: Record<string, string>) => {
  const request = formPost("/admin/contacts", fields, { cookie });
  return guarded(request, (context) => callRoute(listAction, { request, context }));
};
const view = (cookie: string, contactId: string) => {
  const request = get(`/admin/contacts/${contactId}`, cookie);
  return guarded(request, (context) => callRoute(detailLoader, { request, context, params: { contactId } }));
};
const postDetail = (cookie: string, contactId: string, fields: Record<string, string>) => {
  const request = formPost(`/admin/contacts/${contactId}`, fields, { cookie });
  return guarded(request, (context) => callRoute(detailAction, { request, context, params: { contactId } }));
};
let lastDownload: Response | null = null;
const download = (cookie: string, search = "") => {
  const request = get(`/admin/contacts/export.csv${search}`, cookie);
  return guarded(request, async (context) => {
    const answer = await callRoute(exportLoader, { request, context });
    lastDownload = answer instanceof Response ? answer.clone() : null;
    return answer;
  });
};

async function seed(fields: Partial<typeof contacts.$inferInsert> & { email: string }): Promise<string> {
  const [row] = await t.db.insert(contacts).values(fields).returning({ id: contacts.id });
  return row!.id;
}

type ListBody = {
  view: "list" | "board";
  list: { rows: { id: string; status: string }[]; total: number } | null;
  board: { columns: { status: string; total: number; cards: { id: string }[] }[] } | null;
  query: { filters: Record<string, string> };
};

describe("the admin contacts screens", () => {
  it("send a non-administrator to /dashboard from every loader and action, changing nothing", async () => {
    const id = await seed({ email: "guarded@example.com", name: "Guarded Lead" });
    for (const r of [
      await list(member.cookie),
      await list(member.cookie, "?view=board"),
      await view(member.cookie, id),
      await download(member.cookie),
      await post(member.cookie, { intent: "delete-contact", id }),
      await post(member.cookie, { intent: "move-contact", id, status: "closed_won" }),
      await postDetail(member.cookie, id, { intent: "save-notes", id, notes: "hijacked" }),
    ]) {
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/dashboard");
    }
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row).toMatchObject({ status: "new", notes: null });
  });

  it("lists with the status filter and search, and shows the board with one column per status", async () => {
    const a = await seed({ email: "ruth.list@example.com", name: "Ruth Listed", status: "qualified" });
    const b = await seed({ email: "sam.list@example.com", name: "Sam Listed", company: "Listed Legal" });
    const filtered = (await list(admin.cookie, "?status=qualified&q=listed")).body as ListBody;
    expect(filtered.view).toBe("list");
    expect(filtered.list!.rows.map((r) => r.id)).toEqual([a]);
    const searched = (await list(admin.cookie, "?q=LISTED")).body as ListBody;
    expect(searched.list!.rows.map((r) => r.id).sort()).toEqual([a, b].sort());
    const bogus = (await list(admin.cookie, "?status=won")).body as ListBody;
    expect(bogus.query.filters).toEqual({});

    const board = (await list(admin.cookie, "?view=board&q=listed")).body as ListBody;
    expect(board.view).toBe("board");
    expect(board.board!.columns).toHaveLength(8);
    expect(board.board!.columns.find((c) => c.status === "qualified")!.cards.map((c) => c.id)).toEqual([a]);
    expect(board.board!.columns.find((c) => c.status === "new")!.cards.map((c) => c.id)).toEqual([b]);
  });

  it("creates with the admin form's rules, moves, saves notes and deletes, each answered and audited", async () => {
    const created = await post(admin.cookie, {
      intent: "save-contact",
      name: "Nadia Farouk",
      email: "Nadia.Farouk@Example.com",
      status: "new",
      source: "",
      followUpDate: "",
      territoryId: "none",
      categoryId: "none",
    });
    expect(created.body).toEqual({ ok: true, title: "Contact created", message: "Nadia Farouk has been saved." });
    const [row] = await t.db.select().from(contacts).where(eq(contacts.email, "nadia.farouk@example.com"));
    expect(row).toMatchObject({ source: "manual_entry", followUpDate: null, territoryId: null, status: "new" });

    const moved = await post(admin.cookie, { intent: "move-contact", id: row!.id, status: "negotiation" });
    expect(moved.body).toEqual({ ok: true, title: "Status updated", message: "Nadia Farouk is now Negotiation." });
    const notes = await post(admin.cookie, { intent: "save-notes", id: row!.id, notes: "Wants a 24-month term." });
    expect(notes.body).toMatchObject({ ok: true, title: "Notes saved" });
    const [after] = await t.db.select().from(contacts).where(eq(contacts.id, row!.id));
    expect(after).toMatchObject({ status: "negotiation", notes: "Wants a 24-month term." });

    const deleted = await post(admin.cookie, { intent: "delete-contact", id: row!.id });
    expect(deleted.body).toEqual({ ok: true, title: "Contact deleted", message: "Nadia Farouk has been deleted." });
    expect(await t.db.select().from(contacts).where(eq(contacts.id, row!.id))).toHaveLength(0);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(actions.map((a) => a.action).sort()).toEqual(
      ["contact.create", "contact.delete", "contact.notes", "contact.status"].sort(),
    );
  });

  it("refuses a missing email with the field's message and the typed values, and a gone contact with 404", async () => {
    const r = await post(admin.cookie, { intent: "save-contact", name: "No Email", email: "", status: "new" });
    expect(r.status).toBe(400);
    const body = r.body as {
      ok: false;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(body.result.error.email).toEqual(["Email is required."]);
    expect(body.result.initialValue.name).toBe("No Email");
    const gone = await post(admin.cookie, { intent: "delete-contact", id: "00000000-0000-4000-8000-000000000000" });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ ok: false, title: "Error deleting contact" });
  });

  it("shows one contact with its message, saves notes and status from the detail page, and 404s unknown ids", async () => {
    const id = await seed({
      email: "leo.detail@example.com",
      name: "Leo Detail",
      subject: "Pricing",
      message: "Is #HELP open in Nevada?",
      source: "contact_form",
    });
    const r = await view(admin.cookie, id);
    expect(r.body).toMatchObject({ contact: { id, message: "Is #HELP open in Nevada?", subject: "Pricing" } });
    const notes = await postDetail(admin.cookie, id, { intent: "save-notes", id, notes: "Called back." });
    expect(notes.status).toBe(302);
    expect(notes.headers.get("location")).toBe(`/admin/contacts/${id}`);
    expect(notes.headers.get("set-cookie")).toContain("pc_flash=");
    const status = await postDetail(admin.cookie, id, { intent: "move-contact", id, status: "on_hold" });
    expect(status.status).toBe(302);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row).toMatchObject({ notes: "Called back.", status: "on_hold" });
    expect((await view(admin.cookie, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await view(admin.cookie, "not-a-uuid")).status).toBe(404);
  });

  it("exports what the list shows as a CSV download, formula cells neutralised", async () => {
    await seed({ email: "x.export@example.com", name: "=1+1 Export", status: "proposal", company: "@Export Co" });
    await seed({ email: "y.export@example.com", name: "Plain Export", status: "new" });
    const r = await download(admin.cookie, "?status=proposal&q=export");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("content-disposition")).toMatch(
      /^attachment; filename="contacts-proposal-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // A UTF-8 byte-order mark first, for spreadsheet programs (Response.text() drops it again).
    const bytes = new Uint8Array(await lastDownload!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<Record<string, string>>(String(r.body), { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Name: "'=1+1 Export", Company: "'@Export Co", Email: "x.export@example.com" });
  });
});
