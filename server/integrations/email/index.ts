/**
 * The mail service the app uses: enqueue into the outbox, then a small in-process worker delivers it
 * (polling every few seconds, and right away when kicked after an enqueue).
 */
import type { Database } from "../../db/client.ts";
import { type EmailMessage, enqueueEmail, processOutbox } from "../../domain/email/outbox.ts";
import type { Logger } from "../../logger.ts";
import type { MailTransport } from "./transport.ts";

export type Mail = {
  transport: MailTransport;
  /** Enqueue and deliver soon. For messages tied to a transaction, call enqueueEmail(tx, …) then kick(). */
  send: (msg: EmailMessage) => Promise<void>;
  kick: () => void;
  /** Deliver everything due now (tests, shutdown). */
  flush: () => Promise<void>;
  start: () => void;
  stop: () => Promise<void>;
};

export function createMail(opts: {
  db: Database;
  transport: MailTransport;
  from: string;
  logger: Logger;
  pollMs?: number;
}): Mail {
  const { db, transport, from, logger } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function drain(): Promise<void> {
    do {
      again = false;
      try {
        const { sent, failed } = await processOutbox(db, transport, from);
        if (failed) logger.warn({ sent, failed }, "email outbox: some sends failed, will retry");
      } catch (err) {
        logger.error({ err }, "email outbox: processing failed");
      }
    } while (again && !stopped);
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
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
      if (running) await running;
      await drain();
    },
    start() {
      stopped = false;
      timer = setInterval(kick, opts.pollMs ?? 3000);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (running) await running;
      transport.close();
    },
  };
}
