/**
 * In-process job that releases lapsed reservations: runs expireReservations right away and then every
 * `intervalMs`, never two runs at once, and kicks the mail worker when emails were enqueued. Errors are logged,
 * never thrown; the next tick tries again. Safe with several instances (the domain function claims rows with
 * skip locked).
 */
import type { Database } from "../db/client.ts";
import {
  EXPIRY_BATCH_LIMIT,
  type ExpireResult,
  expireReservations,
  ReservationExpiryError,
} from "../domain/reservations/expiry.ts";
import type { Mail } from "../integrations/email/index.ts";
import type { Logger } from "../logger.ts";

export type ReservationExpiryJob = {
  /** Stop the timer and wait for a run in progress to finish. */
  stop(): Promise<void>;
  /** Run now (or wait for the run in progress); resolves when done. For tests and admin tools. */
  runNow(): Promise<void>;
};

export type ReservationExpiryJobOptions = {
  db: Database;
  logger: Pick<Logger, "info" | "error">;
  /** Base of the links in the emails (config.publicUrl). */
  publicUrl: string;
  mail: Pick<Mail, "kick">;
  intervalMs?: number;
  /** Reservations per expireReservations call; a full batch is followed by another call at once. */
  batchLimit?: number;
};

export function startReservationExpiry(opts: ReservationExpiryJobOptions): ReservationExpiryJob {
  const { db, logger, publicUrl, mail } = opts;
  const intervalMs = opts.intervalMs ?? 60_000;
  const limit = opts.batchLimit ?? EXPIRY_BATCH_LIMIT;
  let running: Promise<void> | undefined;
  let stopped = false;

  function report(r: ExpireResult) {
    if (r.notified) mail.kick();
    if (r.expired) logger.info(r, "reservations expired");
  }

  async function run(): Promise<void> {
    // Several batches when many holds lapsed at once (e.g. after downtime); stop on the first error.
    while (!stopped) {
      try {
        const r = await expireReservations(db, { publicUrl, limit });
        report(r);
        if (r.expired < limit) return;
      } catch (err) {
        if (err instanceof ReservationExpiryError) report(err.result);
        logger.error({ err }, "reservation expiry failed; will retry on the next run");
        return;
      }
    }
  }

  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!running) {
      running = run().finally(() => {
        running = undefined;
      });
    }
    return running;
  }

  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();

  return {
    runNow: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
