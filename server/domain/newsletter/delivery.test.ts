import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  emailOutbox,
  newsletterCampaigns,
  newsletterDeliveries,
  newsletterSubscribers,
} from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { smtpTransport } from "#server/integrations/email/transport.ts";
import type { Actor } from "../actor.ts";
import { ForbiddenError } from "../errors.ts";
import { createCampaign, getCampaign, sendNewCampaign } from "./admin.ts";
import {
  classifySendError,
  deliverCampaignBatch,
  IN_FLIGHT,
  INTERRUPTED,
  NEWSLETTER_BATCH_JOB,
  type NewsletterDelivery,
  type NewsletterJobQueue,
  startCampaign,
} from "./delivery.ts";
import { CampaignAlreadyStartedError, NoSubscribersError } from "./errors.ts";
import { peekUnsubscribe, unsubscribe } from "./newsletter.ts";

const PUBLIC_URL = "https://poundcodes.test";
const admin: Actor = { userId: null, role: "admin", ip: "198.51.100.7" };
const member: Actor = { userId: null, role: "user" };

type Received = { to: string; raw: string };

/**
 * A real SMTP server on loopback. `bounce` addresses are refused at RCPT TO with 550 (a permanent rejection of
 * the recipient); `flaky` addresses get a 451 for their first message (then accepted); `dead` addresses always
 * get a 451 (temporary, so retried until the attempts run out).
 */
async function startSmtp(rules: { bounce: Set<string>; flaky: Set<string>; dead: Set<string> }) {
  const received: Received[] = [];
  const tries = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rules.bounce.has(address.address)) {
        const err = new Error("5.1.1 No such user here") as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c) => {
        raw += c.toString();
      });
      stream.on("end", () => {
        const to = session.envelope.rcptTo[0]!.address;
        const n = (tries.get(to) ?? 0) + 1;
        tries.set(to, n);
        if (rules.dead.has(to) || (rules.flaky.has(to) && n === 1)) {
          const err = new Error("4.2.1 Mailbox busy, try again later") as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        received.push({ to, raw });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as { port: number }).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(r)) };
}

/** A stand-in job queue that records what was enqueued (the tests run the batches themselves). */
function recordingQueue() {
  const jobs: { name: string; data: { campaignId: string }; startAfterSeconds?: number }[] = [];
  const queue: NewsletterJobQueue = {
    async enqueue(_tx, name, data, options) {
      jobs.push({ name, data, startAfterSeconds: options?.startAfterSeconds });
      return String(jobs.length);
    },
  };
  return { jobs, queue };
}

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

async function resetList(emails: string[]) {
  await t.db.delete(newsletterCampaigns);
  await t.db.delete(newsletterSubscribers);
  if (emails.length) {
    for (let i = 0; i < emails.length; i += 250) {
      await t.db.insert(newsletterSubscribers).values(emails.slice(i, i + 250).map((email) => ({ email })));
    }
  }
}

const deliveriesOf = (campaignId: string) =>
  t.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.campaignId, campaignId));

function devMailbox(jobs: NewsletterJobQueue): NewsletterDelivery {
  return {
    db: t.db,
    transport: { name: "dev-mailbox", send: async () => ({ messageId: "x" }) },
    from: "PoundCodes <news@poundcodes.test>",
    publicUrl: PUBLIC_URL,
    unsubscribeMailbox: "sales@poundcodes.test",
    jobs,
  };
}

