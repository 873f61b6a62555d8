import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The vanity numbers and featured numbers screens as an administrator. Other specs read the seeded numbers
 * ((800) LAW-HELP, the featured numbers of /all-numbers), so these tests create, change and delete numbers of their own
 * and leave the seeded ones alone.
 */

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase();
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test.describe("vanity numbers", () => {
  test("add with fees in cents, edit, licensee None → null, delete after the confirmation", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/vanity-numbers");
    await expect(page.getByRole("heading", { level: 1, name: "Vanity Numbers" })).toBeVisible();
    const add = page.getByRole("button", { name: "Add Vanity Number" });
    await expect(add).toBeEnabled();
    const text = `1-877-E2E-${suffix()}`;

    // the number is required, a third decimal is refused, then add
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Add Vanity Number" });
    await dialog.getByRole("button", { name: "Add Number" }).click();
    await expect(dialog).toContainText("Number is required.");
    const monthly = dialog.getByLabel(/Monthly fee/);
    await expect(monthly).toHaveAttribute("step", "0.01");
    await dialog.getByLabel("Number", { exact: true }).fill(text);
    await monthly.fill("1250.505");
    await dialog.getByRole("button", { name: "Add Number" }).click();
    await expect(dialog).toContainText("at most two decimals");
    await monthly.fill("1250.50");
    await dialog.getByLabel(/Setup fee/).fill("99.99");
    await dialog.getByLabel("Licensee").selectOption({ index: 1 });
    const licensee = (await dialog.getByLabel("Licensee").locator("option:checked").textContent()) ?? "";
    expect(licensee).not.toBe("None");
    await dialog.getByRole("button", { name: "Add Number" }).click();
    await expect(toast(page, "Vanity number created")).toContainText(`${text} has been saved.`);
    await expect(dialog).toBeHidden();

    await page.getByRole("searchbox", { name: "Search" }).fill(text);
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    const created = row(page, text);
    await expect(created).toContainText("$1,250.50");
    await expect(created).toContainText("$99.99");
    await expect(created).toContainText("available");
    await expect(created).toContainText(licensee);

    // edit: the form holds the stored values; licensee None clears the assignment
    await created.getByRole("button", { name: `Edit ${text}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${text}` });
    await expect(edit.getByLabel(/Monthly fee/)).toHaveValue("1250.50");
    await edit.getByLabel("Licensee").selectOption("none");
    await edit.getByLabel(/Setup fee/).fill("0.05");
    await edit.getByLabel("Status").selectOption("pending");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Vanity number updated")).toContainText(`${text} has been saved.`);
    await expect(created).toContainText("$0.05");
    await expect(created).toContainText("pending");
    await expect(created).not.toContainText(licensee);

    // the detail lists the territories with the number's status in each
    await created.getByRole("link", { name: text }).click();
    await expect(page.getByRole("heading", { level: 1, name: text })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Territories" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "available" }).first()).toBeVisible();
    await page.getByRole("link", { name: "All vanity numbers" }).click();

    // delete: Cancel keeps it, Delete removes it
    await page.getByRole("searchbox", { name: "Search" }).fill(text);
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await row(page, text)
      .getByRole("button", { name: `Delete ${text}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${text}?` });
    await expect(confirm).toContainText("This action cannot be undone.");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(row(page, text)).toBeVisible();
    await row(page, text)
      .getByRole("button", { name: `Delete ${text}` })
      .click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Vanity number deleted")).toContainText(`${text} has been deleted.`);
    await expect(row(page, text)).toHaveCount(0);
  });

  test("search finds a seeded number by its text, and the list is axe-clean", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/vanity-numbers?q=LAW-HELP");
    const seeded = row(page, "(800) LAW-HELP");
    await expect(seeded).toBeVisible();
    await expect(seeded.getByRole("button", { name: "Delete (800) LAW-HELP" })).toBeEnabled();
    await page.goto("/admin/vanity-numbers?q=no-such-number-anywhere");
    await expect(page.getByText("No vanity numbers found matching your search.")).toBeVisible();
    const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
    expect(results.violations).toEqual([]);
  });
});

test.describe("featured numbers", () => {
  test("search, toggle active, reorder, delete after the confirmation; /all-numbers follows", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/featured-numbers");
    await expect(page.getByRole("heading", { level: 1, name: "Featured Numbers" })).toBeVisible();
    const tag = suffix();
    const first = `#4E2E${tag}A`;
    const second = `#4E2E${tag}B`;

    for (const [text, order] of [
      [first, "900"],
      [second, "901"],
    ] as const) {
      await page.getByRole("button", { name: "Add Featured Number" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Featured Number" });
      await dialog.getByLabel("Number", { exact: true }).fill(text);
      await dialog.getByLabel("Display order").fill(order);
      await dialog.getByLabel(/Description/).fill(`Featured by the browser test ${tag}.`);
      await dialog.getByRole("button", { name: "Add Number" }).click();
      await expect(toast(page, "Number created successfully")).toBeVisible();
      await expect(dialog).toBeHidden();
    }

    // search finds both, lowest display order first
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill(tag);
    await search.press("Enter");
    await expect(page.getByRole("row").filter({ hasText: `#4E2E${tag}` })).toHaveCount(2);
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: `#4E2E${tag}` })
        .first(),
    ).toContainText(first);
    await search.fill(`no such number ${tag}`);
    await search.press("Enter");
    await expect(page.getByText("No numbers found.")).toBeVisible();
    await search.fill(tag);
    await search.press("Enter");

    // the active switch flips is_active; its state is announced
    const toggle = page.getByRole("switch", { name: `Active: ${first}` });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(toast(page, "Number status updated")).toContainText(`${first} is hidden from the All Numbers page.`);
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(row(page, first)).toContainText("900");

    // reorder: the second moves before the first
    await row(page, second)
      .getByRole("button", { name: `Edit ${second}` })
      .click();
    const edit = page.getByRole("dialog", { name: `Edit ${second}` });
    await expect(edit.getByLabel("Display order")).toHaveValue("901");
    await edit.getByLabel("Display order").fill("899");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Number updated successfully")).toBeVisible();
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: `#4E2E${tag}` })
        .first(),
    ).toContainText(second);

    // /all-numbers: the active one shows, the hidden one does not (the cache was dropped)
    const home = await page.context().newPage();
    await home.goto("/all-numbers");
    await expect(home.getByText(second).first()).toBeVisible();
    await expect(home.getByText(first)).toHaveCount(0);
    await home.close();

    // delete both after the confirmation
    for (const text of [first, second]) {
      await row(page, text)
        .getByRole("button", { name: `Delete ${text}` })
        .click();
      const confirm = page.getByRole("alertdialog", { name: `Delete ${text}?` });
      await expect(confirm).toContainText("This action cannot be undone.");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Number deleted successfully")).toContainText(`${text} has been deleted.`);
      await expect(row(page, text)).toHaveCount(0);
    }
    const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
    expect(results.violations).toEqual([]);
  });
});
