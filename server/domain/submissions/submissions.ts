/**
 * The licensee's own leads (form_submissions), read for the portal. Rows are always read through the owner: the
 * licensee of `actor.userId`. A submission of another licensee, or one named by a malformed id, is "not found",
 * never "forbidden", so an id reveals nothing. The landing page's lead form writes them
 * (server/domain/landing-pages/leads.ts); nothing here writes.
 */
import { and, count, desc, eq } from "drizzle-orm";
import type { LeadBilling, LeadDisputeStatus } from "#kernel/enums.ts";
import { isUuid } from "#kernel/ids.ts";
import { pageWindow } from "#kernel/list-query.ts";
import type { DbOrTx } from "../../db/client.ts";
import { formSubmissions, licensees } from "../../db/schema/index.ts";
import type { Actor } from "../actor.ts";
import { NotFoundError } from "../errors.ts";
import { disputable } from "../landing-pages/lead-disputes.ts";
import type { Page } from "../lists/list-sql.ts";

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

/** One page of the caller's own submissions, newest first (ties: the id, so rows never swap pages). */
export async function listOwnSubmissions(
  db: DbOrTx,
  actor: Actor,
  query: { page: number; size: number },
): Promise<OwnSubmissionsPage> {
  const licenseeId = await ownLicenseeId(db, actor);
  if (!licenseeId) return { licensee: false, rows: [], total: 0 };
  const mine = eq(formSubmissions.licenseeId, licenseeId);
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
