/**
 * The "maintenance" job (a pg-boss schedule, hourly, once across instances): old rate-limit counters, secret
 * links left in stored emails, old outbox rows, and the first answers kept for retried public forms past their
 * week. A failure throws, so pg-boss records it and retries.
 */
import type { Database } from "../db/client.ts";
import { pruneOutbox, redactStaleSecrets } from "../domain/email/outbox.ts";
import { pruneSubmissions } from "../domain/idempotency/once.ts";
import { pruneRateLimits } from "../domain/ratelimit/ratelimit.ts";
import type { WorkerServices } from "./workers.ts";

export type MaintenanceReport = {
  rateLimitsPruned: number;
  secretsRedacted: number;
  emailsPruned: number;
  submissionsPruned: number;
};

/** One pass of every housekeeping task. */
export async function runMaintenance(db: Database): Promise<MaintenanceReport> {
  const rateLimitsPruned = await pruneRateLimits(db);
  const secretsRedacted = await redactStaleSecrets(db);
  const emailsPruned = await pruneOutbox(db);
  const submissionsPruned = await pruneSubmissions(db);
  return { rateLimitsPruned, secretsRedacted, emailsPruned, submissionsPruned };
}

/** Registers the handler of "maintenance". */
export async function registerMaintenance(s: WorkerServices): Promise<void> {
  await s.jobs.work("maintenance", async () => {
    const r = await runMaintenance(s.db);
    if (r.rateLimitsPruned || r.secretsRedacted || r.emailsPruned || r.submissionsPruned)
      s.logger.info(r, "maintenance done");
  });
}
