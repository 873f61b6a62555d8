import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/index.ts";
import { createTestDb, type TestDb } from "../../db/test-utils.ts";
import { resetPassword, verifyEmail } from "../../integrations/email/templates.ts";
import { devMailboxTransport, smtpTransport } from "../../integrations/email/transport.ts";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { createLogger } from "../../logger.ts";
import {
  enqueueEmail,
  getOutboxMessage,
  MAX_ATTEMPTS,
  processOutbox,
  REDACTED_LINK,
  retryDelaySeconds,
} from "./outbox.ts";

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback; `failNext` makes it reject the next N messages. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { failNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c) => {
        raw += c.toString();
      });
      stream.on("end", () => {
        if (state.failNext > 0) {
          state.failNext--;
          const err = new Error("mailbox unavailable") as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as { port: number }).port;
  return { received, state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(r)) };
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
    expect(r).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["dana@example.com"]);
    expect(smtp.received[0]!.raw).toContain("Subject: Hello");
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe("sent");
    expect(row!.sentAt).not.toBeNull();
    // Nothing is due any more: a second pass sends nothing twice.
    expect(await processOutbox(t.db, smtpTransport(smtp.url), "x@y.z")).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps a failed send and retries it later instead of losing it", async () => {
    smtp.state.failNext = 1;
    const id = await enqueueEmail(t.db, { to: "retry@example.com", subject: "Retry me", text: "x", template: "test" });
    const transport = smtpTransport(smtp.url);
    const first = await processOutbox(t.db, transport, "no-reply@poundcodes.test");
    expect(first).toEqual({ sent: 0, failed: 1 });
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
    expect(second).toEqual({ sent: 1, failed: 0 });
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
