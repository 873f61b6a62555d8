/**
 * The only reader of process.env. Parses the environment once with zod and refuses to start on bad values,
 * naming the variable. Everything else receives a typed `Config`.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import type { SitemapLimits } from "#server/domain/seo/sitemap.ts";

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "must be a comma-separated list of email addresses" })));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined))
  .pipe(z.url().optional());

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const PROCESSES_ERROR = "must be the number of server processes (1-64), or auto (one per CPU)";
const SHUTDOWN_TIMEOUT_ERROR = "must be a number of seconds (more than 0, at most 3600)";
const MAX_IN_FLIGHT_ERROR = "must be a whole number of requests (0-100000; 0 for no limit)";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl,
  BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_EMAILS: emailList,
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  SMTP_URL: optionalUrl,
  /** Production without SMTP_URL: keep mail in the dev mailbox rather than refuse to start (demos, tests). */
  ALLOW_DEV_MAILBOX: z
    .enum(["true", "false", "1", "0"], { error: "must be true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  MAIL_FROM: z.string().min(3).default("PoundCodes <no-reply@poundcodes.test>"),
  SALES_EMAIL: z.email().default("sales@poundcodes.test"),
  SUPPORT_EMAIL: z.email().optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Stripe API base for a local stand-in in tests and demos (e.g. http://127.0.0.1:12111); unset in production. */
  STRIPE_API_URL: optionalUrl,
  /** Shared secret the telephony side signs usage events with (HMAC-SHA256 over the raw body). */
  USAGE_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** The wallet balance under which the licensee is emailed, in cents. */
  LOW_BALANCE_CENTS: z.coerce.number().int().min(0).default(1000),
  /** Where the portal's external links go. */
  CALL_ANALYTICS_URL: optionalUrl,
  COMMUNITY_URL: optionalUrl,
  /** Largest accepted profile image or logo upload, in bytes. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  /**
   * Who approves a held order: `auto` (the default) approves it as soon as the hold's email address is proven, so a
   * firm signs and pays without waiting; `manual` waits for an administrator's approval in the queue.
   */
  LICENSE_APPROVAL: z.enum(["auto", "manual"], { error: "must be auto or manual" }).default("auto"),
  /** Billed leads per landing page per business day; past it, leads are delivered free (docs/decisions/016). */
  LEAD_DAILY_CAP: z.coerce.number().int().min(1).max(10_000).default(25),
  LANDING_PAGE_APPROVAL: z.enum(["required", "off"]).default("required"),
  /** Days a license invoice may stay unpaid before the license is suspended (docs/decisions/015). */
  LICENSE_GRACE_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** Days a license invoice may stay unpaid before the license ends and the pair is released. */
  LICENSE_TERMINATE_DAYS: z.coerce.number().int().min(2).max(180).default(30),
  /** Whether administrators must use two-factor sign-in: required by default in production, optional otherwise. */
  ADMIN_2FA: z.enum(["required", "optional"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((v) => v.trim().toLowerCase() || "0")
    .pipe(
      z.union(
        [
          z.enum(["true", "false"]).transform((v) => (v === "true" ? 1 : 0)),
          z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(0).max(10)),
        ],
        { error: "must be the number of trusted proxy hops (0-10), or true (= 1) / false (= 0)" },
      ),
    ),
  RATE_LIMIT: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Requests one server process works on at once beyond the page cache (rendering, actions, APIs); past it the
   * process answers 503 at once. 0: no limit.
   */
  MAX_IN_FLIGHT: z
    .string()
    .default("16")
    .transform((v) => v.trim() || "16")
    .pipe(
      z
        .string()
        .regex(/^\d+$/, MAX_IN_FLIGHT_ERROR)
        .transform(Number)
        .pipe(z.number().int().max(100_000, MAX_IN_FLIGHT_ERROR)),
    ),
  /** The bearer token /metrics asks for; unset, /metrics does not exist. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /**
   * Server processes sharing the port: a number, or `auto` for one per CPU (one on the embedded database). More than
   * one needs DATABASE_URL.
   */
  WEB_CONCURRENCY: z
    .string()
    .default("1")
    .transform((v) => v.trim().toLowerCase() || "1")
    .pipe(
      z.union(
        [
          z.literal("auto").transform(() => "auto" as const),
          z
            .string()
            .regex(/^\d+$/)
            .transform(Number)
            .pipe(z.number().int().min(1, PROCESSES_ERROR).max(64, PROCESSES_ERROR)),
        ],
        { error: PROCESSES_ERROR },
      ),
    ),
  /** Seconds a stopping process gets to answer what is in flight and stop its jobs before it exits anyway. */
  SHUTDOWN_TIMEOUT: z
    .string()
    .optional()
    .transform((v) => v?.trim() || "10")
    .transform(Number)
    .pipe(
      z.number({ error: SHUTDOWN_TIMEOUT_ERROR }).positive(SHUTDOWN_TIMEOUT_ERROR).max(3_600, SHUTDOWN_TIMEOUT_ERROR),
    ),
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  adminEmails: string[];
  initialAdmin: { email: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  salesEmail: string;
  /** The support desk: licensees' tickets and replies (SUPPORT_EMAIL, else the sales address). */
  supportEmail: string;
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  usageWebhookSecret: string | undefined;
  /** LICENSE_APPROVAL: who moves a held license order to approved (docs/decisions/014-license-order-state-machine.md). */
  licenseApproval: "auto" | "manual";
  /** LEAD_DAILY_CAP: billed leads per landing page per business day. */
  leadDailyCap: number;
  /** LANDING_PAGE_APPROVAL: whether a firm's changes to its page wait for an administrator ("required") or go live. */
  landingPageApproval: "required" | "off";
  /** LICENSE_GRACE_DAYS and LICENSE_TERMINATE_DAYS: the dunning timers of an unpaid license invoice. */
  dunning: { graceDays: number; terminateDays: number };
  lowBalanceCents: number;
  links: { callAnalytics: string | undefined; community: string | undefined };
  uploadMaxBytes: number;
  admin2fa: "required" | "optional";
  s3:
    | { endpoint: string | undefined; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  logLevel: string;
  seedDemo: boolean;
  rateLimit: boolean;
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For. The client address is the entry
   * that many places from the right (0: the socket's address; the header is ignored).
   */
  trustProxy: number;
  /**
   * MAX_IN_FLIGHT: requests a process works on at once beyond the page cache before it answers 503 (0: no limit;
   * server/http/load-shedding.ts).
   */
  maxInFlight: number;
  /** METRICS_TOKEN: the bearer token of /metrics; undefined, /metrics does not exist (server/http/metrics.ts). */
  metricsToken: string | undefined;
  /**
   * How many server processes share the port (WEB_CONCURRENCY). Above 1, a supervisor forks that many workers
   * (server/cluster.ts); they share one PostgreSQL, which is why the embedded database allows only 1.
   */
  processes: number;
  /**
   * SHUTDOWN_TIMEOUT, in ms: on SIGTERM a process stops accepting connections, answers what is in flight, stops its
   * jobs and closes the database within this budget, or exits 1 saying what was still running (server/main.ts).
   */
  shutdownTimeoutMs: number;
  /**
   * The URLs and bytes one sitemap urlset may hold before the sitemap is split into parts. Never read from the
   * environment: unset, the protocol's own (`SITEMAP_LIMITS`); tests set smaller ones to see a split.
   */
  sitemapLimits?: SitemapLimits;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parse an environment (defaults to process.env). Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");

  let authSecret = e.BETTER_AUTH_SECRET;
  if (!authSecret) {
    if (isProduction) {
      throw new ConfigError(
        "Invalid configuration:\n  BETTER_AUTH_SECRET: required when NODE_ENV=production (at least 32 characters)",
      );
    }
    authSecret = localSecret(dataDir);
  }

  if (isProduction && !e.PUBLIC_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: required when NODE_ENV=production (e.g. https://poundcodes.com)",
    );
  }
  // Without SMTP every email, reset and sign-in links included, stays in the dev mailbox that administrators read:
  // in production only when the operator says so.
  if (isProduction && !e.SMTP_URL && !e.ALLOW_DEV_MAILBOX) {
    throw new ConfigError(
      "Invalid configuration:\n  SMTP_URL: required when NODE_ENV=production (or set ALLOW_DEV_MAILBOX=true to keep every email, links included, in the dev mailbox at /admin/emails instead of delivering it)",
    );
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL/ADMIN_PASSWORD: set both or neither");
  }
  if ((e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) || (!e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError("Invalid configuration:\n  STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET: set both or neither");
  }
  if (e.LICENSE_TERMINATE_DAYS <= e.LICENSE_GRACE_DAYS) {
    throw new ConfigError(
      "Invalid configuration:\n  LICENSE_TERMINATE_DAYS: must be more than LICENSE_GRACE_DAYS (a license is suspended before it ends)",
    );
  }
  const processes = e.WEB_CONCURRENCY === "auto" ? (e.DATABASE_URL ? availableParallelism() : 1) : e.WEB_CONCURRENCY;
  if (processes > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  WEB_CONCURRENCY: ${processes} processes need DATABASE_URL (the embedded database belongs to one process)`,
    );
  }
  const s3Set = e.S3_BUCKET || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY;
  if (s3Set && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_BUCKET/S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: set all three or none",
    );
  }

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret,
    adminEmails: e.ADMIN_EMAILS,
    initialAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL,
    supportEmail: e.SUPPORT_EMAIL ?? e.SALES_EMAIL,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
    usageWebhookSecret: e.USAGE_WEBHOOK_SECRET,
    licenseApproval: e.LICENSE_APPROVAL,
    dunning: { graceDays: e.LICENSE_GRACE_DAYS, terminateDays: e.LICENSE_TERMINATE_DAYS },
    leadDailyCap: e.LEAD_DAILY_CAP,
    landingPageApproval: e.LANDING_PAGE_APPROVAL,
    lowBalanceCents: e.LOW_BALANCE_CENTS,
    links: { callAnalytics: e.CALL_ANALYTICS_URL, community: e.COMMUNITY_URL },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    admin2fa: e.ADMIN_2FA ?? (isProduction ? "required" : "optional"),
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    rateLimit: e.RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    processes,
    maxInFlight: e.MAX_IN_FLIGHT,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: Math.round(e.SHUTDOWN_TIMEOUT * 1000),
  };
}

/**
 * What a valid configuration may still get wrong, for the log at start-up (server/main.ts). In production with
 * DATABASE_URL (a shared database, so possibly several instances on several hosts) and no S3, every instance keeps
 * uploaded files on its own disk: a file uploaded through one is missing on the others.
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.isProduction && config.databaseUrl && !config.s3) {
    warnings.push(
      `Files are stored on local disk (${path.join(config.dataDir, "storage")}) while DATABASE_URL is set: several instances need S3-compatible storage (set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY), or a file uploaded through one instance is missing on the others. One instance on one host may ignore this.`,
    );
  }
  return warnings;
}

/** For local runs: a secret generated once and kept under DATA_DIR so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Tests only: the PostgreSQL server the domain suite also runs on, when set. */
export function testDatabaseUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  return env.TEST_DATABASE_URL?.trim() || undefined;
}
