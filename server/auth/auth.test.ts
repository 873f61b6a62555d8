import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { session, user } from "../db/schema/index.ts";
import { createTestDb, type TestDb } from "../db/test-utils.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services.ts";
import { signUpAndSignIn } from "../web/test-support.ts";

/** The auth library's own HTTP endpoints that stay open, driven through its handler with real sessions. */

let t: TestDb;
let s: Awaited<ReturnType<typeof createServices>>;
let alice: { cookie: string; token: string };
let bob: { cookie: string; token: string };

async function member(email: string, ip: string) {
  const { cookie } = await signUpAndSignIn(s, { fullName: "Member", email, password: "s3cure-pass", ip });
  const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
  return { cookie, token };
}

beforeAll(async () => {
  t = await createTestDb();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-authapi-")),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
  });
  s = await createServices(config, { handle: t, logger: createLogger("silent") });
  alice = await member("alice@example.com", "10.1.0.1");
  bob = await member("bob@example.com", "10.1.0.2");
});
afterAll(() => t.close());

async function post(endpoint: string, cookie: string, body: unknown) {
  const res = await s.auth.handler(
    new Request(`http://localhost:3000/api/auth${endpoint}`, {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

const nameOf = async (email: string) =>
  (
    await t.db
      .select({ name: user.name, image: user.image, company: user.companyName })
      .from(user)
      .where(eq(user.email, email))
  )[0];

describe("update-user: profile fields are checked on every write", () => {
  it("refuses a missing, oversized, non-text or NUL-bearing name with 400, not 500", async () => {
    for (const name of [null, "", "x".repeat(121), "x".repeat(900_000), { a: 1 }, 42, "a\u0000b", "a\u0007b"]) {
      const r = await post("/update-user", alice.cookie, { name });
      expect(r.status, JSON.stringify(name)?.slice(0, 20)).toBe(400);
    }
    expect((await nameOf("alice@example.com"))?.name).toBe("Member");
  });

  it("accepts a short http(s) image URL or null, nothing else", async () => {
    for (const image of [
      123,
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      `https://x.example/${"a".repeat(600)}`,
      "not a url",
    ]) {
      expect((await post("/update-user", alice.cookie, { image })).status, String(image).slice(0, 20)).toBe(400);
    }
    expect((await post("/update-user", alice.cookie, { image: "https://cdn.example/a.png" })).status).toBe(200);
    expect((await nameOf("alice@example.com"))?.image).toBe("https://cdn.example/a.png");
    expect((await post("/update-user", alice.cookie, { image: null })).status).toBe(200);
    expect((await nameOf("alice@example.com"))?.image).toBeNull();
  });

  it("bounds the company name and keeps a valid update", async () => {
    expect((await post("/update-user", alice.cookie, { companyName: "x".repeat(5000) })).status).toBe(400);
    expect(
      (await post("/update-user", alice.cookie, { name: "Alice Archer", companyName: "Archer & Co" })).status,
    ).toBe(200);
    expect(await nameOf("alice@example.com")).toMatchObject({ name: "Alice Archer", company: "Archer & Co" });
  });
});

describe("revoke-session", () => {
  it("answers for another user's token exactly as for an unknown token, and revokes nothing", async () => {
    const unknown = await post("/revoke-session", alice.cookie, { token: "no-such-token" });
    const foreign = await post("/revoke-session", alice.cookie, { token: bob.token });
    expect(foreign).toEqual(unknown);
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toMatchObject({ status: true });
    expect(await t.db.select().from(session).where(eq(session.token, bob.token))).toHaveLength(1);
  });

  it("still revokes one of the caller's own sessions", async () => {
    const second = await member("carol@example.com", "10.1.0.3");
    const r = await post("/revoke-session", second.cookie, { token: second.token });
    expect(r).toEqual({ status: 200, body: { status: true } });
    expect(await t.db.select().from(session).where(eq(session.token, second.token))).toHaveLength(0);
  });
});

describe("redirect targets", () => {
  it("are held to our own rule on the server API too, whatever the parameter", async () => {
    const refused = async (call: () => Promise<unknown>) => {
      const err = (await call().catch((e: unknown) => e)) as { statusCode?: number; body?: { code?: string } };
      return { status: err?.statusCode, code: err?.body?.code };
    };
    for (const target of ["/..//evil.example", "//evil.example", "https://evil.example/reset"]) {
      expect(
        await refused(() =>
          s.auth.api.requestPasswordReset({ body: { email: "alice@example.com", redirectTo: target } }),
        ),
      ).toEqual({ status: 403, code: "INVALID_REDIRECT_URL" });
      expect(
        await refused(() =>
          s.auth.api.signUpEmail({
            body: { email: "someone@example.com", password: "s3cure-pass", name: "Some One", callbackURL: target },
          }),
        ),
      ).toEqual({ status: 403, code: "INVALID_CALLBACK_URL" });
    }
    expect(await t.db.select().from(user).where(eq(user.email, "someone@example.com"))).toEqual([]);
    // The targets our own flows name pass.
    await s.auth.api.requestPasswordReset({ body: { email: "alice@example.com", redirectTo: "/reset-password" } });
  });
});