describe("a newsletter to 500 subscribers over SMTP", () => {
  it("a newsletter to 500 subscribers with the SMTP test server failing some deliveries ends with each address mailed exactly once and the failures listed", async () => {
    const emails = Array.from({ length: 500 }, (_, i) => `reader${String(i).padStart(3, "0")}@example.com`);
    const bounce = new Set(emails.slice(0, 10));
    const dead = new Set(emails.slice(10, 15));
    const flaky = new Set(emails.slice(15, 40));
    await resetList(emails);
    const smtp = await startSmtp({ bounce, flaky, dead });
    const transport = smtpTransport(smtp.url);
    const { jobs, queue } = recordingQueue();
    const s: NewsletterDelivery = {
      db: t.db,
      transport,
      from: "PoundCodes <news@poundcodes.test>",
      publicUrl: PUBLIC_URL,
      unsubscribeMailbox: "sales@poundcodes.test",
      jobs: queue,
    };
    try {
      const started = Date.now();
      const { id, recipients } = await sendNewCampaign(s, admin, {
        subject: "Territories opening in March",
        content:
          '<h2>New territories</h2><p>Texas and <a href="https://poundcodes.test/numbers">Ohio</a>.</p><script>alert(1)</script>',
      });
      expect(recipients).toBe(500);
      expect(jobs).toEqual([{ name: NEWSLETTER_BATCH_JOB, data: { campaignId: id }, startAfterSeconds: undefined }]);

      // Work the queue as the worker would, two batches at a time (concurrent workers must not double up).
      let rounds = 0;
      let now = Date.now();
      while (jobs.length > 0 && rounds < 100) {
        rounds++;
        const due = jobs.splice(0, 2);
        now += Math.max(0, ...due.map((j) => j.startAfterSeconds ?? 0)) * 1000;
        await Promise.all(
          due.map((j) =>
            deliverCampaignBatch(s, j.data.campaignId, { batchSize: 50, retryBaseSeconds: 1, now: new Date(now) }),
          ),
        );
        now += 1000;
      }
      const elapsed = Date.now() - started;

      const [campaign] = await t.db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
      expect(campaign!.status).toBe("sent");
      expect(campaign!.sentAt).not.toBeNull();
      expect(campaign!.content).not.toContain("<script");

      // Every address that could be mailed was mailed exactly once; the refused ones never.
      const perAddress = new Map<string, number>();
      for (const m of smtp.received) perAddress.set(m.to, (perAddress.get(m.to) ?? 0) + 1);
      expect(smtp.received).toHaveLength(485);
      expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
      for (const e of [...bounce, ...dead]) expect(perAddress.has(e)).toBe(false);
      for (const e of flaky) expect(perAddress.get(e)).toBe(1);

      const rows = await deliveriesOf(id);
      const by = (status: string) => rows.filter((r) => r.status === status);
      expect(rows).toHaveLength(500);
      expect(by("sent")).toHaveLength(485);
      expect(
        by("bounced")
          .map((r) => r.email)
          .sort(),
      ).toEqual([...bounce].sort());
      expect(
        by("failed")
          .map((r) => r.email)
          .sort(),
      ).toEqual([...dead].sort());
      expect(by("pending")).toHaveLength(0);
      for (const r of by("failed")) expect(r.attempts).toBe(4);
      for (const r of rows.filter((r) => flaky.has(r.email))) expect(r).toMatchObject({ status: "sent", attempts: 2 });

      // The campaign page lists the failures with their errors.
      const page = await getCampaign(t.db, admin, id);
      expect(page.progress).toMatchObject({
        status: "sent",
        recipients: 500,
        sent: 485,
        failed: 5,
        bounced: 10,
        pending: 0,
      });
      expect(page.problems).toHaveLength(15);
      expect(page.problems.find((p) => bounce.has(p.email))!.lastError).toMatch(/No such user/);
      expect(page.problems.find((p) => dead.has(p.email))!.lastError).toMatch(/Mailbox busy/);

      // Each mail: HTML and text, the subscriber's own unsubscribe link, and the one-click headers.
      const one = smtp.received.find((m) => m.to === "reader100@example.com")!;
      const [sub] = await t.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "reader100@example.com"));
      const link = `${PUBLIC_URL}/newsletter/unsubscribe?token=${sub!.unsubscribeToken}`;
      const unfolded = one.raw.replace(/\r\n[ \t]+/g, " ");
      expect(unfolded).toContain(`List-Unsubscribe: <${link}>, <mailto:sales@poundcodes.test?subject=`);
      expect(unfolded).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(unfolded).toContain("Content-Type: text/plain");
      expect(unfolded).toContain("Content-Type: text/html");
      expect(unfolded.replace(/=\r\n/g, "")).toContain(sub!.unsubscribeToken);
      expect(one.raw).not.toContain("alert(1)");
      // …and that link works: the subscriber is out of the next campaign.
      expect((await peekUnsubscribe(t.db, sub!.unsubscribeToken))?.unsubscribed).toBe(false);
      await unsubscribe(t.db, { userId: null }, sub!.unsubscribeToken);
      expect((await peekUnsubscribe(t.db, sub!.unsubscribeToken))?.unsubscribed).toBe(true);

      const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(audit.map((a) => a.action).sort()).toEqual([
        "newsletter.campaign_create",
        "newsletter.campaign_send",
        "newsletter.campaign_sent",
      ]);
      expect(audit.find((a) => a.action === "newsletter.campaign_sent")!.details).toMatchObject({
        sent: 485,
        failed: 5,
        bounced: 10,
      });
      console.info(
        `newsletter delivery (${t.driver}): 500 subscribers, ${by("sent").length} sent, ${by("failed").length} failed, ` +
          `${by("bounced").length} bounced, ${rounds} rounds of 2 batches of 50, ${elapsed} ms`,
      );
    } finally {
      transport.close();
      await smtp.close();
    }
  }, 120_000);
});

