/**
 * The email outbox: every message is first a row (so it can be enqueued inside the transaction that caused it),
 * then a worker claims due rows, sends them, and retries failures with exponential backoff.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several instances never send one message twice.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import type { MailTransport } from "../../integrations/email/transport.ts";

export type EmailMessage = { to: string; subject: string; text: string; html?: string; template: string };

export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 300;

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
    returning id, to_address, subject, text_body, html_body, attempts`);

  let sent = 0;
  let failed = 0;
  for (const m of claimed.rows) {
    try {
      await transport.send({ from, to: m.to_address, subject: m.subject, text: m.text_body, html: m.html_body });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(emailOutbox.id, m.id));
      sent++;
    } catch (err) {
      failed++;
      const giveUp = m.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: String((err as Error)?.message ?? err).slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + retryDelaySeconds(m.attempts) * 1000),
        })
        .where(eq(emailOutbox.id, m.id));
    }
  }
  return { sent, failed };
}

export async function listOutbox(db: Database, opts: { limit?: number; to?: string } = {}) {
  return db
    .select()
    .from(emailOutbox)
    .where(opts.to ? and(eq(emailOutbox.toAddress, opts.to.toLowerCase())) : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(opts.limit ?? 100);
}

export async function getOutboxMessage(db: Database, id: string) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}
