/**
 * Emails of landing-page content approval: the licensee hears when an administrator approves or rejects the
 * changes they proposed, and the support desk hears when a proposal arrives. Laid out by `message` in templates.ts.
 */
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { message } from "./templates.ts";

/** Template names, as stored on outbox rows. */
export const LANDING_PAGE_TEMPLATES = {
  submitted: "landing_page_changes_submitted",
  approved: "landing_page_changes_approved",
  rejected: "landing_page_changes_rejected",
} as const;

export type PageChangeEmailData = {
  /** "#4LAW in Georgia". */
  pageName: string;
  /** The public page's path, e.g. /p/4law/georgia. */
  path: string;
  /** The changed fields, as the screens label them. */
  fields: string[];
  publicUrl: string;
};

/** To the support desk: a licensee proposed changes to their page. */
export function pageChangesSubmittedNotice(
  deskEmail: string,
  d: PageChangeEmailData & { licenseeName: string },
): EmailMessage {
  return message(
    LANDING_PAGE_TEMPLATES.submitted,
    deskEmail,
    `Landing page changes to review: ${d.pageName}`,
    [
      `${d.licenseeName} proposed changes to the landing page for ${d.pageName}.`,
      `Fields changed: ${d.fields.join(", ")}.`,
      "Nothing is live until an administrator approves it.",
    ],
    { label: "Review the changes", url: `${d.publicUrl}/admin/content-approval` },
  );
}

/** To the licensee: their changes are approved and live. */
export function pageChangesApprovedNotice(to: { email: string; name: string }, d: PageChangeEmailData): EmailMessage {
  return message(
    LANDING_PAGE_TEMPLATES.approved,
    to.email,
    `Your landing page changes are live: ${d.pageName}`,
    [
      `Hi ${to.name},`,
      `We approved the changes you proposed to your landing page for ${d.pageName}. They are live now.`,
      `Fields changed: ${d.fields.join(", ")}.`,
    ],
    { label: "See your page", url: `${d.publicUrl}${d.path}` },
  );
}

/** To the licensee: their changes were not approved, with the reviewer's note. */
export function pageChangesRejectedNotice(
  to: { email: string; name: string },
  d: PageChangeEmailData & { note: string },
): EmailMessage {
  return message(
    LANDING_PAGE_TEMPLATES.rejected,
    to.email,
    `Your landing page changes were not approved: ${d.pageName}`,
    [
      `Hi ${to.name},`,
      `We could not approve the changes you proposed to your landing page for ${d.pageName}. Your page is unchanged.`,
      `Our note:\n${d.note}`,
      "You can edit your changes and submit them again from your dashboard.",
    ],
    { label: "Edit your page content", url: `${d.publicUrl}/dashboard/page-content` },
  );
}
