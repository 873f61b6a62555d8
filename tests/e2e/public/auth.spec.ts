import { expect, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import {
  expectHeading,
  SIGNED_UP_NOTICE,
  signIn,
  signInAs,
  signOut,
  signUp,
  submitSignUp,
  uniqueEmail,
} from "../support/helpers.ts";

test.describe("sign-up, sign-in, sign-out", () => {
  test("sign-up says to check your email, signed out; signing in lands on the welcome dashboard", async ({ page }) => {
    const email = uniqueEmail("signup");
    await submitSignUp(page, { name: "Avery Quinn", company: "Quinn Roofing", email, password: "roof-top-2026" });
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(SIGNED_UP_NOTICE).first()).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await signIn(page, email, "roof-top-2026");
    await expect(page).toHaveURL(/\/dashboard$/);
    // A first visit is welcomed, not welcomed back.
    await expectHeading(page, "Welcome, Avery");
    await expect(page.getByText(`we sent a link to`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Services" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Client Communication & Support" })).toBeVisible();
    // A member's own 'Dynamic Page Content' card edits their landing pages' text, not every licensee's.
    await expect(
      page.getByRole("region", { name: "Your Services" }).getByRole("link", { name: /Dynamic Page Content/ }),
    ).toHaveAttribute("href", "/dashboard/page-content");
  });

  test("sign-up validation uses the spec's messages and keeps what was typed", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Full name").fill("Sam Lee");
    await page.getByLabel("Email", { exact: true }).fill("sam@example.com");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm password").fill("abd");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByText("Password is too short. It must be at least 6 characters long.")).toBeVisible();
    await expect(page.getByText("Passwords do not match.")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Sam Lee");
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("a registered email gets the same answer as a new one, and its password stays the owner's", async ({ page }) => {
    await submitSignUp(page, { name: "Demo Again", email: DEMO_LICENSEE.email, password: "another-pass" });
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(SIGNED_UP_NOTICE).first()).toBeVisible();
    await expect(page.getByText(/already registered/)).toHaveCount(0);
  });

  test("wrong password shows Login Failed and stays on /login", async ({ page }) => {
    await signIn(page, DEMO_LICENSEE.email, "not-the-password");
    await expect(page.getByText("Login Failed")).toBeVisible();
    await expect(page.getByText("Invalid email or password.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("sign-out ends the session", async ({ page }) => {
    await signIn(page, DEMO_LICENSEE.email, DEMO_LICENSEE.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign Up / Sign In" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test("admin sign-in lands on /admin/dashboard", async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expectHeading(page, "Admin Dashboard");
    await expect(page.getByRole("link", { name: /Pricing Upload/ }).first()).toBeVisible();
  });
});

test("password reset through the mailbox", async ({ page, browser }) => {
  const email = uniqueEmail("reset");
  await signUp(page, { name: "Riley Reset", email, password: "first-password" });
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Check your email").first()).toBeVisible();

  // An administrator reads the dev mailbox.
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signInAs(admin, E2E_ADMIN);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  // The reset email is written after the answer (the request answers alike for every address): reload until it is.
  const resetMail = admin.getByRole("link", { name: "Reset your PoundCodes password" });
  await expect(async () => {
    await admin.goto(`/admin/emails?to=${encodeURIComponent(email)}`);
    await expect(resetMail).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await resetMail.click();
  const link = await admin.getByTestId("email-body").getByRole("link").first().getAttribute("href");
  expect(link).toMatch(/\/api\/auth\/reset-password\//);
  await adminCtx.close();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("second-password");
  await page.getByLabel("Confirm new password").fill("second-password");
  await page.getByRole("button", { name: "Update Password and Sign In" }).click();
  // Signed in with the new password at once, not sent to an empty sign-in form.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Your new password is set and you are signed in.")).toBeVisible();
  await page.context().clearCookies();

  await signIn(page, email, "first-password");
  await expect(page.getByText("Login Failed")).toBeVisible();
  await signIn(page, email, "second-password");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("email verification through the mailbox removes the confirmation banner", async ({ page, browser }) => {
  // Signed in with the password first; the link then confirms the address of the account already signed in.
  const email = uniqueEmail("verify");
  await signUp(page, { name: "Vera Verify", email, password: "verify-me-2026" });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`we sent a link to`)).toBeVisible();

  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signInAs(admin, E2E_ADMIN);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto(`/admin/emails?to=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: "Confirm your email address" }).click();
  const link = await admin.getByTestId("email-body").getByRole("link").first().getAttribute("href");
  expect(link).toMatch(/\/api\/auth\/verify-email\?token=/);
  await adminCtx.close();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/dashboard\?verified=1$/);
  await expect(page.getByText(`we sent a link to`)).toHaveCount(0);
});

test("the emailed link of a new sign-up confirms the address and signs the account in", async ({ page, browser }) => {
  const email = uniqueEmail("verify-link");
  await submitSignUp(page, { name: "Lena Link", email, password: "link-me-2026" });
  await expect(page.getByText(SIGNED_UP_NOTICE).first()).toBeVisible();

  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signInAs(admin, E2E_ADMIN);
  // The account and its email are made just after the answer.
  await expect(async () => {
    await admin.goto(`/admin/emails?to=${encodeURIComponent(email)}`);
    await expect(admin.getByRole("link", { name: "Confirm your email address" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await admin.getByRole("link", { name: "Confirm your email address" }).click();
  const link = await admin.getByTestId("email-body").getByRole("link").first().getAttribute("href");
  expect(link).toMatch(/\/api\/auth\/verify-email\?token=.+&callbackURL=%2Fdashboard%3Fverified%3D1$/);
  await adminCtx.close();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/dashboard\?verified=1$/);
  await expectHeading(page, "Welcome, Lena");
  await expect(page.getByText(`we sent a link to`)).toHaveCount(0);
});
