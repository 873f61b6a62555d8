/**
 * Sign-in, sign-up, password reset and sign-out, called from route actions (so forms work without JavaScript).
 * Better Auth does the work; this layer adds rate limits, the spec's messages and the notifications.
 * Returns `headers` carrying Set-Cookie for the caller's redirect.
 */
import { eq } from "drizzle-orm";
import { profileFieldsSchema, TWO_FACTOR_MESSAGES, type TwoFactorMethod } from "#kernel/schemas/auth.ts";
import type { AppServices } from "../context.ts";
import { user as userTable, verification } from "../db/schema/index.ts";
import { recordAudit } from "../domain/audit/audit.ts";
import { CHANGE, recordChange } from "../domain/changes.ts";
import { DomainError, RateLimitedError } from "../domain/errors.ts";
import {
  claimAccountAttempt,
  clearAccountAttempts,
  hitRateLimit,
  RATE_RULES,
  type RateRule,
} from "../domain/ratelimit/ratelimit.ts";
import { accountExistsNotice, newSignupNotice } from "../integrations/email/templates.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import type { SessionUser } from "./guards.ts";

/**
 * A refused sign-in, sign-up or password reset, with the message the form shows. `field` names the form field
 * the message belongs to (sign-up's email); otherwise it is about the whole form.
 */
export class AuthFlowError extends DomainError {
  override name = "AuthFlowError";
  readonly field: string | undefined;
  constructor(message: string, field?: string, status = field ? 409 : 401) {
    super({
      code: "auth_refused",
      status,
      title: "Authentication Failed",
      message,
      fieldErrors: field ? { [field]: [message] } : undefined,
    });
    this.field = field;
  }
}

export function errorCode(err: unknown): string {
  const e = err as { body?: { code?: string }; message?: string };
  return e?.body?.code ?? e?.message ?? "";
}

export async function limit(s: AppServices, key: string, rule: RateRule) {
  if (!s.config.rateLimit) return;
  const r = await hitRateLimit(s.db, key, rule);
  if (!r.allowed) throw new RateLimitedError(r.retryAfterSeconds);
}

/**
 * The headers handed to the auth library: the caller's (cookies, user agent, origin) with the client address set
 * from `ip`, the address the server took from the connection. Whatever internal header the client sent is replaced.
 */
export function authHeaders(headers: Headers, ip: string): Headers {
  const h = new Headers();
  for (const [k, v] of headers) if (!k.startsWith("x-poundcodes-")) h.append(k, v);
  h.set(CLIENT_IP_HEADER, ip);
  return h;
}

const accountKey = (email: string) => `signin-account:${email}`;

/** The per-account throttle: holds across addresses, a short growing delay rather than a lock. */
async function throttleAccount(s: AppServices, email: string) {
  if (!s.config.rateLimit) return;
  const r = await claimAccountAttempt(s.db, accountKey(email));
  if (!r.allowed) {
    const wait = r.retryAfterSeconds;
    throw new RateLimitedError(
      wait,
      `Too many sign-in attempts for this account. Please wait ${wait} second${wait === 1 ? "" : "s"} and try again.`,
    );
  }
}

/**
 * A correct password signs in, unless the account uses two-factor sign-in: then no session is made, and the
 * answer's headers carry the short-lived, signed two-factor challenge cookie instead (`twoFactorRequired`, and no
 * role yet). The second step is {@link verifySignInCode}. A device the user chose to trust skips that step.
 */
/**
 * The sign-in history an administrator reads on the user's page: one audit row per session started (password, or
 * password then a second factor; the emailed verification link records its own, server/auth/auth.ts), with the
 * address and browser it came from.
 */
async function recordSignIn(
  s: AppServices,
  userId: string,
  input: { ip: string; headers: Headers },
  method: "password" | "authenticator_code" | "backup_code",
): Promise<void> {
  const userAgent = input.headers.get("user-agent")?.slice(0, 300) ?? null;
  await recordAudit(
    s.db,
    { userId, ip: input.ip },
    {
      action: "auth.sign_in",
      entityType: "user",
      entityId: userId,
      details: { method, userAgent },
    },
  );
}

/** A signed-in answer: the Set-Cookie headers, and the role, or a second factor still due (role null). */
export type SignInAnswer = { headers: Headers; role: SessionUser["role"] | null; twoFactorRequired: boolean };

