/**
 * The lead form of a licensee landing page. One transaction: the form_submissions row of the page's licensee
 * (it appears under Form Submissions in their portal, status empty = 'New'), the email to the licensee through
 * the outbox and the audit row. A page that is not served (unknown, or its licensee deactivated) takes no leads.
 */
import { LEAD_FORM_TYPE, type LeadData, landingPagePath } from "#kernel/schemas/landing-page.ts";
import type { Database } from "#server/db/client.ts";
import { formSubmissions } from "#server/db/schema/index.ts";
import { landingPageLead } from "../../integrations/email/public-templates.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { DEFAULT_LOW_BALANCE_CENTS } from "../wallet/ledger.ts";
import { debitLead } from "../wallet/usage.ts";
import { resolveLandingPage } from "./landing-pages.ts";

export type LeadInput = LeadData & { poundCode: string; territorySlug: string };

export type LeadOptions = {
  /** Base of the dashboard link in the licensee's email (config.publicUrl). */
  publicUrl: string;
  /** The wallet's low-balance threshold (config.lowBalanceCents); the default when absent. */
  lowBalanceCents?: number;
};

/**
 * Records a visitor's message for the licensee of the landing page the URL names, and emails the licensee.
 * @throws LandingTerritoryNotFoundError, LandingPageNotFoundError like the page itself
 */
export async function submitLead(
  db: Database,
  actor: Actor,
  input: LeadInput,
  opts: LeadOptions,
): Promise<{ submissionId: string; licenseeId: string; pagePath: string }> {
  return db.transaction(async (tx) => {
    const { territory, page } = await resolveLandingPage(tx, input);
    const poundCode = `#${page.poundCode.trim().replace(/^#/, "").toUpperCase()}`;
    const submissionData: Record<string, string> = {
      name: input.name,
      email: input.email,
      phone: input.phone,
      ...(input.message ? { message: input.message } : {}),
      territory: territory.name,
      pound_code: poundCode,
      source: `${poundCode} ${territory.name} landing page`,
    };
    const [row] = await tx
      .insert(formSubmissions)
      .values({ licenseeId: page.licenseeId, formType: LEAD_FORM_TYPE, submissionData, status: null })
      .returning({ id: formSubmissions.id });
    const submissionId = row!.id;
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
        submissionsUrl: `${opts.publicUrl.replace(/\/+$/, "")}/dashboard/submissions`,
      }),
    );
    // Billing: the lead's per-lead fee is debited from the licensee's wallet in this same transaction
    // (server/domain/wallet/usage.ts, ADR 006: the lead is never refused for an empty wallet).
    await debitLead(
      tx,
      {
        licenseeId: page.licenseeId,
        submissionId,
        territoryId: territory.id,
        territoryName: territory.name,
        poundCode,
      },
      { publicUrl: opts.publicUrl, lowBalanceCents: opts.lowBalanceCents ?? DEFAULT_LOW_BALANCE_CENTS },
    );
    await recordAudit(tx, actor, {
      action: "form_submission.create",
      entityType: "form_submission",
      entityId: submissionId,
      details: { licenseeId: page.licenseeId, pageId: page.id, territoryId: territory.id, poundCode },
    });
    return { submissionId, licenseeId: page.licenseeId, pagePath: landingPagePath(poundCode, territory.name) };
  });
}
