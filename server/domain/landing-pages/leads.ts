/**
 * The lead form of a licensee landing page. One transaction: the form_submissions row of the page's licensee
 * (it appears under Form Submissions in their portal, status empty = 'New'), how it was billed and the debit when it
 * was (./lead-billing.ts, ADR 016), the email to the licensee through the outbox and the audit row. A page that is
 * not served (unknown, suspended, or its licensee deactivated) takes no leads.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import type { LeadBilling } from "#kernel/enums.ts";
import { LEAD_BILLING_NOTES, LEAD_FORM_TYPE, type LeadData, landingPagePath } from "#kernel/schemas/landing-page.ts";
import type { Database } from "#server/db/client.ts";
import { formSubmissions } from "#server/db/schema/index.ts";
import { landingPageLead, leadCapReached } from "../../integrations/email/public-templates.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { DEFAULT_LOW_BALANCE_CENTS, type LedgerOptions } from "../wallet/ledger.ts";
import { debitLead, usageRates } from "../wallet/usage.ts";
import { resolveLandingPage } from "./landing-pages.ts";
import { DEFAULT_LEAD_DAILY_CAP, decideLeadBilling, lockPageLeads, personKeys, spamReason } from "./lead-billing.ts";

/** How long the same words from the same person count as the same lead, whatever key they came with. */
const SAME_LEAD_WINDOW_MS = 10 * 60 * 1000;

export type LeadInput = Omit<LeadData, "leadKey" | "startedAt"> & {
  poundCode: string;
  territorySlug: string;
  /** The form's one-time key (a retry or a double click sends the same one). */
  idempotencyKey?: string | null;
  /** When the page showed the form (epoch milliseconds), if the form says. */
  startedAt?: number | null;
};

export type LeadOptions = {
  /** Base of the dashboard link in the licensee's email (config.publicUrl). */
  publicUrl: string;
  /** The wallet's low-balance threshold (config.lowBalanceCents); the default when absent. */
  lowBalanceCents?: number;
  /** The queue of wallet auto-recharges (a billed lead may take the balance under the threshold). */
  recharge?: LedgerOptions["recharge"];
  /** LEAD_DAILY_CAP: billed leads per page per business day. */
  dailyCap?: number;
  /** Where the daily-cap notice goes besides the firm (config.salesEmail). */
  salesEmail?: string;
  now?: Date;
};

/**
 * The key of a form sent without one (no JavaScript): its content, so the same person sending the same message to
 * the same page twice (a double click, a resent form) records one lead.
 */
export function contentKey(lead: Pick<LeadData, "name" | "phone" | "message">): string {
  const text = [lead.name, lead.phone, lead.message ?? ""].map((v) => v.trim().toLowerCase()).join("\u0000");
  return `content-${createHash("sha256").update(text).digest("hex").slice(0, 40)}`;
}

export type LeadResult = {
  submissionId: string;
  licenseeId: string;
  pagePath: string;
  billing: LeadBilling;
  /** The same form was sent before (a retry): nothing new was recorded or billed. */
  duplicate: boolean;
};

/**
 * Records a visitor's message for the licensee of the landing page the URL names, emails the licensee, and bills it
 * by the rules of ./lead-billing.ts — all in one transaction.
 * @throws LandingTerritoryNotFoundError, LandingPageNotFoundError like the page itself; ValidationError for a phone
 *   that is not a valid US number
 */
