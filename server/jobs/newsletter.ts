/**
 * The "newsletter.batch" job: delivers one batch of a sending campaign (server/domain/newsletter/delivery.ts),
 * which enqueues the next batch itself while addresses remain. A batch that throws is retried by pg-boss; rows
 * it had already claimed are never sent twice (see the delivery module's at-most-once note).
 */
import type { AppServices } from "../context.ts";
import { deliverCampaignBatch, NEWSLETTER_BATCH_JOB, type NewsletterDelivery } from "../domain/newsletter/delivery.ts";
import type { WorkerServices } from "./workers.ts";

/** What delivery needs, from the app's services. */
export function newsletterDelivery(s: Pick<AppServices, "config" | "db" | "mail" | "jobs">): NewsletterDelivery {
  return {
    db: s.db,
    transport: s.mail.transport,
    from: s.config.mailFrom,
    publicUrl: s.config.publicUrl,
    unsubscribeMailbox: s.config.salesEmail,
    jobs: s.jobs,
  };
}

/** Registers the handler of "newsletter.batch". */
export async function registerNewsletterDelivery(s: WorkerServices): Promise<void> {
  const deps = newsletterDelivery(s);
  await s.jobs.work(NEWSLETTER_BATCH_JOB, async (data) => {
    const campaignId = typeof data.campaignId === "string" ? data.campaignId : null;
    if (!campaignId) return;
    const r = await deliverCampaignBatch(deps, campaignId);
    s.logger.info({ campaignId, ...r }, "newsletter: batch delivered");
  });
}
