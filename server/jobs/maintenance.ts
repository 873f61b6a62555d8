/** Hourly housekeeping: old rate-limit counters. Errors are logged, never thrown. */
import type { Database } from "../db/client.ts";
import { pruneRateLimits } from "../domain/ratelimit/ratelimit.ts";
import type { Logger } from "../logger.ts";

export function startMaintenance(opts: { db: Database; logger: Logger; intervalMs?: number }): {
  stop: () => Promise<void>;
} {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = pruneRateLimits(opts.db)
      .then((n) => {
        if (n) opts.logger.info({ pruned: n }, "rate-limit counters pruned");
      })
      .catch((err) => opts.logger.error({ err }, "maintenance failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, opts.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
