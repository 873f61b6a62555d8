/**
 * The email outbox: every message is first a row (so it can be enqueued inside the transaction that caused it),
 * then a worker claims due rows, sends them, and retries failures with exponential backoff.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several instances never send one message twice.
 *
 * Delivery is driven by background jobs: once the job runtime has started it binds a {@link DeliveryTrigger},
 * and every enqueued row then also enqueues an "email.deliver" job in the same transaction (both kept on commit,
 * both gone on rollback); a failed send enqueues the next attempt's job with the backoff as its delay. The row
 * stays the record the mailbox screen reads. Without a bound trigger (tests, scripts) rows simply wait for the
 * next delivery pass.
 *
 * Some messages carry a secret: a link that signs in, verifies an address or resets a password. The stored copy
 * keeps that link only until the message is delivered: once a real transport (SMTP) has taken it, the row keeps a
 * redacted copy, administrators never see the link of an undelivered one, and a maintenance pass redacts any that
 * are left (failed, or older than the links' lifetime) and deletes old rows. Only the dev mailbox, where the
 * stored row is the delivery, shows the link, because there is no other way to read it.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import type { MailTransport } from "../../integrations/email/transport.ts";
import { CHANGE, recordChange } from "../changes.ts";

export type EmailMessage = { to: string; subject: string; text: string; html?: string; template: string };

export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 300;

/**
 * Templates whose messages carry a secret link (verification, password reset, a visitor's hold confirmation, a
 * newsletter sign-up confirmation).
 * A new one belongs here.
 */
export const SECRET_TEMPLATES: readonly string[] = [
  "verify_email",
  "reset_password",
  "reservation_confirmation",
  "newsletter_confirm",
  "licence_invitation",
];

export function isSecretBearing(template: string | null | undefined): boolean {
  return template != null && SECRET_TEMPLATES.includes(template);
}

/** What a secret link becomes in a stored copy. */
export const REDACTED_LINK = "[link removed after delivery]";
const LINK = /https?:\/\/[^\s"'<>]+/g;
const LINK_SQL = `https?://[^[:space:]"'<>]+`;

/** The message with every link replaced (secret-bearing templates link only to their secret). */
export function redactLinks(text: string): string {
  return text.replace(LINK, REDACTED_LINK);
}

/** Whether the stored row is itself the delivery (the dev mailbox), so its secret link must stay readable. */
export function outboxIsMailbox(transport: Pick<MailTransport, "name">): boolean {
  return transport.name === "dev-mailbox";
}

/**
 * Enqueues the delivery job of an outbox row through `tx` (the row's own transaction), after `delaySeconds` when
 * given. Bound once per process by the job runtime (server/jobs/email-delivery.ts).
 */
export type DeliveryTrigger = (tx: DbOrTx, outboxId: string, delaySeconds?: number) => Promise<unknown>;
let boundTrigger: DeliveryTrigger | undefined;
const deliveryTrigger = (): DeliveryTrigger | undefined => boundTrigger;

/** Binds (or with undefined, unbinds) the delivery job of every enqueued message. */
export function setDeliveryTrigger(trigger: DeliveryTrigger | undefined): void {
  boundTrigger = trigger;
}

/** Enqueues the delivery job of an existing row (a retried message) in `tx`, when jobs are running. */
export async function triggerDelivery(tx: DbOrTx, outboxId: string): Promise<void> {
  const trigger = deliveryTrigger();
  if (trigger) await trigger(tx, outboxId);
}

export async function enqueueEmail(db: DbOrTx, msg: EmailMessage): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: msg.to,
      subject: msg.subject,
      textBody: msg.text,
      htmlBody: msg.html ?? null,
      template: msg.template,
    })
    .returning({ id: emailOutbox.id });
  await triggerDelivery(db, row!.id);
  // The mailer is woken once the message's transaction commits (server/domain/changes.ts).
  recordChange(db, CHANGE.mail);
  return row!.id;
}

