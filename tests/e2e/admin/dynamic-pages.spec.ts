import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * /admin/dynamic-pages as an administrator. The demo licensee holds two active #4LAW licences (Georgia, which has the
 * seeded landing page other specs read, and Central Florida, which has none): this spec creates the Central Florida
 * page from that licence, edits it, sees it on the public page, and deletes it again. The Georgia page is only read.
 */

const NEW_PAGE = "/p/4law/central-florida";

test.describe("dynamic pages", () => {
  test("lists the pages joined to territory and licensee, searchable", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/dynamic-pages");
    await expect(page.getByRole("heading", { level: 1, name: "Dynamic Pages" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search" }).fill("Georgia");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(page).toHaveURL(/q=Georgia/);
    const georgia = page.getByRole("row").filter({ hasText: "#4LAW in Georgia" });
    await expect(georgia).toContainText("Hartwell & Reyes Injury Law");
    await expect(georgia).toContainText("/p/4law/georgia");
    await page.getByRole("searchbox", { name: "Search" }).fill("no such page anywhere");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(page).toHaveURL(/q=no/);
    await expect(page.getByText("No landing pages found matching your search.")).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });

  test("create from an active licence, edit every kind of field, see it live, delete it", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/dynamic-pages");
    const create = page.getByRole("button", { name: "New Landing Page" });
    await expect(create).toBeEnabled();
    await create.click();
    const dialog = page.getByRole("dialog", { name: "New landing page" });
    // The #Code list follows the licensee: only their active licences without a page.
    await dialog.getByLabel("Licensee").selectOption({ label: "Hartwell & Reyes Injury Law" });
    const pair = dialog.getByLabel("#Code and territory");
    await expect(pair.locator("option", { hasText: "#4LAW · Central Florida" })).toHaveCount(1);
    await expect(pair.locator("option", { hasText: "Georgia" })).toHaveCount(0);
    await pair.selectOption({ label: "#4LAW · Central Florida" });
    await dialog.getByLabel(/Page title/).fill("Orlando injury help: dial #4LAW");
    await dialog.getByRole("button", { name: "Create Page" }).click();

    // The new page's edit screen opens.
    await expect(page.getByRole("heading", { level: 1, name: "#4LAW in Central Florida" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dynamic-pages\/[0-9a-f-]{36}$/);
    const editUrl = page.url();
    await expect(page.getByLabel(/Page title/)).toHaveValue("Orlando injury help: dial #4LAW");

    // A bad link is refused with its message and the typed values stay.
    await page.getByLabel(/Business name on page/).fill("Hartwell & Reyes Orlando");
    await page.getByLabel(/Testimonials link/).fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save Page" }).click();
    await expect(
      page.getByText("Testimonials link must be a web address starting with http:// or https://."),
    ).toBeVisible();
    await expect(page.getByLabel(/Business name on page/)).toHaveValue("Hartwell & Reyes Orlando");

    await page.getByLabel(/Testimonials link/).fill("https://reviews.example.com/hartwell-orlando");
    await page.getByLabel(/Company description/).fill("Orlando's injury firm.\n\nWe come to you.");
    await page.getByLabel(/Areas of law/).fill("Car Accidents\nTheme Park Injuries");
    await page.getByLabel(/Years in business/).fill("7");
    await page.getByRole("group", { name: "Office 1" }).getByLabel(/Name/).fill("Orlando Office");
    await page
      .getByRole("group", { name: "Office 1" })
      .getByLabel(/Address/)
      .fill("200 S Orange Ave");
    await page.getByRole("button", { name: "Add office" }).click();
    await page.getByRole("group", { name: "Office 2" }).getByLabel(/Name/).fill("Kissimmee Office");
    await page.getByRole("group", { name: "Partner 1" }).getByLabel(/Name/).fill("Ana Ruiz");
    await page.getByRole("textbox", { name: /^Facebook/ }).fill("https://www.facebook.com/hartwellorlando");
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/admin/dynamic-pages/") && r.status() < 400,
    );
    await page.getByRole("button", { name: "Save Page" }).click();
    await saved;
    await page.goto(editUrl);
    await expect(page.getByLabel(/Years in business/)).toHaveValue("7");
    await expect(page.getByRole("group", { name: "Office 2" }).getByLabel(/Name/)).toHaveValue("Kissimmee Office");

    // The public page shows it.
    await page.goto(NEW_PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Orlando injury help: dial #4LAW" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("region", { name: "Areas of law" })).toContainText("Theme Park Injuries");
    await expect(main.getByRole("region", { name: "Office locations" })).toContainText("Kissimmee Office");
    await expect(main.getByRole("region", { name: "Partners" })).toContainText("Ana Ruiz");

    // Delete, after the confirmation.
    await page.goto(editUrl);
    await page.getByRole("button", { name: /Delete #4LAW in Central Florida/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete the page for #4LAW in Central Florida?" });
    await expect(confirm).toContainText("cannot be undone");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin\/dynamic-pages$/);
    await expect(page.getByRole("row").filter({ hasText: "#4LAW in Central Florida" })).toHaveCount(0);
    const gone = await page.request.get(NEW_PAGE);
    expect(gone.status()).toBe(404);
  });
});
