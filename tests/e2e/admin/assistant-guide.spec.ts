import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The assistant guide: the tasks it explains, each linked to its screen, and no dead link. Every link in the page's
 * content is opened as the administrator and must answer 200; every jump link must land on a section.
 */

test.describe("the assistant guide", () => {
  test("links every task to a working screen", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/assistant-guide");
    await expect(page.getByRole("heading", { level: 1, name: "Assistant Guide" })).toBeVisible();
    for (const task of [
      "Approve a reservation",
      "Import prices from a CSV file",
      "Publish a blog post",
      "Send a newsletter campaign",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: task })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Open Reservations" })).toHaveAttribute("href", "/admin/reservations");
    await expect(page.getByRole("link", { name: "Open Pricing Upload" })).toHaveAttribute(
      "href",
      "/admin/pricing-upload",
    );
    await expect(page.getByRole("link", { name: "Open Blog" })).toHaveAttribute("href", "/admin/blog");
    await expect(page.getByRole("link", { name: "Open Newsletter" })).toHaveAttribute("href", "/admin/newsletter");

    // The guide's own links (the area's navigation is checked by the route-table test).
    const hrefs = await page
      .getByTestId("assistant-guide")
      .locator("a[href]")
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href") ?? ""))]);
    const jumps = hrefs.filter((h) => h.startsWith("#"));
    const screens = hrefs.filter((h) => h.startsWith("/"));
    expect(jumps.length).toBeGreaterThanOrEqual(8);
    expect(screens.length).toBeGreaterThanOrEqual(8);
    expect(hrefs.filter((h) => !h.startsWith("#") && !h.startsWith("/"))).toEqual([]);
    for (const jump of jumps) await expect(page.locator(jump)).toHaveCount(1);
    const answers: string[] = [];
    for (const href of screens) {
      const res = await page.request.get(href, { headers: { accept: "text/html" }, maxRedirects: 0 });
      answers.push(`${href} ${res.status()}`);
    }
    expect(answers).toEqual(screens.map((h) => `${h} 200`));

    // A jump link moves to its section.
    await page
      .getByRole("navigation", { name: "Tasks in this guide" })
      .getByRole("link", { name: "Keep the FAQ current" })
      .click();
    await expect(page).toHaveURL(/#faq$/);
    await expect(page.getByRole("heading", { level: 2, name: "Keep the FAQ current" })).toBeInViewport();
  });

  test("passes axe accessibility checks and fits a phone", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/assistant-guide");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
