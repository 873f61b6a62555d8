import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * 'Manage Categories & Keywords' as an administrator. Other specs read the seeded categories and prices, so these
 * tests create, change and delete categories and keywords of their own, and only open the delete dialog of a
 * seeded one (#4LAW, which the demo licensee holds) without deleting it.
 */

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase();
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });

async function open(page: Page) {
  await signInAs(page, E2E_ADMIN);
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Categories & Keywords" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Category" })).toBeEnabled();
}

test.describe("manage categories and keywords", () => {
  test("add, edit with the slug locked, switch type, delete after the warning", async ({ page }) => {
    await open(page);
    const name = `#E2E${suffix()}`;
    const slug = `hash-${name.slice(1).toLowerCase()}`;

    await page.getByRole("button", { name: "Add Category" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Category" });
    await expect(dialog.getByLabel("Type")).toHaveValue("standard");
    await dialog.getByLabel("Name").fill(name);
    await expect(dialog.getByLabel("Slug")).toHaveValue(slug);
    // numbers only, negatives clamp to 0, the spec's step
    const fee = dialog.getByLabel(/Fee percentage of base/);
    await expect(fee).toHaveAttribute("type", "number");
    await expect(fee).toHaveAttribute("step", "0.01");
    await fee.fill("-5");
    await expect(fee).toHaveValue("0");
    await fee.fill("112.5");
    // a keyword group has a multiplier (step 0.001) instead of the fee; back to standard clears it
    await dialog.getByLabel("Type").selectOption("keyword_group");
    await expect(dialog.getByLabel(/Fee percentage/)).toHaveCount(0);
    const multiplier = dialog.getByLabel(/Keyword multiplier/);
    await expect(multiplier).toHaveAttribute("step", "0.001");
    await multiplier.fill("1.125");
    await dialog.getByLabel("Type").selectOption("standard");
    await expect(dialog.getByLabel(/Keyword multiplier/)).toHaveCount(0);
    await dialog.getByLabel("Type").selectOption("keyword_group");
    await expect(dialog.getByLabel(/Keyword multiplier/)).toHaveValue("");
    await dialog.getByLabel("Type").selectOption("standard");
    await dialog.getByLabel(/Description/).fill("Created by the browser test.");
    await dialog.getByRole("button", { name: "Save Category" }).click();

    await expect(toast(page, "Category created")).toContainText(`${name} has been successfully saved.`);
    await expect(dialog).toBeHidden();
    const created = card(page, name);
    await expect(created).toContainText(`/${slug}`);
    await expect(created).toContainText("112.5%");

    // edit: the slug is shown but locked
    await created.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(edit.getByLabel("Slug")).toHaveValue(slug);
    await expect(edit.getByLabel("Slug")).toHaveAttribute("readonly", "");
    await expect(edit.getByLabel(/Fee percentage/)).toHaveValue("112.5");
    await edit.getByLabel("Name").fill(`${name}X`);
    await expect(edit.getByLabel("Slug")).toHaveValue(slug);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Category updated")).toContainText(`${name}X has been successfully saved.`);
    const renamed = card(page, `${name}X`);
    await expect(renamed).toContainText(`/${slug}`);

    // delete: the confirmation warns first; Cancel keeps it
    await renamed.getByRole("button", { name: `Delete ${name}X` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${name}X?` });
    await expect(confirm).toContainText("This action cannot be undone.");
    await expect(confirm).toContainText("might affect existing territory-category links");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(renamed).toBeVisible();
    await renamed.getByRole("button", { name: `Delete ${name}X` }).click();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Category deleted")).toContainText(`${name}X has been deleted.`);
    await expect(card(page, `${name}X`)).toHaveCount(0);
  });

  test("a taken slug is a field error and the dialog keeps what was typed", async ({ page }) => {
    await open(page);
    await page.getByRole("button", { name: "Add Category" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Category" });
    const name = `#E2EDUP${suffix()}`;
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Slug").fill("hash-4law");
    await dialog.getByLabel(/Description/).fill("Kept after the refusal.");
    await dialog.getByRole("button", { name: "Save Category" }).click();
    await expect(dialog.getByText("The slug “hash-4law” is already used by #4LAW. Choose another.")).toBeVisible();
    await expect(dialog.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(toast(page, "Error creating category")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue(name);
    await expect(dialog.getByLabel(/Description/)).toHaveValue("Kept after the refusal.");
    // a standard category is a #Code
    await dialog.getByLabel("Name").fill("Plain Name");
    await dialog.getByLabel("Name").blur();
    await expect(dialog.getByText("A standard category is a #Code: its name begins with #, e.g. #4LAW.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a category with licences cannot be deleted, and the dialog says why", async ({ page }) => {
    await open(page);
    const law = card(page, "#4LAW");
    await law.getByRole("button", { name: "Delete #4LAW" }).click();
    const dialog = page.getByRole("alertdialog", { name: "#4LAW is in use" });
    await expect(dialog).toContainText(/#4LAW cannot be deleted while \d+ licenses?/);
    await expect(dialog.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(card(page, "#4LAW")).toBeVisible();
  });

  test("keywords: add, edit and delete", async ({ page }) => {
    await open(page);
    const keyword = `e2e keyword ${suffix().toLowerCase()}`;
    await page.getByRole("button", { name: "Add Keyword" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Keyword" });
    await dialog.getByLabel("Keyword").fill(`  ${keyword.toUpperCase()} `);
    const multiplier = dialog.getByLabel("Multiplier");
    await multiplier.fill("-2");
    await expect(multiplier).toHaveValue("0");
    await multiplier.fill("1.25");
    await dialog.getByRole("button", { name: "Save Keyword" }).click();
    await expect(toast(page, "Keyword created")).toContainText(`${keyword} has been successfully saved.`);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: keyword, exact: true }) });
    await expect(row).toContainText("×1.25");

    await row.getByRole("button", { name: `Edit ${keyword}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit “${keyword}”` });
    await expect(edit.getByLabel("Multiplier")).toHaveValue("1.25");
    await edit.getByLabel("Multiplier").fill("1.375");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Keyword updated")).toBeVisible();
    await expect(row).toContainText("×1.375");

    await row.getByRole("button", { name: `Delete the keyword ${keyword}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete “${keyword}”?` });
    await expect(confirm).toContainText("This action cannot be undone.");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Keyword deleted")).toContainText(`${keyword} has been deleted.`);
    await expect(row).toHaveCount(0);
  });

  test("is accessible, with the dialog open too, and fits a phone", async ({ page }) => {
    await open(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole("button", { name: "Add Category" }).click();
    await expect(page.getByRole("dialog", { name: "Add Category" })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: "Categories" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("a non-administrator is sent to /dashboard, for the page and for a post", async ({ page, baseURL }) => {
    await signInAs(page, DEMO_LICENSEE, "/admin/categories");
    await expect(page).toHaveURL(/\/dashboard$/);
    const post = await page.request.post("/admin/categories", {
      form: { intent: "delete-category", id: "4b3b9a8e-8f43-4a53-9b0b-6a3f0f0f1e2d" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(302);
    expect(post.headers().location).toBe("/dashboard");
  });
});
