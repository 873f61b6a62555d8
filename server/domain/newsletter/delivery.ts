/**
 * Sending a newsletter campaign for real: one delivery row per address, worked through the job queue in batches.
 *
 * - {@link startCampaign} (one transaction): the draft becomes `sending`, one `pending` newsletter_deliveries row
 *   is inserted per confirmed subscriber (UNIQUE(campaign_id, email) makes an address appear once), and the first
 *   `newsletter.batch` job is enqueued in the same transaction (kept on commit, gone on rollback).
 * - {@link deliverCampaignBatch} (the job's handler, a plain function): claims up to `batchSize` due rows with
 *   FOR UPDATE SKIP LOCKED (so concurrent batches never take the same row), sends each issue with the subscriber's
 *   own unsubscribe link and List-Unsubscribe headers, and records the outcome per row: `sent`; `bounced` when the
 *   server rejects the recipient for good (a 5xx answer to RCPT TO); `failed` for any other permanent refusal, or
 *   once a temporary failure (4xx, connection trouble) has used up its attempts; otherwise the row stays `pending`
 *   with its error and is retried after a backoff (30 s, 60 s, 120 s … by default). While rows remain, the batch
 *   enqueues the next one (at once, or when the earliest retry is due); when none remain, the campaign is `sent`.
 *   Addresses unsubscribed or removed after the campaign started are dropped before they are mailed.
 *
 * At most once, not at least once. A row is claimed (attempts + 1, and an in-flight marker in last_error) and that
 * claim is committed *before* the message is handed to the mail server; the outcome is written right after. If the
 * process dies between the two, the row keeps its in-flight marker and is never claimed again: once its lease has
 * run out it is marked `failed` ("Delivery interrupted …") and listed with the failures for an administrator to
 * judge, instead of being sent a second time. A retry only follows a send that demonstrably failed. So an address
 * can miss an issue in a crash, but never gets it twice; for a newsletter a duplicate is the worse error. In the
 * dev mailbox (no SMTP) the stored copy is the delivery, written in the same transaction as the outcome, so there
 * the delivery is exactly once.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "#server/db/client.ts";
import {
  emailOutbox,
  newsletterCampaigns,
  newsletterDeliveries,
  newsletterSubscribers,
} from "#server/db/schema/index.ts";
import { NEWSLETTER_ISSUE_TEMPLATE, newsletterIssue } from "../../integrations/email/newsletter-templates.ts";
import type { MailTransport } from "../../integrations/email/transport.ts";
import { type Actor, assertAdmin, SYSTEM_ACTOR } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { sanitizeHtml } from "../content/sanitize.ts";
import type { JobQueuePort } from "../jobs/port.ts";
import { CampaignAlreadyStartedError, CampaignNotFoundError, NoSubscribersError } from "./errors.ts";
import { newsletterUnsubscribeUrl } from "./newsletter.ts";

/** The job that delivers one batch of a campaign. */
export const NEWSLETTER_BATCH_JOB = "newsletter.batch";
export type NewsletterBatchJob = { campaignId: string };

/** What this module needs of the job queue (server/jobs/queue.ts). */
export type NewsletterJobQueue = JobQueuePort<typeof NEWSLETTER_BATCH_JOB, NewsletterBatchJob>;

/** Everything delivery needs: the database, the mail transport and sender, the links' base, the queue. */
export type NewsletterDelivery = {
  db: Database;
  transport: Pick<MailTransport, "name" | "send">;
  /** The From of every issue (config.mailFrom). */
  from: string;
  /** Base of the unsubscribe links (config.publicUrl). */
  publicUrl: string;
  /** The mailbox of the `mailto:` alternative in List-Unsubscribe (config.salesEmail). */
  unsubscribeMailbox: string;
  jobs: NewsletterJobQueue;
};

export type BatchOptions = {
  /** Rows one batch claims. */
  batchSize?: number;
  /** Messages of one batch in flight at once. */
  parallel?: number;
  /** Attempts per address before a temporary failure becomes `failed`. */
  maxAttempts?: number;
  /** Wait before the first retry; doubled for each further one, capped at an hour. */
  retryBaseSeconds?: number;
  /** A claimed row whose outcome was never written is given up (not resent) after this long. */
  leaseSeconds?: number;
  now?: Date;
};

