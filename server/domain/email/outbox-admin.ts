/**
 * The admin mailbox: every email the product has sent or is sending, as pages an administrator searches, filters
 * and sorts; plus the two things an administrator does there — send a test email to check that delivery works,
 * and retry a message that failed for good.
 */
import { and, eq, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import type { EmailStatus } from "#kernel/enums.ts";
import type { ListQuery } from "#kernel/list-query.ts";
import type { Database } from "#server/db/client.ts";
import { emailOutbox } from "#server/db/schema/index.ts";
import { message } from "#server/integrations/email/templates.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { CHANGE, recordChange } from "../changes.ts";
import { DomainError, NotFoundError } from "../errors.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";
import { enqueueEmail, isSecretBearing, SECRET_TEMPLATES } from "./outbox.ts";

/** The mailbox's sort keys: when it was created, its status, how many sends were tried. */
export type OutboxSort = "created" | "status" | "attempts";

export type OutboxFilters = {
  status: EmailStatus;
  /** Template name, e.g. verify_email. */
  template: string;
  /** Exactly this recipient (any case). */
  to: string;
};

export type OutboxListQuery = ListQuery<OutboxSort, OutboxFilters>;

export type OutboxListRow = {
  id: string;
  toAddress: string;
  subject: string;
  template: string | null;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/**
 * One page of the mailbox. The search matches recipient or subject; status, template and recipient filter
 * exactly. Within one status (or attempt count) the newest come first.
 */
export async function listOutboxPage(db: Database, query: OutboxListQuery): Promise<Page<OutboxListRow>> {
  const newestFirst = sql`${emailOutbox.createdAt} desc`;
  const list = listSql(query, {
    sorts: {
      created: emailOutbox.createdAt,
      status: { by: emailOutbox.status, ties: [newestFirst] },
      attempts: { by: emailOutbox.attempts, ties: [newestFirst] },
    },
    search: [emailOutbox.toAddress, emailOutbox.subject],
    tiebreak: emailOutbox.id,
  });
  const { status, template, to } = query.filters;
  const where = and(
    list.search,
    status ? eq(emailOutbox.status, status) : undefined,
    template ? eq(emailOutbox.template, template) : undefined,
    to ? sql`lower(${emailOutbox.toAddress}) = ${to.toLowerCase()}` : undefined,
  );
  const rows = await db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      template: emailOutbox.template,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      total: totalCount(),
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  return pageOf(rows, list, () => db.$count(emailOutbox, where));
}

/** The template names in the mailbox, for the template filter (at most 100, alphabetical). */
export async function listOutboxTemplates(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ template: emailOutbox.template })
    .from(emailOutbox)
    .where(isNotNull(emailOutbox.template))
    .orderBy(emailOutbox.template)
    .limit(100);
  return rows.map((r) => r.template!).filter(Boolean);
}

export const TEST_EMAIL_TEMPLATE = "test_email";
export const TEST_EMAIL_SUBJECT = "PoundCodes test email";

/**
 * Queues a short test email to `to`, so an administrator can check that email reaches a real inbox. Admins only;
 * recorded in the audit log. The mailer is woken once it commits.
 */
export async function sendTestEmail(db: Database, actor: Actor, input: { to: string }): Promise<{ id: string }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const id = await enqueueEmail(
      tx,
      message(TEST_EMAIL_TEMPLATE, input.to, TEST_EMAIL_SUBJECT, [
        "This is a test email from the PoundCodes mailbox.",
        "If you are reading it in your inbox, email delivery works: sign-up confirmations, password resets and reservation notices will arrive too.",
      ]),
    );
    await recordAudit(tx, actor, {
      action: "email.test_send",
      entityType: "email_outbox",
      entityId: id,
      details: { to: input.to },
    });
    return { id };
  });
}

/** Only failed messages are retried: the others are sent or still being tried. */
export const RETRY_NOT_FAILED = {
  title: "Nothing to Retry",
  message: "Only a failed email can be retried; this one is sent or still being tried.",
} as const;

export const RETRY_SECRET = {
  title: "Cannot Resend",
  message: "This email carried a one-time link, which is no longer kept. Ask the person to request a new link instead.",
} as const;

/**
 * Puts a message that failed for good back in the queue, as if new: status pending, no attempts, due now (in the
 * retry lane: it keeps its last error). Admins only; recorded in the audit log; the mailer is woken once it commits.
 */
export async function retryOutboxMessage(db: Database, actor: Actor, input: { id: string }): Promise<void> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: new Date() })
      .where(
        and(
          eq(emailOutbox.id, input.id),
          eq(emailOutbox.status, "failed"),
          // A secret link is redacted from stored mail: resending would send a dead link.
          or(isNull(emailOutbox.template), notInArray(emailOutbox.template, [...SECRET_TEMPLATES])),
        ),
      )
      .returning({ id: emailOutbox.id, toAddress: emailOutbox.toAddress });
    if (!row) {
      const [other] = await tx
        .select({ template: emailOutbox.template, status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, input.id));
      if (other?.status === "failed" && isSecretBearing(other.template))
        throw new DomainError({ code: "secret_email", status: 409, ...RETRY_SECRET });
      if (other) throw new DomainError({ code: "not_failed", status: 409, ...RETRY_NOT_FAILED });
      throw new NotFoundError("email_not_found", "Email Not Found", "This email does not exist.");
    }
    await recordAudit(tx, actor, {
      action: "email.retry",
      entityType: "email_outbox",
      entityId: row.id,
      details: { to: row.toAddress },
    });
    recordChange(tx, CHANGE.mail);
  });
}
