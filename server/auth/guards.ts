/**
 * Guards run first in every loader and action. They read the session on the server (never trusting the client)
 * and redirect: anonymous → /login?redirectTo=…, non-admin on /admin → /dashboard.
 *
 * The portal and admin areas each hang under one layout route whose middleware runs the area's guard for every
 * child loader and action ({@link portalMiddleware}, {@link adminMiddleware}); children read the checked user
 * with {@link areaUser}.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { servicesContext } from "../context.ts";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: "admin" | "user";
  emailVerified: boolean;
  companyName: string | null;
  /** Signing in takes a code from an authenticator app after the password. */
  twoFactorEnabled: boolean;
};

type Ctx = Readonly<RouterContextProvider>;

const userCache = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * Sessions read in the last few seconds, by the session cookie's value: a signed-in visitor's burst of requests (a
 * page, its data, the next page) reads the session and the account from the database once rather than each time,
 * which was a fifth of a signed-in page's cost. Anything that may change a session or an account empties it at once
 * ({@link forgetSessions}: every write request and every auth endpoint, in this process and, through the cache
 * signal, in the others), so the only reads it can serve stale are those racing such a write from another process
 * before its signal arrives; the TTL bounds even those. See the ADR on the session cache.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
const sessionCache = new Map<string, { user: Promise<SessionUser | null>; expires: number }>();

/** Empties the session cache: the next request of every signed-in visitor reads their session afresh. */
export function forgetSessions(): void {
  sessionCache.clear();
}

/** The session cookie's value (its name carries a `__Secure-` prefix on HTTPS), or null. */
function sessionCookie(cookie: string | null): string | null {
  return cookie ? (/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] ?? null) : null;
}

/** The signed-in user, or null. Cached per request so the root loader and the route share one lookup. */
export function getUser(context: Ctx, request: Request): Promise<SessionUser | null> {
  let p = userCache.get(request);
  if (!p) {
    p = lookup(context, request);
    userCache.set(request, p);
  }
  return p;
}

function lookup(context: Ctx, request: Request): Promise<SessionUser | null> {
  const token = sessionCookie(request.headers.get("Cookie"));
  if (!token) return Promise.resolve(null);
  const now = Date.now();
  const hit = sessionCache.get(token);
  if (hit && hit.expires > now) return hit.user;
  if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
  const user = readSession(context, request);
  const entry = { user, expires: now + SESSION_CACHE_TTL_MS };
  sessionCache.set(token, entry);
  // A failed read is never kept.
  user.catch(() => {
    if (sessionCache.get(token) === entry) sessionCache.delete(token);
  });
  return user;
}

async function readSession(context: Ctx, request: Request): Promise<SessionUser | null> {
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
    role: u.role === "admin" ? "admin" : "user",
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
 * Anonymous → /login, non-admin → /dashboard. With ADMIN_2FA=required, an administrator without two-factor is sent
 * to set it up first. An administrator who has it got this session through the code step (a two-factor account
 * cannot get a session with the password alone, and turning two-factor on signs out every other session), or
 * turned it on from this very session.
 */
export async function requireAdmin(context: Ctx, request: Request): Promise<SessionUser> {
  const user = await requireUser(context, request);
  if (user.role !== "admin") throw redirect("/dashboard");
  if (!user.twoFactorEnabled && context.get(servicesContext).config.admin2fa === "required") {
    throw redirect(`${TWO_FACTOR_SETUP_PATH}?required=admin`);
  }
  return user;
}

export async function requireAnonymous(context: Ctx, request: Request): Promise<void> {
  const user = await getUser(context, request);
  if (user) throw redirect(homeFor(user));
}

export function homeFor(user: Pick<SessionUser, "role">): string {
  return user.role === "admin" ? "/admin/dashboard" : "/dashboard";
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
