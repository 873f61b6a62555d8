/**
 * Leads from the public site: the contact form and the Instant Caller Data Enrich pricing inquiry. Each is one
 * transaction: the contact row (status new), the notice to sales through the outbox and the audit row, all or
 * nothing. Delivery happens after commit; a failed delivery is retried by the outbox and never fails the form.
 */
import { CONTACT_SOURCES, type ContactData, type InquiryData } from "#kernel/schemas/contact.ts";
import type { Database } from "#server/db/client.ts";
import { contacts } from "#server/db/schema/index.ts";
import { contactFormNotice, inquiryNotice } from "../../integrations/email/public-templates.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";

export type LeadOptions = {
  /** Where the notice goes (config.salesEmail). */
  salesEmail: string;
};

/** Records a contact form message (source contact_form, status new) and notifies sales. */
export async function submitContact(
  db: Database,
  actor: Actor,
  input: ContactData,
  opts: LeadOptions,
): Promise<{ contactId: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        company: input.company ?? null,
        subject: input.subject ?? null,
        message: input.message,
        source: CONTACT_SOURCES.contactForm,
        status: "new",
      })
      .returning({ id: contacts.id });
    const contactId = row!.id;
    await enqueueEmail(tx, contactFormNotice(opts.salesEmail, { contactId, ...input }));
    await recordAudit(tx, actor, {
      action: "contact.create",
      entityType: "contact",
      entityId: contactId,
      details: { source: CONTACT_SOURCES.contactForm, email: input.email, subject: input.subject ?? null },
    });
    return { contactId };
  });
}

/** Records a pricing inquiry for Instant Caller Data Enrich (status new) and notifies sales. */
export async function submitInquiry(
  db: Database,
  actor: Actor,
  input: InquiryData,
  opts: LeadOptions,
): Promise<{ contactId: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({
        name: input.name,
        email: input.email,
        company: input.company ?? null,
        message: input.message ?? null,
        source: CONTACT_SOURCES.dataEnrichInquiry,
        status: "new",
      })
      .returning({ id: contacts.id });
    const contactId = row!.id;
    await enqueueEmail(tx, inquiryNotice(opts.salesEmail, { contactId, ...input }));
    await recordAudit(tx, actor, {
      action: "contact.create",
      entityType: "contact",
      entityId: contactId,
      details: { source: CONTACT_SOURCES.dataEnrichInquiry, email: input.email },
    });
    return { contactId };
  });
}
