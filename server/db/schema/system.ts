/** Server plumbing: the email outbox, the audit log and app-level rate limits. */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { EMAIL_STATUSES, type EmailStatus } from "#kernel/enums.ts";
import { user } from "./auth.ts";
import { checkIn, createdAt, id, nonNegative, timestamptz } from "./columns.ts";

/**
 * Every outgoing email is written here (in the business transaction) and delivered by a worker.
 * Without SMTP the rows are the built-in dev mailbox.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Template name, e.g. verify_email, reset_password, ticket_reply, newsletter. */
    template: text("template"),
    status: text("status").$type<EmailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn("email_outbox_status_check", t.status, EMAIL_STATUSES),
    ...nonNegative("email_outbox", t.attempts),
    index("email_outbox_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt.desc()),
    // The two delivery lanes (ADR 026): messages never tried, or tried without a failure, go first; a message that
    // failed before waits in its own lane, so a backlog of retries never holds up fresh mail.
    index("email_outbox_fresh_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending') and ${t.lastError} is null`),
    index("email_outbox_retry_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending') and ${t.lastError} is not null`),
  ],
);

/** Who did what to which row. entity_id is text: uuids and Better Auth's text user ids both fit. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Dotted verb, e.g. territory.update, license.issue, wallet.adjust. */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_actor_idx").on(t.actorUserId),
    index("audit_log_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * Fixed-window counters shared by all app instances, e.g. key "contact:203.0.113.9".
 * Increment with insert … on conflict (key) do update, resetting count when window_start is too old.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: timestamptz("window_start").notNull().defaultNow(),
  },
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

export type EmailOutboxMessage = typeof emailOutbox.$inferSelect;
export type NewEmailOutboxMessage = typeof emailOutbox.$inferInsert;
export type AuditLogEntry = typeof auditLog.$inferSelect;
export type NewAuditLogEntry = typeof auditLog.$inferInsert;
export type RateLimit = typeof rateLimits.$inferSelect;
export type NewRateLimit = typeof rateLimits.$inferInsert;

/**
 * The provider events this application has applied, one row per event id, inserted in the transaction that applies
 * the event: a second delivery of the same event finds its row and changes nothing.
 */
export const providerEvents = pgTable("provider_events", {
  /** The provider's event id (`evt_…`). */
  id: text("id").primaryKey(),
  provider: text("provider").notNull().default("stripe"),
  type: text("type").notNull(),
  /** The provider's time of the event. */
  occurredAt: timestamptz("occurred_at").notNull(),
  /** What applying it did (`recorded`, `ignored: …`), for support. */
  outcome: text("outcome"),
  createdAt: createdAt(),
});

/**
 * The first answer to each submission of a public form (contact, inquiry, newsletter, waitlist, reservation), written
 * in the transaction that recorded it: a retry of the same submission finds its row and gets the same answer, and
 * nothing is recorded twice. `key` is a hash of who sent it, the browser's one-time key and what the form said;
 * rows are pruned after a week by maintenance.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** The form, e.g. contact, reserve. */
    form: text("form").notNull(),
    key: text("key").notNull(),
    /** What the domain call answered the first time. */
    answer: jsonb("answer").$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.form, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
