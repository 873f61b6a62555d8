import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_ALREADY_REGISTERED } from "#kernel/schemas/auth.ts";
import { loadConfig } from "../config.ts";
import { emailOutbox, user } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { RateLimitedError } from "../domain/ratelimit/ratelimit.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { bootstrapAdmins } from "./bootstrap.ts";
import { AuthFlowError, requestPasswordReset, resetPassword, signIn, signUp } from "./flows.ts";

let t: TestDb;
let s: Awaited<ReturnType<typeof createServices>>;
const headers = () => new Headers({ origin: "http://localhost:3000" });

beforeAll(async () => {
  t = await createTestDb();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-auth-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    ADMIN_EMAILS: "Boss@PoundCodes.test",
  });
  s = await createServices(config, { handle: t, logger: createLogger("silent") });
});
afterAll(() => t.close());

const signup = (email: string, password = "s3cure-pass", ip = "10.0.0.1") =>
  signUp(s, { fullName: "Dana Hartwell", companyName: "Hartwell Law", email, password, ip, headers: headers() });

describe("sign-up and sign-in", () => {
  it("creates a user with a session cookie, role user, company kept, and emails verification + sales", async () => {
    const r = await signup("Dana@Example.com");
    expect(r.role).toBe("user");
    expect(r.headers.get("set-cookie")).toMatch(/session_token=/);
    const [u] = await t.db.select().from(user).where(eq(user.email, "dana@example.com"));
    expect(u?.companyName).toBe("Hartwell Law");
    expect(u?.role).toBe("user");
    const mails = await t.db.select().from(emailOutbox);
    expect(mails.map((m) => m.template).sort()).toEqual(["new_signup", "verify_email"]);
    expect(mails.find((m) => m.template === "verify_email")!.toAddress).toBe("dana@example.com");
  });

  it("refuses a second account for the same email with the spec's message", async () => {
    const err = await signup("dana@example.com").catch((e) => e);
    expect(err).toBeInstanceOf(AuthFlowError);
    expect(err.message).toBe(EMAIL_ALREADY_REGISTERED);
  });

  it("promotes ADMIN_EMAILS case-insensitively at sign-up", async () => {
    const r = await signup("boss@poundcodes.test");
    expect(r.role).toBe("admin");
  });

  it("signs in with the right password only", async () => {
    const ok = await signIn(s, {
      email: "DANA@example.com",
      password: "s3cure-pass",
      ip: "10.0.0.2",
      headers: headers(),
    });
    expect(ok.role).toBe("user");
    expect(ok.headers.get("set-cookie")).toMatch(/session_token=/);
    await expect(
      signIn(s, { email: "dana@example.com", password: "wrong-pass", ip: "10.0.0.2", headers: headers() }),
    ).rejects.toThrow("Invalid email or password.");
  });

  it("rate-limits repeated sign-ins from one address", async () => {
    const attempts = [];
    for (let i = 0; i < 12; i++) {
      attempts.push(
        await signIn(s, { email: "nobody@example.com", password: "x", ip: "10.9.9.9", headers: headers() }).catch(
          (e) => e,
        ),
      );
    }
    expect(attempts.slice(0, 10).every((e) => e instanceof AuthFlowError)).toBe(true);
    expect(attempts[10]).toBeInstanceOf(RateLimitedError);
  });
});

describe("password reset through the mailbox", () => {
  it("emails a link whose token sets a new password", async () => {
    await signup("reset-me@example.com", "old-password", "10.0.0.3");
    await requestPasswordReset(s, { email: "Reset-Me@example.com", ip: "10.0.0.3", headers: headers() });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "reset_password"));
    expect(mail?.toAddress).toBe("reset-me@example.com");
    const url = mail!.textBody.match(/https?:\/\/\S+/)![0];
    const token = new URL(url).pathname.split("/").pop()!;
    expect(token.length).toBeGreaterThan(10);
    await resetPassword(s, { token, password: "brand-new-pass" });
    await expect(
      signIn(s, { email: "reset-me@example.com", password: "old-password", ip: "10.0.0.4", headers: headers() }),
    ).rejects.toThrow();
    const ok = await signIn(s, {
      email: "reset-me@example.com",
      password: "brand-new-pass",
      ip: "10.0.0.4",
      headers: headers(),
    });
    expect(ok.role).toBe("user");
    // A token works once.
    await expect(resetPassword(s, { token, password: "another-pass" })).rejects.toBeInstanceOf(AuthFlowError);
  });

  it("answers the same for unknown addresses and sends nothing", async () => {
    const before = (await t.db.select().from(emailOutbox)).length;
    await requestPasswordReset(s, { email: "ghost@example.com", ip: "10.0.0.5", headers: headers() });
    expect((await t.db.select().from(emailOutbox)).length).toBe(before);
  });
});

describe("bootstrapAdmins", () => {
  it("creates the initial admin once and promotes listed emails", async () => {
    const first = await bootstrapAdmins(t.db, s.auth, {
      adminEmails: ["dana@example.com"],
      initialAdmin: { email: "Root@PoundCodes.test", password: "initial-admin-pass" },
    });
    expect(first.created).toBe(true);
    const again = await bootstrapAdmins(t.db, s.auth, {
      adminEmails: [],
      initialAdmin: { email: "root@poundcodes.test", password: "initial-admin-pass" },
    });
    expect(again.created).toBe(false);
    const roles = await t.db.select({ email: user.email, role: user.role }).from(user);
    expect(roles.find((r) => r.email === "root@poundcodes.test")?.role).toBe("admin");
    expect(roles.find((r) => r.email === "dana@example.com")?.role).toBe("admin");
    const ok = await signIn(s, {
      email: "root@poundcodes.test",
      password: "initial-admin-pass",
      ip: "10.0.0.6",
      headers: headers(),
    });
    expect(ok.role).toBe("admin");
  });
});
