/**
 * Guards run first in every loader and action. They read the session on the server (never trusting the client)
 * and redirect: anonymous → /login?redirectTo=…, non-admin on /admin → /dashboard.
 *
 * The portal and admin areas each hang under one layout route whose middleware runs the area's guard for every
 * child loader and action ({@link portalMiddleware}, {@link adminMiddleware}); children read the checked user
 * with {@link areaUser}.
 */
import { eq } from "drizzle-orm";
import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { servicesContext } from "../context.ts";
import type { Database } from "../db/client.ts";
import { session as sessionTable } from "../db/schema/index.ts";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  /**
   * The role in effect: "admin" only for an account that holds the admin role and meets the two-factor policy
   * (ADMIN_2FA). Every check of the role (the guards, the actor of domain calls, resource routes) reads this one.
   */
  role: "admin" | "user";
  /**
   * Holds the admin role but, with ADMIN_2FA=required, has not set up two-factor sign-in: a member until it does,
   * sent to set it up by the admin guard.
   */
  adminAwaitingTwoFactor: boolean;
  emailVerified: boolean;
  companyName: string | null;
  /** Signing in takes a code from an authenticator app after the password. */
  twoFactorEnabled: boolean;
};

/** The session as stored: the role the account holds, whatever the two-factor policy. */
type StoredSessionUser = Omit<SessionUser, "role" | "adminAwaitingTwoFactor"> & { heldRole: "admin" | "user" };

/**
 * The role an account holds, in effect under the two-factor policy: with ADMIN_2FA=required, the admin role counts
 * only once two-factor sign-in is on. An administrator who has it got their session through the code step (a
 * two-factor account cannot get a session with the password alone, and turning two-factor on signs out every other
 * session), or turned it on from this very session.
 */
export function effectiveUser(stored: StoredSessionUser, admin2fa: "required" | "optional"): SessionUser {
  const { heldRole, ...rest } = stored;
  const awaiting = heldRole === "admin" && admin2fa === "required" && !stored.twoFactorEnabled;
  return { ...rest, role: heldRole === "admin" && !awaiting ? "admin" : "user", adminAwaitingTwoFactor: awaiting };
}

type Ctx = Readonly<RouterContextProvider>;

