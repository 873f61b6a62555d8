/**
 * The licensee's own leads (form_submissions), read for the portal. Rows are always read through the owner: the
 * licensee of `actor.userId`. A submission of another licensee, or one named by a malformed id, is "not found",
 * never "forbidden", so an id reveals nothing. The landing page's lead form writes them
 * (server/domain/landing-pages/leads.ts); the firm moves them along its pipeline (status, notes) and exports them.
 */
import { and, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { LeadBilling, LeadDisputeStatus, LeadStatus } from "#kernel/enums.ts";
import { isUuid } from "#kernel/ids.ts";
import { pageWindow, searchTerms } from "#kernel/list-query.ts";
import type { Database, DbOrTx } from "../../db/client.ts";
import { formSubmissions, licensees } from "../../db/schema/index.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { toCsv } from "../crm/csv.ts";
import { NotFoundError } from "../errors.ts";
import { disputable } from "../landing-pages/lead-disputes.ts";
import type { Page } from "../lists/list-sql.ts";
import { containsPattern } from "../lists/list-sql.ts";

export type SubmissionView = {
  id: string;
  formType: string;
  /** null displays as 'New'. */
  status: string | null;
  data: Record<string, string>;
  createdAt: Date;
  /** How a landing-page lead was billed (null for older rows and other forms) and what it cost. */
  billing: LeadBilling | null;
  billedCents: number;
  disputeStatus: LeadDisputeStatus | null;
  disputeNote: string | null;
  /** The firm's own notes. */
  notes: string | null;
  /** Billed, undisputed and within the dispute window. */
  disputable: boolean;
};

/** The portal's own leads, newest first; `licensee` is false for an account with no licensee record. */
export type OwnSubmissionsPage = Page<SubmissionView> & { licensee: boolean };

export class SubmissionNotFoundError extends NotFoundError {
  constructor() {
    super("submission_not_found", "Submission not found", "This submission does not exist or is not yours to see.");
  }
}

const columns = {
  id: formSubmissions.id,
  formType: formSubmissions.formType,
  status: formSubmissions.status,
  data: formSubmissions.submissionData,
  createdAt: formSubmissions.createdAt,
  billing: formSubmissions.billing,
  billedCents: formSubmissions.billedCents,
  disputeStatus: formSubmissions.disputeStatus,
  disputeNote: formSubmissions.disputeNote,
  notes: formSubmissions.notes,
};

/** The licensee id of the signed-in user, or null (a visitor, or an account without a licensee record). */
async function ownLicenseeId(db: DbOrTx, actor: Actor): Promise<string | null> {
  if (!actor.userId) return null;
  const [row] = await db.select({ id: licensees.id }).from(licensees).where(eq(licensees.userId, actor.userId));
  return row?.id ?? null;
}

/** Only text values are shown; anything else a form stored is dropped rather than rendered as "[object Object]". */
function textOnly(data: Record<string, unknown> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data ?? {})) {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[k] = String(v);
  }
  return out;
}

type Row = Omit<SubmissionView, "data" | "disputable"> & { data: unknown };

const view = (r: Row): SubmissionView => ({
  ...r,
  data: textOnly(r.data as Record<string, unknown> | null),
  disputable: disputable(r, new Date()),
});

export type SubmissionsQuery = { page: number; size: number; q?: string; status?: LeadStatus };

/** The caller's leads matching a search (name, email, phone, message, source) and a pipeline status. */
function matching(licenseeId: string, query: Pick<SubmissionsQuery, "q" | "status">): SQL {
  const terms = searchTerms(query.q ?? "");
  const text = sql`concat_ws(' ', ${formSubmissions.submissionData}->>'name', ${formSubmissions.submissionData}->>'email', ${formSubmissions.submissionData}->>'phone', ${formSubmissions.submissionData}->>'message', ${formSubmissions.submissionData}->>'source', ${formSubmissions.notes})`;
  const status =
    query.status === "new"
      ? or(isNull(formSubmissions.status), eq(formSubmissions.status, "new"))
      : query.status
        ? eq(formSubmissions.status, query.status)
        : undefined;
  return and(
    eq(formSubmissions.licenseeId, licenseeId),
    status,
    ...terms.map((t) => sql`${text} ilike ${containsPattern(t)}`),
  ) as SQL;
}

