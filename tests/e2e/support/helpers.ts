import { type Cookie, expect, type Page, test } from "@playwright/test";

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * A client address of its own for one simulated visitor: the browser-test servers trust one proxy hop
 * (TRUST_PROXY=1), so a request carrying `X-Forwarded-For: <this>` counts against this address's rate limits, as
 * each real visitor behind a load balancer would. Sign-ups use it: the suite signs up more accounts than one
 * address may in an hour. Requests without the header count against the loopback address, as before.
 */
let addressCounter = 0;
export function testClientAddress(): string {
  addressCounter += 1;
  const n = (process.pid % 200) * 250 + addressCounter;
  return `198.18.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`;
}

type SignUpForm = { name: string; email: string; password: string; company?: string };

/**
 * Fills in and sends the sign-up form, as a visitor of their own address. The answer is the same whether or not the
 * address already has an account: the sign-in page saying "Check your email" (`SIGNED_UP_NOTICE`), signed out.
 */
export async function submitSignUp(page: Page, opts: SignUpForm) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": testClientAddress() });
  await page.goto("/signup");
  await page.getByLabel("Full name").fill(opts.name);
  if (opts.company) await page.getByLabel(/Company name/).fill(opts.company);
  await page.getByLabel("Email", { exact: true }).fill(opts.email);
  await page.getByLabel("Password", { exact: true }).fill(opts.password);
  await page.getByLabel("Confirm password").fill(opts.password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
}

/** What the sign-in page says after any accepted sign-up. */
export const SIGNED_UP_NOTICE = "We've sent a message to the address you entered.";

/**
 * A new account, signed in: the sign-up form (which signs nobody in), then the sign-in form with the same password,
 * landing on the dashboard.
 */
export async function signUp(page: Page, opts: SignUpForm) {
  await submitSignUp(page, opts);
  await expect(page).toHaveURL(/\/login\?message=signup_check_email$|\/login$/);
  await expect(page.getByText(SIGNED_UP_NOTICE).first()).toBeVisible();
  await signIn(page, opts.email, opts.password);
  await page.waitForURL(/\/dashboard$/);
}

/**
 * Signs out from the signed-in areas' account menu (the application shell has no site header) and waits until the
 * sign-out has landed on the home page: a navigation started earlier would race the sign-out's POST, and could still
 * carry the session cookie.
 */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

export async function expectHeading(page: Page, name: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

type Account = { email: string; password: string };
const sessions = new Map<string, Cookie[]>();

/**
 * Signs `page` in as `who` without the sign-in form: the first call per test worker signs in through the form
 * once and keeps the session cookie; later calls reuse it. (Every sign-in counts against the per-account and
 * per-address limits, which a suite signing in dozens of times from one address would otherwise hit.) Opens `path`
 * when given; otherwise lands on the account's home, /admin/dashboard for admins and /dashboard for everyone else.
 * Tests of the sign-in form itself, and tests that sign out, use `signIn` instead. A page on a server other than the
 * project's (one a spec started itself) names it in `baseURL`.
 */
export async function signInAs(
  page: Page,
  who: Account,
  path?: string,
  baseURL: string = test.info().project.use.baseURL!,
) {
  const key = `${baseURL}|${who.email}`;
  let cookies = sessions.get(key);
  if (!cookies) {
    const ctx = await page.context().browser()!.newContext({ baseURL });
    const first = await ctx.newPage();
    await signIn(first, who.email, who.password);
    await first.waitForURL(/\/(admin\/)?dashboard$/);
    cookies = (await ctx.cookies()).filter((c) => c.name.includes("session_token"));
    sessions.set(key, cookies);
    await ctx.close();
  }
  await page.context().addCookies(cookies);
  if (path) {
    await page.goto(path);
    return;
  }
  await page.goto("/login");
  await page.waitForURL(/\/(admin\/)?dashboard$/);
}
