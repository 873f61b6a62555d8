/**
 * Leads from the public site: the contact form and the Instant Caller Data Enrich pricing inquiry. Each is one
 * transaction: the contact row (status new), the notice to sales through the outbox and the audit row, all or
 * nothing. Delivery happens after commit; a failed delivery is retried by the outbox and never fails the form.
 * A retried submission (the same one-time key and content) gets the first answer and records nothing (ADR 027).
 */
import { CONTACT_SOURCES, type ContactData, type InquiryData } from "#kernel/schemas/contact.ts";
import type { Database } from "#server/db/client.ts";
import { contacts } from "#server/db/schema/index.ts";
import { contactFormNotice, inquiryNotice } from "../../integrations/email/public-templates.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { type EmailMessage, enqueueEmail } from "../email/outbox.ts";
import { type FormSubmission, firstAnswer, formSubmission, keepAnswer } from "../idempotency/once.ts";

export type LeadOptions = {
  /** Where the notice goes (config.salesEmail). */
  salesEmail: string;
  /** The form's one-time key, or CONTENT_ONLY (a form sent without JavaScript); unset: not a form's submission. */
  idempotencyKey?: string;
};

type NewContact = typeof contacts.$inferInsert;

/** One lead: the contact row (status new), the notice to sales and the audit row, in one transaction. */
async function recordLead(
  db: Database,
  actor: Actor,
  row: Omit<NewContact, "status">,
  notice: (contactId: string) => EmailMessage,
  audit: Record<string, unknown>,
  submission: FormSubmission | undefined,
): Promise<{ contactId: string }> {
  return db.transaction(async (tx) => {
    const first = await firstAnswer(tx, submission);
    if (first) return first.answer as { contactId: string };
    const [inserted] = await tx
      .insert(contacts)
      .values({ ...row, status: "new" })
      .returning({ id: contacts.id });
    const contactId = inserted!.id;
    await enqueueEmail(tx, notice(contactId));
    await recordAudit(tx, actor, {
      action: "contact.create",
      entityType: "contact",
      entityId: contactId,
      details: { source: row.source, email: row.email, ...audit },
    });
    return keepAnswer(tx, submission, { contactId });
  });
}

/** Records a contact form message (source contact_form, status new) and notifies sales. */
export function submitContact(
  db: Database,
  actor: Actor,
  input: ContactData,
  opts: LeadOptions,
): Promise<{ contactId: string }> {
  return recordLead(
    db,
    actor,
    {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      company: input.company ?? null,
      subject: input.subject ?? null,
      message: input.message,
      source: CONTACT_SOURCES.contactForm,
    },
    (contactId) => contactFormNotice(opts.salesEmail, { contactId, ...input }),
    { subject: input.subject ?? null },
    formSubmission("contact", actor, opts.idempotencyKey, input),
  );
}

/** Records a pricing inquiry for Instant Caller Data Enrich (status new) and notifies sales. */
export function submitInquiry(
  db: Database,
  actor: Actor,
  input: InquiryData,
  opts: LeadOptions,
): Promise<{ contactId: string }> {
  return recordLead(
    db,
    actor,
    {
      name: input.name,
      email: input.email,
      company: input.company ?? null,
      message: input.message ?? null,
      source: CONTACT_SOURCES.dataEnrichInquiry,
    },
    (contactId) => inquiryNotice(opts.salesEmail, { contactId, ...input }),
    {},
    formSubmission("inquiry", actor, opts.idempotencyKey, input),
  );
}
