/**
 * How a message leaves the building: SMTP through nodemailer when SMTP_URL is set, otherwise the dev mailbox
 * (the outbox row is the stored copy, admins read it at /admin/emails, and it is printed to the log, without the
 * links of a message that carries a secret one).
 *
 * SMTP goes through a pool of kept-open connections (a new connection per message, with its greeting, EHLO and
 * authentication, capped delivery at a few dozen messages a second), with timeouts that end every send, one way or
 * the other, well within the outbox's lease (ADR 026).
 */
import nodemailer from "nodemailer";
import { isSecretBearing, redactLinks } from "../../domain/email/outbox.ts";
import type { Logger } from "../../logger.ts";

export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers, e.g. a newsletter's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
  /** The outbox template it was made from: one listed in SECRET_TEMPLATES carries a link that must not be logged. */
  template?: string | null;
  /** The Message-ID header, e.g. `<uuid@poundcodes.com>`: the outbox gives every attempt of a message the same one. */
  messageId?: string;
};

export type MailTransport = {
  name: "smtp" | "dev-mailbox";
  send: (msg: OutgoingEmail) => Promise<{ messageId: string }>;
  close: () => void;
  /** How many sends it carries at once without queueing them (its open connections); unset: no limit of its own. */
  concurrency?: number;
};

/** Connections the SMTP pool keeps open at most. */
export const SMTP_POOL_CONNECTIONS = 8;

export function smtpTransport(url: string, opts: { maxConnections?: number } = {}): MailTransport {
  const maxConnections = opts.maxConnections ?? SMTP_POOL_CONNECTIONS;
  // Options the URL sets itself (e.g. ?pool=false) win over these.
  const t = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections,
    // A connection is replaced after this many messages (some servers end long sessions themselves).
    maxMessages: 1000,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    name: "smtp",
    concurrency: maxConnections,
    async send(msg) {
      const info = await t.sendMail({
        from: msg.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html ?? undefined,
        headers: msg.headers,
        ...(msg.messageId ? { messageId: msg.messageId } : {}),
      });
      return { messageId: info.messageId };
    },
    close: () => t.close(),
  };
}

export function devMailboxTransport(logger: Logger): MailTransport {
  let n = 0;
  return {
    name: "dev-mailbox",
    async send(msg) {
      n += 1;
      // A log is read by more people, and kept longer, than the mailbox: a secret link (sign-in, verification,
      // password reset) never goes there. The stored row keeps it, for an administrator at /admin/emails.
      const text = isSecretBearing(msg.template) ? redactLinks(msg.text) : msg.text;
      logger.info(
        { to: msg.to, subject: msg.subject, template: msg.template ?? null, text },
        "dev mailbox: email stored (no SMTP_URL set)",
      );
      return { messageId: msg.messageId ?? `dev-${Date.now()}-${n}@poundcodes.local` };
    },
    close: () => {},
  };
}
