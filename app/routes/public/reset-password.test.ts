/**
 * The set-password page's action: a reset link or a license invitation sets the password and signs the account in
 * (its home, with a toast saying so); a bad link says so and signs nobody in.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, verification } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import { answerOf, callRoute, formPost, routeContext, testServices } from "#server/web/test-support.ts";
import { action } from "./reset-password.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
});
afterAll(() => t.close());

/** An account without a password and a link to choose one, as a license approval invites a new licensee. */
async function invitedAccount(email: string): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  const token = randomBytes(24).toString("base64url");
  await t.db.insert(user).values({ id, name: "Vera Invited", email, emailVerified: true, role: "user" });
  await t.db.insert(verification).values({
    id: randomBytes(16).toString("base64url"),
    identifier: `reset-password:${token}`,
    value: id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return token;
}

/** Chooses `password` on the page an invitation's link opens, as its form posts it. */
const choose = async (token: string, password: string) =>
  answerOf(
    await callRoute(action, {
      request: formPost(`/reset-password?token=${token}&invited=1`, { token, password, confirmPassword: password }),
      context: routeContext(s),
    }),
  );

describe("the set-password page", () => {
  it("signs an invited licensee in with the password they chose and welcomes them on their dashboard", async () => {
    const token = await invitedAccount("vera.invited@example.com");
    const res = await choose(token, "first-password-2026");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.includes("session_token="))).toBe(true);
    expect(cookies.some((c) => c.startsWith("pc_flash="))).toBe(true);
    // The link worked once.
    const again = await choose(token, "other-pass-2026");
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain("This reset link is invalid or has expired.");
    expect(again.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
  });

  it("sends a suspended account to sign in once its password is set, signed out", async () => {
    const token = await invitedAccount("vera.suspended@example.com");
    await t.db.update(user).set({ banned: true }).where(eq(user.email, "vera.suspended@example.com"));
    const res = await choose(token, "first-password-2026");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?message=password_set");
    expect(res.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
  });

  it("refuses a link that names no account, and sets no cookie", async () => {
    const res = await choose("not-a-token", "first-password-2026");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("This reset link is invalid or has expired.");
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
