/**
 * The "email.deliver" job. Every outbox row enqueues one in its own transaction (bound here through
 * setDeliveryTrigger), a failed send enqueues the next attempt's with the backoff as its delay, and a schedule
 * runs one every minute as a sweep (rows written before the runtime started, a lease left by a stopped
 * process). Each job runs one delivery pass over every due row; a pass that fails throws, so pg-boss records
 * the failure and retries. Send failures of single messages stay on their outbox rows (the mailbox screen).
 */
import { setDeliveryTrigger } from "../domain/email/outbox.ts";
import type { WorkerServices } from "./workers.ts";

/** Registers the handler of "email.deliver" and binds the outbox's delivery job. */
export async function registerEmailDelivery(s: WorkerServices): Promise<void> {
  setDeliveryTrigger(async (tx, outboxId, delaySeconds) => {
    if (!s.jobs.started) return; // stopping: the sweep picks the row up later
    await s.jobs.enqueue(tx, "email.deliver", { outboxId }, delaySeconds ? { startAfterSeconds: delaySeconds } : {});
  });
  await s.jobs.work(
    "email.deliver",
    async () => {
      await s.mail.deliver();
    },
    { batchSize: 10 },
  );
}
