/**
 * The admin newsletter (spec 2 §2, §5, §8): the subscriber list with removal, the campaigns with their delivery
 * counts, compose (preview, a test send to the administrator, send). Sending itself is ./delivery.ts. Every
 * function is for administrators only; writes are audited. Campaign content is HTML: sanitized when it is saved
 * and again whenever it is rendered.
 */
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { ListQuery } from "#kernel/list-query.ts";
import type { CampaignInput, CampaignProgress } from "#kernel/schemas/newsletter-admin.ts";
import type { Database, DbOrTx } from "#server/db/client.ts";
import { newsletterCampaigns, newsletterDeliveries, newsletterSubscribers } from "#server/db/schema/index.ts";
import { newsletterTestIssue } from "../../integrations/email/newsletter-templates.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { sanitizeHtml } from "../content/sanitize.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { listSql, type Page, pageOf, totalCount } from "../lists/list-sql.ts";
import { deliveryCounts, type NewsletterJobQueue, startCampaignIn } from "./delivery.ts";
import { CampaignNotFoundError, SubscriberNotFoundError } from "./errors.ts";

export type SubscriberSort = "subscribed" | "email";
export type SubscriberFilters = { status: "subscribed" | "unsubscribed" };
export type SubscriberListQuery = ListQuery<SubscriberSort, SubscriberFilters>;
export type SubscriberRow = { id: string; email: string; subscribedAt: Date; unsubscribedAt: Date | null };

/** One page of the subscriber list: search by address, filter subscribed / unsubscribed, newest first. */
export async function listSubscribersPage(
  db: Database,
  actor: Actor,
  query: SubscriberListQuery,
): Promise<Page<SubscriberRow>> {
  assertAdmin(actor);
  const list = listSql(query, {
    sorts: { subscribed: newsletterSubscribers.subscribedAt, email: newsletterSubscribers.email },
    search: [newsletterSubscribers.email],
    tiebreak: newsletterSubscribers.id,
  });
  const { status } = query.filters;
  const where = and(
    list.search,
    status === "subscribed" ? isNull(newsletterSubscribers.unsubscribedAt) : undefined,
    status === "unsubscribed" ? isNotNull(newsletterSubscribers.unsubscribedAt) : undefined,
  );
  const rows = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      subscribedAt: newsletterSubscribers.subscribedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      total: totalCount(),
    })
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  return pageOf(rows, list, () => db.$count(newsletterSubscribers, where));
}

/**
 * Deletes a subscriber (spec: "delete by id"). Deliveries already made keep their record; one still pending is
 * dropped before it is mailed.
 * @throws SubscriberNotFoundError
 */
export async function removeSubscriber(db: Database, actor: Actor, input: { id: string }): Promise<{ email: string }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, input.id))
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
    if (!gone) throw new SubscriberNotFoundError();
    await recordAudit(tx, actor, {
      action: "newsletter.subscriber_remove",
      entityType: "newsletter_subscriber",
      entityId: gone.id,
      details: { email: gone.email },
    });
    return { email: gone.email };
  });
}

export type CampaignRow = {
  id: string;
  subject: string;
  status: "draft" | "sending" | "sent";
  recipients: number;
  sent: number;
  failed: number;
  bounced: number;
  createdAt: Date;
  sentAt: Date | null;
};

/** The latest campaigns with their delivery counts, newest first. */
export async function listCampaigns(db: Database, actor: Actor, opts: { limit?: number } = {}): Promise<CampaignRow[]> {
  assertAdmin(actor);
  const count = (status: string) =>
    sql<number>`(select count(*)::int from ${newsletterDeliveries} d where d.campaign_id = ${newsletterCampaigns.id} and d.status = ${status})`;
  const rows = await db
    .select({
      id: newsletterCampaigns.id,
      subject: newsletterCampaigns.subject,
      status: newsletterCampaigns.status,
      recipients: newsletterCampaigns.recipientCount,
      sent: count("sent"),
      failed: count("failed"),
      bounced: count("bounced"),
      createdAt: newsletterCampaigns.createdAt,
      sentAt: newsletterCampaigns.sentAt,
    })
    .from(newsletterCampaigns)
    .orderBy(desc(newsletterCampaigns.createdAt), desc(newsletterCampaigns.id))
    .limit(opts.limit ?? 20);
  return rows.map((r) => ({ ...r, sent: Number(r.sent), failed: Number(r.failed), bounced: Number(r.bounced) }));
}

