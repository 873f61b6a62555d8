import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The support topics admin as an administrator: a topic created with the editor appears on /support-topics and
 * its own page for a signed-out visitor; an edit shows there at once (the cached pages are dropped); unpublishing
 * takes it off; delete asks for confirmation and the page is 404 after. Also the spec's table and empty text.
 */

const suffix = () => Math.random().toString(36).slice(2, 8);

async function visit(browser: Browser, path: string): Promise<{ status: number; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(path);
  return { status: response?.status() ?? 0, page };
}

test.describe("support topics admin", () => {
  test("create with the editor, edit, unpublish, delete: the public pages follow", async ({ page, browser }) => {
    const title = `Routing After Hours Calls ${suffix()}`;
    const slug = title.toLowerCase().replaceAll(" ", "-");
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/support-topics");
    await expect(page.getByRole("heading", { level: 1, name: "Support Topics" })).toBeVisible();
    await page.getByRole("link", { name: "New topic" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New topic" })).toBeVisible();
    const editor = page.locator('[data-slot="rich-text-editor"] [contenteditable="true"]');
    await expect(editor).toBeVisible();

    await page.getByLabel("Title").fill(title);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await page.getByLabel("Category").fill("Call Routing");
    await page.getByLabel("Summary").fill("Send evening calls to voicemail or a partner office.");
    await page.getByLabel("Keywords").fill("voicemail, after hours, , routing");
    await editor.click();
    // A toolbar button gives the caret back to the editor on the next frame: type once it is there.
    await page.getByRole("button", { name: "Heading", exact: true }).click();
    await expect(editor).toBeFocused();
    await page.keyboard.type("Set your hours");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Open the routing screen and choose ");
    await page.getByRole("button", { name: "Bold" }).click();
    await expect(editor).toBeFocused();
    await page.keyboard.type("After hours");
    await expect(page.getByLabel("Published")).toBeChecked();
    await page.getByRole("button", { name: "Create Topic" }).click();

    await expect(page).toHaveURL(/\/admin\/support-topics\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByLabel("Slug")).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Keywords")).toHaveValue("voicemail, after hours, routing");
    const editUrl = page.url();

    // the visitor's list (searchable by keyword) and page
    const list = await visit(browser, "/support-topics?q=voicemail");
    await expect(list.page.getByRole("link", { name: new RegExp(title) })).toBeVisible();
    const topic = await visit(browser, `/support-topics/${slug}`);
    expect(topic.status).toBe(200);
    await expect(topic.page.getByRole("heading", { level: 2, name: "Set your hours" })).toBeVisible();
    await expect(topic.page.locator("strong").filter({ hasText: "After hours" })).toBeVisible();

    // edit: the title changes, the slug stays; the public page shows the new title at once
    await page.getByLabel("Title").fill(`${title} (updated)`);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${title} (updated)` })).toBeVisible();
    const edited = await visit(browser, `/support-topics/${slug}`);
    await expect(edited.page.getByRole("heading", { level: 1, name: `${title} (updated)` })).toBeVisible();

    // unpublish: off the public pages
    await page.getByLabel("Published").uncheck();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Unpublished", { exact: true })).toBeVisible();
    expect((await visit(browser, `/support-topics/${slug}`)).status).toBe(404);

    // delete from the table after the confirmation
    await page.goto(`/admin/support-topics?q=${encodeURIComponent(title)}`);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Call Routing");
    await row.getByRole("button", { name: `Delete ${title} (updated)` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete “${title} (updated)”?` });
    await expect(confirm).toContainText("This action cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("No topics found.")).toBeVisible();
    const gone = await page.goto(editUrl);
    expect(gone?.status()).toBe(404);
  });

  test("the table has the spec's columns; search; axe", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/support-topics");
    const table = page.getByRole("table");
    for (const name of ["Title", "Category", "Last updated", "Actions"]) {
      await expect(table.getByRole("columnheader", { name })).toBeVisible();
    }
    await expect(table.getByRole("link", { name: "Edit" }).first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
    await page.getByLabel("Search").fill("zz-no-such-topic-zz");
    await page.getByLabel("Search").press("Enter");
    await expect(page.getByText("No topics found.")).toBeVisible();
  });
});