export async function signIn(
  s: AppServices,
  input: { email: string; password: string; ip: string; headers: Headers },
): Promise<SignInAnswer> {
  const email = input.email.toLowerCase();
  await limit(s, `signin-ip:${input.ip}`, RATE_RULES.signInFromIp);
  await limit(s, `signin:${input.ip}:${email}`, RATE_RULES.signIn);
  await throttleAccount(s, email);
  try {
    const res = await s.auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(input.headers, input.ip),
      returnHeaders: true,
    });
    if (s.config.rateLimit) await clearAccountAttempts(s.db, accountKey(email));
    if (!("user" in res.response) || !res.response.user) {
      // The password was right and a second factor is due. The library made no session (it removed the one the
      // password step created); only the challenge cookie goes back.
      if (!("twoFactorRedirect" in res.response) || !res.response.twoFactorRedirect) {
        throw new Error("sign-in answered neither a user nor a two-factor challenge");
      }
      return { headers: withoutSessionCookie(res.headers), role: null, twoFactorRequired: true };
    }
    const u = res.response.user as { id: string; role?: string | null };
    await recordSignIn(s, u.id, input, "password");
    return { headers: res.headers, role: u.role === "admin" ? "admin" : "user", twoFactorRequired: false };
  } catch (err) {
    if (err instanceof AuthFlowError) throw err;
    const code = errorCode(err);
    if (code.includes("INVALID_EMAIL_OR_PASSWORD") || code.includes("Invalid email or password")) {
      throw new AuthFlowError("Invalid email or password.");
    }
    if (code.toLowerCase().includes("banned"))
      throw new AuthFlowError("This account has been suspended. Please contact support.");
    throw err;
  }
}

/**
 * The headers of a two-factor challenge, minus any Set-Cookie that would set a session token (the library expires
 * the password step's session cookie; a cookie carrying a token must never reach the browser at this point).
 */
function withoutSessionCookie(headers: Headers): Headers {
  const h = new Headers();
  for (const [k, v] of headers) if (k.toLowerCase() !== "set-cookie") h.append(k, v);
  for (const c of headers.getSetCookie()) {
    const [pair = ""] = c.split(";");
    const [name = "", value = ""] = pair.split("=");
    if (name.trim().endsWith("session_token") && value.trim() !== "") continue;
    h.append("Set-Cookie", c);
  }
  return h;
}

const TWO_FACTOR_ERRORS: Record<string, { message: string; status: number; field?: string }> = {
  INVALID_CODE: { message: TWO_FACTOR_MESSAGES.wrongCode, status: 401, field: "code" },
  INVALID_BACKUP_CODE: { message: TWO_FACTOR_MESSAGES.wrongBackupCode, status: 401, field: "code" },
  INVALID_TWO_FACTOR_COOKIE: { message: TWO_FACTOR_MESSAGES.expired, status: 401 },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { message: TWO_FACTOR_MESSAGES.tooManyAttempts, status: 429 },
  ACCOUNT_TEMPORARILY_LOCKED: { message: TWO_FACTOR_MESSAGES.locked, status: 429 },
  TOTP_NOT_ENABLED: { message: TWO_FACTOR_MESSAGES.expired, status: 401 },
  BACKUP_CODES_NOT_ENABLED: { message: TWO_FACTOR_MESSAGES.expired, status: 401 },
};

/** A refusal of the library's two-factor endpoints in the product's words, or null when it is not one. */
export function twoFactorRefusal(err: unknown): AuthFlowError | null {
  const known = TWO_FACTOR_ERRORS[errorCode(err)];
  if (!known) return null;
  return new AuthFlowError(known.message, known.field, known.status);
}

/**
 * The second step of a two-factor sign-in: a code from the authenticator app or an unused backup code, checked
 * against the challenge cookie the password step set. Limits: per address here; per challenge (five tries, then
 * the password again) and per account (ten failures in a row lock it for 15 minutes) in the library.
 */
export async function verifySignInCode(
  s: AppServices,
  input: { method: TwoFactorMethod; code: string; trustDevice: boolean; ip: string; headers: Headers },
): Promise<{ headers: Headers; role: SessionUser["role"] }> {
  await limit(s, `signin-2fa-ip:${input.ip}`, RATE_RULES.signInFromIp);
  await limit(s, `signin-2fa:${input.ip}`, RATE_RULES.signIn);
  const headers = authHeaders(input.headers, input.ip);
  const body = { code: input.code, trustDevice: input.trustDevice };
  try {
    const res =
      input.method === "totp"
        ? await s.auth.api.verifyTOTP({ body, headers, returnHeaders: true })
        : await s.auth.api.verifyBackupCode({ body, headers, returnHeaders: true });
    const u = res.response.user as { id: string; role?: string | null };
    await recordSignIn(s, u.id, input, input.method === "totp" ? "authenticator_code" : "backup_code");
    return { headers: res.headers, role: u.role === "admin" ? "admin" : "user" };
  } catch (err) {
    const refusal = twoFactorRefusal(err);
    if (refusal) throw refusal;
    if (errorCode(err).toLowerCase().includes("banned"))
      throw new AuthFlowError("This account has been suspended. Please contact support.");
    throw err;
  }
}

/**
 * Answers the same way whether or not the address already has an account (no account enumeration): past the
 * per-address rate limit and the checks of what was typed, the caller is told to check their email. A new address
 * gets its account (never a session: it signs in with its password, or through the verification link), the
 * verification email and the sales notice; a registered one gets the owner's notice that someone tried to register
 * it. Both do the same costly work (the password is hashed either way), and the work is done before the answer, so a
 * "check your email" never stands for an account that was not made.
 */
