/**
 * Two-factor sign-in (TOTP) settings: enrol (password → QR code → a confirming code → backup codes shown once),
 * turn off with the password, and new backup codes with the password. Better Auth's two-factor plugin does the
 * work through its server API; its HTTP endpoints stay closed (server/http/app.ts). This layer adds the rate
 * limits, the product's messages, the security emails, and signs out every other device when two-factor is turned
 * on, so no session made with the password alone outlives the change.
 *
 * The second step of signing in is `verifySignInCode` in ./flows.ts.
 */
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, ne } from "drizzle-orm";
import QRCode from "qrcode";
import { TWO_FACTOR_MESSAGES } from "#kernel/schemas/auth.ts";
import type { AppServices } from "../context.ts";
import { session as sessionTable, twoFactor as twoFactorTable, user as userTable } from "../db/schema/index.ts";
import { RATE_RULES } from "../domain/ratelimit/ratelimit.ts";
import { twoFactorChangedNotice } from "../integrations/email/two-factor-templates.ts";
import { AuthFlowError, authHeaders, errorCode, limit } from "./flows.ts";

export const TWO_FACTOR_ISSUER = "PoundCodes";

export type TwoFactorState = {
  enabled: boolean;
  /** An enrolment begun and not yet confirmed: what the authenticator app needs. */
  pending: { uri: string; secret: string; qrCode: string } | null;
  /** Unused backup codes, when two-factor is on. */
  backupCodesLeft: number | null;
};

type Caller = { id: string; email: string; name: string };
type RequestInfo = { ip: string; headers: Headers };

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: how authenticator apps read a secret. */
export function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** The otpauth:// address an authenticator app scans (the same one the library builds). */
export function totpUri(secret: string, account: string): string {
  const params = new URLSearchParams({
    secret: base32(new TextEncoder().encode(secret)),
    issuer: TWO_FACTOR_ISSUER,
    digits: "6",
    period: "30",
  });
  return `otpauth://totp/${encodeURIComponent(TWO_FACTOR_ISSUER)}:${encodeURIComponent(account)}?${params}`;
}

