import { mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, startupWarnings } from "./config.ts";

const tmp = () => mkdtempSync(path.join(tmpdir(), "pc-config-"));

describe("loadConfig", () => {
  it("applies defaults and keeps a generated auth secret under DATA_DIR", () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.port).toBe(3000);
    expect(a.publicUrl).toBe("http://localhost:3000");
    expect(a.databaseUrl).toBeUndefined();
    expect(a.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(a.authSecret);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(a.authSecret);
  });

  it("sends support mail to SUPPORT_EMAIL, or to the sales address when it is unset", () => {
    expect(loadConfig({ DATA_DIR: tmp(), SALES_EMAIL: "sales@example.com" }).supportEmail).toBe("sales@example.com");
    const both = loadConfig({ DATA_DIR: tmp(), SALES_EMAIL: "sales@example.com", SUPPORT_EMAIL: "help@example.com" });
    expect([both.salesEmail, both.supportEmail]).toEqual(["sales@example.com", "help@example.com"]);
    expect(() => loadConfig({ DATA_DIR: tmp(), SUPPORT_EMAIL: "not-an-email" })).toThrow(/SUPPORT_EMAIL/);
  });

  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "not-a-port", DATA_DIR: tmp() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "nope", DATA_DIR: tmp() })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_EMAILS: "a@b.co, not-an-email", DATA_DIR: tmp() })).toThrow(/ADMIN_EMAILS/);
    expect(() => loadConfig({ ADMIN_EMAIL: "root@example.com", DATA_DIR: tmp() })).toThrow(
      /ADMIN_EMAIL\/ADMIN_PASSWORD/,
    );
  });

  it("requires the auth secret in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tmp(), PUBLIC_URL: "https://x.example" })).toThrow(
      /BETTER_AUTH_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tmp(), BETTER_AUTH_SECRET: "s".repeat(40) })).toThrow(
      /PUBLIC_URL/,
    );
    const ok = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: tmp(),
      BETTER_AUTH_SECRET: "s".repeat(40),
      PUBLIC_URL: "https://poundcodes.example",
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
    });
    expect(ok.isProduction).toBe(true);
  });

  it("refuses to start in production without SMTP unless the dev mailbox is explicitly allowed", () => {
    const production = {
      NODE_ENV: "production",
      DATA_DIR: tmp(),
      BETTER_AUTH_SECRET: "s".repeat(40),
      PUBLIC_URL: "https://poundcodes.example",
    };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL: required when NODE_ENV=production/);
    expect(() => loadConfig({ ...production, ALLOW_DEV_MAILBOX: "false" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...production, ALLOW_DEV_MAILBOX: "maybe" })).toThrow(/ALLOW_DEV_MAILBOX/);
    expect(loadConfig({ ...production, ALLOW_DEV_MAILBOX: "true" }).smtpUrl).toBeUndefined();
    expect(loadConfig({ ...production, SMTP_URL: "smtp://mail.example.com:587" }).smtpUrl).toBe(
      "smtp://mail.example.com:587",
    );
    // Outside production (npm start, npm run dev, the test servers) the dev mailbox needs no opt-in.
    expect(loadConfig({ DATA_DIR: tmp() }).smtpUrl).toBeUndefined();
  });

  it("lower-cases admin emails and trims the public URL", () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      ADMIN_EMAILS: " Boss@Example.com ,ops@example.com",
      PUBLIC_URL: "https://poundcodes.com/",
    });
    expect(c.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
    expect(c.publicUrl).toBe("https://poundcodes.com");
  });
});

describe("TRUST_PROXY", () => {
  it("is a number of trusted hops; true/false stay accepted as 1/0", () => {
    const hops = (v: string | undefined) => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: v }).trustProxy;
    expect(hops(undefined)).toBe(0);
    expect(hops("false")).toBe(0);
    expect(hops("0")).toBe(0);
    expect(hops("true")).toBe(1);
    expect(hops("TRUE")).toBe(1);
    expect(hops("1")).toBe(1);
    expect(hops("2")).toBe(2);
    for (const bad of ["yes", "-1", "1.5", "11"]) {
      expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("WEB_CONCURRENCY", () => {
  const pg = "postgres://app@db.internal:5432/poundcodes";
  const processes = (v: string | undefined, databaseUrl?: string) =>
    loadConfig({ DATA_DIR: tmp(), WEB_CONCURRENCY: v, DATABASE_URL: databaseUrl }).processes;

  it("is one process unless set; a number of processes, or auto for one per CPU on PostgreSQL", () => {
    expect(processes(undefined)).toBe(1);
    expect(processes("1")).toBe(1);
    expect(processes("3", pg)).toBe(3);
    expect(processes("auto", pg)).toBe(availableParallelism());
    expect(processes(" AUTO ", pg)).toBe(availableParallelism());
    // The embedded database belongs to one process: auto means one there.
    expect(processes("auto")).toBe(1);
  });

  it("refuses more than one process on the embedded database, and what is not a count, naming the variable", () => {
    expect(() => processes("2")).toThrow(ConfigError);
    expect(() => processes("2")).toThrow(/WEB_CONCURRENCY: 2 processes need DATABASE_URL/);
    for (const bad of ["0", "-1", "1.5", "two", "65"]) {
      expect(() => processes(bad, pg)).toThrow(/WEB_CONCURRENCY: must be the number of server processes/);
    }
  });
});

describe("SHUTDOWN_TIMEOUT", () => {
  const budget = (v: string | undefined) => loadConfig({ DATA_DIR: tmp(), SHUTDOWN_TIMEOUT: v }).shutdownTimeoutMs;

  it("is the seconds a stopping process gets, 10 unless set", () => {
    expect(budget(undefined)).toBe(10_000);
    expect(budget("")).toBe(10_000);
    expect(budget("25")).toBe(25_000);
    expect(budget(" 2.5 ")).toBe(2_500);
  });

  it("refuses what is not a positive number of seconds, naming the variable", () => {
    for (const bad of ["0", "-1", "ten", "3601"]) {
      expect(() => budget(bad)).toThrow(/SHUTDOWN_TIMEOUT: must be a number of seconds/);
    }
  });
});

describe("startupWarnings", () => {
  const production = () => ({
    NODE_ENV: "production",
    DATA_DIR: tmp(),
    BETTER_AUTH_SECRET: "s".repeat(40),
    PUBLIC_URL: "https://poundcodes.example",
    SMTP_URL: "smtps://user:pass@smtp.example.com:465",
  });
  const pg = "postgres://app@db.internal:5432/poundcodes";
  const s3 = { S3_BUCKET: "poundcodes", S3_ACCESS_KEY_ID: "key-id", S3_SECRET_ACCESS_KEY: "secret-key" };

  it("warns in production on a shared database with files on local disk that several instances need S3", () => {
    const env = production();
    const warnings = startupWarnings(loadConfig({ ...env, DATABASE_URL: pg }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("several instances need S3-compatible storage");
    expect(warnings[0]).toContain(path.join(path.resolve(env.DATA_DIR), "storage"));
    expect(warnings[0]).toMatch(/S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });

  it("says nothing with S3, on the embedded database (one process), or outside production", () => {
    expect(startupWarnings(loadConfig({ ...production(), DATABASE_URL: pg, ...s3 }))).toEqual([]);
    expect(startupWarnings(loadConfig(production()))).toEqual([]);
    expect(startupWarnings(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: pg }))).toEqual([]);
  });
});

describe("runtime", () => {
  it("runs on the pinned Node 24 (npm scripts use node_modules/.bin/node)", () => {
    expect(process.versions.node.split(".")[0]).toBe("24");
  });
});
