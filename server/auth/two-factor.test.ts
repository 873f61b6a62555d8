import { and, eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR_MESSAGES } from "#kernel/schemas/auth.ts";
import { routeContext, signUpAndSignIn, testServices } from "#server/web/test-support.ts";
import { emailOutbox, session, twoFactor, user } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { isAdmin } from "../domain/actor.ts";
import { createHttpApp } from "../http/app.ts";
import { testBuild } from "../http/test-routes.ts";
import { actorFor } from "../web/route-kit.ts";
import { bootstrapAdmins } from "./bootstrap.ts";
import { AuthFlowError, signIn, verifySignInCode } from "./flows.ts";
import { getUser, homeFor, requireAdmin, requireUser, TWO_FACTOR_SETUP_PATH } from "./guards.ts";
import {
  base32,
  confirmTwoFactor,
  disableTwoFactor,
  regenerateBackupCodes,
  startTwoFactor,
  twoFactorState,
} from "./two-factor.ts";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
});
afterAll(() => t.close());

/** The cookies a browser would keep from these answers (expired ones dropped, later ones win). */
function jar(...answers: Headers[]): string {
  const cookies = new Map<string, string>();
  for (const h of answers) {
    for (const c of h.getSetCookie()) {
      const [pair = ""] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (!value || /max-age=0/i.test(c)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}
const withCookies = (cookie: string) => new Headers({ origin: ORIGIN, cookie });
const sessionsOf = async (userId: string) =>
  (await t.db.select().from(session).where(eq(session.userId, userId))).length;
const idOf = async (email: string) => (await t.db.select().from(user).where(eq(user.email, email)))[0]!;
const mails = async (template: string, to: string) =>
  (
    await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, template), eq(emailOutbox.toAddress, to)))
  ).length;

/** The code an authenticator app shows now for this setup key. */
const codeFor = (key: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });
/** A valid 6-digit code that is not the current one (nor its neighbours). */
const wrongCode = (key: string) => {
  const near = new Set([-1, 0, 1].map((o) => codeFor(key, o)));
  for (let i = 0; ; i++) {
    const c = String(i).padStart(6, "0");
    if (!near.has(c)) return c;
  }
};

type Account = {
  id: string;
  email: string;
  name: string;
  cookie: string;
  password: string;
  key: string;
  codes: string[];
};

/** Signs up, enrols and confirms: an account with two-factor on, and the session that turned it on. */
async function enrolled(email: string, ip: string): Promise<Account> {
  const password = "s3cure-pass";
  const up = await signUpAndSignIn(s, { fullName: "Tess Factor", email, password, ip });
  const u = await idOf(email);
  const caller = { id: u.id, email, name: u.name };
  let cookie = jar(up.headers);
  await startTwoFactor(s, caller, { password, ip, headers: withCookies(cookie) });
  const state = await twoFactorState(s, caller);
  const key = state.pending!.secret;
  const confirmed = await confirmTwoFactor(s, caller, { code: codeFor(key), ip, headers: withCookies(cookie) });
  cookie = jar(up.headers, confirmed.headers);
  return { ...caller, cookie, password, key, codes: confirmed.backupCodes };
}

