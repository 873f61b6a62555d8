/**
 * The email outbox: every message is first a row (so it can be enqueued inside the transaction that caused it),
 * then a sender claims due rows in batches, sends them, and retries failures with exponential backoff.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several instances never send one message at once.
 *
 * Exactly once towards the receiver, as near as SMTP allows (ADR 026):
 * - every attempt of a message carries the same Message-ID ({@link outboxMessageId}), so a receiver that got it
 *   once can tell a second copy for what it is;
 * - a send that went through is marked sent in one statement with the others of its batch; if the database refuses
 *   the mark, the sender keeps the row in its {@link SentLedger} and marks it once the database answers, and never
 *   claims it again meanwhile: a database error is not a send failure;
 * - an SMTP outage (no connection, a dropped one, 421) is not held against the message: the attempt is not counted
 *   and the message waits for the server rather than for its own backoff.
 * What is left: a crash (or a database outage longer than the lease) between the server's acceptance and the mark;
 * the message then goes again, under the same Message-ID, once its lease has run out.
 *
 * Two lanes: messages that never failed ("fresh") and messages that failed before ("retry") are claimed apart
 * (`last_error` tells them apart, a partial index each), so a backlog of retries never holds up fresh mail.
 * Delivery is driven by the mail service (server/integrations/email/index.ts): woken after each committed write that
 * queued mail, by its own timer for retries, and by a sweep job every minute for anything left behind.
 *
 * Some messages carry a secret: a link that signs in, verifies an address or resets a password. The stored copy
 * keeps that link only until the message is delivered: once a real transport (SMTP) has taken it, the row keeps a
 * redacted copy, administrators never see the link of an undelivered one, and a maintenance pass redacts any that
 * are left (failed, or older than the links' lifetime) and deletes old rows. Only the dev mailbox, where the
 * stored row is the delivery, shows the link, because there is no other way to read it.
 */
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import type { MailTransport } from "../../integrations/email/transport.ts";
import { CHANGE, recordChange } from "../changes.ts";

export type EmailMessage = { to: string; subject: string; text: string; html?: string; template: string };

export const MAX_ATTEMPTS = 8;
/** A claimed row is the claimer's for this long; every send ends well before (the transport's timeouts). */
export const LEASE_SECONDS = 300;

/**
 * Templates whose messages carry a secret link (verification, password reset, a visitor's hold confirmation, a
 * newsletter sign-up confirmation).
 * A new one belongs here.
 */
export const SECRET_TEMPLATES: readonly string[] = [
  "verify_email",
  "reset_password",
  "reservation_confirmation",
  "newsletter_confirm",
  "licence_invitation",
];

export function isSecretBearing(template: string | null | undefined): boolean {
  return template != null && SECRET_TEMPLATES.includes(template);
}

/**
 * What a secret link becomes in a stored copy once delivered, and on the admin screens before (unless the dev mailbox
 * is the delivery).
 */
export const REDACTED_LINK = "[one-time link hidden]";
const LINK = /https?:\/\/[^\s"'<>]+/g;
const LINK_SQL = `https?://[^[:space:]"'<>]+`;

/** The message with every link replaced (secret-bearing templates link only to their secret). */
export function redactLinks(text: string): string {
  return text.replace(LINK, REDACTED_LINK);
}

/** Whether the stored row is itself the delivery (the dev mailbox), so its secret link must stay readable. */
export function outboxIsMailbox(transport: Pick<MailTransport, "name">): boolean {
  return transport.name === "dev-mailbox";
}

/**
 * The Message-ID of an outbox row, the same on every attempt: `<row id@sender's domain>`. A receiver (or a relay)
 * that got the message once can drop a second copy by it.
 */
export function outboxMessageId(id: string, from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf("@") + 1).trim();
  return `<${id}@${/^[A-Za-z0-9.-]+$/.test(domain) ? domain : "poundcodes.local"}>`;
}

export async function enqueueEmail(db: DbOrTx, msg: EmailMessage): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: msg.to,
      subject: msg.subject,
      textBody: msg.text,
      htmlBody: msg.html ?? null,
      template: msg.template,
    })
    .returning({ id: emailOutbox.id });
  // The mailer is woken once the message's transaction commits (server/domain/changes.ts).
  recordChange(db, CHANGE.mail);
  return row!.id;
}