/** The session token a Set-Cookie answer hands the browser (the cookie's value is `token.signature`). */
function newSessionToken(headers: Headers): string | null {
  for (const c of headers.getSetCookie()) {
    const m = /^(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(c);
    if (m?.[1]) return decodeURIComponent(m[1]).split(".")[0] ?? null;
  }
  return null;
}

async function decrypt(s: AppServices, data: string): Promise<string> {
  const ctx = await s.auth.$context;
  return symmetricDecrypt({ key: ctx.secretConfig, data });
}

export async function twoFactorState(s: AppServices, user: Pick<Caller, "id" | "email">): Promise<TwoFactorState> {
  const [u] = await s.db
    .select({ enabled: userTable.twoFactorEnabled })
    .from(userTable)
    .where(eq(userTable.id, user.id));
  const [row] = await s.db.select().from(twoFactorTable).where(eq(twoFactorTable.userId, user.id));
  const enabled = Boolean(u?.enabled) && Boolean(row);
  if (!row) return { enabled, pending: null, backupCodesLeft: null };
  if (!enabled) {
    if (row.verified !== false) return { enabled, pending: null, backupCodesLeft: null };
    const secret = await decrypt(s, row.secret);
    const uri = totpUri(secret, user.email);
    const key = new URL(uri).searchParams.get("secret") ?? "";
    // An SVG data URL: drawn on the server, allowed by the page's policy (img-src data:), no script needed.
    const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    return { enabled, pending: { uri, secret: key, qrCode }, backupCodesLeft: null };
  }
  let left: number | null = null;
  try {
    const codes = JSON.parse(await decrypt(s, row.backupCodes)) as unknown;
    left = Array.isArray(codes) ? codes.length : null;
  } catch {
    left = null;
  }
  return { enabled, pending: null, backupCodesLeft: left };
}

/** Every path here takes the password or a code: limited per account, so a stolen session is no password oracle. */
async function limitFor(s: AppServices, user: Caller, ip: string) {
  await limit(s, `2fa-settings:${user.id}`, RATE_RULES.signIn);
  await limit(s, `2fa-settings-ip:${ip}`, RATE_RULES.signInFromIp);
}

function refuse(err: unknown): never {
  const code = errorCode(err);
  if (code === "INVALID_PASSWORD") throw new AuthFlowError(TWO_FACTOR_MESSAGES.wrongPassword, "password", 400);
  if (code === "INVALID_CODE") throw new AuthFlowError(TWO_FACTOR_MESSAGES.wrongCode, "code", 400);
  if (code === "TOTP_ALREADY_ENABLED") throw new AuthFlowError(TWO_FACTOR_MESSAGES.alreadyOn, undefined, 409);
  if (code === "TWO_FACTOR_NOT_ENABLED" || code === "TOTP_NOT_ENABLED") {
    throw new AuthFlowError(TWO_FACTOR_MESSAGES.notOn, undefined, 409);
  }
  if (code === "PASSWORD_TOO_LONG") throw new AuthFlowError(TWO_FACTOR_MESSAGES.wrongPassword, "password", 400);
  throw err;
}

/** Step one: the password is right, so a new secret is made (replacing an unconfirmed one). */
export async function startTwoFactor(s: AppServices, user: Caller, input: RequestInfo & { password: string }) {
  await limitFor(s, user, input.ip);
  try {
    await s.auth.api.enableTwoFactor({
      body: { password: input.password, issuer: TWO_FACTOR_ISSUER },
      headers: authHeaders(input.headers, input.ip),
    });
  } catch (err) {
    refuse(err);
  }
}

/**
 * Step two: a code from the app proves it holds the secret. Two-factor is on from here; the answer carries the new
 * session cookie and the backup codes, shown once. Every other session of the account is signed out.
 */
export async function confirmTwoFactor(
  s: AppServices,
  user: Caller,
  input: RequestInfo & { code: string },
): Promise<{ headers: Headers; backupCodes: string[] }> {
  await limitFor(s, user, input.ip);
  const state = await twoFactorState(s, user);
  if (state.enabled) throw new AuthFlowError(TWO_FACTOR_MESSAGES.alreadyOn, undefined, 409);
  if (!state.pending) throw new AuthFlowError(TWO_FACTOR_MESSAGES.notStarted, undefined, 409);
  let res: { headers: Headers };
  try {
    res = await s.auth.api.verifyTOTP({
      body: { code: input.code },
      headers: authHeaders(input.headers, input.ip),
      returnHeaders: true,
    });
  } catch (err) {
    refuse(err);
  }
  // The library replaced the caller's session with a new one (its answer's token is the old one's): keep that.
  const kept = newSessionToken(res.headers);
  if (!kept) throw new Error("turning on two-factor set no session cookie");
  await s.db.delete(sessionTable).where(and(eq(sessionTable.userId, user.id), ne(sessionTable.token, kept)));
  const { backupCodes } = await s.auth.api.viewBackupCodes({ body: { userId: user.id } });
  await s.mail.send(twoFactorChangedNotice(user, "enabled", s.config.publicUrl));
  return { headers: res.headers, backupCodes };
}

/** Turns two-factor off (the password again); the answer carries the new session cookie. */
export async function disableTwoFactor(
  s: AppServices,
  user: Caller,
  input: RequestInfo & { password: string },
): Promise<{ headers: Headers }> {
  await limitFor(s, user, input.ip);
  const state = await twoFactorState(s, user);
  if (!state.enabled) throw new AuthFlowError(TWO_FACTOR_MESSAGES.notOn, undefined, 409);
  try {
    const res = await s.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: authHeaders(input.headers, input.ip),
      returnHeaders: true,
    });
    await s.mail.send(twoFactorChangedNotice(user, "disabled", s.config.publicUrl));
    return { headers: res.headers };
  } catch (err) {
    refuse(err);
  }
}

/** New backup codes (the password again); the old ones stop working. */
export async function regenerateBackupCodes(
  s: AppServices,
  user: Caller,
  input: RequestInfo & { password: string },
): Promise<{ backupCodes: string[] }> {
  await limitFor(s, user, input.ip);
  try {
    const res = await s.auth.api.generateBackupCodes({
      body: { password: input.password },
      headers: authHeaders(input.headers, input.ip),
    });
    await s.mail.send(twoFactorChangedNotice(user, "backup_codes", s.config.publicUrl));
    return { backupCodes: res.backupCodes };
  } catch (err) {
    refuse(err);
  }
}
