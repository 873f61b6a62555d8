/** Wires config → database → mail → auth → storage → background jobs into the services every request sees. */
import path from "node:path";
import { createAuth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { AppServices } from "./context.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { CHANGE, watchChanges } from "./domain/changes.ts";
import { type InvalidationHub, processHub } from "./http/cache-signal.ts";
import { createMail } from "./integrations/email/index.ts";
import { resetPassword, verifyEmail } from "./integrations/email/templates.ts";
import { devMailboxTransport, smtpTransport } from "./integrations/email/transport.ts";
import { localStorage } from "./integrations/storage/storage.ts";
import { createJobRuntime } from "./jobs/queue.ts";
import { createLogger, type Logger } from "./logger.ts";

export async function createServices(
  config: Config,
  opts: { logger?: Logger; handle?: DatabaseHandle; changes?: InvalidationHub } = {},
): Promise<AppServices & { handle: DatabaseHandle }> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const handle = opts.handle ?? (await openDatabase(config, { logger }));
  const db = handle.db;
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : devMailboxTransport(logger);
  const mail = createMail({ db, transport, from: config.mailFrom, logger });
  const local = (host: string) => `http://${host}:${config.port}`;
  const auth = createAuth({
    db,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: [config.publicUrl, ...(config.isProduction ? [] : [local("localhost"), local("127.0.0.1")])],
    adminEmails: config.adminEmails,
    rateLimit: config.rateLimit,
    secureCookies: config.publicUrl.startsWith("https://"),
    mailer: {
      sendVerification: (to, url) => mail.send(verifyEmail(to, url)),
      sendPasswordReset: (to, url) => mail.send(resetPassword(to, url)),
    },
  });
  // The S3 adapter (the AWS SDK: megabytes of modules) is loaded only when a bucket is configured.
  const storage = config.s3
    ? (await import("./integrations/storage/s3.ts")).s3Storage(config.s3)
    : localStorage(path.join(config.dataDir, "storage"));
  // Created here, started by server/main.ts after migrations (tests and scripts never start it).
  const jobs = createJobRuntime(db, handle.driver, { logger });
  // What every committed write changed (server/domain/changes.ts): cached pages and read models showing it are dropped
  // here and in the other processes, and a queued email wakes the mailer. A listener must not fail a committed write.
  const changes = opts.changes ?? processHub;
  watchChanges(db, (keys) => {
    try {
      const shown = keys.filter((k) => k !== CHANGE.mail);
      if (shown.length > 0) changes.invalidate(shown);
      if (shown.length < keys.length) mail.kick();
    } catch (err) {
      logger.error({ err, keys }, "a committed write's changes could not be applied");
    }
  });
  return { config, db, auth, mail, logger, handle, storage, jobs, changes };
}
