import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { enqueueEmail, retryDelaySeconds, setDeliveryTrigger } from "../domain/email/outbox.ts";
import { createMail } from "../integrations/email/index.ts";
import type { MailTransport, OutgoingEmail } from "../integrations/email/transport.ts";
import { createLogger } from "../logger.ts";
import { registerEmailDelivery } from "./email-delivery.ts";
import type { JobRuntime } from "./queue.ts";
import { startTestJobs } from "./testing.ts";
import type { WorkerServices } from "./workers.ts";

/** A transport that records what it sends, and refuses messages to addresses that start with "refuse". */
function recordingTransport() {
  const sent: OutgoingEmail[] = [];
  const transport: MailTransport = {
    name: "smtp",
    async send(msg) {
      if (msg.to.startsWith("refuse")) throw new Error("451 mailbox unavailable");
      sent.push(msg);
      return { messageId: `m-${sent.length}` };
    },
    close() {},
  };
  return { sent, transport };
}

let t: TestDb;
let jobs: JobRuntime;
const { sent, transport } = recordingTransport();

beforeAll(async () => {
  t = await createTestDb();
  jobs = await startTestJobs(t);
  const mail = createMail({
    db: t.db,
    transport,
    from: "PoundCodes <hello@poundcodes.test>",
    logger: createLogger("silent"),
  });
  await registerEmailDelivery({ db: t.db, jobs, mail } as unknown as WorkerServices);
});
afterAll(async () => {
  setDeliveryTrigger(undefined);
  await jobs.stop();
  await t.close();
});

const message = (to: string, subject: string) => ({ to, subject, text: "Hello", template: "test_notice" });

async function deliveryJobs(outboxId: string) {
  const r = await t.db.execute<{ state: string; start_after: Date }>(
    sql`select state::text as state, start_after from pgboss.job
        where name = 'email.deliver' and data->>'outboxId' = ${outboxId} order by created_on`,
  );
  return r.rows;
}

describe("email delivery on jobs", () => {
  it("delivers a message through the job its transaction enqueued, with no other trigger", async () => {
    const id = await t.db.transaction((tx) => enqueueEmail(tx, message("ada@example.com", "Committed")));
    await vi.waitFor(
      async () => {
        const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
        expect(row).toMatchObject({ status: "sent", attempts: 1 });
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(sent.map((m) => m.subject)).toContain("Committed");
    await vi.waitFor(async () => expect((await deliveryJobs(id)).map((j) => j.state)).toEqual(["completed"]), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it("leaves neither the message nor its delivery job when the transaction rolls back", async () => {
    let id = "";
    await expect(
      t.db.transaction(async (tx) => {
        id = await enqueueEmail(tx, message("grace@example.com", "Rolled back"));
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(id).not.toBe("");
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id))).toEqual([]);
    expect(await deliveryJobs(id)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sent.map((m) => m.subject)).not.toContain("Rolled back");
  });

  it("records a failed send on the outbox row and enqueues the next attempt after the backoff", async () => {
    const id = await enqueueEmail(t.db, message("refuse@example.com", "Refused"));
    await vi.waitFor(
      async () => {
        const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
        expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "451 mailbox unavailable" });
      },
      { timeout: 15_000, interval: 100 },
    );
    const queued = await deliveryJobs(id);
    expect(queued).toHaveLength(2); // the first, done, and the retry, waiting for the backoff
    const retry = queued[1]!;
    expect(retry.state).toBe("created");
    const delay = (new Date(retry.start_after).getTime() - Date.now()) / 1000;
    expect(delay).toBeGreaterThan(retryDelaySeconds(1) - 3);
    expect(delay).toBeLessThanOrEqual(retryDelaySeconds(1) + 1);
  });
});
