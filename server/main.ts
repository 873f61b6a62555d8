/**
 * Entry point: config → database (migrate, seed on empty) → HTTP → background jobs (pg-boss); graceful shutdown.
 * `node server/main.ts` serves the production build; `--dev` runs Vite in middleware mode (hot reload)
 * behind the same Hono routes. With WEB_CONCURRENCY above 1 (PostgreSQL), this process supervises that many
 * worker processes, each of which runs all of this (server/cluster.ts).
 */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { bootstrapAdmins } from "./auth/bootstrap.ts";
import { type Config, ConfigError, loadConfig, startupWarnings } from "./config.ts";
import { DATABASE_UNAVAILABLE_EXIT_CODE, isDatabaseUnavailable } from "./db/availability.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { seedIfEmpty } from "./db/seed-runner.ts";
import { createHttpApp } from "./http/app.ts";
import { startCacheSignal } from "./http/cache-signal.ts";
import { drainable } from "./http/drain.ts";
import { lingerOnUnreadBodies } from "./http/linger.ts";
import { startWorkers } from "./jobs/workers.ts";
import { createLogger } from "./logger.ts";
import { createServices } from "./services.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");

async function main() {
  const started = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  // Once per start: by the supervisor, or by the only process.
  if (cluster.isPrimary) for (const warning of startupWarnings(config)) logger.warn(warning);
  if (config.processes > 1 && cluster.isPrimary) {
    if (dev) {
      logger.warn({ processes: config.processes }, "WEB_CONCURRENCY is ignored in development: one process serves");
    } else {
      const { supervise } = await import("./cluster.ts");
      // The workers get their own shutdown budget, and a little more to report it, before they are killed.
      supervise({ processes: config.processes, logger, stopTimeoutMs: config.shutdownTimeoutMs + 5_000 });
      return;
    }
  }

  // The database may come and go: an error it causes that nothing awaited is logged, and the process goes on (the
  // pool reconnects). Anything else unhandled still ends the process, as Node's default does.
  process.on("unhandledRejection", (err) => {
    if (!isDatabaseUnavailable(err)) throw err;
    logger.warn({ err }, "database unavailable (unhandled)");
  });

  // Waits for the database, with backoff, while it is unavailable (server/db/availability.ts).
  let services: Awaited<ReturnType<typeof createServices>>;
  try {
    services = await createServices(config, { logger });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { db, auth, mail, handle, jobs } = services;

  if (config.seedDemo) {
    const seeded = await seedIfEmpty(services);
    if (seeded) logger.info(seeded, "demo catalog seeded");
  }
  const admins = await bootstrapAdmins(db, auth, config);
  if (admins.reclaimed) {
    logger.warn(
      { email: config.initialAdmin?.email },
      "ADMIN_EMAIL belonged to an unverified account: it now has ADMIN_PASSWORD, and its sessions and second factor were removed",
    );
  }
  if (admins.created || admins.promoted) logger.info(admins, "administrators ready");

  let listener: Parameters<typeof createServer>[1];
  let closeVite: (() => Promise<void>) | undefined;
  /** Set on SIGTERM: readiness answers 503 from then on (server/http/readiness.ts). */
  let stopping = false;
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    closeVite = () => viteServer.close();
    const app = createHttpApp({
      services,
      mode: "development",
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      isDraining: () => stopping,
    });
    const hono = lingerOnUnreadBodies(getRequestListener(app.fetch));
    listener = (req, res) => viteServer.middlewares(req, res, () => hono(req, res));
  } else {
    const buildFile = path.join(root, "build/server/index.js");
    if (!existsSync(buildFile)) {
      console.error("No production build found: run `npm run build` first (or `npm start`, which builds when needed).");
      process.exit(1);
    }
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    const app = createHttpApp({
      services,
      mode: "production",
      build,
      clientDir: path.relative(process.cwd(), path.join(root, "build/client")),
      isDraining: () => stopping,
    });
    // A body refused unread (413) is discarded until the client stops sending (server/http/linger.ts).
    listener = lingerOnUnreadBodies(getRequestListener(app.fetch));
  }

  // Background jobs (pg-boss): its schema, queues and schedules, then every handler (server/jobs/workers.ts).
  // Before the server listens, so that no request can enqueue a job before the queues exist.
  const jobsStarted = performance.now();
  await jobs.start();
  await startWorkers(services);
  mail.kick(); // whatever the seed or the previous run left due
  logger.info({ ms: Math.round(performance.now() - jobsStarted) }, "background jobs started");

  const server = createServer(listener);
  server.keepAliveTimeout = 65_000;
  // Graceful shutdown of HTTP: stop accepting, answer what is in flight with Connection: close (server/http/drain.ts).
  const http = drainable(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  // Writes here drop other processes' cached pages and read models, and theirs ours (PostgreSQL LISTEN/NOTIFY).
  const cacheSignal = startCacheSignal({ databaseUrl: config.databaseUrl, logger });
  if (config.isProduction && !config.smtpUrl) {
    logger.warn(
      "NODE_ENV=production without SMTP_URL (ALLOW_DEV_MAILBOX=true): emails are only stored in the dev mailbox (/admin/emails), not delivered",
    );
  }
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : config.port;
  logger.info(
    {
      url: config.publicUrl,
      port,
      database: handle.driver,
      ...(cluster.isWorker ? { process: cluster.worker?.id } : {}),
      mail: mail.transport.name,
      ms: Math.round(performance.now() - started),
    },
    `PoundCodes listening on http://localhost:${port}`,
  );

  // On SIGTERM: stop accepting connections, answer every request in flight (each connection closed after its
  // answer), stop the job workers, close the database, exit 0; all within SHUTDOWN_TIMEOUT, past which the process
  // says what was still running and exits 1.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const budget = config.shutdownTimeoutMs;
    const deadline = Date.now() + budget;
    logger.info({ signal, budgetMs: budget }, "shutting down");
    let stage = "answering the requests in flight";
    setTimeout(() => {
      logger.error(
        { stage, ...http.running(), jobs: jobs.running(), budgetMs: budget },
        "shutdown ran out of time (SHUTDOWN_TIMEOUT): exiting with this still running",
      );
      process.exit(1);
    }, budget);
    // Past the deadline the timer above exits: nothing more to do here.
    if (!(await http.drain(deadline))) return;
    stage = "stopping the job workers";
    await closeVite?.();
    await cacheSignal.stop();
    // pg-boss fails the jobs still running at its own timeout (they are retried), before the budget runs out.
    await jobs.stop({ timeoutMs: Math.max(1_000, deadline - Date.now() - 1_000) });
    stage = "finishing the email delivery in progress";
    await mail.stop();
    stage = "closing the database";
    await handle.close();
    logger.info({ ms: budget - (deadline - Date.now()) }, "stopped cleanly");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err);
  // The database went away again between waiting for it and listening: not a crash. The supervisor (or the service
  // manager) starts the process again; under a supervisor this does not count towards a crash loop.
  if (isDatabaseUnavailable(err)) {
    console.error("The database became unavailable while the server started: exiting to be started again.");
    process.exit(DATABASE_UNAVAILABLE_EXIT_CODE);
  }
  process.exit(1);
});