export const DEFAULT_BATCH_SIZE = 100;
export const DEFAULT_PARALLEL = 5;
export const MAX_DELIVERY_ATTEMPTS = 4;
export const RETRY_BASE_SECONDS = 30;
export const LEASE_SECONDS = 600;
const MAX_RETRY_SECONDS = 3600;

/** What last_error holds while a claimed row's message is being handed to the mail server. */
export const IN_FLIGHT = "Sending…";
/** A claimed row whose outcome was never recorded (the process stopped mid-send): not resent. */
export const INTERRUPTED =
  "Delivery interrupted before its outcome was recorded; not sent again, so the address cannot get it twice.";

/**
 * Starts sending a draft campaign (one transaction): `sending`, one pending delivery per confirmed subscriber,
 * the first batch job, the audit row.
 * @throws CampaignNotFoundError, CampaignAlreadyStartedError, NoSubscribersError (nothing written)
 */
export async function startCampaign(
  s: Pick<NewsletterDelivery, "db" | "jobs">,
  actor: Actor,
  campaignId: string,
): Promise<{ recipients: number }> {
  assertAdmin(actor);
  return s.db.transaction((tx) => startCampaignIn(tx, s.jobs, actor, campaignId));
}

/** {@link startCampaign} inside the caller's transaction (compose → create → start commits as one). */
export async function startCampaignIn(
  tx: DbOrTx,
  jobs: NewsletterJobQueue,
  actor: Actor,
  campaignId: string,
): Promise<{ recipients: number }> {
  assertAdmin(actor);
  const [campaign] = await tx
    .select({ id: newsletterCampaigns.id, status: newsletterCampaigns.status })
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, campaignId))
    .for("update");
  if (!campaign) throw new CampaignNotFoundError();
  if (campaign.status !== "draft") throw new CampaignAlreadyStartedError();
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into newsletter_deliveries (campaign_id, subscriber_id, email)
    select ${campaignId}, s.id, lower(s.email) from newsletter_subscribers s where s.unsubscribed_at is null
    on conflict (campaign_id, email) do nothing
    returning id`);
  const recipients = inserted.rows.length;
  if (recipients === 0) throw new NoSubscribersError();
  await tx
    .update(newsletterCampaigns)
    .set({ status: "sending", recipientCount: recipients, updatedAt: new Date() })
    .where(eq(newsletterCampaigns.id, campaignId));
  await jobs.enqueue(tx, NEWSLETTER_BATCH_JOB, { campaignId });
  await recordAudit(tx, actor, {
    action: "newsletter.campaign_send",
    entityType: "newsletter_campaign",
    entityId: campaignId,
    details: { recipients },
  });
  return { recipients };
}

/** How one failed send is recorded. */
export function classifySendError(err: unknown): { kind: "bounce" | "permanent" | "temporary"; message: string } {
  const e = err as { responseCode?: unknown; code?: unknown; command?: unknown; message?: unknown } | null;
  const message = (typeof e?.message === "string" && e.message.trim() ? e.message : String(err)).slice(0, 1000);
  const status = typeof e?.responseCode === "number" ? e.responseCode : null;
  if (status !== null && status >= 500 && status < 600) {
    const recipientRefused = e?.code === "EENVELOPE" || (typeof e?.command === "string" && /RCPT/i.test(e.command));
    return { kind: recipientRefused ? "bounce" : "permanent", message };
  }
  return { kind: "temporary", message };
}

export type BatchResult = {
  claimed: number;
  sent: number;
  bounced: number;
  failed: number;
  /** Temporary failures that will be tried again. */
  retrying: number;
  /** The campaign has no pending rows left and is now (or was already) `sent`. */
  done: boolean;
  /** When the next batch job was enqueued to start (seconds from now), or null when none was. */
  nextInSeconds: number | null;
};

const iso = (d: Date) => d.toISOString();

/**
 * Delivers one batch of a `sending` campaign and schedules what is left (see the module doc). Safe to run
 * concurrently and repeatedly: rows are claimed with SKIP LOCKED and a claimed row is never claimed again.
 */
export async function deliverCampaignBatch(
  s: NewsletterDelivery,
  campaignId: string,
  opts: BatchOptions = {},
): Promise<BatchResult> {
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const parallel = Math.max(1, opts.parallel ?? DEFAULT_PARALLEL);
  const maxAttempts = opts.maxAttempts ?? MAX_DELIVERY_ATTEMPTS;
  const base = opts.retryBaseSeconds ?? RETRY_BASE_SECONDS;
  const lease = opts.leaseSeconds ?? LEASE_SECONDS;
  const now = opts.now ?? new Date();
  const result: BatchResult = {
    claimed: 0,
    sent: 0,
    bounced: 0,
    failed: 0,
    retrying: 0,
    done: false,
    nextInSeconds: null,
  };

  const [campaign] = await s.db
    .select({
      status: newsletterCampaigns.status,
      subject: newsletterCampaigns.subject,
      content: newsletterCampaigns.content,
    })
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, campaignId));
  if (!campaign || campaign.status === "draft") return result;
  if (campaign.status === "sent") return { ...result, done: true };
  // Sanitized on save; again on render, as all stored HTML.
  const contentHtml = sanitizeHtml(campaign.content);

  // Addresses that left the list since the campaign started are not mailed.
  await s.db.execute(sql`
    with gone as (
      delete from newsletter_deliveries d
      where d.campaign_id = ${campaignId} and d.status = 'pending' and d.attempts = 0
        and not exists (
          select 1 from newsletter_subscribers s where s.id = d.subscriber_id and s.unsubscribed_at is null)
      returning d.id)
    update newsletter_campaigns set recipient_count = greatest(0, recipient_count - (select count(*) from gone))
    where id = ${campaignId} and exists (select 1 from gone)`);

  // Claims whose outcome was never written (the process stopped mid-send): given up, not resent.
  await s.db.execute(sql`
    update newsletter_deliveries set status = 'failed', last_error = ${INTERRUPTED}, updated_at = ${iso(now)}::timestamptz
    where campaign_id = ${campaignId} and status = 'pending' and last_error = ${IN_FLIGHT}
      and updated_at <= ${iso(now)}::timestamptz - make_interval(secs => ${lease})`);

  const retryDue = sql`updated_at <= ${iso(now)}::timestamptz - make_interval(secs => least(${MAX_RETRY_SECONDS}, ${base} * power(2, greatest(attempts - 1, 0)))::double precision)`;
  const claimed = await s.db.execute<{ id: string; email: string; subscriber_id: string | null; attempts: number }>(sql`
    update newsletter_deliveries set attempts = attempts + 1, last_error = ${IN_FLIGHT}, updated_at = ${iso(now)}::timestamptz
    where id in (
      select id from newsletter_deliveries
      where campaign_id = ${campaignId} and status = 'pending'
        and (last_error is null or (last_error <> ${IN_FLIGHT} and ${retryDue}))
      order by attempts, created_at, id
      limit ${batchSize}
      for update skip locked)
    returning id, email, subscriber_id, attempts`);
  result.claimed = claimed.rows.length;

  if (claimed.rows.length > 0) {
    const ids = claimed.rows.map((r) => r.subscriber_id).filter((id): id is string => id !== null);
    const tokens = new Map<string, string>();
    if (ids.length > 0) {
      const rows = await s.db.execute<{ id: string; unsubscribe_token: string }>(
        sql`select id, unsubscribe_token from newsletter_subscribers where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const r of rows.rows) tokens.set(r.id, r.unsubscribe_token);
    }
    const queue = [...claimed.rows];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const token = row.subscriber_id ? tokens.get(row.subscriber_id) : undefined;
        if (!token) {
          // Removed between the claim and now: not mailed.
          await s.db.delete(newsletterDeliveries).where(eq(newsletterDeliveries.id, row.id));
          continue;
        }
        const issue = newsletterIssue({
          to: row.email,
          subject: campaign.subject,
          contentHtml,
          unsubscribeUrl: newsletterUnsubscribeUrl(s.publicUrl, token),
          unsubscribeMailbox: s.unsubscribeMailbox,
        });
        await deliverOne(s, row, issue, { maxAttempts, result });
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  }

  // What is left, and when the next batch should run.
  const done = new Date();
  const [left] = (
    await s.db.execute<{ pending: string | number; due: string | number; next_retry: string | null }>(sql`
      select
        count(*) filter (where status = 'pending') as pending,
        count(*) filter (where status = 'pending' and (last_error is null or (last_error <> ${IN_FLIGHT} and ${sql`updated_at <= ${iso(done)}::timestamptz - make_interval(secs => least(${MAX_RETRY_SECONDS}, ${base} * power(2, greatest(attempts - 1, 0)))::double precision)`}))) as due,
        min(updated_at + make_interval(secs => least(${MAX_RETRY_SECONDS}, ${base} * power(2, greatest(attempts - 1, 0)))::double precision))
          filter (where status = 'pending' and last_error <> ${IN_FLIGHT}) as next_retry
      from newsletter_deliveries where campaign_id = ${campaignId}`)
  ).rows;
  const pending = Number(left?.pending ?? 0);
  const due = Number(left?.due ?? 0);

  await s.db.transaction(async (tx) => {
    if (pending === 0) {
      result.done = true;
      const [finished] = await tx
        .update(newsletterCampaigns)
        .set({ status: "sent", sentAt: done, updatedAt: done })
        .where(and(eq(newsletterCampaigns.id, campaignId), eq(newsletterCampaigns.status, "sending")))
        .returning({ id: newsletterCampaigns.id });
      if (finished) {
        const counts = await deliveryCounts(tx, campaignId);
        await recordAudit(tx, SYSTEM_ACTOR, {
          action: "newsletter.campaign_sent",
          entityType: "newsletter_campaign",
          entityId: campaignId,
          details: counts,
        });
      }
      return;
    }
    let startAfterSeconds: number;
    if (due > 0) startAfterSeconds = 0;
    else if (left?.next_retry) {
      const at = new Date(left.next_retry).getTime();
      startAfterSeconds = Math.max(1, Math.ceil((at - done.getTime()) / 1000));
    } else startAfterSeconds = lease + 1; // only other workers' claims left: look again when their lease ends
    result.nextInSeconds = startAfterSeconds;
    await s.jobs.enqueue(
      tx,
      NEWSLETTER_BATCH_JOB,
      { campaignId },
      startAfterSeconds > 0 ? { startAfterSeconds } : undefined,
    );
  });
  return result;
}

