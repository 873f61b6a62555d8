import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The pricing upload as an administrator. Other specs read the catalogue's prices, so these tests only preview
 * territory files (nothing is written) and import keywords of their own.
 */

const territoryCard = (page: Page) =>
  page.getByRole("heading", { name: "Territory CSV" }).locator("xpath=ancestor::*[@data-slot='card']");
const keywordCard = (page: Page) =>
  page.getByRole("heading", { name: "Keyword CSV" }).locator("xpath=ancestor::*[@data-slot='card']");
const csv = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

test.describe("pricing upload", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/pricing-upload");
    await expect(page.getByRole("heading", { level: 1, name: "Pricing Upload" })).toBeVisible();
  });

  test("a territory preview lists each change and each bad row, and changes nothing", async ({ page }) => {
    const card = territoryCard(page);
    await card
      .getByLabel("CSV file")
      .setInputFiles(
        csv(
          "territories.csv",
          "name,state,portion,base_monthly_fee\nGeorgia,GA,,1234.50\n,TX,,1\nNorth Nowhere,ZZ,N,1\n",
        ),
      );
    await card.getByRole("button", { name: "Preview changes" }).click();
    const summary = card.getByRole("region", { name: "Upload summary" });
    await expect(summary.getByText("Rows processed")).toBeVisible();
    await expect(summary.getByText("Row 3: Missing required fields 'name' or 'state'.")).toBeVisible();
    await expect(summary.getByText(/^Row 4 \(North Nowhere\): Invalid data - state must be/)).toBeVisible();
    await expect(summary.getByRole("row", { name: /Georgia/ })).toContainText("$1,234.50");
    // a file with errors is never offered for import from the preview
    await expect(summary.getByRole("button", { name: "Import these changes" })).toHaveCount(0);
    // nothing was written: previewing the file again still finds Georgia's fee to change
    await page.reload();
    const again = territoryCard(page);
    await again
      .getByLabel("CSV file")
      .setInputFiles(csv("territories.csv", "name,state,portion,base_monthly_fee\nGeorgia,GA,,1234.50\n"));
    await again.getByRole("button", { name: "Preview changes" }).click();
    await expect(
      again.getByRole("region", { name: "Upload summary" }).getByRole("row", { name: /Georgia/ }),
    ).toContainText("Update");
  });

  test("keywords: preview, then import the same file; a second import finds nothing to change", async ({ page }) => {
    const word = `zeta${Date.now().toString(36)}`;
    const card = keywordCard(page);
    await card
      .getByLabel("CSV file")
      .setInputFiles(csv("keywords.csv", `keyword,multiplier,description\n${word},1.35,E2E keyword\n`));
    await card.getByRole("button", { name: "Preview changes" }).click();
    const summary = card.getByRole("region", { name: "Upload summary" });
    await expect(summary.getByText("Preview: nothing has changed yet")).toBeVisible();
    await expect(summary.getByRole("row", { name: new RegExp(word) })).toContainText("New");
    await summary.getByRole("button", { name: "Import these changes" }).click();
    await expect(summary.getByText("Pricing updated", { exact: true })).toBeVisible();
    await expect(summary.getByText(/1 created and 0 updated/)).toBeVisible();
    await card.getByRole("button", { name: "Import", exact: true }).click();
    await expect(summary.getByText("Unchanged").locator("xpath=following-sibling::dd")).toHaveText("1");
    await expect(summary.getByText("Pricing updated", { exact: true })).toHaveCount(0);
  });

  test("no file selected, and an empty file, get the spec's messages", async ({ page }) => {
    const card = keywordCard(page);
    await card.getByRole("button", { name: "Import", exact: true }).click();
    await expect(card.getByRole("alert").getByText("No file selected")).toBeVisible();
    await card.getByLabel("CSV file").setInputFiles(csv("empty.csv", ""));
    await card.getByRole("button", { name: "Import", exact: true }).click();
    await expect(card.getByRole("alert").getByText("Empty or Invalid CSV")).toBeVisible();
  });

  test("works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/pricing-upload");
    const card = territoryCard(page);
    await card.getByLabel("CSV file").setInputFiles(csv("t.csv", "name,state,portion,population\nGeorgia,GA,,abc\n"));
    await card.getByRole("button", { name: "Preview changes" }).click();
    await expect(
      territoryCard(page).getByText(/^Row 2 \(Georgia\): Invalid data - population must be a whole number/),
    ).toBeVisible();
    await context.close();
  });

  test("has no serious accessibility violations", async ({ page }) => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
});
