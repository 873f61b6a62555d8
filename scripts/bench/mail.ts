/**
 * The mail bench (`npm run bench -- --only=mail`, and part of the full run): messages a second that the email outbox
 * delivers to an SMTP sink on loopback, against the baseline measured in the same run: as many raw sends to the same
 * sink over the same pooled SMTP transport, without the outbox. Target: at least 100 messages a second (ADR 026).
 * - backlog: the messages are queued first, then the mail service drains them (batched claims, the fresh lane).
 * - live: concurrent writers queue them, each in its own transaction followed by a wake-up (as the app does after
 *   every committed write), while the mail service delivers; timed from the first write to the last delivery.
 * Every message must reach the sink exactly once (its Message-IDs are counted) and end marked sent.
 * On a fresh in-memory PGlite by default, or on the PostgreSQL database given (--db=postgres).
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { openPglite, openPostgres } from "#server/db/client.ts";
import { enqueueEmail } from "#server/domain/email/outbox.ts";
import { createMail } from "#server/integrations/email/index.ts";
import { smtpTransport } from "#server/integrations/email/transport.ts";
import { createLogger } from "#server/logger.ts";

const FROM = "PoundCodes <no-reply@poundcodes.test>";
const TARGET = 100;

/** An SMTP server on loopback that accepts everything and counts the messages and their Message-IDs. */
async function startSink() {
  let count = 0;
  const ids = new Set<string>();
  let waiting: { n: number; resolve: () => void } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    maxClients: 64,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString();
      });
      stream.on("end", () => {
        count++;
        const id = /^Message-ID: *(.+?)\r?$/im.exec(head)?.[1];
        if (id) ids.add(id.trim());
        if (waiting && count >= waiting.n) waiting.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get count() {
      return count;
    },
    ids,
    reset() {
      count = 0;
      ids.clear();
    },
    /** Resolves once `n` messages have arrived since the last reset. */
    until(n: number) {
      return count >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve }));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const message = (i: number, kind: string) => ({
  to: `reader${i}@example.com`,
  subject: `${kind} message ${i}`,
  text: `Hello reader ${i}.\n\nThis is message ${i} of the mail bench.`,
  template: "bench",
});

export type MailBenchRow = { name: string; messages: number; seconds: number; perSecond: number; ratio: number };
export type MailBench = { database: string; rows: MailBenchRow[]; target: number; pass: boolean };

export async function benchMail(opts: { messages?: number; databaseUrl?: string } = {}): Promise<MailBench> {
  const n = opts.messages ?? 2000;
  const sink = await startSink();
  const handle = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(undefined);
  const database = opts.databaseUrl ? "PostgreSQL" : "PGlite";
  const rows: MailBenchRow[] = [];
  const row = (name: string, seconds: number, baseline?: number) => {
    const perSecond = n / seconds;
    rows.push({ name, messages: n, seconds, perSecond, ratio: baseline ? perSecond / baseline : 1 });
    return perSecond;
  };
  const check = async (what: string) => {
    if (sink.count !== n || sink.ids.size !== n)
      throw new Error(`${what}: ${sink.count} deliveries with ${sink.ids.size} Message-IDs for ${n} messages`);
    const unsent = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_outbox where status <> 'sent'`,
    );
    if (Number(unsent.rows[0]?.n ?? 0) !== 0) throw new Error(`${what}: messages left unsent`);
  };
  try {
    // Baseline: raw sends over the same pooled transport, as many at once as it has connections.
    const raw = smtpTransport(sink.url);
    const warm = await raw.send({ from: FROM, ...message(0, "Warm-up"), messageId: "<warm-up@poundcodes.test>" });
    if (!warm.messageId) throw new Error("the sink did not answer");
    sink.reset();
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: raw.concurrency ?? 8 }, async () => {
        while (next < n) {
          const i = next++;
          await raw.send({ from: FROM, ...message(i, "Raw"), messageId: `<raw-${i}@poundcodes.test>` });
        }
      }),
    );
    const baseline = row("raw sends to the sink, pooled SMTP, no outbox (baseline)", (performance.now() - t0) / 1000);
    if (sink.ids.size !== n) throw new Error(`baseline: ${sink.ids.size} Message-IDs for ${n} messages`);
    raw.close();

    const mail = createMail({
      db: handle.db,
      transport: smtpTransport(sink.url),
      from: FROM,
      logger: createLogger("warn"),
    });
    try {
      // Backlog: queued first (one statement), then drained.
      sink.reset();
      await handle.db.transaction(async (tx) => {
        for (let i = 0; i < n; i++) await enqueueEmail(tx, message(i, "Backlog"));
      });
      const t1 = performance.now();
      mail.kick();
      await sink.until(n);
      await mail.flush();
      row(`outbox: a backlog of ${n.toLocaleString("en-US")} drained`, (performance.now() - t1) / 1000, baseline);
      await check("backlog");
      await handle.db.execute(sql`delete from email_outbox`);

      // Live: eight writers, one transaction and one wake-up per message, while the mailer delivers.
      sink.reset();
      let written = 0;
      const t2 = performance.now();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (written < n) {
            const i = written++;
            await handle.db.transaction((tx) => enqueueEmail(tx, message(i, "Live")));
            mail.kick();
          }
        }),
      );
      await sink.until(n);
      await mail.flush();
      row("outbox: written by 8 concurrent writers while it delivers", (performance.now() - t2) / 1000, baseline);
      await check("live");
    } finally {
      await mail.stop();
    }
  } finally {
    await handle.close();
    await sink.close();
  }
  const pass = rows.slice(1).every((r) => r.perSecond >= TARGET);
  return { database, rows, target: TARGET, pass };
}

export function mailTable(b: MailBench): string {
  const lines = [
    `Mail: messages delivered to an SMTP sink on loopback (${b.database}); target ≥ ${b.target} messages/s through the outbox`,
    "",
    "| mail | messages | seconds | messages/s | × raw sends | |",
    "|---|---:|---:|---:|---:|---|",
  ];
  for (const [i, r] of b.rows.entries())
    lines.push(
      `| ${r.name} | ${r.messages} | ${r.seconds.toFixed(2)} | ${r.perSecond.toFixed(0)} | ${r.ratio.toFixed(2)} | ${
        i === 0 ? "baseline" : r.perSecond >= b.target ? "ok" : "MISSED"
      } |`,
    );
  return lines.join("\n");
}
