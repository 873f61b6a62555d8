/**
 * The "email.deliver" job: the sweep, a schedule every minute (any instance takes it), that delivers whatever is
 * due: rows a stopped process left claimed once their lease ends, and anything written while no mailer was awake.
 * Fresh mail does not wait for it: the mail service is woken by every committed write that queued mail, and times its
 * own retries (server/integrations/email/index.ts). There is no job per message (ADR 026). A pass that fails (the
 * database) throws, so pg-boss records the failure and retries; failures of single sends stay on their outbox rows
 * (the mailbox screen).
 */
import type { WorkerServices } from "./workers.ts";

/** Registers the handler of "email.deliver". */
export async function registerEmailDelivery(s: WorkerServices): Promise<void> {
  await s.jobs.work("email.deliver", async () => {
    await s.mail.deliver();
  });
}