describe("enrolment", () => {
  it("asks for the password, shows a QR code, turns on only with a right code, and gives ten backup codes", async () => {
    const email = "enrol@example.com";
    const up = await signUpAndSignIn(s, { fullName: "Enid Roll", email, password: "s3cure-pass", ip: "10.1.0.1" });
    const u = await idOf(email);
    const caller = { id: u.id, email, name: u.name };
    const cookie = jar(up.headers);
    const req = { ip: "10.1.0.1", headers: withCookies(cookie) };

    const wrong = await startTwoFactor(s, caller, { ...req, password: "not-my-password" }).catch((e) => e);
    expect(wrong).toBeInstanceOf(AuthFlowError);
    expect(wrong.fieldErrors).toEqual({ password: [TWO_FACTOR_MESSAGES.wrongPassword] });
    expect((await twoFactorState(s, caller)).pending).toBeNull();

    // A code before any QR code exists is refused with the way forward.
    const early = await confirmTwoFactor(s, caller, { ...req, code: "123456" }).catch((e) => e);
    expect(early.message).toBe(TWO_FACTOR_MESSAGES.notStarted);

    await startTwoFactor(s, caller, { ...req, password: "s3cure-pass" });
    const state = await twoFactorState(s, caller);
    expect(state.enabled).toBe(false);
    expect(state.pending!.uri).toMatch(
      /^otpauth:\/\/totp\/PoundCodes:enrol%40example\.com\?secret=[A-Z2-7]+&issuer=PoundCodes/,
    );
    expect(state.pending!.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const key = state.pending!.secret;
    // The key decodes to the secret the library keeps (the same base32 the library puts in its own URI).
    expect(key).toBe(
      base32(
        new TextEncoder().encode(OTPAuth.Secret.fromBase32(key).bytes.reduce((a, b) => a + String.fromCharCode(b), "")),
      ),
    );

    // Someone else's session elsewhere, made with the password alone.
    const other = await signIn(s, {
      email,
      password: "s3cure-pass",
      ip: "10.1.0.2",
      headers: new Headers({ origin: ORIGIN }),
    });
    expect(other.twoFactorRequired).toBe(false);
    expect(await sessionsOf(u.id)).toBe(2);

    const bad = await confirmTwoFactor(s, caller, { ...req, code: wrongCode(key) }).catch((e) => e);
    expect(bad).toBeInstanceOf(AuthFlowError);
    expect(bad.fieldErrors).toEqual({ code: [TWO_FACTOR_MESSAGES.wrongCode] });
    expect((await twoFactorState(s, caller)).enabled).toBe(false);

    const ok = await confirmTwoFactor(s, caller, { ...req, code: codeFor(key) });
    expect(ok.backupCodes).toHaveLength(10);
    for (const c of ok.backupCodes) expect(c).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    expect(jar(ok.headers)).toMatch(/session_token=/);
    const after = await twoFactorState(s, caller);
    expect(after).toMatchObject({ enabled: true, pending: null, backupCodesLeft: 10 });
    // Only the session that turned it on is left.
    expect(await sessionsOf(u.id)).toBe(1);
    expect(await mails("two_factor_enabled", email)).toBe(1);

    const again = await startTwoFactor(s, caller, {
      ...req,
      headers: withCookies(jar(up.headers, ok.headers)),
      password: "s3cure-pass",
    }).catch((e) => e);
    expect(again.message).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
  });
});

describe("signing in with two-factor", () => {
  let a: Account;
  beforeAll(async () => {
    a = await enrolled("tess@example.com", "10.2.0.1");
  });
  const password = () =>
    signIn(s, { email: a.email, password: a.password, ip: "10.2.0.9", headers: new Headers({ origin: ORIGIN }) });

  it("gives no session for the password alone: only a short-lived challenge", async () => {
    const before = await sessionsOf(a.id);
    const r = await password();
    expect(r.twoFactorRequired).toBe(true);
    expect(r.role).toBeNull();
    expect(jar(r.headers)).not.toMatch(/session_token=/);
    expect(jar(r.headers)).toMatch(/two_factor=/);
    expect(await sessionsOf(a.id)).toBe(before);
    // Someone who has the password but not the app gets nowhere with the challenge and a guess.
    const guess = await verifySignInCode(s, {
      method: "totp",
      code: wrongCode(a.key),
      trustDevice: false,
      ip: "10.2.0.9",
      headers: withCookies(jar(r.headers)),
    }).catch((e) => e);
    expect(guess.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect(await sessionsOf(a.id)).toBe(before);
  });

  it("signs in with the app's code, and refuses without the challenge", async () => {
    const r = await password();
    const noChallenge = await verifySignInCode(s, {
      method: "totp",
      code: codeFor(a.key),
      trustDevice: false,
      ip: "10.2.0.10",
      headers: new Headers({ origin: ORIGIN }),
    }).catch((e) => e);
    expect(noChallenge.message).toBe(TWO_FACTOR_MESSAGES.expired);
    const ok = await verifySignInCode(s, {
      method: "totp",
      code: codeFor(a.key),
      trustDevice: false,
      ip: "10.2.0.10",
      headers: withCookies(jar(r.headers)),
    });
    expect(ok.role).toBe("user");
    expect(jar(ok.headers)).toMatch(/session_token=/);
    // The challenge is spent: it cannot make a second session.
    const replay = await verifySignInCode(s, {
      method: "totp",
      code: codeFor(a.key),
      trustDevice: false,
      ip: "10.2.0.10",
      headers: withCookies(jar(r.headers)),
    }).catch((e) => e);
    expect(replay).toBeInstanceOf(AuthFlowError);
  });

  it("takes a backup code once", async () => {
    const first = await password();
    const code = a.codes[0]!;
    const ok = await verifySignInCode(s, {
      method: "backup",
      code,
      trustDevice: false,
      ip: "10.2.0.11",
      headers: withCookies(jar(first.headers)),
    });
    expect(jar(ok.headers)).toMatch(/session_token=/);
    expect((await twoFactorState(s, a)).backupCodesLeft).toBe(9);
    const second = await password();
    const used = await verifySignInCode(s, {
      method: "backup",
      code,
      trustDevice: false,
      ip: "10.2.0.11",
      headers: withCookies(jar(second.headers)),
    }).catch((e) => e);
    expect(used.message).toBe(TWO_FACTOR_MESSAGES.wrongBackupCode);
    expect(used.fieldErrors).toEqual({ code: [TWO_FACTOR_MESSAGES.wrongBackupCode] });
  });

  it("allows five tries per challenge, then asks for the password again", async () => {
    const r = await password();
    const h = withCookies(jar(r.headers));
    for (let i = 0; i < 5; i++) {
      const e = await verifySignInCode(s, {
        method: "totp",
        code: wrongCode(a.key),
        trustDevice: false,
        ip: `10.2.1.${i}`,
        headers: h,
      }).catch((x) => x);
      expect(e.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    }
    const sixth = await verifySignInCode(s, {
      method: "totp",
      code: codeFor(a.key),
      trustDevice: false,
      ip: "10.2.1.9",
      headers: h,
    }).catch((x) => x);
    expect(sixth.message).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);
    expect(sixth.status).toBe(429);
    // A fresh challenge with the right code still works (and clears the account's failure count).
    const again = await password();
    await verifySignInCode(s, {
      method: "totp",
      code: codeFor(a.key),
      trustDevice: false,
      ip: "10.2.1.10",
      headers: withCookies(jar(again.headers)),
    });
  });

  it("limits code attempts per address", async () => {
    const errors = [];
    for (let i = 0; i < 11; i++) {
      errors.push(
        await verifySignInCode(s, {
          method: "totp",
          code: "000000",
          trustDevice: false,
          ip: "10.2.2.1",
          headers: new Headers({ origin: ORIGIN }),
        }).catch((x) => x),
      );
    }
    expect(errors.slice(0, 10).every((e) => e.message === TWO_FACTOR_MESSAGES.expired)).toBe(true);
    expect(errors[10].status).toBe(429);
  });

  it("trusts a device for the next sign-in when asked", async () => {
    const r = await password();
    const ok = await verifySignInCode(s, {
      method: "totp",
      code: codeFor(a.key),
      trustDevice: true,
      ip: "10.2.3.1",
      headers: withCookies(jar(r.headers)),
    });
    const trusted = jar(ok.headers)
      .split("; ")
      .filter((c) => c.includes("trust_device"))
      .join("; ");
    expect(trusted).toMatch(/trust_device=/);
    const next = await signIn(s, {
      email: a.email,
      password: a.password,
      ip: "10.2.3.1",
      headers: withCookies(trusted),
    });
    expect(next.twoFactorRequired).toBe(false);
    expect(jar(next.headers)).toMatch(/session_token=/);
  });

  it("gives no session through the email verification link either", async () => {
    // The account's address is not verified yet (signed up, link not followed).
    const [row] = await t.db.select().from(user).where(eq(user.id, a.id));
    expect(row!.emailVerified).toBe(false);
    const verify = (
      await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.template, "verify_email"), eq(emailOutbox.toAddress, a.email)))
    ).at(-1)!;
    const url = new URL(verify.textBody.match(/https?:\/\/\S+/)![0]);
    const before = await sessionsOf(a.id);
    const res = await s.auth.handler(new Request(`${ORIGIN}${url.pathname}${url.search}`));
    expect(res.status).toBeLessThan(400);
    expect((await t.db.select().from(user).where(eq(user.id, a.id)))[0]!.emailVerified).toBe(true);
    expect(jar(res.headers)).not.toMatch(/session_token=/);
    expect(await sessionsOf(a.id)).toBe(before);
  });
});

