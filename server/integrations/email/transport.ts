/**
 * How a message leaves the building: SMTP through nodemailer when SMTP_URL is set, otherwise the dev mailbox
 * (the outbox row is the stored copy, admins read it at /admin/emails, and it is printed to the log).
 */
import nodemailer from "nodemailer";
import type { Logger } from "../../logger.ts";

export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers, e.g. a newsletter's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
};

export type MailTransport = {
  name: "smtp" | "dev-mailbox";
  send: (msg: OutgoingEmail) => Promise<{ messageId: string }>;
  close: () => void;
};

export function smtpTransport(url: string): MailTransport {
  const t = nodemailer.createTransport(url);
  return {
    name: "smtp",
    async send(msg) {
      const info = await t.sendMail({
        from: msg.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html ?? undefined,
        headers: msg.headers,
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
      logger.info({ to: msg.to, subject: msg.subject, text: msg.text }, "dev mailbox: email stored (no SMTP_URL set)");
      return { messageId: `dev-${Date.now()}-${n}@poundcodes.local` };
    },
    close: () => {},
  };
}