describe("startCampaign", () => {
  it("is for administrators only", async () => {
    await resetList(["a@example.com"]);
    const { queue } = recordingQueue();
    const { id } = await createCampaign(t.db, admin, { subject: "Hi", content: "<p>Hello</p>" });
    await expect(startCampaign({ db: t.db, jobs: queue }, member, id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      sendNewCampaign({ db: t.db, jobs: queue }, member, { subject: "x", content: "<p>x</p>" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("mails confirmed subscribers only, once per address, and refuses a second start", async () => {
    await resetList(["one@example.com", "two@example.com", "gone@example.com"]);
    await t.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.email, "gone@example.com"));
    const { jobs, queue } = recordingQueue();
    const { id } = await createCampaign(t.db, admin, { subject: "Hi", content: "<p>Hello</p>" });
    expect(await startCampaign({ db: t.db, jobs: queue }, admin, id)).toEqual({ recipients: 2 });
    expect((await deliveriesOf(id)).map((d) => d.email).sort()).toEqual(["one@example.com", "two@example.com"]);
    expect(jobs).toHaveLength(1);
    await expect(startCampaign({ db: t.db, jobs: queue }, admin, id)).rejects.toBeInstanceOf(
      CampaignAlreadyStartedError,
    );
    expect(await deliveriesOf(id)).toHaveLength(2);
  });

  it("with no subscribers refuses and writes nothing", async () => {
    await resetList([]);
    const { queue } = recordingQueue();
    await expect(
      sendNewCampaign({ db: t.db, jobs: queue }, admin, { subject: "Hi", content: "<p>Hello</p>" }),
    ).rejects.toBeInstanceOf(NoSubscribersError);
    expect(await t.db.select().from(newsletterCampaigns)).toHaveLength(0);
    expect(await t.db.select().from(newsletterDeliveries)).toHaveLength(0);
  });
});

describe("deliverCampaignBatch", () => {
  it("in the dev mailbox stores each issue as a delivered message and finishes the campaign", async () => {
    await resetList(["dev1@example.com", "dev2@example.com", "dev3@example.com"]);
    const { jobs, queue } = recordingQueue();
    const s = devMailbox(queue);
    const { id } = await sendNewCampaign(s, admin, { subject: "Dev issue", content: "<p>Hello readers</p>" });
    jobs.length = 0;
    const first = await deliverCampaignBatch(s, id, { batchSize: 2 });
    expect(first).toMatchObject({ claimed: 2, sent: 2, done: false, nextInSeconds: 0 });
    expect(jobs).toHaveLength(1);
    const second = await deliverCampaignBatch(s, id, { batchSize: 2 });
    expect(second).toMatchObject({ claimed: 1, sent: 1, done: true, nextInSeconds: null });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Dev issue"));
    expect(mails).toHaveLength(3);
    expect(mails.every((m) => m.status === "sent" && m.template === "newsletter")).toBe(true);
    expect(mails[0]!.textBody).toContain(`${PUBLIC_URL}/newsletter/unsubscribe?token=`);
    // Running again sends nothing twice.
    expect(await deliverCampaignBatch(s, id)).toMatchObject({ claimed: 0, done: true });
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Dev issue"))).toHaveLength(3);
  });

  it("never resends a row whose outcome was not recorded (a crash between send and mark)", async () => {
    await resetList(["crash@example.com", "later@example.com"]);
    const { jobs, queue } = recordingQueue();
    const s = devMailbox(queue);
    const { id } = await sendNewCampaign(s, admin, { subject: "Crash issue", content: "<p>x</p>" });
    // As the claim leaves it: attempted, in flight, no outcome.
    await t.db
      .update(newsletterDeliveries)
      .set({ attempts: 1, lastError: IN_FLIGHT, updatedAt: new Date() })
      .where(eq(newsletterDeliveries.email, "crash@example.com"));
    jobs.length = 0;
    const r = await deliverCampaignBatch(s, id);
    expect(r).toMatchObject({ claimed: 1, sent: 1, done: false });
    // Only the in-flight row is left: look again when its lease ends.
    expect(jobs[0]!.startAfterSeconds).toBeGreaterThan(60);
    const afterLease = new Date(Date.now() + 11 * 60_000);
    const last = await deliverCampaignBatch(s, id, { now: afterLease });
    expect(last).toMatchObject({ claimed: 0, done: true });
    const [crashed] = (await deliveriesOf(id)).filter((d) => d.email === "crash@example.com");
    expect(crashed).toMatchObject({ status: "failed", lastError: INTERRUPTED, attempts: 1 });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Crash issue"));
    expect(mails.map((m) => m.toAddress)).toEqual(["later@example.com"]);
  });

  it("drops addresses that unsubscribed or were removed after the campaign started", async () => {
    await resetList(["stay@example.com", "leave@example.com", "removed@example.com"]);
    const { queue } = recordingQueue();
    const s = devMailbox(queue);
    const { id } = await sendNewCampaign(s, admin, { subject: "Leavers issue", content: "<p>x</p>" });
    await t.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.email, "leave@example.com"));
    await t.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, "removed@example.com"));
    expect(await deliverCampaignBatch(s, id)).toMatchObject({ claimed: 1, sent: 1, done: true });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Leavers issue"));
    expect(mails.map((m) => m.toAddress)).toEqual(["stay@example.com"]);
    const [c] = await t.db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
    expect(c).toMatchObject({ status: "sent", recipientCount: 1 });
  });

  it("does nothing for a draft and schedules retries for when they are due", async () => {
    await resetList(["retry@example.com"]);
    const { jobs, queue } = recordingQueue();
    const { id: draft } = await createCampaign(t.db, admin, { subject: "Draft", content: "<p>x</p>" });
    expect(await deliverCampaignBatch(devMailbox(queue), draft)).toMatchObject({ claimed: 0, done: false });
    expect(jobs).toHaveLength(0);
    const failing: NewsletterDelivery = {
      ...devMailbox(queue),
      transport: {
        name: "smtp",
        send: async () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" })),
      },
    };
    const { id } = await sendNewCampaign(failing, admin, { subject: "Retry", content: "<p>x</p>" });
    jobs.length = 0;
    const r = await deliverCampaignBatch(failing, id, { retryBaseSeconds: 30 });
    expect(r).toMatchObject({ claimed: 1, retrying: 1, done: false });
    expect(jobs[0]!.startAfterSeconds).toBeGreaterThanOrEqual(29);
    expect(jobs[0]!.startAfterSeconds).toBeLessThanOrEqual(31);
    // Not due yet: a batch now claims nothing.
    expect(await deliverCampaignBatch(failing, id, { retryBaseSeconds: 30 })).toMatchObject({ claimed: 0 });
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "connect ECONNREFUSED" });
  });
});

describe("classifySendError", () => {
  it("tells a refused recipient (bounce) from other permanent and temporary failures", () => {
    expect(classifySendError({ responseCode: 550, code: "EENVELOPE", message: "550 no such user" }).kind).toBe(
      "bounce",
    );
    expect(classifySendError({ responseCode: 554, code: "EMESSAGE", command: "DATA", message: "554 spam" }).kind).toBe(
      "permanent",
    );
    expect(classifySendError({ responseCode: 451, message: "451 later" }).kind).toBe("temporary");
    expect(classifySendError(new Error("timeout")).kind).toBe("temporary");
  });
});
