/**
 * The "reservations.expire" job (a pg-boss schedule, every minute, once across instances): releases lapsed
 * reservations with expireReservations, batch after batch while full batches come back, and kicks the mail
 * worker when emails were enqueued (each one also enqueued its own delivery job in its transaction). A failure
 * throws, so pg-boss records it and retries; the next occurrence tries again anyway. Safe with several
 * instances (the domain function claims rows with skip locked). A release changes what the public pages show: the
 * job drops them at once in every process (the cache signal), rather than leaving them to their expiry.
 */

import { PUBLIC_TAGS } from "../context.ts";
import type { Database } from "../db/client.ts";
import {
  EXPIRY_BATCH_LIMIT,
  type ExpireResult,
  expireReservations,
  ReservationExpiryError,
} from "../domain/reservations/expiry.ts";
import { processHub } from "../http/cache-signal.ts";
import type { Mail } from "../integrations/email/index.ts";
import type { Logger } from "../logger.ts";
import type { WorkerServices } from "./workers.ts";

export type ReservationExpiryOptions = {
  db: Database;
  logger: Pick<Logger, "info" | "error">;
  /** Base of the links in the emails (config.publicUrl). */
  publicUrl: string;
  mail: Pick<Mail, "kick">;
  /** Reservations per expireReservations call; a full batch is followed by another call at once. */
  batchLimit?: number;
  /** Drops the cached public pages and read models (in every process); called when a pair was released. */
  invalidate: (tags: readonly string[]) => void;
};

/** One run of the job. Resolves with what was done; throws (after reporting what was done) on a failure. */
export async function runReservationExpiry(opts: ReservationExpiryOptions): Promise<ExpireResult> {
  const { db, logger, publicUrl, mail } = opts;
  const limit = opts.batchLimit ?? EXPIRY_BATCH_LIMIT;
  const total: ExpireResult = { expired: 0, released: 0, notified: 0 };
  const add = (r: ExpireResult) => {
    total.expired += r.expired;
    total.released += r.released;
    total.notified += r.notified;
  };
  try {
    // Several batches when many holds lapsed at once (e.g. after downtime); stop on the first error.
    for (;;) {
      const r = await expireReservations(db, { publicUrl, limit });
      add(r);
      if (r.expired < limit) return total;
    }
  } catch (err) {
    if (err instanceof ReservationExpiryError) add(err.result);
    logger.error({ err }, "reservation expiry failed; pg-boss retries it");
    throw err;
  } finally {
    // Released pairs are available again on the map and the number pages.
    if (total.released) opts.invalidate([PUBLIC_TAGS.catalogue]);
    if (total.notified) mail.kick();
    if (total.expired) logger.info(total, "reservations expired");
  }
}

/** Registers the handler of "reservations.expire". */
export async function registerReservationExpiry(s: WorkerServices): Promise<void> {
  await s.jobs.work("reservations.expire", async () => {
    await runReservationExpiry({
      db: s.db,
      logger: s.logger,
      publicUrl: s.config.publicUrl,
      mail: s.mail,
      invalidate: processHub.invalidate,
    });
  });
}
