import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { user, verification } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { createHttpApp } from "../http/app.ts";
import { createInvalidationHub, SESSIONS_TAG } from "../http/cache-signal.ts";
import { testBuild } from "../http/test-routes.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import { resetPassword, signIn, signUp } from "./flows.ts";
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

  it("an auth endpoint the visitor's own session reaches drops it, even on GET (an email verification link)", async () => {
    forgetSessions();
    const { app, get, reads } = makeApp();
    await get();
    await app.request("/api/auth/verify-email?token=nope", { headers: { cookie } });
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

describe("the session cache drops only what changed", () => {
  let riley = "";
  let rileyId = "";
  let caseyElsewhere = "";

  /** A session cookie of the account, signed in from `ip`. */
  async function signedIn(email: string, ip: string): Promise<string> {
    const r = await signIn(services, {
      email,
      password: "s3cure-pass-1",
      ip,
      headers: new Headers({ [CLIENT_IP_HEADER]: ip }),
    });
    return r.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .filter((c) => c.includes("session_token"))
      .join("; ");
  }

  beforeAll(async () => {
    await signUp(services, {
      fullName: "Riley Reader",
      email: "riley@example.com",
      password: "s3cure-pass-1",
      ip: "10.7.1.1",
      headers: new Headers({ [CLIENT_IP_HEADER]: "10.7.1.1" }),
    });
    riley = await signedIn("riley@example.com", "10.7.1.1");
    caseyElsewhere = await signedIn("casey@example.com", "10.7.1.2");
    const [u] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "riley@example.com"));
    rileyId = u!.id;
  });

  /** The app, with every session of Casey (two devices) and Riley read once, and what its hub sends. */
  async function primed() {
    forgetSessions();
    const made = makeApp();
    const sent: string[][] = [];
    made.hub.subscribe((tags) => sent.push([...tags]));
    const as = async (c: string) => (await made.app.request("/dashboard", { headers: { cookie: c } })).text();
    for (const c of [cookie, caseyElsewhere, riley]) await as(c);
    expect(made.reads()).toBe(3);
    return { ...made, as, sent };
  }

  it("a request without a session, a write or an auth link, drops no one's and signals nothing", async () => {
    const { app, as, reads, sent } = await primed();
    await app.request("/anything", { method: "POST", headers: { origin: "http://localhost:3000" } });
    await app.request("/contact", { method: "POST", headers: { cookie: "better-auth.session_token=forged.value" } });
    await app.request("/api/auth/verify-email?token=nope");
    const before = reads(); // the forged cookie was read once, as its own request
    for (const c of [cookie, caseyElsewhere, riley]) await as(c);
    expect(reads()).toBe(before);
    expect(sent.flat().filter((t) => t.startsWith("sessions"))).toEqual([]);
  });

  it("a signed-in write drops that account's sessions on every device, no one else's, and names it to the others", async () => {
    const { app, as, reads, sent } = await primed();
    await app.request("/anything", { method: "POST", headers: { origin: "http://localhost:3000", cookie } });
    expect(sent).toContainEqual([`sessions:${userId}`]);
    const before = reads(); // the write read its own session afresh
    await as(riley);
    expect(reads()).toBe(before);
    await as(caseyElsewhere);
    await as(cookie);
    expect(reads()).toBe(before + 2);
  });

  it("a write that changes another account (heard from the hub) drops that account's sessions only", async () => {
    const { hub, as, reads } = await primed();
    await t.db.update(user).set({ banned: true }).where(eq(user.id, rileyId));
    try {
      hub.receive([`sessions:${rileyId}`]);
      expect(await as(riley)).toBe("anonymous");
      expect(await as(cookie)).toBe("Casey Cache (user)");
      expect(reads()).toBe(4);
    } finally {
      await t.db.update(user).set({ banned: false }).where(eq(user.id, rileyId));
      forgetSessions();
    }
  });
  it("a password reset by emailed link, made without a session, names the account whose sessions it ended", async () => {
    const heard: string[][] = [];
    const stop = services.changes.subscribe((tags) => heard.push([...tags]));
    try {
      const token = "reset-token-for-the-session-cache-test";
      await t.db.insert(verification).values({
        id: "reset-session-cache",
        identifier: `reset-password:${token}`,
        value: rileyId,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      await resetPassword(services, {
        token,
        password: "s3cure-pass-2",
        ip: "10.7.1.3",
        headers: new Headers({ [CLIENT_IP_HEADER]: "10.7.1.3" }),
      });
      expect(heard).toContainEqual([`sessions:${rileyId}`]);
      expect(heard.flat()).not.toContain(`sessions:${userId}`);
    } finally {
      stop();
    }
  });
});