/** One campaign's progress (the campaign page and its live endpoint). @throws CampaignNotFoundError */
export async function campaignProgress(db: DbOrTx, actor: Actor, campaignId: string): Promise<CampaignProgress> {
  assertAdmin(actor);
  if (!isUuid(campaignId)) throw new CampaignNotFoundError();
  const [c] = await db
    .select({
      status: newsletterCampaigns.status,
      recipients: newsletterCampaigns.recipientCount,
      sentAt: newsletterCampaigns.sentAt,
    })
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, campaignId));
  if (!c) throw new CampaignNotFoundError();
  const counts = await deliveryCounts(db, campaignId);
  return { status: c.status, recipients: c.recipients, ...counts, sentAt: c.sentAt?.toISOString() ?? null };
}

export type CampaignFailure = {
  id: string;
  email: string;
  status: "failed" | "bounced" | "pending";
  attempts: number;
  lastError: string | null;
  updatedAt: Date;
};

/**
 * One campaign for its page: subject, sanitized content, progress, and the deliveries that did not go out
 * (failed and bounced, with their errors) plus those waiting for a retry.
 * @throws CampaignNotFoundError
 */
export async function getCampaign(db: Database, actor: Actor, campaignId: string) {
  assertAdmin(actor);
  if (!isUuid(campaignId)) throw new CampaignNotFoundError();
  const [c] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, campaignId));
  if (!c) throw new CampaignNotFoundError();
  const progress = await campaignProgress(db, actor, campaignId);
  const problems = await db
    .select({
      id: newsletterDeliveries.id,
      email: newsletterDeliveries.email,
      status: newsletterDeliveries.status,
      attempts: newsletterDeliveries.attempts,
      lastError: newsletterDeliveries.lastError,
      updatedAt: newsletterDeliveries.updatedAt,
    })
    .from(newsletterDeliveries)
    .where(
      and(
        eq(newsletterDeliveries.campaignId, campaignId),
        sql`(${newsletterDeliveries.status} in ('failed', 'bounced') or (${newsletterDeliveries.status} = 'pending' and ${newsletterDeliveries.attempts} > 0))`,
      ),
    )
    .orderBy(newsletterDeliveries.status, newsletterDeliveries.email)
    .limit(500);
  return {
    id: c.id,
    subject: c.subject,
    contentHtml: sanitizeHtml(c.content),
    createdAt: c.createdAt,
    progress,
    problems: problems as CampaignFailure[],
  };
}

/** The compose form's preview: the content as it will be mailed (sanitized). */
export function previewCampaign(input: CampaignInput): { subject: string; contentHtml: string } {
  return { subject: input.subject, contentHtml: sanitizeHtml(input.content) };
}

/**
 * Sends the composed newsletter to the administrator alone (through the outbox, so it shows in the mailbox),
 * marked as a test. Audited.
 */
export async function sendCampaignTest(
  db: Database,
  actor: Actor,
  input: CampaignInput,
  opts: { to: string },
): Promise<{ to: string }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const id = await enqueueEmail(
      tx,
      newsletterTestIssue({ to: opts.to, subject: input.subject, contentHtml: sanitizeHtml(input.content) }),
    );
    await recordAudit(tx, actor, {
      action: "newsletter.campaign_test",
      entityType: "email",
      entityId: id,
      details: { to: opts.to, subject: input.subject },
    });
    return { to: opts.to };
  });
}

/** Saves a composed newsletter as a draft (content sanitized). */
export async function createCampaign(db: DbOrTx, actor: Actor, input: CampaignInput): Promise<{ id: string }> {
  assertAdmin(actor);
  const [row] = await db
    .insert(newsletterCampaigns)
    .values({
      subject: input.subject.trim(),
      content: sanitizeHtml(input.content),
      status: "draft",
      createdBy: actor.userId,
    })
    .returning({ id: newsletterCampaigns.id });
  await recordAudit(db, actor, {
    action: "newsletter.campaign_create",
    entityType: "newsletter_campaign",
    entityId: row!.id,
    details: { subject: input.subject.trim() },
  });
  return { id: row!.id };
}

/**
 * Compose → Send in one transaction: the campaign is stored (sanitized), its deliveries created and the first
 * batch enqueued; a refusal (no subscribers) leaves nothing behind.
 * @throws NoSubscribersError
 */
export async function sendNewCampaign(
  s: { db: Database; jobs: NewsletterJobQueue },
  actor: Actor,
  input: CampaignInput,
): Promise<{ id: string; recipients: number }> {
  assertAdmin(actor);
  return s.db.transaction(async (tx) => {
    const { id } = await createCampaign(tx, actor, input);
    const { recipients } = await startCampaignIn(tx, s.jobs, actor, id);
    return { id, recipients };
  });
}

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
