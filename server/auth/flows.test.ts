import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { account, auditLog, emailOutbox, rateLimits, session, user } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { RateLimitedError } from "../domain/ratelimit/ratelimit.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
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

/** A sign-up through the flow, waited for to the end of its background work. */
const signup = async (email: string, password = "s3cure-pass", ip = "10.0.0.1") => {
  await signUp(s, {
    fullName: "Dana Hartwell",
    companyName: "Hartwell Law",
    email,
    password,
    ip,
    headers: headers(),
  });
};

/** The link in the newest stored email of `template` to `to`. */
async function linkIn(template: string, to: string): Promise<string> {
  const rows = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, template), eq(emailOutbox.toAddress, to)));
  const last = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  return last!.textBody.match(/https?:\/\/\S+/)![0];
}

/** Follows an emailed verification link through the auth handler, as the browser would. */
async function followVerification(email: string) {
  const url = new URL(await linkIn("verify_email", email));
  const res = await s.auth.handler(new Request(`http://localhost:3000${url.pathname}${url.search}`));
  expect(res.status).toBeLessThan(400);
}

const roleOf = async (email: string) =>
  (await t.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role;

describe("sign-up and sign-in", () => {
  it("creates a user with role user and the company kept, emails verification + sales, and signs nobody in", async () => {
    await signup("Dana@Example.com");
    const [u] = await t.db.select().from(user).where(eq(user.email, "dana@example.com"));
    expect(u?.companyName).toBe("Hartwell Law");
    expect(u?.role).toBe("user");
    expect(await t.db.select().from(session).where(eq(session.userId, u!.id))).toEqual([]);
    const mails = await t.db.select().from(emailOutbox);
    expect(mails.map((m) => m.template).sort()).toEqual(["new_signup", "verify_email"]);
    expect(mails.find((m) => m.template === "verify_email")!.toAddress).toBe("dana@example.com");
    // The emailed link signs the account in, and the sign-in is recorded as every other is.
    await followVerification("dana@example.com");
    expect(await t.db.select().from(session).where(eq(session.userId, u!.id))).toHaveLength(1);
    const signIns = await t.db.select().from(auditLog).where(eq(auditLog.entityId, u!.id));
    expect(signIns.map((r) => [r.action, (r.details as { method?: string }).method])).toEqual([
      ["auth.sign_in", "email_link"],
    ]);
  });

  it("answers a registered address exactly as a new one, and emails its owner", async () => {
    await signup("taken@example.com", "s3cure-pass", "10.0.7.0");
    const notices = () => t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "account_exists"));
    const users = () => t.db.select({ id: user.id }).from(user);
    const before = { notices: (await notices()).length, users: (await users()).length };
    const attempt = (email: string) =>
      signUp(s, { fullName: "Mallory", email, password: "other-pass-1", ip: "10.0.7.1", headers: headers() });

    // Both are answered alike (nothing, no session), each with its work done…
    expect(await attempt("fresh-one@example.com")).toBeUndefined();
    expect(await attempt("Taken@Example.com")).toBeUndefined();
    // …the new address got its account, and the registered one's owner was told, once an hour at most.
    expect((await users()).length).toBe(before.users + 1);
    const after = await notices();
    expect(after.length - before.notices).toBe(1);
    expect(after.at(-1)!.toAddress).toBe("taken@example.com");
    expect(after.at(-1)!.textBody).toContain("Someone just tried to create a new PoundCodes account");
    await attempt("taken@example.com");
    expect((await notices()).length).toBe(after.length);
    // The owner's password still signs in; the one typed at the second sign-up does not.
    const owner = await signIn(s, {
      email: "taken@example.com",
      password: "s3cure-pass",
      ip: "10.0.7.2",
      headers: headers(),
    });
    expect(owner.role).toBe("user");
    await expect(
      signIn(s, { email: "taken@example.com", password: "other-pass-1", ip: "10.0.7.2", headers: headers() }),
    ).rejects.toThrow("Invalid email or password.");
  });

  it("lets a sign-in right after sign-up find the account", async () => {
    await signUp(s, {
      fullName: "Quick Start",
      email: "quick@example.com",
      password: "s3cure-pass",
      ip: "10.0.7.3",
      headers: headers(),
    });
    const r = await signIn(s, {
      email: "quick@example.com",
      password: "s3cure-pass",
      ip: "10.0.7.3",
      headers: headers(),
    });
    expect(r.headers.get("set-cookie")).toMatch(/session_token=/);
  });

  it("refuses a name the stored rules refuse before answering, so no sign-up silently fails", async () => {
    const err = await signUp(s, {
      fullName: "Ctrl\u0007Name",
      email: "ctrl@example.com",
      password: "s3cure-pass",
      ip: "10.0.7.4",
      headers: headers(),
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AuthFlowError);
    expect(err.fieldErrors).toEqual({ fullName: ["Name must not contain control characters."] });
  });

  it("gives the admin role to an ADMIN_EMAILS address only once it is verified", async () => {
    await signup("Boss@PoundCodes.test");
    expect(await roleOf("boss@poundcodes.test")).toBe("user");
    await followVerification("boss@poundcodes.test");
    expect(await roleOf("boss@poundcodes.test")).toBe("admin");
  });

  it("stores the address the server saw on the session, never the client's internal header", async () => {
    const spoofed = new Headers({ origin: "http://localhost:3000", [CLIENT_IP_HEADER]: "6.6.6.6" });
    await signUp(s, {
      fullName: "Ivy Ip",
      email: "ivy@example.com",
      password: "s3cure-pass",
      ip: "10.4.4.4",
      headers: spoofed,
    });
    await signIn(s, { email: "ivy@example.com", password: "s3cure-pass", ip: "10.4.4.5", headers: spoofed });
    const ips = (await t.db.select({ ip: session.ipAddress }).from(session)).map((x) => x.ip);
    expect(ips).toContain("10.4.4.5");
    expect(ips).not.toContain("6.6.6.6");
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

  it("rate-limits repeated sign-ins from one address, whatever the email", async () => {
    const attempts = [];
    for (let i = 0; i < 32; i++) {
      attempts.push(
        await signIn(s, { email: `nobody-${i}@example.com`, password: "x", ip: "10.9.9.9", headers: headers() }).catch(
          (e) => e,
        ),
      );
    }
    expect(attempts.slice(0, 30).every((e) => e instanceof AuthFlowError)).toBe(true);
    expect(attempts[30]).toBeInstanceOf(RateLimitedError);
  });

  it("throttles one account across addresses with a short, growing delay, not a lock", async () => {
    await signup("target@example.com", "right-password", "10.0.8.1");
    const attempt = (ip: string, password = "wrong-pass") =>
      signIn(s, { email: "target@example.com", password, ip, headers: headers() }).catch((e) => e);
    // Five wrong passwords, each from a different address: no per-address limit is near.
    for (let i = 0; i < 5; i++) expect(await attempt(`10.8.0.${i}`)).toBeInstanceOf(AuthFlowError);
    // The sixth, from yet another address and even with the right password, has to wait a couple of seconds.
    const held = await attempt("10.8.0.99", "right-password");
    expect(held).toBeInstanceOf(RateLimitedError);
    expect(held.retryAfterSeconds).toBeLessThanOrEqual(2);
    expect(held.message).toMatch(/seconds? and try again/);
    // The wait is short: once it has passed the owner gets in, and the count starts again.
    const key = "signin-account:target@example.com";
    await t.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '3 seconds'` })
      .where(eq(rateLimits.key, key));
    const ok = await attempt("10.8.0.100", "right-password");
    expect(ok.role).toBe("user");
    expect(await t.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
  });

  it("never makes anyone wait more than a minute, however long the attack", async () => {
    await signup("hammered@example.com", "right-password", "10.0.8.2");
    const key = "signin-account:hammered@example.com";
    await t.db.insert(rateLimits).values({ key, count: 5000, windowStart: sql`now()` });
    const held = await signIn(s, {
      email: "hammered@example.com",
      password: "right-password",
      ip: "10.8.1.1",
      headers: headers(),
    }).catch((e) => e);
    expect(held).toBeInstanceOf(RateLimitedError);
    expect(held.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(held.retryAfterSeconds).toBeGreaterThan(30);
    await t.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimits.key, key));
    const ok = await signIn(s, {
      email: "hammered@example.com",
      password: "right-password",
      ip: "10.8.1.2",
      headers: headers(),
    });
    expect(ok.role).toBe("user");
  });
});

describe("password reset through the mailbox", () => {
  it("emails a link whose token sets a new password", async () => {
    await signup("reset-me@example.com", "old-password", "10.0.0.3");
    const { settled } = await requestPasswordReset(s, {
      email: "Reset-Me@example.com",
      ip: "10.0.0.3",
      headers: headers(),
    });
    await settled;
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, "reset_password"));
    expect(mail?.toAddress).toBe("reset-me@example.com");
    const url = mail!.textBody.match(/https?:\/\/\S+/)![0];
    const token = new URL(url).pathname.split("/").pop()!;
    expect(token.length).toBeGreaterThan(10);
    // Setting the password signs the account in with it.
    const signedIn = await resetPassword(s, { token, password: "brand-new-pass", ip: "10.0.0.4", headers: headers() });
    expect(signedIn?.role).toBe("user");
    expect(signedIn?.twoFactorRequired).toBe(false);
    expect(signedIn?.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);
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
    await expect(
      resetPassword(s, { token, password: "another-pass", ip: "10.0.0.4", headers: headers() }),
    ).rejects.toBeInstanceOf(AuthFlowError);
    await expect(
      resetPassword(s, { token: "no-such-token", password: "another-pass", ip: "10.0.0.4", headers: headers() }),
    ).rejects.toBeInstanceOf(AuthFlowError);
  });

  it("keeps the new password when the sign-in after it is refused, and answers null", async () => {
    await signup("reset-then-refused@example.com", "old-password", "10.0.0.6");
    const { settled } = await requestPasswordReset(s, {
      email: "reset-then-refused@example.com",
      ip: "10.0.0.6",
      headers: headers(),
    });
    await settled;
    const token = new URL(await linkIn("reset_password", "reset-then-refused@example.com")).pathname.split("/").pop()!;
    // Suspended between the email and the click: the password is set, nobody is signed in.
    await t.db.update(user).set({ banned: true }).where(eq(user.email, "reset-then-refused@example.com"));
    expect(
      await resetPassword(s, { token, password: "set-anyway-pass", ip: "10.0.0.6", headers: headers() }),
    ).toBeNull();
    await t.db.update(user).set({ banned: false }).where(eq(user.email, "reset-then-refused@example.com"));
    const ok = await signIn(s, {
      email: "reset-then-refused@example.com",
      password: "set-anyway-pass",
      ip: "10.0.0.6",
      headers: headers(),
    });
    expect(ok.role).toBe("user");
  });

  it("answers the same for unknown addresses and sends nothing", async () => {
    const before = (await t.db.select().from(emailOutbox)).length;
    const { settled } = await requestPasswordReset(s, {
      email: "ghost@example.com",
      ip: "10.0.0.5",
      headers: headers(),
    });
    await settled;
    expect((await t.db.select().from(emailOutbox)).length).toBe(before);
  });

  it("answers before looking the address up, so a real account takes no longer than an unknown one", async () => {
    const resets = () => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "dana@example.com"));
    const before = (await resets()).length;
    const { settled } = await requestPasswordReset(s, {
      email: "dana@example.com",
      ip: "10.0.0.8",
      headers: headers(),
    });
    // Nothing has been looked up or sent yet when the caller gets its answer…
    expect((await resets()).length).toBe(before);
    await settled;
    // …and the email follows in the background.
    expect((await resets()).length).toBe(before + 1);
  });
});

describe("bootstrapAdmins", () => {
  it("promotes listed addresses only when verified", async () => {
    await signup("listed-unverified@example.com", "s3cure-pass", "10.0.9.1");
    await signup("listed-verified@example.com", "s3cure-pass", "10.0.9.2");
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, "listed-verified@example.com"));
    const r = await bootstrapAdmins(t.db, s.auth, {
      adminEmails: ["listed-unverified@example.com", "Listed-Verified@example.com"],
    });
    expect(r.promoted).toBe(1);
    expect(await roleOf("listed-unverified@example.com")).toBe("user");
    expect(await roleOf("listed-verified@example.com")).toBe("admin");
  });

  it("takes back an unverified ADMIN_EMAIL account: the squatter's password and sessions stop working", async () => {
    await signup("ops@poundcodes.test", "squatter-pass", "10.0.9.3");
    const squat = await signIn(s, {
      email: "ops@poundcodes.test",
      password: "squatter-pass",
      ip: "10.0.9.3",
      headers: headers(),
    });
    const cookie = squat.headers.get("set-cookie")!.split(";")[0]!;
    const r = await bootstrapAdmins(t.db, s.auth, {
      adminEmails: [],
      initialAdmin: { email: "ops@poundcodes.test", password: "operator-pass" },
    });
    expect(r).toMatchObject({ created: false, reclaimed: true });
    const [row] = await t.db.select().from(user).where(eq(user.email, "ops@poundcodes.test"));
    expect(row).toMatchObject({ role: "admin", emailVerified: true });
    expect(await s.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    await expect(
      signIn(s, { email: "ops@poundcodes.test", password: "squatter-pass", ip: "10.0.9.4", headers: headers() }),
    ).rejects.toThrow("Invalid email or password.");
    const ok = await signIn(s, {
      email: "ops@poundcodes.test",
      password: "operator-pass",
      ip: "10.0.9.5",
      headers: headers(),
    });
    expect(ok.role).toBe("admin");
    expect(await t.db.select().from(account).where(eq(account.userId, row!.id))).toHaveLength(1);
  });

  it("promotes a verified ADMIN_EMAIL account without touching its password", async () => {
    await signup("owner@poundcodes.test", "owners-own-pass", "10.0.9.6");
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, "owner@poundcodes.test"));
    const r = await bootstrapAdmins(t.db, s.auth, {
      adminEmails: [],
      initialAdmin: { email: "owner@poundcodes.test", password: "operator-pass" },
    });
    expect(r).toMatchObject({ created: false, reclaimed: false, promoted: 1 });
    const ok = await signIn(s, {
      email: "owner@poundcodes.test",
      password: "owners-own-pass",
      ip: "10.0.9.7",
      headers: headers(),
    });
    expect(ok.role).toBe("admin");
  });

  it("creates the initial admin once and promotes listed (verified) emails", async () => {
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, "dana@example.com"));
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
