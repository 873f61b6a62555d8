import { expect, test } from "@playwright/test";
import { DEMO_LICENSEE } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

test.describe("the portal guard", () => {
  test("anonymous on /dashboard goes to /login and returns after signing in", async ({ page }) => {
    await page.goto("/dashboard?tab=1");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%3Ftab%3D1$/);
    await page.getByLabel("Email", { exact: true }).fill(DEMO_LICENSEE.email);
    await page.getByLabel("Password").fill(DEMO_LICENSEE.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=1$/);
  });

  test("anonymous on any /dashboard path, known or not, goes to /login", async ({ page, request }) => {
    await page.goto("/dashboard/no-such-screen");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fno-such-screen$/);
    const res = await request.get("/dashboard/billing", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/login?redirectTo=%2Fdashboard%2Fbilling");
  });

  test("the return address is only ever a path of this site", async ({ baseURL, playwright }) => {
    // One sign-in (the per-account limit); safeRedirect's own tests cover the other shapes.
    for (const evil of ["//evil.example/x"]) {
      const res = await (await playwright.request.newContext({ baseURL })).post("/login", {
        form: { email: DEMO_LICENSEE.email, password: DEMO_LICENSEE.password, redirectTo: evil },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      expect(res.status(), evil).toBe(302);
      expect(new URL(res.headers().location!, baseURL).origin, evil).toBe(new URL(baseURL!).origin);
    }
  });

  test("a server-rendered signed-in page never shows 'Loading authentication...'", async ({ page, request }) => {
    // The session is read on the server before anything renders: the redirect, or the page itself.
    const anon = await request.get("/dashboard", { maxRedirects: 0 });
    expect(anon.status()).toBe(302);
    expect(await anon.text()).not.toContain("Loading authentication...");
    await signInAs(page, DEMO_LICENSEE);
    for (const path of ["/dashboard", "/dashboard/submissions"]) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(await res.text(), path).not.toContain("Loading authentication...");
    }
  });

  test("a signed-in member on an unknown /dashboard path gets the 404 page", async ({ page }) => {
    await signInAs(page, DEMO_LICENSEE);
    await expect(page).toHaveURL(/\/dashboard$/);
    const res = await page.goto("/dashboard/no-such-screen");
    expect(res?.status()).toBe(404);
  });

  test("the demo licensee sees their own financial overview", async ({ page }) => {
    await signInAs(page, DEMO_LICENSEE);
    await expect(page.getByRole("heading", { name: "Financial overview" })).toBeVisible();
    await expect(page.getByText("Available for minutes and SMS")).toBeVisible();
    await expect(page.getByText("Georgia")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Overview" }),
    ).toBeVisible();
  });
});