export async function signUp(
  s: AppServices,
  input: { fullName: string; companyName?: string; email: string; password: string; ip: string; headers: Headers },
): Promise<void> {
  const email = input.email.toLowerCase();
  await limit(s, `signup:${input.ip}`, RATE_RULES.signUp);
  // The stored rules of a profile, checked before the library sees them, with the form's field named.
  const fields = profileFieldsSchema.safeParse({ name: input.fullName, companyName: input.companyName || null });
  if (!fields.success) {
    const issue = fields.error.issues[0];
    throw new AuthFlowError(
      issue?.message ?? "Invalid profile field.",
      issue?.path[0] === "name" ? "fullName" : "companyName",
      400,
    );
  }
  await register(s, { ...input, email }, authHeaders(input.headers, input.ip));
}

async function register(
  s: AppServices,
  input: { fullName: string; companyName?: string; email: string; password: string },
  headers: Headers,
): Promise<void> {
  // The library answers a registered address as it answers a new one (a stand-in user, the password hashed all the
  // same, no session: autoSignIn is off), so only the database tells which it was.
  const res = await s.auth.api.signUpEmail({
    body: {
      email: input.email,
      password: input.password,
      name: input.fullName,
      companyName: input.companyName || undefined,
      callbackURL: "/dashboard?verified=1",
    },
    headers,
  });
  const [created] = await s.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.id, res.user.id));
  if (created) {
    await s.mail.send(
      newSignupNotice(s.config.salesEmail, {
        email: input.email,
        name: input.fullName,
        company: input.companyName || null,
      }),
    );
    return;
  }
  await answerExistingAddress(s, input.email);
}

/** A sign-up for an address that already has an account: its owner is told by email (once an hour at most). */
async function answerExistingAddress(s: AppServices, email: string): Promise<void> {
  const noticed = s.config.rateLimit
    ? (await hitRateLimit(s.db, `account-exists:${email}`, RATE_RULES.accountExistsNotice)).allowed
    : true;
  if (noticed) await s.mail.send(accountExistsNotice(email, s.config.publicUrl));
}

/**
 * Always answers the same way, in the same time, whether or not the address exists (no account enumeration): past
 * the per-address rate limit, the lookup and the email happen in the background, after the caller has answered.
 * `settled` resolves when that background work is done (tests; it never rejects: failures are logged).
 */
export async function requestPasswordReset(
  s: AppServices,
  input: { email: string; ip: string; headers: Headers },
): Promise<{ settled: Promise<void> }> {
  await limit(s, `reset:${input.ip}`, RATE_RULES.passwordReset);
  const email = input.email.toLowerCase();
  const headers = authHeaders(input.headers, input.ip);
  const settled = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => sendPasswordReset(s, email, headers))
    .catch((err: unknown) => s.logger.error({ err }, "password reset email failed"));
  return { settled };
}

async function sendPasswordReset(s: AppServices, email: string, headers: Headers): Promise<void> {
  const [existing] = await s.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email));
  if (!existing) return;
  // However many people ask, one address gets only a few reset emails an hour.
  if (s.config.rateLimit && !(await hitRateLimit(s.db, `reset-to:${email}`, RATE_RULES.passwordResetTo)).allowed) {
    return;
  }
  await s.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers });
}

/**
 * Sets the password of the account a reset link or a license invitation names, then signs that account in: whoever
 * followed the link holds the mailbox and has just typed the password, so sending them to an empty sign-in form
 * would only ask for it again. Answers as `signIn` does (a two-factor challenge when the account has a second
 * factor), or null when the password is set but the sign-in was refused (a rate limit, a suspended account): the
 * password stays set and the caller sends them to sign in.
 */
export async function resetPassword(
  s: AppServices,
  input: { token: string; password: string; ip: string; headers: Headers },
): Promise<SignInAnswer | null> {
  const invalid = () =>
    new AuthFlowError("This reset link is invalid or has expired. Please request a new one.", undefined, 400);
  // Read before the library consumes the token; the library checks it again (expiry, single use).
  const [holder] = await s.db
    .select({ id: userTable.id, email: userTable.email })
    .from(verification)
    .innerJoin(userTable, eq(userTable.id, verification.value))
    .where(eq(verification.identifier, `reset-password:${input.token}`));
  try {
    await s.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (err) {
    const code = errorCode(err);
    if (code.includes("INVALID_TOKEN") || code.toLowerCase().includes("token")) throw invalid();
    throw err;
  }
  if (!holder) throw invalid();
  // The reset ended the account's sessions: every process drops the ones it keeps for it (the request carries none).
  recordChange(s.db, CHANGE.sessionsOf(holder.id));
  try {
    return await signIn(s, { email: holder.email, password: input.password, ip: input.ip, headers: input.headers });
  } catch (err) {
    if (err instanceof DomainError) return null;
    throw err;
  }
}

export async function signOut(s: AppServices, headers: Headers): Promise<Headers> {
  try {
    const res = await s.auth.api.signOut({ headers, returnHeaders: true });
    return res.headers;
  } catch {
    // The spec: sign-out ignores 401/403/404. Clear the cookie regardless.
    const h = new Headers();
    h.append("Set-Cookie", "better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
    h.append("Set-Cookie", "__Secure-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
    return h;
  }
}