/** One page of the caller's own submissions, newest first (ties: the id, so rows never swap pages). */
export async function listOwnSubmissions(
  db: DbOrTx,
  actor: Actor,
  query: SubmissionsQuery,
): Promise<OwnSubmissionsPage> {
  const licenseeId = await ownLicenseeId(db, actor);
  if (!licenseeId) return { licensee: false, rows: [], total: 0 };
  const mine = matching(licenseeId, query);
  const { limit, offset } = pageWindow(query);
  const [rows, [totals]] = await Promise.all([
    db
      .select(columns)
      .from(formSubmissions)
      .where(mine)
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(formSubmissions).where(mine),
  ]);
  return { licensee: true, rows: rows.map(view), total: Number(totals?.n ?? 0) };
}

/** At most this many leads in one export. */
export const SUBMISSIONS_EXPORT_LIMIT = 10_000;

/** The caller's leads matching the list's search and status, as CSV (formula-like cells neutralised). */
export async function exportOwnSubmissions(
  db: DbOrTx,
  actor: Actor,
  query: Pick<SubmissionsQuery, "q" | "status">,
): Promise<{ csv: string; filename: string }> {
  const licenseeId = await ownLicenseeId(db, actor);
  if (!licenseeId) throw new SubmissionNotFoundError();
  const rows = (
    await db
      .select(columns)
      .from(formSubmissions)
      .where(matching(licenseeId, query))
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(SUBMISSIONS_EXPORT_LIMIT)
  ).map(view);
  const csv = toCsv(rows, [
    { header: "Received", value: (r) => r.createdAt.toISOString() },
    { header: "Name", value: (r) => r.data.name ?? "" },
    { header: "Email", value: (r) => r.data.email ?? "" },
    { header: "Phone", value: (r) => r.data.phone ?? "" },
    { header: "Message", value: (r) => r.data.message ?? "" },
    { header: "Source", value: (r) => r.data.source ?? "" },
    { header: "Status", value: (r) => r.status ?? "new" },
    { header: "Billing", value: (r) => r.billing ?? "" },
    { header: "Billed (USD)", value: (r) => (r.billedCents / 100).toFixed(2) },
    { header: "Notes", value: (r) => r.notes ?? "" },
  ]);
  return { csv, filename: `leads-${new Date().toISOString().slice(0, 10)}.csv` };
}

/** The firm moves a lead along its pipeline and keeps notes on it. */
export async function updateOwnSubmission(
  db: Database,
  actor: Actor,
  id: string,
  input: { status: LeadStatus; notes: string },
): Promise<SubmissionView> {
  if (!isUuid(id)) throw new SubmissionNotFoundError();
  const licenseeId = await ownLicenseeId(db, actor);
  if (!licenseeId) throw new SubmissionNotFoundError();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(formSubmissions)
      .where(and(eq(formSubmissions.id, id), eq(formSubmissions.licenseeId, licenseeId)))
      .for("update");
    if (!before) throw new SubmissionNotFoundError();
    const notes = input.notes.trim() || null;
    const [after] = await tx
      .update(formSubmissions)
      .set({ status: input.status, notes })
      .where(eq(formSubmissions.id, id))
      .returning(columns);
    await recordAudit(tx, actor, {
      action: "form_submission.update",
      entityType: "form_submission",
      entityId: id,
      details: { before: { status: before.status, notes: before.notes }, after: { status: input.status, notes } },
    });
    return view(after!);
  });
}

/**
 * One of the caller's own submissions.
 * @throws SubmissionNotFoundError when the id is malformed, unknown or another licensee's
 */
export async function getOwnSubmission(db: DbOrTx, actor: Actor, id: string): Promise<SubmissionView> {
  if (!isUuid(id)) throw new SubmissionNotFoundError();
  const licenseeId = await ownLicenseeId(db, actor);
  if (!licenseeId) throw new SubmissionNotFoundError();
  const [row] = await db
    .select(columns)
    .from(formSubmissions)
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.licenseeId, licenseeId)));
  if (!row) throw new SubmissionNotFoundError();
  return view(row);
}
