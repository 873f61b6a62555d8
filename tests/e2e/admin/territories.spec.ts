import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The territories screens as an administrator. Other specs read the seeded prices and statuses of many
 * territories, so these tests change only Southern Illinois and its #SSDI, and put the fees and the status back.
 * The refusal test asks to free #4LAW in Georgia (the demo licensee's licence), which is refused and changes
 * nothing.
 */

const TERRITORY = "Southern Illinois";
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });
const categoryItem = (page: Page, name: string) => page.locator(`li[data-category="${name}"]`);

async function openList(page: Page, search?: string) {
  await signInAs(page, E2E_ADMIN);
  await page.goto(search ? `/admin/territories?q=${encodeURIComponent(search)}` : "/admin/territories");
  await expect(page.getByRole("heading", { level: 1, name: "Territories" })).toBeVisible();
}

async function openTerritory(page: Page, name: string) {
  await openList(page, name);
  const link = row(page, name).getByRole("link", { name, exact: true });
  await expect(link).toHaveAttribute("href", /^\/admin\/territories\/[0-9a-f-]{36}$/);
  await page.evaluate(() => Object.assign(window, { beforeTheClick: true }));
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save fees" })).toBeEnabled();
  // Followed in the app (the row links share the table's click handler), not by loading the page again.
  expect(await page.evaluate(() => "beforeTheClick" in window)).toBe(true);
}

test.describe("territories admin", () => {
  test("the list is ordered by state, joined with categories, and Hide/Show says what it does", async ({ page }) => {
    await openList(page);
    const states = await page.getByRole("row").locator("td:nth-child(2)").allInnerTexts();
    const codes = states.map((s) => s.slice(0, 2));
    expect(codes.length).toBeGreaterThan(5);
    expect(codes).toEqual([...codes].sort());
    await expect(row(page, "Georgia")).toContainText("#4LAW licensed");
    expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations)).toEqual([]);

    await page.getByRole("searchbox", { name: "Search" }).fill(TERRITORY);
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(page.getByRole("row")).toHaveCount(2);
    const r = row(page, TERRITORY);
    // Whatever status the seed gave it, a territory on the public pages (any status but inactive) offers Hide.
    await expect(r.getByRole("button", { name: new RegExp(`^Show ${TERRITORY}`) })).toHaveCount(0);
    await r.getByRole("button", { name: new RegExp(`^Hide ${TERRITORY}, now shown \\(status `) }).click();
    await expect(toast(page, "Territory hidden")).toBeVisible();
    await expect(r.getByRole("cell", { name: "inactive", exact: true })).toBeVisible();
    // Put it back on the public pages.
    await r.getByRole("button", { name: new RegExp(`^Show ${TERRITORY}, now hidden \\(status inactive\\)`) }).click();
    await expect(toast(page, "Territory shown")).toBeVisible();
    await expect(r.getByRole("cell", { name: "active", exact: true })).toBeVisible();
    await expect(
      r.getByRole("button", { name: new RegExp(`^Hide ${TERRITORY}, now shown \\(status active\\)`) }),
    ).toBeVisible();
  });

  test("edit fees with the live preview, then put them back", async ({ page }) => {
    await openTerritory(page, TERRITORY);
    const base = page.getByRole("textbox", { name: "Base monthly fee" });
    const original = await base.inputValue();
    const territoryPrice = page.locator('[data-preview-row="territory"] td');
    expect(await territoryPrice.innerText()).toMatch(/^\$[\d,]+\.\d{2}$/);

    await base.fill("4321.5");
    await expect(territoryPrice).toHaveText("$4,321.50");
    await base.fill("lots");
    await expect(page.getByText("Correct the highlighted fees to see the preview.")).toBeVisible();
    await base.fill("4321.5");
    await expect(territoryPrice).toHaveText("$4,321.50");
    expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations)).toEqual([]);
    await page.getByRole("button", { name: "Save fees" }).click();
    await expect(toast(page, "Fees saved")).toBeVisible();
    await expect(base).toHaveValue("4321.50");

    // A bad amount is refused with the field's message and the typed value kept.
    await page.getByRole("textbox", { name: "Base setup fee" }).fill("12.345");
    await page.getByRole("button", { name: "Save fees" }).click();
    await expect(page.getByText(/Base setup fee must be an amount in dollars/).first()).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Base setup fee" })).toHaveValue("12.345");

    await page.reload();
    await base.fill(original);
    // The preview follows the typed value once the page is interactive.
    await expect(territoryPrice).not.toHaveText("$4,321.50");
    await page.getByRole("button", { name: "Save fees" }).click();
    await expect(toast(page, "Fees saved")).toBeVisible();
    await expect(base).toHaveValue(original);
  });

  test("change a category's status in a territory, then put it back", async ({ page }) => {
    await openTerritory(page, TERRITORY);
    const item = categoryItem(page, "#SSDI");
    const badge = item.locator('[data-slot="badge"]');
    const original = (await badge.innerText()).trim();
    const target = original === "in negotiations" ? "licensed" : "negotiations";
    await item.getByRole("button", { name: new RegExp(`^Set ${target} for #SSDI in ${TERRITORY}`) }).click();
    await expect(toast(page, "Status updated")).toBeVisible();
    await expect(badge).toHaveText(target === "negotiations" ? "in negotiations" : "licensed");

    const back = original === "in negotiations" ? "negotiations" : original;
    await item.getByRole("button", { name: new RegExp(`^Set ${back} for #SSDI`) }).click();
    await expect(badge).toHaveText(original);
  });

  test("a territory's categories are searched by name", async ({ page }) => {
    await openTerritory(page, TERRITORY);
    const list = page.getByRole("list", { name: `Category statuses in ${TERRITORY}` });
    const all = await list.locator("li[data-category]").count();
    await expect(page.getByRole("status").filter({ hasText: `${all} categories` })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search categories" }).fill("ssd");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/[?&]category=ssd/);
    await expect(list.locator("li[data-category]")).toHaveCount(1);
    await expect(categoryItem(page, "#SSDI")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search categories" }).fill("zzz");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No categories match “zzz”.")).toBeVisible();
  });

  test("freeing a licensed pair is refused with a clear message", async ({ page }) => {
    await openTerritory(page, "Georgia");
    const item = categoryItem(page, "#4LAW");
    await expect(item).toContainText("Held by an active license");
    await item.getByRole("button", { name: /^Set available for #4LAW in Georgia/ }).click();
    await expect(toast(page, "Error updating status")).toContainText(
      "#4LAW in Georgia has an active license, so it stays licensed",
    );
    await expect(item.locator('[data-slot="badge"]')).toHaveText("licensed");
  });

  test("a licensee is sent away", async ({ page }) => {
    await signInAs(page, DEMO_LICENSEE, "/admin/territories");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