describe("managing two-factor", () => {
  it("makes new backup codes with the password; the old ones stop working", async () => {
    const a = await enrolled("codes@example.com", "10.3.0.1");
    const req = { ip: "10.3.0.1", headers: withCookies(a.cookie) };
    const wrong = await regenerateBackupCodes(s, a, { ...req, password: "nope-nope" }).catch((e) => e);
    expect(wrong.fieldErrors).toEqual({ password: [TWO_FACTOR_MESSAGES.wrongPassword] });
    const fresh = await regenerateBackupCodes(s, a, { ...req, password: a.password });
    expect(fresh.backupCodes).toHaveLength(10);
    expect(fresh.backupCodes).not.toContain(a.codes[0]);
    expect(await mails("two_factor_backup_codes", a.email)).toBe(1);
    const challenge = await signIn(s, {
      email: a.email,
      password: a.password,
      ip: "10.3.0.2",
      headers: new Headers({ origin: ORIGIN }),
    });
    const old = await verifySignInCode(s, {
      method: "backup",
      code: a.codes[0]!,
      trustDevice: false,
      ip: "10.3.0.2",
      headers: withCookies(jar(challenge.headers)),
    }).catch((e) => e);
    expect(old.message).toBe(TWO_FACTOR_MESSAGES.wrongBackupCode);
  });

  it("turns off only with the right password, then the password alone signs in", async () => {
    const a = await enrolled("off@example.com", "10.4.0.1");
    const req = { ip: "10.4.0.1", headers: withCookies(a.cookie) };
    const wrong = await disableTwoFactor(s, a, { ...req, password: "wrong-pass" }).catch((e) => e);
    expect(wrong).toBeInstanceOf(AuthFlowError);
    expect(wrong.fieldErrors).toEqual({ password: [TWO_FACTOR_MESSAGES.wrongPassword] });
    expect((await twoFactorState(s, a)).enabled).toBe(true);
    const off = await disableTwoFactor(s, a, { ...req, password: a.password });
    expect(jar(off.headers)).toMatch(/session_token=/);
    expect((await twoFactorState(s, a)).enabled).toBe(false);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, a.id))).toEqual([]);
    expect(await mails("two_factor_disabled", a.email)).toBe(1);
    const r = await signIn(s, {
      email: a.email,
      password: a.password,
      ip: "10.4.0.2",
      headers: new Headers({ origin: ORIGIN }),
    });
    expect(r.twoFactorRequired).toBe(false);
    const twice = await disableTwoFactor(s, a, {
      ...req,
      headers: withCookies(jar(off.headers)),
      password: a.password,
    }).catch((e) => e);
    expect(twice.message).toBe(TWO_FACTOR_MESSAGES.notOn);
  });

  it("limits password attempts per account", async () => {
    const a = await enrolled("guess@example.com", "10.5.0.1");
    const errors = [];
    for (let i = 0; i < 11; i++) {
      errors.push(
        await disableTwoFactor(s, a, {
          ip: `10.5.1.${i}`,
          headers: withCookies(a.cookie),
          password: `guess-${i}`,
        }).catch((e) => e),
      );
    }
    // Ten a window for the account, from any address; enrolling (password, then code) used two of them.
    expect(errors.findIndex((e) => !(e instanceof AuthFlowError))).toBe(8);
    expect(errors.slice(8).every((e) => e.status === 429)).toBe(true);
    expect((await twoFactorState(s, a)).enabled).toBe(true);
  });
});