const userCache = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * Sessions read in the last few seconds, by the session cookie's value: a signed-in visitor's burst of requests (a
 * page, its data, the next page) reads the session and the account from the database once rather than each time,
 * which was a fifth of a signed-in page's cost. What may change an account's sessions drops that account's at once
 * ({@link forgetSessionsOf}): every write request and auth endpoint its own session makes, and every write that
 * changes another account (an administrator's ban or role change, a password reset), in this process and, through
 * the cache signal, in the others. So the only reads it can serve stale are those racing such a write from another
 * process before its signal arrives; the TTL bounds even those. A request without a session drops nothing. See the
 * ADR on the session cache.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
/** `userId`: the account the session turned out to be (null: none); undefined while the read is under way. */
const sessionCache = new Map<
  string,
  { user: Promise<StoredSessionUser | null>; expires: number; userId?: string | null }
>();

/** Empties the session cache: the next request of every signed-in visitor reads their session afresh. */
export function forgetSessions(): void {
  sessionCache.clear();
}

/**
 * Drops the sessions kept for these accounts, on every device, and the reads still under way (they may have read
 * the account before its change); everyone else's stay.
 */
export function forgetSessionsOf(userIds: Iterable<string>): void {
  const ids = new Set(userIds);
  if (ids.size === 0) return;
  for (const [token, entry] of sessionCache) {
    if (entry.userId === undefined || (entry.userId !== null && ids.has(entry.userId))) sessionCache.delete(token);
  }
}

/**
 * The account whose session a request's cookie carries, or null (no session cookie, or no such session): from the
 * sessions kept here, else from the session table. It names what the request may change, nothing more, so the
 * cookie's signature is not checked (the token in it is the secret).
 */
export async function sessionOwner(db: Database, cookie: string | null): Promise<string | null> {
  const value = sessionCookie(cookie);
  if (!value) return null;
  const kept = sessionCache.get(value)?.userId;
  if (kept) return kept;
  let signed: string;
  try {
    signed = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = signed.lastIndexOf(".");
  const token = dot > 0 ? signed.slice(0, dot) : signed;
  const [row] = await db
    .select({ userId: sessionTable.userId })
    .from(sessionTable)
    .where(eq(sessionTable.token, token));
  return row?.userId ?? null;
}

/** The session cookie's value (its name carries a `__Secure-` prefix on HTTPS), or null. */
function sessionCookie(cookie: string | null): string | null {
  return cookie ? (/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] ?? null) : null;
}

/**
 * The signed-in user, with the role in effect under the two-factor policy, or null. Cached per request so the root
 * loader and the route share one lookup.
 */
export function getUser(context: Ctx, request: Request): Promise<SessionUser | null> {
  let p = userCache.get(request);
  if (!p) {
    const admin2fa = context.get(servicesContext).config.admin2fa;
    p = lookup(context, request).then((stored) => (stored ? effectiveUser(stored, admin2fa) : null));
    userCache.set(request, p);
  }
  return p;
}

function lookup(context: Ctx, request: Request): Promise<StoredSessionUser | null> {
  const token = sessionCookie(request.headers.get("Cookie"));
  if (!token) return Promise.resolve(null);
  const now = Date.now();
  const hit = sessionCache.get(token);
  if (hit && hit.expires > now) return hit.user;
  if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
  const user = readSession(context, request);
  const entry: { user: typeof user; expires: number; userId?: string | null } = {
    user,
    expires: now + SESSION_CACHE_TTL_MS,
  };
  sessionCache.set(token, entry);
  // A failed read is never kept.
  user.then(
    (u) => {
      entry.userId = u?.id ?? null;
    },
    () => {
      if (sessionCache.get(token) === entry) sessionCache.delete(token);
    },
  );
  return user;
}

async function readSession(context: Ctx, request: Request): Promise<StoredSessionUser | null> {
  const session = await context.get(servicesContext).auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & {
    role?: string | null;
    companyName?: string | null;
    banned?: boolean | null;
    twoFactorEnabled?: boolean | null;
  };
  if (u.banned) return null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    heldRole: u.role === "admin" ? "admin" : "user",
    emailVerified: u.emailVerified,
    companyName: u.companyName ?? null,
    twoFactorEnabled: u.twoFactorEnabled === true,
  };
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const to = `${url.pathname}${url.search}`;
  return redirect(`/login?redirectTo=${encodeURIComponent(to)}`);
}

export async function requireUser(context: Ctx, request: Request): Promise<SessionUser> {
  const user = await getUser(context, request);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Where an administrator sets up two-factor sign-in when ADMIN_2FA=required. A portal page: never gated itself. */
export const TWO_FACTOR_SETUP_PATH = "/dashboard/profile/two-factor";

/**
 * Anonymous → /login, non-admin → /dashboard. With ADMIN_2FA=required, an administrator without two-factor is no
 * administrator yet ({@link effectiveUser}) and is sent to set it up first.
 */
export async function requireAdmin(context: Ctx, request: Request): Promise<SessionUser> {
  const user = await requireUser(context, request);
  if (user.role === "admin") return user;
  if (user.adminAwaitingTwoFactor) throw redirect(`${TWO_FACTOR_SETUP_PATH}?required=admin`);
  throw redirect("/dashboard");
}

export async function requireAnonymous(context: Ctx, request: Request): Promise<void> {
  const user = await getUser(context, request);
  if (user) throw redirect(homeFor(user));
}

/** Where an account lands: the admin area for an administrator (one awaiting two-factor is sent on to set it up). */
export function homeFor(user: Pick<SessionUser, "role"> & { adminAwaitingTwoFactor?: boolean }): string {
  return user.role === "admin" || user.adminAwaitingTwoFactor ? "/admin/dashboard" : "/dashboard";
}

/** The user the area's guard admitted. */
const areaUserContext = createContext<SessionUser | null>(null);

/** The portal guard: every /dashboard loader and action runs behind it. Anonymous → /login. */
export const portalMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(areaUserContext, await requireUser(context, request));
  return next();
};

/** The admin guard: every /admin loader and action runs behind it. Anonymous → /login, non-admin → /dashboard. */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(areaUserContext, await requireAdmin(context, request));
  return next();
};

/**
 * The signed-in user inside a guarded area. Throws if called outside one, so a child route moved out of its area
 * fails closed.
 */
export function areaUser(context: Ctx): SessionUser {
  const user = context.get(areaUserContext);
  if (!user) throw new Error("areaUser() was called outside a guarded area layout");
  return user;
}
