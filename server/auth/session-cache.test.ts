import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { user } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { createHttpApp } from "../http/app.ts";
import { createInvalidationHub, SESSIONS_TAG } from "../http/cache-signal.ts";
import { testBuild } from "../http/test-routes.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import { signIn, signUp } from "./flows.ts";
import { forgetSessions, getUser, SESSION_CACHE_TTL_MS } from "./guards.ts";

/**
 * The session cache, through the HTTP app with real sessions: a burst of reads reads the database once, and every
 * write request, auth endpoint or signal from another process empties it, so a ban or a new role holds at once.
 */

let t: TestDb;
let services: Awaited<ReturnType<typeof createServices>>;
let cookie = "";
let userId = "";

beforeAll(async () => {
  t = await createTestDb();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-sessions-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
  });
  services = await createServices(config, { handle: t, logger: createLogger("silent") });
  const headers = () => new Headers({ [CLIENT_IP_HEADER]: "10.7.0.1" });
  await signUp(services, {
    fullName: "Casey Cache",
    email: "casey@example.com",
    password: "s3cure-pass-1",
    ip: "10.7.0.1",
    headers: headers(),
  });
  const signedIn = await signIn(services, {
    email: "casey@example.com",
    password: "s3cure-pass-1",
    ip: "10.7.0.1",
    headers: headers(),
  });
  cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("session_token"))
    .join("; ");
  const [u] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "casey@example.com"));
  userId = u!.id;
});
afterAll(() => t.close());

function makeApp() {
  const hub = createInvalidationHub();
  let reads = 0;
  const auth = services.auth;
  // Counts the session reads that reach the auth library (and so the database).
  const counted = {
    ...auth,
    api: {
      ...auth.api,
      getSession: (...args: Parameters<typeof auth.api.getSession>) => {
        reads++;
        return auth.api.getSession(...args);
      },
    },
  } as typeof auth;
  const requestHandler = async (request: Request, ctx: RouterContextProvider) => {
    const u = await getUser(ctx, request);
    return new Response(u ? `${u.name} (${u.role})` : "anonymous", { headers: { "content-type": "text/plain" } });
  };
  const app = createHttpApp({
    services: { ...services, auth: counted },
    mode: "development",
    build: testBuild({}),
    requestHandler,
    invalidation: hub,
  });
  const get = async () => (await app.request("/dashboard", { headers: { cookie } })).text();
  return { app, hub, get, reads: () => reads };
}

describe("the session cache", () => {
  it("reads a signed-in visitor's session once for a burst of requests", async () => {
    forgetSessions();
    const { get, reads } = makeApp();
    for (let i = 0; i < 5; i++) expect(await get()).toBe("Casey Cache (user)");
    expect(reads()).toBe(1);
    expect(SESSION_CACHE_TTL_MS).toBeLessThanOrEqual(5_000);
  });

  it("a write request empties it: a ban made behind it holds on the next page", async () => {
    forgetSessions();
    const { app, get, reads } = makeApp();
    expect(await get()).toBe("Casey Cache (user)");
    await t.db.update(user).set({ banned: true }).where(eq(user.id, userId));
    try {
      // Still within the TTL: served from the cache (the write went behind the app's back).
      expect(await get()).toBe("Casey Cache (user)");
      expect(reads()).toBe(1);
      // Any write request through the app (here a sign-out attempt) empties it.
      await app.request("/anything", { method: "POST", headers: { origin: "http://localhost:3000", cookie } });
      expect(await get()).toBe("anonymous");
    } finally {
      await t.db.update(user).set({ banned: false }).where(eq(user.id, userId));
      forgetSessions();
    }
  });

  it("an auth endpoint empties it, even on GET (following an email verification link)", async () => {
    forgetSessions();
    const { app, get, reads } = makeApp();
    await get();
    await app.request("/api/auth/verify-email?token=nope");
    await get();
    expect(reads()).toBe(2);
  });

  it("another process's signal empties it: a role granted there holds here", async () => {
    forgetSessions();
    const { hub, get } = makeApp();
    expect(await get()).toBe("Casey Cache (user)");
    await t.db.update(user).set({ role: "admin" }).where(eq(user.id, userId));
    try {
      expect(await get()).toBe("Casey Cache (user)");
      hub.receive([SESSIONS_TAG]);
      expect(await get()).toBe("Casey Cache (admin)");
    } finally {
      await t.db.update(user).set({ role: "user" }).where(eq(user.id, userId));
      forgetSessions();
    }
  });

  it("keeps sessions apart by cookie and never serves one visitor's session to another", async () => {
    forgetSessions();
    const { app } = makeApp();
    const other = await app.request("/dashboard", { headers: { cookie: "better-auth.session_token=forged.value" } });
    expect(await other.text()).toBe("anonymous");
    const none = await app.request("/dashboard");
    expect(await none.text()).toBe("anonymous");
  });
});
