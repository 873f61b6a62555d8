import { eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { createMail } from "../../integrations/email/index.ts";
import { resetPassword, verifyEmail } from "../../integrations/email/templates.ts";
import {
  devMailboxTransport,
  type MailTransport,
  type OutgoingEmail,
  smtpTransport,
} from "../../integrations/email/transport.ts";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { createLogger } from "../../logger.ts";
import {
  enqueueEmail,
  getOutboxMessage,
  MAX_ATTEMPTS,
  outboxMessageId,
  processOutbox,
  REDACTED_LINK,
  retryDelaySeconds,
} from "./outbox.ts";

type Received = { from: string; to: string[]; raw: string; messageId: string | null };

/**
 * A real SMTP server on loopback; `failNext` makes it reject the next N messages, `swallowNext` makes it keep the
 * next N and still answer with an error (as when the answer is lost on the way back). `stop()` takes it down (new
 * connections are refused, open ones are ended) and `restart()` brings it back on the same port.
 */
async function startSmtp() {
  const received: Received[] = [];
  const state = { failNext: 0, swallowNext: 0 };
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      closeTimeout: 50,
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (c) => {
          raw += c.toString();
        });
        stream.on("end", () => {
          const refuse = () => {
            const err = new Error("mailbox unavailable") as Error & { responseCode: number };
            err.responseCode = 451;
            return callback(err);
          };
          if (state.failNext > 0) {
            state.failNext--;
            return refuse();
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            messageId: /^Message-ID: *(.+?)\r?$/im.exec(raw)?.[1]?.trim() ?? null,
          });
          if (state.swallowNext > 0) {
            state.swallowNext--;
            return refuse();
          }
          callback();
        });
      },
    });
  let server = make();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as { port: number }).port;
  let up = true;
  const stop = () =>
    new Promise<void>((r) => {
      up = false;
      server.close(() => r());
    });
  return {
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    stop,
    async restart() {
      server = make();
      await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
      up = true;
    },
    isUp: () => up,
    close: () => (up ? stop() : Promise.resolve()),
  };
}

let t: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  t = await createTestDb();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

describe("email outbox over real SMTP", () => {
  it("delivers a queued message and marks it sent", async () => {
    const id = await enqueueEmail(t.db, {
      to: "dana@example.com",
      subject: "Hello",
      text: "Body text",
      template: "test",
    });
    const transport = smtpTransport(smtp.url);
    const r = await processOutbox(t.db, transport, "PoundCodes <no-reply@poundcodes.test>");
    transport.close();
    expect(r).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["dana@example.com"]);
    expect(smtp.received[0]!.raw).toContain("Subject: Hello");
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("sent");
    expect(row!.sentAt).not.toBeNull();
    // Nothing is due any more: a second pass sends nothing twice.
    expect(await processOutbox(t.db, smtpTransport(smtp.url), "x@y.z")).toMatchObject({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps a failed send and retries it later instead of losing it", async () => {
    smtp.state.failNext = 1;
    const id = await enqueueEmail(t.db, { to: "retry@example.com", subject: "Retry me", text: "x", template: "test" });
    const transport = smtpTransport(smtp.url);
    const first = await processOutbox(t.db, transport, "no-reply@poundcodes.test");
    expect(first).toMatchObject({ sent: 0, failed: 1 });
    let [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("pending");
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/mailbox unavailable/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Make it due now and run again: delivered.
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, id));
    const second = await processOutbox(t.db, transport, "no-reply@poundcodes.test");
    transport.close();
    expect(second).toMatchObject({ sent: 1, failed: 0 });
    [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("sent");
    expect(smtp.received.some((m) => m.to.includes("retry@example.com"))).toBe(true);
  });

  it("gives up after the last attempt and says why", async () => {
    const id = await enqueueEmail(t.db, { to: "dead@example.com", subject: "x", text: "x", template: "test" });
    await t.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id));
    const broken = {
      name: "smtp" as const,
      send: async () => Promise.reject(new Error("connection refused")),
      close: () => {},
    };
    await processOutbox(t.db, broken, "x@y.z");
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("failed");
    expect(row!.lastError).toBe("connection refused");
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });

  it("never hands one message to two concurrent workers", async () => {
    for (let i = 0; i < 6; i++)
      await enqueueEmail(t.db, { to: `c${i}@example.com`, subject: "c", text: "c", template: "test" });
    const sentTo: string[] = [];
    const counting = {
      name: "smtp" as const,
      send: async (m: { to: string }) => {
        sentTo.push(m.to);
        return { messageId: m.to };
      },
      close: () => {},
    };
    const [a, b] = await Promise.all([processOutbox(t.db, counting, "x@y.z"), processOutbox(t.db, counting, "x@y.z")]);
    expect(a.sent + b.sent).toBe(6);
    expect(new Set(sentTo).size).toBe(sentTo.length);
  });
});

