import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The signed-in areas' application shell: a sidebar grouped by the work (a drawer on phones), the command palette,
 * the account menu, and none of the marketing site's header, footer or newsletter.
 */

/** Every link of a navigation lies inside the viewport's width (nothing clipped or scrolled away sideways). */
async function expectInsideViewport(page: Page, nav: ReturnType<Page["getByRole"]>) {
  const width = page.viewportSize()!.width;
  const links = nav.getByRole("link");
  const n = await links.count();
  expect(n).toBeGreaterThan(3);
  for (let i = 0; i < n; i++) {
    const link = links.nth(i);
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(width);
  }
  return n;
}

test.describe("desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the admin sidebar holds every screen, by the work, keyboard-operable, without the site's chrome", async ({
    page,
  }) => {
    await signInAs(page, E2E_ADMIN, "/admin/territories");
    const nav = page.getByRole("navigation", { name: "Administration" });
    for (const group of ["Today", "Sales", "Catalog", "Customers", "Content", "Billing", "System"]) {
      await expect(nav.locator("[data-nav-group]", { hasText: new RegExp(`^${group}$`) })).toBeVisible();
    }
    expect(await expectInsideViewport(page, nav)).toBeGreaterThanOrEqual(24);
    await expect(nav.getByRole("link", { name: "Territories" })).toHaveAttribute("aria-current", "page");
    // None of the marketing site: no site footer, newsletter or "Sign Up / Sign In".
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Subscribe" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign Up / Sign In" })).toHaveCount(0);

    // By keyboard: focus a link of the sidebar and follow it with Enter. Once the page's script runs, the sidebar's
    // links navigate in the page (the router's), not by loading a new document.
    await page.locator("html[data-hydrated]").waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await nav.getByRole("link", { name: "Support Tickets" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/support-tickets$/);
    await expect(nav.getByRole("link", { name: "Support Tickets" })).toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    // Collapsed to icons, every screen is still there, named.
    await page.getByRole("button", { name: "Collapse the menu" }).click();
    await expect(nav.getByRole("link", { name: "Territories" })).toBeVisible();
    await page.getByRole("button", { name: "Expand the menu" }).click();

    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  });

  test("the command palette finds a licensee and a territory by name and opens them", async ({ page }) => {
    await signInAs(page, E2E_ADMIN, "/admin/dashboard");
    // The shortcut is the page's script: it listens once the page has hydrated.
    await page.locator("html[data-hydrated]").waitFor();
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog");
    await palette.getByRole("combobox").fill("georgia");
    const territory = palette.getByRole("option", { name: /^Georgia/ });
    await expect(territory).toBeVisible();
    expect((await new AxeBuilder({ page }).include("[cmdk-root]").analyze()).violations.map((v) => v.id)).toEqual([]);
    await territory.click();
    await expect(page).toHaveURL(/\/admin\/territories\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Georgia");

    await page.getByRole("button", { name: /Search or jump to/ }).click();
    await palette.getByRole("combobox").fill("Hartwell");
    await palette
      .getByRole("option", { name: /Hartwell & Reyes/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/users\/[^/]+$/);
    await expect(page.getByRole("main")).toContainText(DEMO_LICENSEE.email);

    // Screens by name, and the keyboard alone.
    await page.keyboard.press("Control+k");
    await palette.getByRole("combobox").fill("mailbox");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/emails$/);
  });

  test("the account menu names who is signed in and reaches the profile", async ({ page }) => {
    await signInAs(page, DEMO_LICENSEE, "/dashboard/billing");
    await page.getByRole("button", { name: /^Account menu for / }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText(DEMO_LICENSEE.email);
    await menu.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the portal's menu is a drawer: every screen inside the screen's width, and it closes on the way", async ({
    page,
  }) => {
    await signInAs(page, DEMO_LICENSEE, "/dashboard");
    await expect(page.getByRole("navigation", { name: "Your account" })).toHaveCount(0);
    await page.getByRole("button", { name: "Open the menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Your account" });
    const nav = drawer.getByRole("navigation", { name: "Your account" });
    expect(await expectInsideViewport(page, nav)).toBeGreaterThanOrEqual(7);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await nav.getByRole("link", { name: "Agreements" }).click();
    await expect(page).toHaveURL(/\/dashboard\/agreements$/);
    await expect(drawer).toHaveCount(0);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    // Nothing of the page is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
