/**
 * Tests only: call a route module's loader or action as React Router would, with a real request and the
 * application's services on a test database.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type MiddlewareFunction, RouterContextProvider } from "react-router";
import { signIn, signUp } from "#server/auth/flows.ts";
import { loadConfig } from "#server/config.ts";
import { requestContext, servicesContext } from "#server/context.ts";
import type { TestDb } from "#server/db/test-utils.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";

export const TEST_ORIGIN = "http://localhost:3000";

export async function testServices(db: TestDb, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-route-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    ...env,
  });
  return createServices(config, { handle: db, logger: createLogger("silent") });
}

/** The context the Hono server hands to React Router for one request. */
export function routeContext(services: Awaited<ReturnType<typeof testServices>>, ip = "198.51.100.7") {
  const ctx = new RouterContextProvider();
  ctx.set(servicesContext, services);
  ctx.set(requestContext, { requestId: "test", ip });
  return ctx;
}

/** A same-origin form POST, as a browser sends it. */
export function formPost(pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${TEST_ORIGIN}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The status and JSON-able body of what a loader or action returned (plain data, `data()` or a Response). */
export async function answerOf(value: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: value.status, body, headers: value.headers };
  }
  const v = value as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (v && v.type === "DataWithResponseInit") {
    return { status: v.init?.status ?? 200, body: v.data, headers: new Headers(v.init?.headers) };
  }
  return { status: 200, body: value, headers: new Headers() };
}

type Services = Awaited<ReturnType<typeof testServices>>;
let accountSeq = 0;

/**
 * A new account made through the real sign-up flow (which answers before making it, and never signs in), then
 * signed in with its password as its owner would: the sign-in's answer headers (Set-Cookie), and its session cookie.
 */
export async function signUpAndSignIn(
  s: Services,
  input: { fullName: string; companyName?: string; email: string; password: string; ip: string; headers?: Headers },
): Promise<{ headers: Headers; cookie: string }> {
  const headers = input.headers ?? new Headers({ origin: TEST_ORIGIN });
  await signUp(s, { ...input, headers });
  const r = await signIn(s, { email: input.email, password: input.password, ip: input.ip, headers });
  const cookie = /(?:__Secure-)?better-auth\.session_token=[^;]+/.exec(r.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error(`the sign-in of ${input.email} after its sign-up set no session cookie`);
  return { headers: r.headers, cookie };
}

/**
 * A new account signed up through the real sign-up flow and signed in (each from its own address, so the sign-up
 * limit never trips), with its session cookie and user id.
 */
export async function signedUpAccount(
  s: Services,
  name: string,
  email: string,
): Promise<{ cookie: string; id: string; email: string }> {
  accountSeq += 1;
  const { cookie } = await signUpAndSignIn(s, {
    fullName: name,
    email,
    password: "s3cure-password",
    ip: `198.51.100.${accountSeq % 250}`,
  });
  const session = await s.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!session) throw new Error(`sign-up of ${email} made no session`);
  return { cookie, id: session.user.id, email };
}

/**
 * Runs `fn` behind an area layout's middleware (`portalMiddleware` or `adminMiddleware`), as React Router does for
 * every child loader and action, and answers what came out: the route's answer, or the guard's redirect, with the
 * change keys its committed writes recorded (server/domain/changes.ts), one list per transaction.
 */
export async function behindGuard(
  s: Services,
  middleware: MiddlewareFunction<Response>,
  request: Request,
  fn: (context: RouterContextProvider) => Promise<unknown>,
) {
  const context = routeContext(s);
  const dropped: string[][] = [];
  const stop = s.changes.subscribe((keys) => dropped.push([...keys]));
  let out: unknown;
  try {
    await runMiddleware(middleware, { request, context }, async () => {
      out = await fn(context);
      return new Response(null);
    });
  } catch (err) {
    out = err;
  } finally {
    stop();
  }
  return { ...(await answerOf(out)), dropped };
}

type RouteFunction = (args: never) => unknown;
type ParamsOf<F extends RouteFunction> = Parameters<F>[0] extends { params: infer P } ? P : never;

/**
 * Calls a route module's loader or action as React Router does, with the request, the context and the route's own
 * params (typed from its generated `Route.*Args`; none by default). The one place tests build those arguments.
 */
export function callRoute<F extends RouteFunction>(
  fn: F,
  args: { request: Request; context: Readonly<RouterContextProvider>; params?: ParamsOf<F> | Record<string, string> },
): ReturnType<F> {
  return fn({ params: {}, unstable_pattern: "", ...args } as unknown as Parameters<F>[0]) as ReturnType<F>;
}

/** Runs a layout's middleware (`portalMiddleware`, `adminMiddleware`) around `next`, as React Router does. */
export async function runMiddleware(
  middleware: MiddlewareFunction<Response>,
  args: { request: Request; context: Readonly<RouterContextProvider>; params?: Record<string, string> },
  next: () => Promise<Response>,
): Promise<Response | undefined> {
  const full = { params: {}, unstable_pattern: new URL(args.request.url).pathname, ...args };
  return (await middleware(full as unknown as Parameters<MiddlewareFunction<Response>>[0], next)) ?? undefined;
}
