/**
 * Emails of the public forms: the contact form and pricing inquiry notices to sales, the newsletter's double
 * opt-in and welcome messages, and a landing page lead to its licensee. Laid out by `message` in templates.ts.
 */
import { formatCents } from "#kernel/format.ts";
import type { EmailMessage } from "../../domain/email/outbox.ts";
import { message, QUESTIONS_LINE } from "./templates.ts";

/** Template names, as stored on outbox rows. */
export const PUBLIC_TEMPLATES = {
  contactForm: "contact_form_submission",
  inquiry: "instant_caller_data_enrich_inquiry",
  newsletterConfirm: "newsletter_confirm",
  newsletterWelcome: "newsletter_welcome",
  landingPageLead: "landing_page_lead",
} as const;

/** One line for a subject: whitespace collapsed, at most `max` characters. */
function oneLine(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const orDash = (v: string | null | undefined) => (v?.trim() ? v : "—");

export type ContactNoticeData = {
  contactId: string;
  name: string;
  email: string;
  phone?: string | null;
  company?: string | null;
  subject?: string | null;
  message: string;
};

/** To sales: a message from the public contact form (type contact_form_submission). */
export function contactFormNotice(salesEmail: string, c: ContactNoticeData): EmailMessage {
  return message(
    PUBLIC_TEMPLATES.contactForm,
    salesEmail,
    oneLine(`Contact form: ${c.subject ? c.subject : `message from ${c.name}`}`),
    [
      `${c.name} sent a message through the contact form. Reply to them at ${c.email}.`,
      [
        `Name: ${c.name}`,
        `Email: ${c.email}`,
        `Phone: ${orDash(c.phone)}`,
        `Company: ${orDash(c.company)}`,
        `Subject: ${orDash(c.subject)}`,
      ].join("\n"),
      `Message:\n${c.message}`,
      `The contact was added to the CRM with status 'new' (reference ${c.contactId}).`,
    ],
  );
}

export type InquiryNoticeData = {
  contactId: string;
  name: string;
  email: string;
  company?: string | null;
  message?: string | null;
};

/** To sales: a pricing inquiry from the Instant Caller Data Enrich page. */
export function inquiryNotice(salesEmail: string, q: InquiryNoticeData): EmailMessage {
  return message(
    PUBLIC_TEMPLATES.inquiry,
    salesEmail,
    oneLine(`Pricing inquiry: Instant Caller Data Enrich from ${q.name}`),
    [
      `${q.name} asked for pricing of Instant Caller Data Enrich. Reply to them at ${q.email}.`,
      [`Name: ${q.name}`, `Email: ${q.email}`, `Company: ${orDash(q.company)}`].join("\n"),
      `Message:\n${orDash(q.message)}`,
      `The contact was added to the CRM with status 'new' (reference ${q.contactId}).`,
    ],
  );
}

/** To someone who asked for the newsletter: the one-time link that confirms it. Carries a secret link. */
export function newsletterConfirmation(to: string, confirmUrl: string, validHours: number): EmailMessage {
  return message(
    PUBLIC_TEMPLATES.newsletterConfirm,
    to,
    "Confirm your PoundCodes newsletter subscription",
    [
      "Someone, hopefully you, asked to receive the PoundCodes newsletter at this address.",
      `Please confirm with the button below within ${validHours} hours. Until you confirm, we will not send you anything else.`,
      "If you did not ask for this, ignore this email: you will not be subscribed.",
    ],
    { label: "Confirm my subscription", url: confirmUrl },
  );
}

/** To a new subscriber: what to expect, and the link that unsubscribes in one click. */
export function newsletterWelcome(to: string, unsubscribeUrl: string): EmailMessage {
  return message(
    PUBLIC_TEMPLATES.newsletterWelcome,
    to,
    "Welcome to the PoundCodes newsletter",
    [
      "Thanks for confirming your subscription.",
      "About once a month we send licensing news, newly opened territories for #Codes and vanity numbers, and practical advertising tips from our marketing team.",
      "Changed your mind? The button below unsubscribes you at once; every newsletter carries the same link.",
    ],
    { label: "Unsubscribe", url: unsubscribeUrl },
  );
}

export type LeadEmailData = {
  submissionId: string;
  licenseeEmail: string;
  licenseeName: string | null;
  poundCode: string;
  territoryName: string;
  name: string;
  email: string;
  phone: string;
  message?: string | null;
  /** Where the licensee reads their form submissions. */
  submissionsUrl: string;
  /** Whether the lead was billed, and why not (ADR 016). */
  billingNote?: string;
};

/** To the firm (and to sales): the page reached today's cap of billed leads; the rest of the day's leads are free. */
export function leadCapReached(d: {
  to: string;
  audience: "firm" | "sales";
  poundCode: string;
  territoryName: string;
  cap: number;
  submissionsUrl: string;
}): EmailMessage {
  const page = `${d.poundCode} ${d.territoryName}`;
  return message(
    "landing_page_lead_cap",
    d.to,
    `Daily lead cap reached: ${page} page`,
    d.audience === "firm"
      ? [
          `Your ${page} landing page has received ${d.cap} billed leads today, its daily cap.`,
          "Further leads today are still delivered to you, and they are not billed.",
          QUESTIONS_LINE,
        ]
      : [
          `The ${page} landing page reached its daily cap of ${d.cap} billed leads.`,
          "Further leads today are delivered to the firm without charge. An unusual spike may be worth a look.",
        ],
    d.audience === "firm" ? { label: "View form submissions", url: d.submissionsUrl } : undefined,
  );
}

/** To the licensee: a visitor of their landing page sent the lead form. */
export function landingPageLead(l: LeadEmailData): EmailMessage {
  return message(
    PUBLIC_TEMPLATES.landingPageLead,
    l.licenseeEmail,
    oneLine(`New lead from your ${l.poundCode} ${l.territoryName} page: ${l.name}`),
    [
      l.licenseeName ? `Hello ${l.licenseeName},` : "Hello,",
      `A visitor of your ${l.poundCode} landing page in ${l.territoryName} sent you a message. Please contact them as soon as you can.`,
      [`Name: ${l.name}`, `Email: ${l.email}`, `Phone: ${l.phone}`].join("\n"),
      `Message:\n${orDash(l.message)}`,
      ...(l.billingNote ? [l.billingNote] : []),
      `The lead is also listed under Form Submissions in your dashboard (reference ${l.submissionId}).`,
    ],
    { label: "View form submissions", url: l.submissionsUrl },
  );
}

/** To sales: a firm disputed a billed lead; an administrator answers it. */
export function leadDisputed(
  to: string,
  d: { firm: string; leadName: string; source: string; amountCents: number; reason: string; reviewUrl: string },
): EmailMessage {
  return message(
    "landing_page_lead_disputed",
    to,
    `Lead disputed by ${d.firm}`,
    [
      `${d.firm} disputes the ${formatCents(d.amountCents)} billed for the lead from ${d.leadName} (${d.source}).`,
      `Their reason: ${d.reason}`,
    ],
    { label: "Review disputes", url: d.reviewUrl },
  );
}

/** To the firm: its dispute of a billed lead was accepted (credited) or declined (with the note). */
export function leadDisputeResolved(
  to: { email: string; name: string },
  d: { accepted: boolean; leadName: string; amountCents: number; note: string | null; submissionsUrl: string },
): EmailMessage {
  return message(
    "landing_page_lead_dispute_resolved",
    to.email,
    d.accepted ? "Lead dispute accepted: fee credited" : "Lead dispute declined",
    [
      `Hi ${to.name},`,
      d.accepted
        ? `We accepted your dispute of the lead from ${d.leadName}: ${formatCents(d.amountCents)} is credited back to your wallet.`
        : `We reviewed your dispute of the lead from ${d.leadName} and the ${formatCents(d.amountCents)} fee stands.`,
      ...(d.note ? [`Our note: ${d.note}`] : []),
      QUESTIONS_LINE,
    ],
    { label: "View form submissions", url: d.submissionsUrl },
  );
}
