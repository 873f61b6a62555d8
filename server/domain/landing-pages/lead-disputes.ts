/**
 * Disputes of billed leads (docs/decisions/016-lead-billing.md): the firm disputes a billed lead within
 * {@link LEAD_DISPUTE_DAYS} days with a reason; an administrator accepts it (the fee is credited back to the wallet,
 * once: the credit's ledger reference is the lead's) or declines it with a note. The firm is emailed either way;
 * every step is audited.
 */
import { and, desc, eq } from "drizzle-orm";
import { formatCents } from "#kernel/format.ts";
import { isUuid } from "#kernel/ids.ts";
import type { Database } from "#server/db/client.ts";
import { formSubmissions, licensees } from "#server/db/schema/index.ts";
import { leadDisputed, leadDisputeResolved } from "#server/integrations/email/public-templates.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { DomainError, NotFoundError, ValidationError } from "../errors.ts";
import { type LedgerOptions, recordLedgerEntry } from "../wallet/ledger.ts";
import { LEAD_DISPUTE_DAYS } from "./lead-billing.ts";

export class LeadNotFoundError extends NotFoundError {
  override name = "LeadNotFoundError";
  constructor() {
    super("lead_not_found", "Not Found", "This lead does not exist or is not yours.");
  }
}

export class LeadNotDisputableError extends DomainError {
  override name = "LeadNotDisputableError";
  constructor(message: string) {
    super({ code: "lead_not_disputable", status: 409, title: "Cannot Dispute", message });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a lead may still be disputed: billed, not disputed yet, within the window. */
export function disputable(
  l: { billing: string | null; disputeStatus: string | null; createdAt: Date },
  now: Date,
): boolean {
  return (
    l.billing === "billed" && !l.disputeStatus && now.getTime() - l.createdAt.getTime() <= LEAD_DISPUTE_DAYS * DAY_MS
  );
}

/** The firm disputes one of its billed leads. */
export async function disputeLead(
  db: Database,
  actor: Actor,
  input: { submissionId: string; reason: string },
  opts: { salesEmail: string; publicUrl: string; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const reason = input.reason.trim();
  if (!reason) throw new ValidationError({ reason: ["Say why this lead should not be billed."] });
  if (!actor.userId || !isUuid(input.submissionId)) throw new LeadNotFoundError();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ lead: formSubmissions, userId: licensees.userId, company: licensees.companyName })
      .from(formSubmissions)
      .innerJoin(licensees, eq(licensees.id, formSubmissions.licenseeId))
      .where(eq(formSubmissions.id, input.submissionId))
      .for("update", { of: formSubmissions });
    if (!row || row.userId !== actor.userId) throw new LeadNotFoundError();
    const { lead } = row;
    if (lead.disputeStatus) throw new LeadNotDisputableError("This lead has already been disputed.");
    if (lead.billing !== "billed")
      throw new LeadNotDisputableError("This lead was not billed, so there is nothing to dispute.");
    if (!disputable(lead, now)) {
      throw new LeadNotDisputableError(`A lead can be disputed within ${LEAD_DISPUTE_DAYS} days of arriving.`);
    }
    await tx
      .update(formSubmissions)
      .set({ disputeStatus: "open", disputeReason: reason, disputedAt: now })
      .where(eq(formSubmissions.id, lead.id));
    await recordAudit(tx, actor, {
      action: "lead.dispute",
      entityType: "form_submission",
      entityId: lead.id,
      details: { reason, billedCents: lead.billedCents },
    });
    await enqueueEmail(
      tx,
      leadDisputed(opts.salesEmail, {
        firm: row.company ?? "A licensee",
        leadName: lead.submissionData.name ?? "a visitor",
        source: lead.submissionData.source ?? "a landing page",
        amountCents: lead.billedCents,
        reason,
        reviewUrl: `${opts.publicUrl.replace(/\/+$/, "")}/admin/lead-disputes`,
      }),
    );
  });
}

/**
 * An administrator accepts (the fee is credited back, once) or declines (with a note) an open dispute. Accepting a
 * dispute that was accepted meanwhile answers as done and credits nothing more.
 */
