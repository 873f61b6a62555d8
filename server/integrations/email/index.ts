/**
 * The mail service the app uses: enqueue into the outbox (which, once the job runtime runs, also enqueues an
 * "email.deliver" job in the same transaction), and deliver right after the write as well (`kick`), so a
 * message goes out at once rather than on the next poll. Delivery passes never overlap within a process, and
 * rows are claimed with skip locked across processes.
 */
import type { Database } from "../../db/client.ts";
import { type EmailMessage, enqueueEmail, processOutbox } from "../../domain/email/outbox.ts";
import type { Logger } from "../../logger.ts";
import type { MailTransport } from "./transport.ts";

export type Mail = {
  transport: MailTransport;
  /** Enqueue and deliver soon. For messages tied to a transaction, call enqueueEmail(tx, …) then kick(). */
  send: (msg: EmailMessage) => Promise<void>;
  /** Deliver what is due now, in the background (after a write that enqueued messages). Errors are logged. */
  kick: () => void;
  /** Deliver everything due now and wait (tests). Errors are logged. */
  flush: () => Promise<void>;
  /** One delivery pass (the "email.deliver" job): resolves with the outcome, throws when the pass itself failed. */
  deliver: () => Promise<{ sent: number; failed: number }>;
  /** Wait for a pass in progress, then close the transport. */
  stop: () => Promise<void>;
};

export function createMail(opts: { db: Database; transport: MailTransport; from: string; logger: Logger }): Mail {
  const { db, transport, from, logger } = opts;
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;

  /** One pass, after any pass in progress (they never overlap). */
  async function pass(): Promise<{ sent: number; failed: number }> {
    while (running) await running.catch(() => {});
    const p = processOutbox(db, transport, from);
    running = p;
    try {
      const r = await p;
      if (r.failed) logger.warn(r, "email outbox: some sends failed, will retry");
      return r;
    } finally {
      if (running === p) running = undefined;
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      try {
        await pass();
      } catch (err) {
        logger.error({ err }, "email outbox: processing failed");
      }
    } while (again && !stopped);
  }

  let draining: Promise<void> | undefined;
  function kick() {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain().finally(() => {
      draining = undefined;
    });
  }

  return {
    transport,
    async send(msg) {
      await enqueueEmail(db, msg);
      kick();
    },
    kick,
    async flush() {
      if (draining) await draining;
      await drain();
    },
    deliver: pass,
    async stop() {
      stopped = true;
      if (draining) await draining;
      while (running) await running.catch(() => {});
      transport.close();
    },
  };
}
