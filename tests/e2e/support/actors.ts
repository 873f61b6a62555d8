/**
 * Request contexts signed in as the matrix's callers, over HTTP only (no browser): the e2e admin, the demo licensee
 * (A), a freshly signed-up member without a licensee record, who later creates one on the profile screen and becomes
 * licensee B. Each sign-in and sign-up goes through the site's own forms, once per test file and server.
 */
import { type APIRequestContext, expect, request as playwrightRequest } from "@playwright/test";
import { testClientAddress, uniqueEmail } from "./helpers.ts";

type Account = { email: string; password: string };

export async function anonymous(baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL });
}

/** Signs in through the sign-in form; the context keeps the session cookie. */
export async function signedIn(baseURL: string, who: Account): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post("/login", {
    form: { email: who.email, password: who.password },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in of ${who.email}`).toBe(302);
  return ctx;
}

/**
 * Signs up a new account through the sign-up form (no licensee record yet), then signs it in through the sign-in
 * form: sign-up itself answers every address alike and signs nobody in.
 */
export async function signedUp(
  baseURL: string,
  name = "Morgan Reyes",
): Promise<{ ctx: APIRequestContext; email: string; password: string }> {
  const ctx = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": testClientAddress() },
  });
  const email = uniqueEmail("matrix");
  const password = "matrix-pass-2026";
  const res = await ctx.post("/signup", {
    form: { fullName: name, companyName: "Reyes Legal", email, password, confirmPassword: password },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-up of ${email}: ${res.status() === 302 ? "" : await res.text()}`).toBe(302);
  expect(res.headers().location).toBe("/login?message=signup_check_email");
  const signIn = await ctx.post("/login", {
    form: { email, password },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(signIn.status(), `sign-in of ${email} after its sign-up`).toBe(302);
  return { ctx, email, password };
}

/** Creates the caller's licensee record through the profile screen ('No Licensee Profile' → create). */
export async function becomeLicensee(ctx: APIRequestContext, baseURL: string, contactName: string): Promise<void> {
  const res = await ctx.post("/dashboard/profile", {
    form: { intent: "create", contactName, companyName: "Reyes Legal", phone: "(555) 010-3344" },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect([200, 302, 303], `creating the licensee record answered ${res.status()}`).toContain(res.status());
}
