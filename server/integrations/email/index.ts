/**
 * The mail service the app uses: enqueue into the outbox, and deliver. The mailer is woken right after each write
 * that queued mail commits (`kick`, from server/services.ts), by its own timer when a retry falls due or the mail
 * server may be back, and by the "email.deliver" sweep every minute (anything a stopped process left behind).
 *
 * Each lane of the outbox (fresh mail, retries: server/domain/email/outbox.ts) drains on its own, in batches, with
 * its own share of the SMTP pool's connections, so a backlog of retries never holds up a fresh message. Passes of
 * one lane never overlap within a process; rows are claimed with skip locked across processes. The service keeps
 * the ledger of sends the database has not yet marked (a database error after the send) and marks them before it
 * claims anything else. When the mail server cannot be reached the lanes pause, for 2 s doubling up to 30 s, and
 * the messages wait for the server rather than for their own backoff (ADR 026).
 */
import type { Database } from "../../db/client.ts";
import {
  type EmailMessage,
  enqueueEmail,
  OUTBOX_LANES,
  type OutboxLane,
  processOutbox,
  recordSends,
  type SentLedger,
} from "../../domain/email/outbox.ts";
import type { Logger } from "../../logger.ts";
import type { MailTransport } from "./transport.ts";

export type Mail = {
  transport: MailTransport;
  /** Enqueue and deliver soon. For messages tied to a transaction, call enqueueEmail(tx, …): the commit wakes us. */
  send: (msg: EmailMessage) => Promise<void>;
  /** Deliver what is due now, in the background (after a write that enqueued messages). Errors are logged. */
  kick: () => void;
  /** Deliver everything due now and wait (tests). Errors are logged. */
  flush: () => Promise<void>;
  /** Deliver everything due now (the "email.deliver" sweep): resolves with the outcome, throws when a pass failed. */
  deliver: () => Promise<{ sent: number; failed: number }>;
  /** Wait for the passes in progress, mark what was sent, then close the transport. */
  stop: () => Promise<void>;
};

export type MailOptions = {
  db: Database;
  transport: MailTransport;
  from: string;
  logger: Logger;
  /** Messages claimed at once per lane (default 100). */
  batchSize?: number;
  /** Sends in flight per lane (default: half the transport's connections; 4 for a transport without a limit). */
  laneConcurrency?: number;
  /** The pause after the mail server could not be reached: `first` seconds, doubling up to `max` (2 and 30). */
  outageDelaySeconds?: { first: number; max: number };
};

/** After a database error, the next try. */
const DATABASE_RETRY_MS = 2_000;

type LaneReport = { sent: number; failed: number; error?: unknown };
type LaneState = { draining?: Promise<LaneReport>; again: boolean };

export function createMail(opts: MailOptions): Mail {
  const { db, transport, from, logger } = opts;
  const batchSize = opts.batchSize ?? 100;
  const concurrency = opts.laneConcurrency ?? Math.max(1, Math.floor((transport.concurrency ?? 8) / 2));
  const outageDelay = opts.outageDelaySeconds ?? { first: 2, max: 30 };
  const ledger: SentLedger = new Set();
  const lanes: Record<OutboxLane, LaneState> = { fresh: { again: false }, retry: { again: false } };
  const outage = { until: 0, strikes: 0 };
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Number.POSITIVE_INFINITY;

  /** Wakes the lanes at `at` (epoch ms), unless a wake-up is already due by then. */
  function wakeAt(at: number) {
    if (stopped || (timer && timerAt <= at)) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerAt = Number.POSITIVE_INFINITY;
        kick();
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref?.();
  }

  /** Drains one lane: passes until nothing is due in it, the server is unreachable, or the database fails. */
  async function drain(lane: OutboxLane): Promise<LaneReport> {
    const report: LaneReport = { sent: 0, failed: 0 };
    const state = lanes[lane];
    do {
      state.again = false;
      while (!stopped) {
        if (Date.now() < outage.until) {
          wakeAt(outage.until);
          break;
        }
        const delay = Math.min(outageDelay.max, outageDelay.first * 2 ** outage.strikes);
        let r: Awaited<ReturnType<typeof processOutbox>>;
        try {
          r = await processOutbox(db, transport, from, {
            lane,
            limit: batchSize,
            concurrency,
            ledger,
            outageDelaySeconds: delay,
            stopping: () => stopped,
          });
        } catch (err) {
          // The database, not the mail server: nothing was lost, the next try marks and claims again.
          logger.error({ err, lane }, "email outbox: delivery pass failed");
          report.error = err;
          wakeAt(Date.now() + DATABASE_RETRY_MS);
          return report;
        }
        report.sent += r.sent;
        report.failed += r.failed;
        if (r.failed)
          logger.warn({ lane, sent: r.sent, failed: r.failed }, "email outbox: some sends failed, will retry");
        if (r.nextRetryAt) wakeAt(r.nextRetryAt.getTime());
        if (ledger.size > 0) wakeAt(Date.now() + DATABASE_RETRY_MS);
        if (r.outage) {
          if (outage.strikes === 0) logger.warn({ lane }, "email outbox: the mail server cannot be reached");
          outage.until = Date.now() + delay * 1000;
          outage.strikes++;
          wakeAt(outage.until);
          break;
        }
        if (r.sent > 0) outage.strikes = 0;
        if (r.claimed < batchSize) break;
      }
    } while (state.again && !stopped);
    return report;
  }

  function kick() {
    if (stopped) return;
    for (const lane of OUTBOX_LANES) {
      const state = lanes[lane];
      if (state.draining) {
        state.again = true;
        continue;
      }
      const run = drain(lane);
      state.draining = run;
      void run.finally(() => {
        if (state.draining === run) state.draining = undefined;
      });
    }
  }

  /** Waits for the drains in progress, then drains every lane once more and answers what that did. */
  async function drainAll(): Promise<LaneReport[]> {
    await Promise.all(OUTBOX_LANES.map((lane) => lanes[lane].draining));
    kick();
    return Promise.all(OUTBOX_LANES.map((lane) => lanes[lane].draining ?? { sent: 0, failed: 0 }));
  }

  return {
    transport,
    async send(msg) {
      await enqueueEmail(db, msg);
      kick();
    },
    kick,
    async flush() {
      await drainAll();
    },
    async deliver() {
      const reports = await drainAll();
      const failedPass = reports.find((r) => r.error !== undefined);
      if (failedPass) throw failedPass.error;
      return {
        sent: reports.reduce((n, r) => n + r.sent, 0),
        failed: reports.reduce((n, r) => n + r.failed, 0),
      };
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.all(OUTBOX_LANES.map((lane) => lanes[lane].draining));
      if (ledger.size > 0) {
        try {
          await recordSends(db, transport, ledger);
        } catch (err) {
          // Left as claimed: once their lease ends they go again, under the same Message-ID.
          logger.error({ err, ids: [...ledger] }, "email outbox: sent messages could not be marked sent");
        }
      }
      transport.close();
    },
  };
}
