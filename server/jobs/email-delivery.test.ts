import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { enqueueEmail, retryDelaySeconds } from "../domain/email/outbox.ts";
import { createMail, type Mail } from "../integrations/email/index.ts";
import type { MailTransport, OutgoingEmail } from "../integrations/email/transport.ts";
import { createLogger } from "../logger.ts";
import { registerEmailDelivery } from "./email-delivery.ts";
import type { JobRuntime } from "./queue.ts";
import { startTestJobs } from "./testing.ts";
import type { WorkerServices } from "./workers.ts";

/** A transport that records what it sends, and refuses once each address that starts with "refuse". */
function recordingTransport() {
  const sent: OutgoingEmail[] = [];
  const refused = new Set<string>();
  const transport: MailTransport = {
    name: "smtp",
    async send(msg) {
      if (msg.to.startsWith("refuse") && !refused.has(msg.to)) {
        refused.add(msg.to);
        throw Object.assign(new Error("451 mailbox unavailable"), { responseCode: 451 });
      }
      sent.push(msg);
      return { messageId: msg.messageId ?? `m-${sent.length}` };
    },
    close() {},
  };
  return { sent, transport };
}

let t: TestDb;
let jobs: JobRuntime;
let mail: Mail;
const { sent, transport } = recordingTransport();

beforeAll(async () => {
  t = await createTestDb();
  jobs = await startTestJobs(t);
  mail = createMail({
    db: t.db,
    transport,
    from: "PoundCodes <hello@poundcodes.test>",
    logger: createLogger("silent"),
  });
  await registerEmailDelivery({ db: t.db, jobs, mail } as unknown as WorkerServices);
});
afterAll(async () => {
  await jobs.stop();
  await mail.stop();
  await t.close();
});

const message = (to: string, subject: string) => ({ to, subject, text: "Hello", template: "test_notice" });
const row = async (id: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

async function deliveryJobs() {
  const r = await t.db.execute<{ state: string }>(
    sql`select state::text as state from pgboss.job where name = 'email.deliver' order by created_on`,
  );
  return r.rows.map((j) => j.state);
}

describe("email delivery", () => {
  it("queues no job per message; the sweep delivers what is due in one pass", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await t.db.transaction((tx) => enqueueEmail(tx, message(`ada${i}@example.com`, `Committed ${i}`))));
    // Nobody woke the mailer here (the app wakes it after each commit): the rows wait, with no job of their own.
    expect(await deliveryJobs()).toEqual([]);
    await jobs.enqueue(t.db, "email.deliver", {}); // as the schedule does every minute
    await vi.waitFor(
      async () => {
        for (const id of ids) expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(sent.map((m) => m.subject)).toEqual(expect.arrayContaining(ids.map((_, i) => `Committed ${i}`)));
    await vi.waitFor(async () => expect(await deliveryJobs()).toEqual(["completed"]), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it("leaves neither the message nor a job when the transaction rolls back", async () => {
    const before = await deliveryJobs();
    let id = "";
    await expect(
      t.db.transaction(async (tx) => {
        id = await enqueueEmail(tx, message("grace@example.com", "Rolled back"));
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(id).not.toBe("");
    expect(await row(id)).toBeUndefined();
    expect(await deliveryJobs()).toEqual(before);
    await mail.flush();
    expect(sent.map((m) => m.subject)).not.toContain("Rolled back");
  });

  it("records a failed send on its row and retries it after the backoff by itself, with no job", async () => {
    const before = await deliveryJobs();
    const id = await enqueueEmail(t.db, message("refuse@example.com", "Refused once"));
    await mail.flush();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: "451 mailbox unavailable" });
    const delay = (failed!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(delay).toBeGreaterThan(retryDelaySeconds(1) - 3);
    expect(delay).toBeLessThanOrEqual(retryDelaySeconds(1) + 1);
    expect(await deliveryJobs()).toEqual(before);
    await vi.waitFor(async () => expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 }), {
      timeout: (retryDelaySeconds(1) + 5) * 1000,
      interval: 200,
    });
    expect(await deliveryJobs()).toEqual(before);
  }, 30_000);
});