const FROM = "PoundCodes <no-reply@poundcodes.test>";
const quiet = createLogger("silent");
const outboxRow = async (id: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
const makeDue = (ids: string[]) =>
  t.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(inArray(emailOutbox.id, ids));

describe("exactly once towards the receiver", () => {
  it("SMTP down then up: each email is delivered once, under its row's one Message-ID", async () => {
    const mail = createMail({
      db: t.db,
      transport: smtpTransport(smtp.url),
      from: FROM,
      logger: quiet,
      outageDelaySeconds: { first: 0.2, max: 0.4 },
    });
    try {
      await smtp.stop();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(
          await enqueueEmail(t.db, {
            to: `outage${i}@example.com`,
            subject: "During the outage",
            text: "x",
            template: "test",
          }),
        );
      await mail.flush();
      for (const id of ids) {
        // Nothing went out; the outage is not held against the message (no attempt counted, nothing given up).
        expect(await outboxRow(id)).toMatchObject({ status: "pending", attempts: 0 });
        expect((await outboxRow(id)).lastError).not.toBeNull();
      }
      await smtp.restart();
      // The mailer tries again by itself, soon after the server is back.
      await vi.waitFor(
        async () => {
          for (const id of ids) expect((await outboxRow(id)).status).toBe("sent");
        },
        { timeout: 5_000, interval: 50 },
      );
      for (const [i, id] of ids.entries()) {
        const copies = smtp.received.filter((m) => m.to.includes(`outage${i}@example.com`));
        expect(copies).toHaveLength(1);
        expect(copies[0]!.messageId).toBe(outboxMessageId(id, FROM));
        expect((await outboxRow(id)).attempts).toBe(1);
      }
    } finally {
      if (!smtp.isUp()) await smtp.restart();
      await mail.stop();
    }
  });

  it("a send the server kept but answered with an error goes again under the same Message-ID", async () => {
    const mail = createMail({ db: t.db, transport: smtpTransport(smtp.url), from: FROM, logger: quiet });
    try {
      smtp.state.swallowNext = 1;
      const id = await enqueueEmail(t.db, {
        to: "ambiguous@example.com",
        subject: "Twice?",
        text: "x",
        template: "test",
      });
      await mail.flush();
      expect(await outboxRow(id)).toMatchObject({ status: "pending", attempts: 1 });
      await makeDue([id]);
      await mail.flush();
      expect((await outboxRow(id)).status).toBe("sent");
      const copies = smtp.received.filter((m) => m.to.includes("ambiguous@example.com"));
      // The receiver got two copies of one message, which it can tell by their one Message-ID.
      expect(copies.map((m) => m.messageId)).toEqual([outboxMessageId(id, FROM), outboxMessageId(id, FROM)]);
    } finally {
      await mail.stop();
    }
  });

  it("a database error after a successful send does not send it again", async () => {
    const mail = createMail({ db: t.db, transport: smtpTransport(smtp.url), from: FROM, logger: quiet });
    // The database refuses to mark anything sent, as an outage between the send and its record would.
    await t.db.execute(
      sql.raw(`create or replace function outbox_test_refuse_sent() returns trigger language plpgsql as $$
        begin raise exception 'database unavailable (test)'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger outbox_test_refuse_sent before update on email_outbox for each row
        when (new.status = 'sent') execute function outbox_test_refuse_sent()`),
    );
    let dropped = false;
    const drop = async () => {
      if (dropped) return;
      dropped = true;
      await t.db.execute(sql.raw("drop trigger if exists outbox_test_refuse_sent on email_outbox"));
      await t.db.execute(sql.raw("drop function if exists outbox_test_refuse_sent()"));
    };
    try {
      const id = await enqueueEmail(t.db, { to: "dberror@example.com", subject: "Once", text: "x", template: "test" });
      await mail.flush();
      const delivered = () => smtp.received.filter((m) => m.to.includes("dberror@example.com"));
      expect(delivered()).toHaveLength(1);
      // Its lease runs out while the database still refuses the record: the mailer knows it sent it.
      await makeDue([id]);
      await mail.flush();
      expect(delivered()).toHaveLength(1);
      await drop();
      await mail.flush();
      expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      await makeDue([id]);
      await mail.flush();
      expect(delivered()).toHaveLength(1);
      expect(delivered()[0]!.messageId).toBe(outboxMessageId(id, FROM));
    } finally {
      await drop();
      await mail.stop();
    }
  });

  it("a backlog of retries does not delay a fresh message", async () => {
    const order: string[] = [];
    const slow: MailTransport = {
      name: "smtp",
      async send(msg: OutgoingEmail) {
        await new Promise((r) => setTimeout(r, 10));
        order.push(msg.to);
        return { messageId: msg.messageId ?? msg.to };
      },
      close() {},
    };
    // 300 messages that failed before and are due again, e.g. after an outage.
    await t.db.insert(emailOutbox).values(
      Array.from({ length: 300 }, (_, i) => ({
        toAddress: `backlog${i}@example.com`,
        subject: "Retry",
        textBody: "x",
        template: "test",
        attempts: 1,
        lastError: "451 mailbox unavailable",
        nextAttemptAt: new Date(Date.now() - 60_000),
      })),
    );
    const mail = createMail({ db: t.db, transport: slow, from: FROM, logger: quiet });
    try {
      mail.kick();
      await vi.waitFor(() => expect(order.length).toBeGreaterThanOrEqual(10), { timeout: 5_000, interval: 5 });
      await mail.send({ to: "fresh@example.com", subject: "Fresh", text: "x", template: "test" });
      await vi.waitFor(() => expect(order).toContain("fresh@example.com"), { timeout: 10_000, interval: 5 });
      // It went out among the next few sends, not after the 300.
      expect(order.indexOf("fresh@example.com")).toBeLessThan(60);
      await mail.flush();
      expect(order).toHaveLength(301);
    } finally {
      await mail.stop();
    }
  });
});

describe("secret links in stored mail", () => {
  const link = "http://localhost:3000/api/auth/reset-password/SECRET-TOKEN-123?callbackURL=%2Freset-password";
  const row = async (id: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

  it("delivers the link over SMTP, then keeps only a redacted copy", async () => {
    const id = await enqueueEmail(t.db, resetPassword({ email: "secret@example.com", name: "Sam" }, link));
    const transport = smtpTransport(smtp.url);
    await processOutbox(t.db, transport, "no-reply@poundcodes.test");
    transport.close();
    const delivered = smtp.received.find((m) => m.to.includes("secret@example.com"))!;
    expect(delivered.raw.replace(/=\r?\n/g, "")).toContain("SECRET-TOKEN-123");
    const stored = await row(id);
    expect(stored.status).toBe("sent");
    expect(stored.textBody).not.toContain("SECRET-TOKEN-123");
    expect(stored.htmlBody).not.toContain("SECRET-TOKEN-123");
    expect(stored.textBody).toContain(REDACTED_LINK);
    expect(stored.textBody).toContain("reset your password"); // the rest of the message stays readable
  });

  it("never shows an administrator the link of an undelivered message, except in the dev mailbox", async () => {
    const id = await enqueueEmail(t.db, verifyEmail({ email: "pending@example.com", name: "Pat" }, link));
    expect((await getOutboxMessage(t.db, id))!.textBody).not.toContain("SECRET-TOKEN-123");
    expect((await getOutboxMessage(t.db, id, { revealSecrets: true }))!.textBody).toContain("SECRET-TOKEN-123");
    // Messages without secrets are shown as stored.
    const plain = await enqueueEmail(t.db, { to: "p@example.com", subject: "s", text: `see ${link}`, template: "x" });
    expect((await getOutboxMessage(t.db, plain))!.textBody).toContain("SECRET-TOKEN-123");
  });

  it("keeps the link when the stored row is the delivery (dev mailbox)", async () => {
    const id = await enqueueEmail(t.db, verifyEmail({ email: "dev@example.com", name: "Dev" }, link));
    await processOutbox(t.db, devMailboxTransport(createLogger("silent")), "no-reply@poundcodes.test");
    expect((await row(id)).textBody).toContain("SECRET-TOKEN-123");
  });

  it("never writes a secret link to the log, even from the dev mailbox", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const secret = await enqueueEmail(t.db, resetPassword({ email: "logged@example.com", name: "Lee" }, link));
    await enqueueEmail(t.db, {
      to: "plain@example.com",
      subject: "Plain",
      text: "Read https://poundcodes.test/blog/open-post",
      template: "x",
    });
    await processOutbox(t.db, devMailboxTransport(logger), "no-reply@poundcodes.test");
    const logged = lines.join("\n");
    expect(logged).toContain("logged@example.com");
    expect(logged).not.toContain("SECRET-TOKEN-123");
    expect(logged).toContain(REDACTED_LINK);
    // A message without a secret is printed whole, and the stored secret one still holds its link (the delivery).
    expect(logged).toContain("https://poundcodes.test/blog/open-post");
    expect((await row(secret)).textBody).toContain("SECRET-TOKEN-123");
  });

  it("maintenance redacts old secret links whatever their status and deletes old rows", async () => {
    const stale = await enqueueEmail(t.db, verifyEmail({ email: "stale@example.com", name: "S" }, link));
    const fresh = await enqueueEmail(t.db, verifyEmail({ email: "fresh@example.com", name: "F" }, link));
    const oldSent = await enqueueEmail(t.db, { to: "old@example.com", subject: "o", text: "o", template: "x" });
    const oldPending = await enqueueEmail(t.db, { to: "op@example.com", subject: "o", text: "o", template: "x" });
    await t.db
      .update(emailOutbox)
      .set({
        status: "failed",
        createdAt: sql`now() - interval '2 days'`,
        nextAttemptAt: sql`now() + interval '1 day'`,
      })
      .where(eq(emailOutbox.id, stale));
    await t.db
      .update(emailOutbox)
      .set({ status: "sent", createdAt: sql`now() - interval '31 days'` })
      .where(eq(emailOutbox.id, oldSent));
    await t.db
      .update(emailOutbox)
      .set({ createdAt: sql`now() - interval '31 days'`, nextAttemptAt: sql`now() + interval '1 day'` })
      .where(eq(emailOutbox.id, oldPending));
    const report = await runMaintenance(t.db);
    expect(report.secretsRedacted).toBeGreaterThanOrEqual(1);
    expect(report.emailsPruned).toBeGreaterThanOrEqual(1);
    expect((await row(stale)).textBody).not.toContain("SECRET-TOKEN-123");
    expect((await row(stale)).htmlBody).not.toContain("SECRET-TOKEN-123");
    expect((await row(fresh)).textBody).toContain("SECRET-TOKEN-123");
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, oldSent))).toEqual([]);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, oldPending))).toHaveLength(1);
  });
});
