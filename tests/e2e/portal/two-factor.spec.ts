import { expect, type Page, test } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { expectHeading, signIn, signUp, uniqueEmail } from "../support/helpers.ts";

/**
 * Two-factor sign-in end to end, on a fresh account (the shared demo accounts keep signing in with a password):
 * enrol from the settings page, sign in with an app code and with a backup code (once only), without JavaScript
 * too, then turn it off with the password.
 */

const PASSWORD = "two-factor-pass-2026";
const SETTINGS = "/dashboard/profile/two-factor";

const codeFor = (key: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s/g, "")), digits: 6, period: 30 }).generate();
const wrongCode = (key: string) => (codeFor(key) === "000000" ? "111111" : "000000");

async function passwordStep(page: Page, email: string, redirectTo?: string) {
  await page.context().clearCookies();
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("enrol, sign in with a code and a backup code, and turn two-factor off", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("totp");
  await signUp(page, { name: "Toni Pike", email, password: PASSWORD });
  await expect(page).toHaveURL(/\/dashboard$/);

  // Step 1: the password, refused when wrong.
  await page.goto(SETTINGS);
  await expectHeading(page, "Two-factor sign-in");
  await page.getByLabel("Your password").fill("not-my-password");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("The password is not correct.")).toBeVisible();
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();

  // Step 2: QR code and setup key; a wrong code is refused, the app's code turns it on.
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const key = (await page.locator("dd code").innerText()).trim();
  expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{16,}$/);
  const codeField = page.getByLabel("Code from your app");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await codeField.fill(wrongCode(key));
  await page.getByRole("button", { name: "Turn On Two-Factor" }).click();
  await expect(page.getByText(/That code is not correct/)).toBeVisible();
  await page.getByLabel("Code from your app").fill(codeFor(key));
  await page.getByRole("button", { name: "Turn On Two-Factor" }).click();

  // Step 3: ten backup codes, shown once.
  await expect(page.getByText("Save these codes now")).toBeVisible();
  const codes = await page.getByTestId("backup-codes").locator("li").allInnerTexts();
  expect(codes).toHaveLength(10);
  await page.goto(SETTINGS);
  await expect(page.getByText("Save these codes now")).toHaveCount(0);
  await expect(page.getByText(/You have 10 unused backup codes/)).toBeVisible();

  // The password alone leads to the code step, which keeps where the user was going.
  await passwordStep(page, email, SETTINGS);
  await expect(page).toHaveURL(/\/login\/two-factor\?redirectTo=%2Fdashboard%2Fprofile%2Ftwo-factor$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  await passwordStep(page, email, SETTINGS);
  const appCode = page.getByLabel("Authentication code");
  await expect(appCode).toHaveAttribute("autocomplete", "one-time-code");
  await expect(appCode).toHaveAttribute("inputmode", "numeric");
  await appCode.fill(wrongCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(/That code is not correct/)).toBeVisible();
  await page.getByLabel("Authentication code").fill(codeFor(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));

  // A backup code works once.
  await passwordStep(page, email);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await passwordStep(page, email);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That backup code is not valid or has already been used.")).toBeVisible();
  await expect(page).toHaveURL(/\/login\/two-factor/);

  // Without JavaScript: the same forms work.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await signIn(plain, email, PASSWORD);
  await expect(plain).toHaveURL(/\/login\/two-factor$/);
  await plain.getByLabel("Authentication code").fill(codeFor(key));
  await plain.getByRole("button", { name: "Verify" }).click();
  await expect(plain).toHaveURL(/\/dashboard$/);
  await noJs.close();

  // Turning it off takes the right password; then the password alone signs in.
  await passwordStep(page, email, SETTINGS);
  await page.getByLabel("Authentication code").fill(codeFor(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
  const turnOff = page.locator("form").filter({ has: page.getByRole("button", { name: "Turn Off Two-Factor" }) });
  await turnOff.getByLabel("Your password").fill("wrong-password");
  await turnOff.getByRole("button", { name: "Turn Off Two-Factor" }).click();
  await expect(page.getByText("The password is not correct.")).toBeVisible();
  await turnOff.getByLabel("Your password").fill(PASSWORD);
  await turnOff.getByRole("button", { name: "Turn Off Two-Factor" }).click();
  await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
  await passwordStep(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the code step without a password step goes back to sign-in", async ({ page, request }) => {
  const res = await request.get("/login/two-factor?redirectTo=%2Fdashboard%2Fbilling", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/login?message=two_factor_expired&redirectTo=%2Fdashboard%2Fbilling");
  await page.goto("/login/two-factor?redirectTo=%2Fdashboard%2Fbilling");
  // Inline until the page is interactive, then as a toast (the query is cleared).
  await expect(page.getByText("Your two-factor sign-in expired.", { exact: false }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\?(message=two_factor_expired&)?redirectTo=%2Fdashboard%2Fbilling$/);
});

test("anonymous visitors to the two-factor settings go to sign-in", async ({ request }) => {
  const res = await request.get(SETTINGS, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/login?redirectTo=%2Fdashboard%2Fprofile%2Ftwo-factor");
});
