/**
 * Hourly housekeeping: old rate-limit counters, secret links left in stored emails, and old outbox rows.
 * Errors are logged, never thrown.
 */
import type { Database } from "../db/client.ts";
import { pruneOutbox, redactStaleSecrets } from "../domain/email/outbox.ts";
import { pruneRateLimits } from "../domain/ratelimit/ratelimit.ts";
import type { Logger } from "../logger.ts";

export type MaintenanceReport = { rateLimitsPruned: number; secretsRedacted: number; emailsPruned: number };

/** One pass of every housekeeping task. */
export async function runMaintenance(db: Database): Promise<MaintenanceReport> {
  const rateLimitsPruned = await pruneRateLimits(db);
  const secretsRedacted = await redactStaleSecrets(db);
  const emailsPruned = await pruneOutbox(db);
  return { rateLimitsPruned, secretsRedacted, emailsPruned };
}

export function startMaintenance(opts: { db: Database; logger: Logger; intervalMs?: number; firstRunMs?: number }): {
  stop: () => Promise<void>;
} {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = runMaintenance(opts.db)
      .then((r) => {
        if (r.rateLimitsPruned || r.secretsRedacted || r.emailsPruned) opts.logger.info(r, "maintenance done");
      })
      .catch((err) => opts.logger.error({ err }, "maintenance failed"))
      .finally(() => {
        running = undefined;
      });
  };
  // A first pass soon after start-up (an instance restarted more often than hourly still does its share).
  const first = setTimeout(run, opts.firstRunMs ?? 60_000);
  first.unref();
  const timer = setInterval(run, opts.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
