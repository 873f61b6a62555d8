/**
 * The "reservations.expire" job (a pg-boss schedule, every minute, once across instances): releases lapsed
 * reservations with expireReservations, batch after batch while full batches come back. A failure
 * throws, so pg-boss records it and retries; the next occurrence tries again anyway. Safe with several
 * instances (the domain function claims rows with skip locked). What a release changes, on the public pages and in
 * the outbox, the domain records with the write: the pages are dropped and the mail sent once it commits.
 */

import type { Database } from "../db/client.ts";
import {
  EXPIRY_BATCH_LIMIT,
  type ExpireOptions,
  type ExpireResult,
  expireReservations,
  ReservationExpiryError,
} from "../domain/reservations/expiry.ts";
import { checkoutGateway } from "../integrations/stripe/client.ts";
import type { Logger } from "../logger.ts";
import type { WorkerServices } from "./workers.ts";

export type ReservationExpiryOptions = {
  db: Database;
  logger: Pick<Logger, "info" | "error">;
  /** Base of the links in the emails (config.publicUrl). */
  publicUrl: string;
  /** Reservations per expireReservations call; a full batch is followed by another call at once. */
  batchLimit?: number;
  /** Settles due orders' checkouts with the provider first (see expireReservations). */
  payments?: ExpireOptions["payments"];
};

/** One run of the job. Resolves with what was done; throws (after reporting what was done) on a failure. */
export async function runReservationExpiry(opts: ReservationExpiryOptions): Promise<ExpireResult> {
  const { db, logger, publicUrl } = opts;
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
      const r = await expireReservations(db, { publicUrl, limit, payments: opts.payments });
      add(r);
      if (r.expired < limit) return total;
    }
  } catch (err) {
    if (err instanceof ReservationExpiryError) add(err.result);
    logger.error({ err }, "reservation expiry failed; pg-boss retries it");
    throw err;
  } finally {
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
      payments: {
        gateway: checkoutGateway(s.config.stripe),
        linkSecret: s.config.authSecret,
        salesEmail: s.config.salesEmail,
      },
    });
  });
}