/** Backoff after the n-th failed attempt: 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/** Claim due messages, send them, record the outcome. Returns how many were sent and how many failed. */
export async function processOutbox(
  db: Database,
  transport: MailTransport,
  from: string,
  opts: { limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const limit = opts.limit ?? 20;
  const claimed = await db.execute<{
    id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    template: string | null;
    attempts: number;
  }>(sql`
    update email_outbox set status = 'sending', attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from email_outbox
      where status in ('pending', 'sending') and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id, to_address, subject, text_body, html_body, template, attempts`);

  let sent = 0;
  let failed = 0;
  for (const m of claimed.rows) {
    try {
      await transport.send({ from, to: m.to_address, subject: m.subject, text: m.text_body, html: m.html_body });
      // Delivered: the stored copy of a secret-bearing message no longer needs (and must not keep) its link.
      const redact = isSecretBearing(m.template) && !outboxIsMailbox(transport);
      await db
        .update(emailOutbox)
        .set({
          status: "sent",
          sentAt: new Date(),
          lastError: null,
          ...(redact
            ? { textBody: redactLinks(m.text_body), htmlBody: m.html_body === null ? null : redactLinks(m.html_body) }
            : {}),
        })
        .where(eq(emailOutbox.id, m.id));
      sent++;
    } catch (err) {
      failed++;
      const giveUp = m.attempts >= MAX_ATTEMPTS;
      const delay = retryDelaySeconds(m.attempts);
      const trigger = deliveryTrigger();
      await db.transaction(async (tx) => {
        await tx
          .update(emailOutbox)
          .set({
            status: giveUp ? "failed" : "pending",
            lastError: String((err as Error)?.message ?? err).slice(0, 1000),
            nextAttemptAt: new Date(Date.now() + delay * 1000),
          })
          .where(eq(emailOutbox.id, m.id));
        // The next attempt's job, due when the backoff ends.
        if (!giveUp && trigger) await trigger(tx, m.id, delay);
      });
    }
  }
  return { sent, failed };
}

/**
 * One stored message for an administrator. The link of a secret-bearing message is redacted unless
 * `revealSecrets` (only for the dev mailbox, see {@link outboxIsMailbox}), delivered or not.
 */
export async function getOutboxMessage(db: Database, id: string, opts: { revealSecrets?: boolean } = {}) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) return null;
  if (opts.revealSecrets || !isSecretBearing(row.template)) return row;
  return {
    ...row,
    textBody: redactLinks(row.textBody),
    htmlBody: row.htmlBody === null ? null : redactLinks(row.htmlBody),
  };
}

/** Secret links outlive nobody's need past this: verification links last a day, reset links an hour. */
export const SECRET_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
/** Stored messages are deleted this long after they were created (sent or failed for good). */
export const OUTBOX_RETENTION_DAYS = 30;

/**
 * Redacts the stored links of secret-bearing messages created more than `olderThanSeconds` ago, whatever their
 * status (their links have expired; a failed one must not keep its secret forever). Returns how many rows changed.
 */
export async function redactStaleSecrets(db: DbOrTx, olderThanSeconds = SECRET_LINK_LIFETIME_SECONDS): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({
      textBody: sql`regexp_replace(${emailOutbox.textBody}, ${LINK_SQL}, ${REDACTED_LINK}, 'g')`,
      htmlBody: sql`regexp_replace(${emailOutbox.htmlBody}, ${LINK_SQL}, ${REDACTED_LINK}, 'g')`,
    })
    .where(
      and(
        inArray(emailOutbox.template, [...SECRET_TEMPLATES]),
        lt(emailOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        sql`(${emailOutbox.textBody} ~ ${LINK_SQL} or coalesce(${emailOutbox.htmlBody}, '') ~ ${LINK_SQL})`,
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** Deletes delivered and failed messages older than `days`; pending ones stay until they are sent or give up. */
export async function pruneOutbox(db: DbOrTx, days = OUTBOX_RETENTION_DAYS): Promise<number> {
  const rows = await db
    .delete(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.status, ["sent", "failed"]),
        lt(emailOutbox.createdAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}
