/**
 * Sign-in, sign-up, password reset and sign-out, called from route actions (so forms work without JavaScript).
 * Better Auth does the work; this layer adds rate limits, the spec's messages and the notifications.
 * Returns `headers` carrying Set-Cookie for the caller's redirect.
 */
import { eq } from "drizzle-orm";
import { EMAIL_ALREADY_REGISTERED } from "#kernel/schemas/auth.ts";
import type { AppServices } from "../context.ts";
import { user as userTable } from "../db/schema/index.ts";
import { hitRateLimit, RATE_RULES, RateLimitedError } from "../domain/ratelimit/ratelimit.ts";
import { newSignupNotice } from "../integrations/email/templates.ts";
import type { SessionUser } from "./guards.ts";

export class AuthFlowError extends Error {
  override name = "AuthFlowError";
  readonly field: string | undefined;
  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

function errorCode(err: unknown): string {
  const e = err as { body?: { code?: string }; message?: string };
  return e?.body?.code ?? e?.message ?? "";
}

async function limit(s: AppServices, key: string, rule: (typeof RATE_RULES)[keyof typeof RATE_RULES]) {
  if (!s.config.rateLimit) return;
  const r = await hitRateLimit(s.db, key, rule);
  if (!r.allowed) throw new RateLimitedError(r.retryAfterSeconds);
}

export async function signIn(
  s: AppServices,
  input: { email: string; password: string; ip: string; headers: Headers },
): Promise<{ headers: Headers; role: SessionUser["role"] }> {
  const email = input.email.toLowerCase();
  await limit(s, `signin-ip:${input.ip}`, RATE_RULES.signInFromIp);
  await limit(s, `signin:${input.ip}:${email}`, RATE_RULES.signIn);
  try {
    const res = await s.auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: input.headers,
      returnHeaders: true,
    });
    if (!("user" in res.response) || !res.response.user) {
      // A second factor is required and the code-entry screen does not exist yet: say so instead of failing.
      throw new AuthFlowError("This account uses two-factor authentication. Please contact support to sign in.");
    }
    const u = res.response.user as { role?: string | null };
    return { headers: res.headers, role: u.role === "admin" ? "admin" : "user" };
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

export async function signUp(
  s: AppServices,
  input: { fullName: string; companyName?: string; email: string; password: string; ip: string; headers: Headers },
): Promise<{ headers: Headers; role: SessionUser["role"] }> {
  const email = input.email.toLowerCase();
  await limit(s, `signup:${input.ip}`, RATE_RULES.signUp);
  try {
    const res = await s.auth.api.signUpEmail({
      body: {
        email,
        password: input.password,
        name: input.fullName,
        companyName: input.companyName || undefined,
        callbackURL: "/dashboard?verified=1",
      },
      headers: input.headers,
      returnHeaders: true,
    });
    const u = res.response.user as { role?: string | null };
    await s.mail.send(
      newSignupNotice(s.config.salesEmail, { email, name: input.fullName, company: input.companyName || null }),
    );
    return { headers: res.headers, role: u.role === "admin" ? "admin" : "user" };
  } catch (err) {
    if (errorCode(err).includes("USER_ALREADY_EXISTS") || errorCode(err).includes("already exists")) {
      throw new AuthFlowError(EMAIL_ALREADY_REGISTERED, "email");
    }
    throw err;
  }
}

/** Always answers the same way whether or not the address exists (no account enumeration). */
export async function requestPasswordReset(s: AppServices, input: { email: string; ip: string; headers: Headers }) {
  await limit(s, `reset:${input.ip}`, RATE_RULES.passwordReset);
  const email = input.email.toLowerCase();
  const [existing] = await s.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email));
  if (!existing) return;
  await s.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: input.headers });
}

export async function resetPassword(s: AppServices, input: { token: string; password: string }) {
  try {
    await s.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (err) {
    const code = errorCode(err);
    if (code.includes("INVALID_TOKEN") || code.toLowerCase().includes("token")) {
      throw new AuthFlowError("This reset link is invalid or has expired. Please request a new one.", "token");
    }
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