export async function submitLead(db: Database, actor: Actor, input: LeadInput, opts: LeadOptions): Promise<LeadResult> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const { territory, page } = await resolveLandingPage(tx, input);
    const poundCode = `#${page.poundCode.trim().replace(/^#/, "").toUpperCase()}`;
    const pagePath = landingPagePath(poundCode, territory.name);
    const keys = personKeys(input.email, input.phone);
    await lockPageLeads(tx, page.id);
    const key = input.idempotencyKey?.trim() || null;
    if (key) {
      // The same key, or the same words from the same person within a few minutes whatever the key: a form sent
      // once with its key and again before the page's script ran (a slow phone, a reload) carries none the second
      // time, and is still the same lead.
      const [seen] = await tx
        .select({ id: formSubmissions.id, billing: formSubmissions.billing })
        .from(formSubmissions)
        .where(
          and(
            eq(formSubmissions.pageId, page.id),
            eq(formSubmissions.emailKey, keys.emailKey),
            or(
              eq(formSubmissions.idempotencyKey, key),
              and(
                gt(formSubmissions.createdAt, new Date(now.getTime() - SAME_LEAD_WINDOW_MS)),
                sql`${formSubmissions.submissionData}->>'name' = ${input.name}`,
                sql`${formSubmissions.submissionData}->>'phone' = ${input.phone}`,
                sql`coalesce(${formSubmissions.submissionData}->>'message', '') = ${input.message ?? ""}`,
              ),
            ),
          ),
        )
        .orderBy(asc(formSubmissions.createdAt))
        .limit(1);
      if (seen) {
        return {
          submissionId: seen.id,
          licenseeId: page.licenseeId,
          pagePath,
          billing: seen.billing ?? "billed",
          duplicate: true,
        };
      }
    }
    const unitCents = (await usageRates(tx, territory.id)).perWebFormLeadCents;
    const spam = spamReason(keys.emailKey, input.startedAt ?? null, now.getTime());
    const decision = await decideLeadBilling(tx, {
      pageId: page.id,
      ...keys,
      spam,
      unitCents,
      dailyCap: opts.dailyCap ?? DEFAULT_LEAD_DAILY_CAP,
      now,
    });
    const submissionData: Record<string, string> = {
      name: input.name,
      email: input.email,
      phone: input.phone,
      ...(input.message ? { message: input.message } : {}),
      territory: territory.name,
      pound_code: poundCode,
      source: `${poundCode} ${territory.name} landing page`,
    };
    const billed = decision.billing === "billed";
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        licenseeId: page.licenseeId,
        formType: LEAD_FORM_TYPE,
        submissionData,
        // Spam is marked in its billing, not its status: the firm still sees it as new and decides.
        status: null,
        pageId: page.id,
        idempotencyKey: key,
        ...keys,
        billing: decision.billing,
        billedCents: billed ? unitCents : 0,
        spamReason: spam,
        createdAt: now,
      })
      .returning({ id: formSubmissions.id });
    const submissionId = row!.id;
    const submissionsUrl = `${opts.publicUrl.replace(/\/+$/, "")}/dashboard/submissions`;
    await enqueueEmail(
      tx,
      landingPageLead({
        submissionId,
        licenseeEmail: page.licenseeEmail,
        licenseeName: page.licenseeContactName,
        poundCode,
        territoryName: territory.name,
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message ?? null,
        submissionsUrl,
        billingNote: LEAD_BILLING_NOTES[decision.billing](unitCents),
      }),
    );
    // The per-lead fee, in this same transaction (ADR 006: a lead is never refused for an empty wallet).
    if (billed) {
      await debitLead(
        tx,
        {
          licenseeId: page.licenseeId,
          submissionId,
          territoryId: territory.id,
          territoryName: territory.name,
          poundCode,
        },
        {
          publicUrl: opts.publicUrl,
          lowBalanceCents: opts.lowBalanceCents ?? DEFAULT_LOW_BALANCE_CENTS,
          recharge: opts.recharge ?? null,
        },
      );
    }
    if (decision.capReachedNow) {
      const cap = opts.dailyCap ?? DEFAULT_LEAD_DAILY_CAP;
      const notice = { poundCode, territoryName: territory.name, cap, submissionsUrl };
      await enqueueEmail(tx, leadCapReached({ ...notice, to: page.licenseeEmail, audience: "firm" }));
      if (opts.salesEmail)
        await enqueueEmail(tx, leadCapReached({ ...notice, to: opts.salesEmail, audience: "sales" }));
    }
    await recordAudit(tx, actor, {
      action: "form_submission.create",
      entityType: "form_submission",
      entityId: submissionId,
      details: {
        licenseeId: page.licenseeId,
        pageId: page.id,
        territoryId: territory.id,
        poundCode,
        billing: decision.billing,
        billedCents: billed ? unitCents : 0,
        spamReason: spam,
      },
    });
    return { submissionId, licenseeId: page.licenseeId, pagePath, billing: decision.billing, duplicate: false };
  });
}