describe("administrators and ADMIN_2FA", () => {
  const ADMIN = { email: "chief@poundcodes.test", password: "chief-password" };
  let required: Awaited<ReturnType<typeof testServices>>;
  let cookie: string;
  const adminRequest = (c: string) => new Request(`${ORIGIN}/admin/dashboard`, { headers: { cookie: c } });

  beforeAll(async () => {
    required = await testServices(t, { ADMIN_2FA: "required" });
    await bootstrapAdmins(t.db, s.auth, { adminEmails: [], initialAdmin: ADMIN });
    const r = await signIn(s, { ...ADMIN, ip: "10.6.0.1", headers: new Headers({ origin: ORIGIN }) });
    cookie = jar(r.headers);
  });

  it("sends an administrator without two-factor to set it up when required", async () => {
    const refused = await requireAdmin(routeContext(required), adminRequest(cookie)).catch((e) => e);
    expect(refused).toBeInstanceOf(Response);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`${TWO_FACTOR_SETUP_PATH}?required=admin`);
    // Optional (the default outside production): the password is enough.
    const user = await requireAdmin(routeContext(s), adminRequest(cookie));
    expect(user.role).toBe("admin");
    expect(user.twoFactorEnabled).toBe(false);
  });

  it("counts the admin role only once two-factor is on: until then the administrator is a member everywhere", async () => {
    const page = () => new Request(`${ORIGIN}/dashboard/agreements`, { headers: { cookie } });
    const context = routeContext(required);
    const pending = (await getUser(context, page()))!;
    expect(pending).toMatchObject({ role: "user", adminAwaitingTwoFactor: true, twoFactorEnabled: false });
    // The actor every domain call gets (agreements, media, editor images, …) is no administrator either.
    expect(isAdmin(actorFor(pending, context))).toBe(false);
    expect(isAdmin(actorFor(await requireUser(context, page()), context))).toBe(false);
    // Signing in still leads to the admin area, whose guard sends them to set up two-factor.
    expect(homeFor(pending)).toBe("/admin/dashboard");
    // The same session, read again within the session cache's few seconds, where two-factor is optional: admin.
    const optional = (await getUser(routeContext(s), page()))!;
    expect(optional).toMatchObject({ role: "admin", adminAwaitingTwoFactor: false });
    expect(isAdmin(actorFor(optional, routeContext(s)))).toBe(true);
  });

  it("keeps the library's admin endpoints closed, with or without two-factor: admin work goes through /admin/users", async () => {
    const app = createHttpApp({
      services: required,
      mode: "production",
      build: testBuild({}),
      requestHandler: async () => new Response("page"),
    });
    const list = (c: string) => app.request("/api/auth/admin/list-users", { headers: { cookie: c } });
    expect((await list(cookie)).status).toBe(404);
    for (const endpoint of [
      "/api/auth/admin/set-role",
      "/api/auth/admin/ban-user",
      "/api/auth/admin/impersonate-user",
    ]) {
      const res = await app.request(endpoint, {
        method: "POST",
        headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status, endpoint).toBe(404);
    }
    expect((await app.request("/api/auth/two-factor/enable", { method: "POST" })).status).toBe(404);

    const u = await idOf(ADMIN.email);
    const caller = { id: u.id, email: ADMIN.email, name: u.name };
    await startTwoFactor(required, caller, { password: ADMIN.password, ip: "10.6.0.1", headers: withCookies(cookie) });
    const key = (await twoFactorState(required, caller)).pending!.secret;
    const on = await confirmTwoFactor(required, caller, {
      code: codeFor(key),
      ip: "10.6.0.1",
      headers: withCookies(cookie),
    });
    const now = jar(on.headers);
    const admitted = await requireAdmin(routeContext(required), adminRequest(now));
    expect(admitted.twoFactorEnabled).toBe(true);
    expect((await list(now)).status).toBe(404);
    // The session from before (password only) was signed out when two-factor came on.
    const old = await requireAdmin(routeContext(required), adminRequest(cookie)).catch((e) => e);
    expect(old.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});
