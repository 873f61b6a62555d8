/**
 * Tests only: call a route module's loader or action as React Router would, with a real request and the
 * application's services on a test database.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
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