type ClaimedRow = { id: string; email: string; attempts: number };

/** Hands one issue to the mail server (or the dev mailbox) and records the outcome on its row. */
async function deliverOne(
  s: NewsletterDelivery,
  row: ClaimedRow,
  issue: ReturnType<typeof newsletterIssue>,
  ctx: { maxAttempts: number; result: BatchResult },
): Promise<void> {
  const sentRow = (at: Date) => ({ status: "sent" as const, sentAt: at, lastError: null, updatedAt: at });
  if (s.transport.name === "dev-mailbox") {
    // Without SMTP the stored copy is the delivery: written with the outcome, in one transaction.
    await s.db.transaction(async (tx) => {
      const at = new Date();
      await tx.insert(emailOutbox).values({
        toAddress: issue.to,
        subject: issue.subject,
        textBody: issue.text,
        htmlBody: issue.html,
        template: NEWSLETTER_ISSUE_TEMPLATE,
        status: "sent",
        attempts: 1,
        sentAt: at,
      });
      await tx.update(newsletterDeliveries).set(sentRow(at)).where(eq(newsletterDeliveries.id, row.id));
    });
    ctx.result.sent++;
    return;
  }
  try {
    await s.transport.send({
      from: s.from,
      to: issue.to,
      subject: issue.subject,
      text: issue.text,
      html: issue.html,
      headers: issue.headers,
    });
  } catch (err) {
    const { kind, message } = classifySendError(err);
    const retry = kind === "temporary" && row.attempts < ctx.maxAttempts;
    const status = retry ? "pending" : kind === "bounce" ? "bounced" : "failed";
    await s.db
      .update(newsletterDeliveries)
      .set({ status, lastError: message || "Unknown error", updatedAt: new Date() })
      .where(eq(newsletterDeliveries.id, row.id));
    if (retry) ctx.result.retrying++;
    else if (status === "bounced") ctx.result.bounced++;
    else ctx.result.failed++;
    return;
  }
  await s.db.update(newsletterDeliveries).set(sentRow(new Date())).where(eq(newsletterDeliveries.id, row.id));
  ctx.result.sent++;
}

/** A campaign's deliveries by status. */
export async function deliveryCounts(
  db: DbOrTx,
  campaignId: string,
): Promise<{ sent: number; failed: number; bounced: number; pending: number }> {
  const rows = await db
    .select({ status: newsletterDeliveries.status, n: sql<number>`count(*)::int` })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.campaignId, campaignId))
    .groupBy(newsletterDeliveries.status);
  const counts = { sent: 0, failed: 0, bounced: 0, pending: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** Active subscribers, for the compose form's Send button. */
export async function activeSubscriberCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(sql`${newsletterSubscribers.unsubscribedAt} is null`);
  return Number(row?.n ?? 0);
}
