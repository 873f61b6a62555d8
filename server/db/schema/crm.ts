/** Contacts and leads, licensees' form submissions, newsletter subscribers and campaigns. */
import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  CONTACT_STATUSES,
  type ContactStatus,
  LEAD_BILLING,
  LEAD_DISPUTE_STATUSES,
  type LeadBilling,
  type LeadDisputeStatus,
  NEWSLETTER_CAMPAIGN_STATUSES,
  NEWSLETTER_DELIVERY_STATUSES,
  type NewsletterCampaignStatus,
  type NewsletterDeliveryStatus,
} from "#kernel/enums.ts";
import { user } from "./auth.ts";
import { categories, territories } from "./catalogue.ts";
import { cents, checkIn, createdAt, id, nonNegative, timestamptz, updatedAt } from "./columns.ts";
import { licensees } from "./licensees.ts";

/** Leads from the public contact and inquiry forms, and contacts entered by admins. */
export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    name: text("name"),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    /** The subject line of a contact form message (prefilled from the page's ?subject= or ?service=). */
    subject: text("subject"),
    message: text("message"),
    /** e.g. contact_form, inquiry, reservation; admin-entered contacts without a source get manual_entry. */
    source: text("source").notNull().default("manual_entry"),
    status: text("status").$type<ContactStatus>().notNull().default("new"),
    notes: text("notes"),
    /** Calendar date, 'YYYY-MM-DD'. */
    followUpDate: date("follow_up_date"),
    territoryId: uuid("territory_id").references(() => territories.id, { onDelete: "set null" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn("contacts_status_check", t.status, CONTACT_STATUSES),
    index("contacts_status_created_idx").on(t.status, t.createdAt.desc()),
    index("contacts_email_idx").on(t.email),
    index("contacts_territory_idx").on(t.territoryId),
    index("contacts_category_idx").on(t.categoryId),
  ],
);

/** Leads captured on a licensee's behalf (web forms). A null status displays as 'New'. */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: id(),
    licenseeId: uuid("licensee_id")
      .notNull()
      .references(() => licensees.id, { onDelete: "cascade" }),
    formType: text("form_type").notNull(),
    submissionData: jsonb("submission_data").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    status: text("status"),
    /** The firm's own notes on the lead (its pipeline). */
    notes: text("notes"),
    /** The landing page the lead came from (null for older rows and other forms). */
    pageId: uuid("page_id"),
    /** The form's one-time key: a retried or double-clicked submission finds its first row (per page and person). */
    idempotencyKey: text("idempotency_key"),
    /** The person, normalized: lower-cased email and E.164 phone (a repeat is either one on the same page). */
    emailKey: text("email_key"),
    phoneKey: text("phone_key"),
    /** How the lead was billed (LEAD_BILLING) and what it cost the firm, in cents. */
    billing: text("billing").$type<LeadBilling>(),
    billedCents: cents("billed_cents").notNull().default(0),
    /** Why a lead was recorded as spam. */
    spamReason: text("spam_reason"),
    /** The firm's dispute of a billed lead, and an administrator's answer. */
    disputeStatus: text("dispute_status").$type<LeadDisputeStatus>(),
    disputeReason: text("dispute_reason"),
    disputedAt: timestamptz("disputed_at"),
    disputeNote: text("dispute_note"),
    disputeResolvedAt: timestamptz("dispute_resolved_at"),
    disputeResolvedBy: text("dispute_resolved_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("form_submissions_licensee_created_idx").on(t.licenseeId, t.createdAt.desc()),
    index("form_submissions_page_created_idx").on(t.pageId, t.createdAt),
    uniqueIndex("form_submissions_idempotency_unique").on(t.pageId, t.emailKey, t.idempotencyKey),
    index("form_submissions_dispute_idx").on(t.disputeStatus),
    checkIn("form_submissions_billing_check", t.billing, LEAD_BILLING),
    checkIn("form_submissions_dispute_status_check", t.disputeStatus, LEAD_DISPUTE_STATUSES),
    ...nonNegative("form_submissions", t.billedCents),
  ],
);

/** The daily-cap notice of a landing page, once per page and business day (the firm and sales are told once). */
export const leadCapNotices = pgTable(
  "lead_cap_notices",
  {
    pageId: uuid("page_id").notNull(),
    day: date("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("lead_cap_notices_page_day_unique").on(t.pageId, t.day)],
);

/** Email is stored lower-cased by the domain. unsubscribed_at set = unsubscribed (the row is kept). */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    subscribedAt: timestamptz("subscribed_at").notNull().defaultNow(),
    unsubscribedAt: timestamptz("unsubscribed_at"),
    unsubscribeToken: text("unsubscribe_token").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    unique("newsletter_subscribers_email_unique").on(t.email),
    unique("newsletter_subscribers_unsubscribe_token_unique").on(t.unsubscribeToken),
  ],
);

/**
 * A newsletter sign-up waiting for its owner to confirm it from the emailed link (double opt-in). Only the
 * SHA-256 of the link's one-time token is kept. The row stays after confirmation as the record of consent
 * (when, and from which address it was asked for); only confirmed addresses become newsletter_subscribers.
 */
export const newsletterSignups = pgTable(
  "newsletter_signups",
  {
    id: id(),
    /** Lower-cased by the domain. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    requesterIp: text("requester_ip"),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    confirmedAt: timestamptz("confirmed_at"),
  },
  (t) => [
    unique("newsletter_signups_token_hash_unique").on(t.tokenHash),
    index("newsletter_signups_email_created_idx").on(t.email, t.createdAt),
  ],
);

export const newsletterCampaigns = pgTable(
  "newsletter_campaigns",
  {
    id: id(),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    status: text("status").$type<NewsletterCampaignStatus>().notNull().default("draft"),
    recipientCount: integer("recipient_count").notNull().default(0),
    sentAt: timestamptz("sent_at"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn("newsletter_campaigns_status_check", t.status, NEWSLETTER_CAMPAIGN_STATUSES),
    ...nonNegative("newsletter_campaigns", t.recipientCount),
    index("newsletter_campaigns_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * One campaign's delivery to one address: created for every confirmed subscriber when the campaign starts, so the
 * unique (campaign, email) pair means an address is mailed at most once per campaign however often a batch runs.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: id(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").references(() => newsletterSubscribers.id, { onDelete: "set null" }),
    /** Lower-cased, copied from the subscriber when the campaign started. */
    email: text("email").notNull(),
    status: text("status").$type<NewsletterDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("newsletter_deliveries_campaign_email_unique").on(t.campaignId, t.email),
    checkIn("newsletter_deliveries_status_check", t.status, NEWSLETTER_DELIVERY_STATUSES),
    ...nonNegative("newsletter_deliveries", t.attempts),
    index("newsletter_deliveries_campaign_status_idx").on(t.campaignId, t.status),
  ],
);

export type Contact = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;
export type FormSubmission = typeof formSubmissions.$inferSelect;
export type NewFormSubmission = typeof formSubmissions.$inferInsert;
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type NewNewsletterSubscriber = typeof newsletterSubscribers.$inferInsert;
export type NewsletterSignup = typeof newsletterSignups.$inferSelect;
export type NewsletterCampaign = typeof newsletterCampaigns.$inferSelect;
export type NewNewsletterCampaign = typeof newsletterCampaigns.$inferInsert;
export type NewsletterDelivery = typeof newsletterDeliveries.$inferSelect;
