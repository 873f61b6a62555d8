import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signIn, signInAs, signUp, uniqueEmail } from "../support/helpers.ts";

test.describe("users and licensees", () => {
  test("deactivation signs the person out in their own browser at once; reactivation lets them back in", async ({
    browser,
    page,
    baseURL,
  }) => {
    const member = { name: "Dana Deactivate", email: uniqueEmail("deact"), password: "member-password-2026" };
    const theirs = await browser.newContext({ baseURL });
    const them = await theirs.newPage();
    await signUp(them, { ...member, company: "Dana Law" });
    await them.waitForURL(/\/dashboard/);

    await signInAs(page, E2E_ADMIN);
    await page.goto(`/admin/users?q=${encodeURIComponent(member.email)}`);
    const table = page.getByRole("region", { name: "Users" });
    await expect(table.getByText(member.email)).toBeVisible();
    await table.getByRole("link", { name: member.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: member.name })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Open sessions" })).toBeVisible();
    await expect(page.getByText("Not signed in anywhere.")).toHaveCount(0);
    // signing in after sign-up started their first session, and the history says so
    await expect(page.getByRole("heading", { name: "Sign-in history" })).toBeVisible();
    await expect(page.getByText("No sign-ins recorded.")).toHaveCount(0);

    await page.getByRole("button", { name: "Deactivate", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/Reason/).fill("Chargeback under review");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    // The effect, read back from the page once it has reloaded its data (the answer's toast is not awaited: it
    // can be behind another toast on a busy run).
    await expect(page.getByText("Deactivated", { exact: true })).toBeVisible();
    await expect(page.getByText("Chargeback under review")).toBeVisible();
    await expect(page.getByText("Not signed in anywhere.")).toBeVisible();

    // their open page is signed out on its next request
    await them.goto("/dashboard");
    await expect(them).toHaveURL(/\/login/);
    await signIn(them, member.email, member.password);
    await expect(them.getByText("This account has been suspended. Please contact support.").first()).toBeVisible();

    await page.getByRole("button", { name: /^Reactivate/ }).click();
    await expect(page.getByText("User Reactivated")).toBeVisible();
    await signIn(them, member.email, member.password);
    await them.waitForURL(/\/dashboard/);
    await theirs.close();
  });

  test("only verified addresses become administrators; a licensee record is created once", async ({
    browser,
    page,
    baseURL,
  }) => {
    const member = { name: "Rory Role", email: uniqueEmail("role"), password: "member-password-2026" };
    const ctx = await browser.newContext({ baseURL });
    await signUp(await ctx.newPage(), member);
    await ctx.close();

    await signInAs(page, E2E_ADMIN);
    await page.goto(`/admin/users?q=${encodeURIComponent(member.email)}&licensee=no`);
    await page.getByRole("region", { name: "Users" }).getByRole("link", { name: member.name }).click();
    await page.getByRole("button", { name: /^Make administrator/ }).click();
    await expect(
      page.getByText("Only a user with a verified email address can be made an administrator."),
    ).toBeVisible();
    await expect(page.getByRole("main").getByText("Administrator", { exact: true })).toHaveCount(0);

    await expect(page.getByText(/No licensee record: this person has an account/)).toBeVisible();
    await page.getByRole("button", { name: /^Create licensee record/ }).click();
    await expect(page.getByText("No licenses yet.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Create licensee record/ })).toHaveCount(0);
    const axe = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("the list's empty search says so in the spec's words", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/users?q=no-such-person-anywhere");
    await expect(page.getByText("No users found matching your search criteria.")).toBeVisible();
  });
});