/** Backoff after the n-th failed attempt: 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/** "fresh": messages that never failed; "retry": messages that failed before. Each is claimed on its own. */
export type OutboxLane = "fresh" | "retry";
export const OUTBOX_LANES: readonly OutboxLane[] = ["fresh", "retry"];

/**
 * Messages this process has handed to the transport but whose row the database has not yet marked sent (a database
 * error after the send). They are marked before anything else is claimed, and are never claimed again meanwhile.
 */
export type SentLedger = Set<string>;

/**
 * How a send failed. `outage`: the server could not be reached or dropped the connection (nothing about this
 * message: the attempt is not counted, and the message waits for the server); `permanent`: a 5xx rejection of the
 * message (given up at once); `rejected`: a temporary rejection of the message (retried with backoff).
 */
export type SendFailureKind = "outage" | "permanent" | "rejected";

const OUTAGE_CODES = new Set([
  "ECONNECTION",
  "ESOCKET",
  "ETIMEDOUT",
  "EDNS",
  "ETLS",
  "EAUTH",
  "ENOAUTH",
  "EPROXY",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);

export function sendFailureKind(err: unknown): SendFailureKind {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  const code = typeof e.responseCode === "number" ? e.responseCode : null;
  if (code === 421 || (typeof e.code === "string" && OUTAGE_CODES.has(e.code))) return "outage";
  if (code !== null && code >= 500 && code < 600 && code !== 503) return "permanent";
  return "rejected";
}

type ClaimedRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  template: string | null;
  attempts: number;
};

const LANE_WHERE: Record<OutboxLane, ReturnType<typeof sql>> = {
  fresh: sql`last_error is null`,
  retry: sql`last_error is not null`,
};