export async function resolveLeadDispute(
  db: Database,
  actor: Actor,
  input: { submissionId: string; accept: boolean; note: string },
  opts: LedgerOptions,
): Promise<{ status: "accepted" | "declined"; creditedCents: number }> {
  assertAdmin(actor);
  const note = input.note.trim();
  if (!input.accept && !note) throw new ValidationError({ note: ["Tell the firm why the lead stays billed."] });
  if (!isUuid(input.submissionId)) throw new LeadNotFoundError();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ lead: formSubmissions, email: licensees.email, contact: licensees.contactName })
      .from(formSubmissions)
      .innerJoin(licensees, eq(licensees.id, formSubmissions.licenseeId))
      .where(eq(formSubmissions.id, input.submissionId))
      .for("update", { of: formSubmissions });
    if (!row) throw new LeadNotFoundError();
    const { lead } = row;
    if (lead.disputeStatus === (input.accept ? "accepted" : "declined")) {
      return { status: lead.disputeStatus as "accepted" | "declined", creditedCents: 0 };
    }
    if (lead.disputeStatus !== "open") throw new LeadNotDisputableError("This dispute has already been answered.");
    let creditedCents = 0;
    if (input.accept && lead.billedCents > 0) {
      const credit = await recordLedgerEntry(
        tx,
        {
          actor,
          licenseeId: lead.licenseeId,
          amountCents: lead.billedCents,
          type: "refund",
          description: `Disputed lead credited: ${lead.submissionData.name ?? "a visitor"} (${formatCents(lead.billedCents)})`,
          paymentReference: `lead-dispute:${lead.id}`,
          details: { submissionId: lead.id, reason: lead.disputeReason, note: note || null },
        },
        opts,
      );
      if (credit.recorded) creditedCents = lead.billedCents;
    }
    await tx
      .update(formSubmissions)
      .set({
        disputeStatus: input.accept ? "accepted" : "declined",
        disputeNote: note || null,
        disputeResolvedAt: new Date(),
        disputeResolvedBy: actor.userId,
      })
      .where(eq(formSubmissions.id, lead.id));
    await recordAudit(tx, actor, {
      action: input.accept ? "lead.dispute_accepted" : "lead.dispute_declined",
      entityType: "form_submission",
      entityId: lead.id,
      details: { note: note || null, creditedCents },
    });
    await enqueueEmail(
      tx,
      leadDisputeResolved(
        { email: row.email, name: row.contact || "there" },
        {
          accepted: input.accept,
          leadName: lead.submissionData.name ?? "a visitor",
          amountCents: lead.billedCents,
          note: note || null,
          submissionsUrl: `${opts.publicUrl.replace(/\/+$/, "")}/dashboard/submissions`,
        },
      ),
    );
    return { status: input.accept ? ("accepted" as const) : ("declined" as const), creditedCents };
  });
}

export type OpenDispute = {
  id: string;
  firm: string;
  leadName: string;
  source: string;
  amountCents: number;
  reason: string;
  disputedAt: string;
  createdAt: string;
};

/** Every open dispute, oldest first (the administrators' queue). */
export async function openLeadDisputes(db: Database, actor: Actor): Promise<OpenDispute[]> {
  assertAdmin(actor);
  const rows = await db
    .select({ lead: formSubmissions, company: licensees.companyName, email: licensees.email })
    .from(formSubmissions)
    .innerJoin(licensees, eq(licensees.id, formSubmissions.licenseeId))
    .where(and(eq(formSubmissions.disputeStatus, "open")))
    .orderBy(desc(formSubmissions.disputedAt));
  return rows.reverse().map(({ lead, company, email }) => ({
    id: lead.id,
    firm: company ?? email,
    leadName: lead.submissionData.name ?? "",
    source: lead.submissionData.source ?? "",
    amountCents: lead.billedCents,
    reason: lead.disputeReason ?? "",
    disputedAt: lead.disputedAt!.toISOString(),
    createdAt: lead.createdAt.toISOString(),
  }));
}
