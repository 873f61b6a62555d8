/**
 * The sign-up page's action: a new address and one that already has an account get the same answer (the sign-in
 * page telling them to check their email), and neither is signed in; the account, or the owner's notice, follows.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox, user } from "#server/db/schema/index.ts";
import { createTestDb, type TestDb } from "#server/db/test-utils.ts";
import {
  answerOf,
  callRoute,
  formPost,
  routeContext,
  signUpAndSignIn,
  testServices,
} from "#server/web/test-support.ts";
import { action } from "./signup.tsx";

let t: TestDb;
let s: Awaited<ReturnType<typeof testServices>>;
beforeAll(async () => {
  t = await createTestDb();
  s = await testServices(t);
  await signUpAndSignIn(s, {
    fullName: "Owen Owner",
    email: "owner@example.com",
    password: "owners-pass",
    ip: "10.5.0.1",
  });
});
afterAll(() => t.close());

let seq = 0;
const submit = async (email: string) =>
  answerOf(
    await callRoute(action, {
      request: formPost("/signup", {
        fullName: "Mallory Quince",
        email,
        password: "prober-pass-1",
        confirmPassword: "prober-pass-1",
      }),
      context: routeContext(s, `10.5.1.${++seq}`),
    }),
  );
/** What a visitor can see of an answer: its status, where it sends them, and the cookies it sets. */
const visible = (a: Awaited<ReturnType<typeof submit>>) => ({
  status: a.status,
  location: a.headers.get("location"),
  cookies: a.headers.getSetCookie(),
  body: a.body,
});
const mailsTo = (to: string, template: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));

describe("the sign-up page", () => {
  it("answers a registered address exactly as a new one: check your email, signed out", async () => {
    const fresh = visible(await submit("newcomer@example.com"));
    const taken = visible(await submit("Owner@Example.com"));
    expect(taken).toEqual(fresh);
    expect(fresh).toMatchObject({ status: 302, location: "/login?message=signup_check_email", cookies: [] });
  });

  it("has made the new account, and told the registered address's owner, by the time it answers", async () => {
    expect(await mailsTo("newcomer@example.com", "verify_email")).toHaveLength(1);
    expect(await mailsTo("owner@example.com", "account_exists")).toHaveLength(1);
    const [made] = await t.db.select().from(user).where(eq(user.email, "newcomer@example.com"));
    expect(made).toMatchObject({ name: "Mallory Quince", emailVerified: false, role: "user" });
    const [kept] = await t.db.select().from(user).where(eq(user.email, "owner@example.com"));
    expect(kept!.name).toBe("Owen Owner");
  });

  it("first probe, finding 7: a registered address costs the same password hashing as a new one (hashed once each)", async () => {
    // The hasher the library runs for sign-up: its context's, shared by every call of this auth instance.
    const hasher = vi.spyOn((await s.auth.$context).password, "hash");
    try {
      const fresh = await submit("hash-count@example.com");
      const freshHashes = hasher.mock.calls.length;
      hasher.mockClear();
      const taken = await submit("Owner@Example.com");
      const takenHashes = hasher.mock.calls.length;
      expect(visible(taken)).toEqual(visible(fresh));
      expect({ fresh: freshHashes, taken: takenHashes }).toEqual({ fresh: 1, taken: 1 });
      expect(await t.db.select().from(user).where(eq(user.email, "hash-count@example.com"))).toHaveLength(1);
    } finally {
      hasher.mockRestore();
    }
  });

  it("still refuses what the form refuses, with the typed values kept", async () => {
    const r = await answerOf(
      await callRoute(action, {
        request: formPost("/signup", {
          fullName: "Sam",
          email: "sam@example.com",
          password: "abc",
          confirmPassword: "abd",
        }),
        context: routeContext(s, "10.5.2.1"),
      }),
    );
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain("Passwords do not match.");
  });
});
