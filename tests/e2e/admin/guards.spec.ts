import { expect, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

test.describe("the admin guard", () => {
  test("anonymous on /admin goes to /login", async ({ page }) => {
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
  });

  test("a member on /admin is sent to /dashboard, also for admin-only data, unknown paths and posts", async ({
    page,
    baseURL,
  }) => {
    await signInAs(page, DEMO_LICENSEE);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin/emails");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin/no-such-screen");
    await expect(page).toHaveURL(/\/dashboard$/);
    // The data endpoint of an admin route refuses too (no client-side-only guard).
    const res = await page.request.get("/admin/emails.data", { maxRedirects: 0 });
    expect(res.status()).not.toBe(200);
    expect(await res.text()).not.toContain("@");
    // A post to an admin route is refused by the layout's guard before any action runs.
    const post = await page.request.post("/admin/emails", {
      form: { to: "x" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(302);
    expect(post.headers().location).toBe("/dashboard");
  });

  test("an admin sees the area navigation and the mailbox", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const nav = page.getByRole("navigation", { name: "Administration" });
    await nav.getByRole("link", { name: "Mailbox" }).click();
    await expect(page).toHaveURL(/\/admin\/emails$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
