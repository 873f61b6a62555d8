/**
 * Guards run first in every loader and action. They read the session on the server (never trusting the client)
 * and redirect: anonymous → /login?redirectTo=…, non-admin on /admin → /dashboard.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { type AppServices, servicesContext } from "../context.ts";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: "admin" | "user";
  emailVerified: boolean;
  companyName: string | null;
};

type Ctx = Readonly<RouterContextProvider>;

export function services(context: Ctx): AppServices {
  return context.get(servicesContext);
}

const userCache = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user, or null. Cached per request so the root loader and the route share one lookup. */
export function getUser(context: Ctx, request: Request): Promise<SessionUser | null> {
  let p = userCache.get(request);
  if (!p) {
    p = lookup(context, request);
    userCache.set(request, p);
  }
  return p;
}

async function lookup(context: Ctx, request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("Cookie")?.includes("session_token")) return null;
  const session = await services(context).auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & {
    role?: string | null;
    companyName?: string | null;
    banned?: boolean | null;
  };
  if (u.banned) return null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role === "admin" ? "admin" : "user",
    emailVerified: u.emailVerified,
    companyName: u.companyName ?? null,
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

export async function requireAdmin(context: Ctx, request: Request): Promise<SessionUser> {
  const user = await requireUser(context, request);
  if (user.role !== "admin") throw redirect("/dashboard");
  return user;
}

export async function requireAnonymous(context: Ctx, request: Request): Promise<void> {
  const user = await getUser(context, request);
  if (user) throw redirect(homeFor(user));
}

export function homeFor(user: Pick<SessionUser, "role">): string {
  return user.role === "admin" ? "/admin/dashboard" : "/dashboard";
}
