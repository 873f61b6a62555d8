/**
 * Starts the production server for the browser tests on a fresh database: a new PGlite data dir, or a new
 * PostgreSQL database on TEST_DATABASE_URL. Then runs server/main.ts exactly as production does.
 *
 * `node tests/e2e/support/serve.ts <pglite|postgres> [manual]`: with `manual`, a second server on its own ports
 * with LICENSE_APPROVAL=manual (the shared servers run the default, auto).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { E2E_ADMIN, E2E_MANUAL_PORTS, E2E_PORTS } from "./env.ts";

const driver = process.argv[2] === "postgres" ? "postgres" : "pglite";
const manual = process.argv[3] === "manual";
const port = (manual ? E2E_MANUAL_PORTS : E2E_PORTS)[driver];
const env = process.env;
env.PORT = String(port);
env.HOST = "127.0.0.1";
env.PUBLIC_URL = `http://localhost:${port}`;
env.DATA_DIR = mkdtempSync(path.join(tmpdir(), `pc-e2e-${driver}-`));
if (manual) env.LICENSE_APPROVAL = "manual";
env.ADMIN_EMAIL = E2E_ADMIN.email;
env.ADMIN_PASSWORD = E2E_ADMIN.password;
env.LOG_LEVEL = "warn";
// One trusted proxy hop: a test that stands for a different visitor sends X-Forwarded-For (testClientAddress in
// helpers.ts) and gets that visitor's own rate limits; requests without the header count against loopback.
env.TRUST_PROXY = "1";
// The shared servers' admin specs sign in with a password; the required mode is tested on its own.
env.ADMIN_2FA = "optional";
delete env.SMTP_URL;

if (driver === "postgres") {
  const base = env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is required for the postgres e2e server");
  const prefix = manual ? "pc_e2e_manual" : "pc_e2e";
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  // Databases of earlier runs (a killed server cannot drop its own): one e2e run per machine at a time.
  const stale = await c.query<{ datname: string }>("select datname from pg_database where datname like $1", [
    `${prefix.replaceAll("_", "\\_")}\\_%`,
  ]);
  for (const row of stale.rows) await c.query(`drop database if exists "${row.datname}" with (force)`);
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  delete env.DATABASE_URL;
}

// Billing: card top-ups against a Stripe stand-in on loopback, and signed usage events.
{
  const { E2E_STRIPE, E2E_USAGE_SECRET } = await import("./billing-env.ts");
  const { startStripeStandIn } = await import("#tests/support/stripe-stand-in.ts");
  const standIn = await startStripeStandIn({
    port: (manual ? E2E_STRIPE.manualPorts : E2E_STRIPE.ports)[driver],
    secretKey: E2E_STRIPE.secretKey,
    webhook: { url: `http://127.0.0.1:${env.PORT}/api/webhooks/stripe`, secret: E2E_STRIPE.webhookSecret },
  });
  env.STRIPE_SECRET_KEY = E2E_STRIPE.secretKey;
  env.STRIPE_WEBHOOK_SECRET = E2E_STRIPE.webhookSecret;
  env.STRIPE_API_URL = standIn.url;
  env.USAGE_WEBHOOK_SECRET = E2E_USAGE_SECRET;
}

await import("#server/main.ts");