/** Claims up to `limit` due messages of one lane (oldest due first) under a lease, counting the attempt. */
async function claimDue(
  db: Database,
  lane: OutboxLane,
  limit: number,
  except: readonly string[],
): Promise<ClaimedRow[]> {
  const skip = except.length
    ? sql`and id not in (${sql.join(
        except.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const claimed = await db.execute<ClaimedRow>(sql`
    update email_outbox set status = 'sending', attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from email_outbox
      where status in ('pending', 'sending') and ${LANE_WHERE[lane]} and next_attempt_at <= now() ${skip}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id, to_address, subject, text_body, html_body, template, attempts`);
  return claimed.rows;
}

/**
 * Marks every message of the ledger sent, in one statement (redacting the stored links of secret-bearing ones
 * unless the rows are the delivery), and empties the ledger of them. Throws when the database refuses: the ledger
 * keeps them for the next try.
 */
async function markSent(db: Database, ledger: SentLedger, redact: boolean): Promise<number> {
  if (ledger.size === 0) return 0;
  const ids = [...ledger];
  const secret = inArray(emailOutbox.template, [...SECRET_TEMPLATES]);
  await db
    .update(emailOutbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      lastError: null,
      ...(redact
        ? {
            textBody: sql`case when ${secret} then regexp_replace(${emailOutbox.textBody}, ${LINK_SQL}, ${REDACTED_LINK}, 'g') else ${emailOutbox.textBody} end`,
            htmlBody: sql`case when ${secret} then regexp_replace(${emailOutbox.htmlBody}, ${LINK_SQL}, ${REDACTED_LINK}, 'g') else ${emailOutbox.htmlBody} end`,
          }
        : {}),
    })
    .where(and(inArray(emailOutbox.id, ids), ne(emailOutbox.status, "sent")));
  for (const id of ids) ledger.delete(id);
  return ids.length;
}

/** Marks the ledger's sends sent (the mail service, before it stops). Throws when the database refuses. */
export async function recordSends(db: Database, transport: Pick<MailTransport, "name">, ledger: SentLedger) {
  return markSent(db, ledger, !outboxIsMailbox(transport));
}

type Failure = { row: ClaimedRow; kind: SendFailureKind; error: string };

/**
 * Records the failed sends of a batch and gives back the rows it never tried, in one transaction. Only rows still
 * under this claim (`sending`) change. Returns the earliest time a recorded retry is due.
 */
async function recordFailures(
  db: Database,
  failures: Failure[],
  untried: ClaimedRow[],
  outageDelaySeconds: number,
): Promise<Date | null> {
  if (failures.length === 0 && untried.length === 0) return null;
  const now = Date.now();
  let earliest: number | null = null;
  const due = (seconds: number) => {
    const at = now + seconds * 1000;
    earliest = earliest === null ? at : Math.min(earliest, at);
    return new Date(at);
  };
  const claimedNow = (ids: string[]) => and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, "sending"));
  const outage = failures.filter((f) => f.kind === "outage");
  const own = failures.filter((f) => f.kind !== "outage");
  await db.transaction(async (tx) => {
    // Not this message's fault: the attempt does not count, and the message waits for the server, not its backoff.
    if (outage.length > 0 || untried.length > 0) {
      const retryAt = due(outageDelaySeconds);
      if (outage.length > 0)
        await tx
          .update(emailOutbox)
          .set({
            status: "pending",
            attempts: sql`greatest(${emailOutbox.attempts} - 1, 0)`,
            lastError: outage[0]!.error,
            nextAttemptAt: retryAt,
          })
          .where(claimedNow(outage.map((f) => f.row.id)));
      if (untried.length > 0)
        await tx
          .update(emailOutbox)
          .set({ status: "pending", attempts: sql`greatest(${emailOutbox.attempts} - 1, 0)`, nextAttemptAt: retryAt })
          .where(claimedNow(untried.map((r) => r.id)));
    }
    for (const f of own) {
      const giveUp = f.kind === "permanent" || f.row.attempts >= MAX_ATTEMPTS;
      await tx
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: f.error,
          nextAttemptAt: giveUp ? new Date() : due(retryDelaySeconds(f.row.attempts)),
        })
        .where(claimedNow([f.row.id]));
    }
  });
  return earliest === null ? null : new Date(earliest);
}

export type OutboxPassOptions = {
  /** Most messages claimed per lane (default 100). */
  limit?: number;
  /** One lane only (default: the fresh lane, then the retry lane). */
  lane?: OutboxLane;
  /** Sends in flight at once (default: the transport's own, else 4). */
  concurrency?: number;
  /**
   * The sender's ledger of sends not yet marked sent, kept across passes (the mail service keeps one). Without it a
   * pass that cannot mark its sends throws once it has tried a few times.
   */
  ledger?: SentLedger;
  /** How long a message waits after an SMTP outage (default 10 s). */
  outageDelaySeconds?: number;
  /** True once the sender is stopping: no further send starts, and the rest of the batch is given back untried. */
  stopping?: () => boolean;
};

export type OutboxPassResult = {
  sent: number;
  failed: number;
  /** Messages claimed (sent, failed or given back untried). */
  claimed: number;
  /** The server could not be reached: the rest of the batch was given back untried. */
  outage: boolean;
  /** When the earliest retry this pass scheduled is due. */
  nextRetryAt: Date | null;
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One delivery pass: marks what the ledger holds, claims due messages in batches (fresh lane first), sends them over
 * the transport `concurrency` at a time, marks the sends as they complete (one statement for all that completed
 * meanwhile) and records the failures. Returns how many were sent and how many failed.
 * @throws when the database fails before anything was sent (claiming), or the failures cannot be recorded (those
 *   rows stay claimed until their lease ends, then go again)
 */
export async function processOutbox(
  db: Database,
  transport: MailTransport,
  from: string,
  opts: OutboxPassOptions = {},
): Promise<OutboxPassResult> {
  const limit = opts.limit ?? 100;
  const ledger = opts.ledger ?? new Set<string>();
  const concurrency = Math.max(1, opts.concurrency ?? transport.concurrency ?? 4);
  const redact = !outboxIsMailbox(transport);
  const result: OutboxPassResult = { sent: 0, failed: 0, claimed: 0, outage: false, nextRetryAt: null };

  // Sends already made come first: until the database takes them, nothing more is claimed.
  await markSent(db, ledger, redact);
  for (const lane of opts.lane ? [opts.lane] : OUTBOX_LANES) {
    if (result.outage) break;
    const claimed = await claimDue(db, lane, limit, [...ledger]);
    result.claimed += claimed.length;
    const failures: Failure[] = [];
    let next = 0;
    // Completed sends are marked in groups: one statement for all that finished while the previous one ran.
    let marking: Promise<void> | null = null;
    let markAgain = false;
    let markFailed = false;
    const markSoon = () => {
      if (markFailed) return;
      if (marking) {
        markAgain = true;
        return;
      }
      marking = (async () => {
        do {
          markAgain = false;
          try {
            await markSent(db, ledger, redact);
          } catch {
            markFailed = true; // kept in the ledger; tried again below and by the next pass
          }
        } while (markAgain && !markFailed);
      })().finally(() => {
        marking = null;
      });
    };
    const worker = async () => {
      while (!result.outage && !opts.stopping?.() && next < claimed.length) {
        const row = claimed[next++]!;
        try {
          await transport.send({
            from,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            template: row.template,
            messageId: outboxMessageId(row.id, from),
          });
          ledger.add(row.id);
          result.sent++;
          markSoon();
        } catch (err) {
          const kind = sendFailureKind(err);
          if (kind === "outage") result.outage = true;
          else result.failed++;
          failures.push({ row, kind, error: String((err as Error)?.message ?? err).slice(0, 1000) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    while (marking) await marking;
    const retryAt = await recordFailures(db, failures, claimed.slice(next), opts.outageDelaySeconds ?? 10);
    if (retryAt && (!result.nextRetryAt || retryAt < result.nextRetryAt)) result.nextRetryAt = retryAt;
  }
  // Whatever could not be marked yet: a caller without a ledger of its own gets a few more tries, then an error.
  for (let tries = 0; ledger.size > 0; tries++) {
    try {
      await markSent(db, ledger, redact);
    } catch (err) {
      if (opts.ledger) break;
      if (tries >= 3) throw err;
      await pause(100 * 2 ** tries);
    }
  }
  return result;
}

/**
 * One stored message for an administrator. The link of a secret-bearing message is redacted unless
 * `revealSecrets` (only for the dev mailbox, see {@link outboxIsMailbox}), delivered or not.
 */
export async function getOutboxMessage(db: Database, id: string, opts: { revealSecrets?: boolean } = {}) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) return null;
  if (opts.revealSecrets || !isSecretBearing(row.template)) return row;
  return {
    ...row,
    textBody: redactLinks(row.textBody),
    htmlBody: row.htmlBody === null ? null : redactLinks(row.htmlBody),
  };
}

/** Secret links outlive nobody's need past this: verification links last a day, reset links an hour. */
export const SECRET_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
/** Stored messages are deleted this long after they were created (sent or failed for good). */
export const OUTBOX_RETENTION_DAYS = 30;

/**
 * Redacts the stored links of secret-bearing messages created more than `olderThanSeconds` ago, whatever their
 * status (their links have expired; a failed one must not keep its secret forever). Returns how many rows changed.
 */
export async function redactStaleSecrets(db: DbOrTx, olderThanSeconds = SECRET_LINK_LIFETIME_SECONDS): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({
      textBody: sql`regexp_replace(${emailOutbox.textBody}, ${LINK_SQL}, ${REDACTED_LINK}, 'g')`,
      htmlBody: sql`regexp_replace(${emailOutbox.htmlBody}, ${LINK_SQL}, ${REDACTED_LINK}, 'g')`,
    })
    .where(
      and(
        inArray(emailOutbox.template, [...SECRET_TEMPLATES]),
        lt(emailOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        sql`(${emailOutbox.textBody} ~ ${LINK_SQL} or coalesce(${emailOutbox.htmlBody}, '') ~ ${LINK_SQL})`,
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** Deletes delivered and failed messages older than `days`; pending ones stay until they are sent or give up. */
export async function pruneOutbox(db: DbOrTx, days = OUTBOX_RETENTION_DAYS): Promise<number> {
  const rows = await db
    .delete(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.status, ["sent", "failed"]),
        lt(emailOutbox.createdAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}
