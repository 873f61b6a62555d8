import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs, testClientAddress } from "../support/helpers.ts";

/**
 * Contacts and leads as an administrator (spec 2 §2, §4, §5): add a contact, find it, move it on the board, write
 * notes, export the list as CSV (a formula cell neutralised) and delete it; the board and the contact's page
 * without JavaScript. Other specs read the seeded leads, so these tests work on contacts of their own.
 */

const tagged = () => `E2E${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });
const column = (page: Page, status: string) => page.locator(`li[data-status="${status}"]`);
const card = (page: Page, status: string, name: string) =>
  column(page, status)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

async function search(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search" });
  await box.fill(text);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

test.describe("contacts and leads", () => {
  test("add, find, move on the board, notes, export CSV with a neutralised cell, delete", async ({ page }) => {
    test.slow(); // one story from first contact to deletion
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/contacts");
    await expect(page.getByRole("heading", { level: 1, name: "Contacts & Leads" })).toBeVisible();
    const tag = tagged();
    const name = `Ada Quill ${tag}`;
    const email = `ada.${tag.toLowerCase()}@example.com`;
    const company = `=2+5 Holdings ${tag}`;

    // the email is required; a blank source becomes Manual entry, a blank follow-up date is left out
    const add = page.getByRole("button", { name: "Add Contact" });
    await expect(add).toBeEnabled();
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Add Contact" });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByRole("button", { name: "Add Contact" }).click();
    await expect(dialog).toContainText("Email is required.");
    await dialog.getByLabel("Email").fill("not-an-address");
    await dialog.getByRole("button", { name: "Add Contact" }).click();
    await expect(dialog).toContainText("Please enter a valid email address.");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel(/^Company/).fill(company);
    await dialog.getByLabel(/^Message/).fill("Met at the Georgia bar conference; asked about #4LAW.");
    await dialog.getByRole("button", { name: "Add Contact" }).click();
    await expect(toast(page, "Contact created")).toContainText(`${name} has been saved.`);
    await expect(dialog).toBeHidden();

    // search finds it (by company, any case); the status filter narrows it away: 'No contacts found.'
    await search(page, tag.toLowerCase());
    const created = row(page, name);
    await expect(created).toContainText(email);
    await expect(created).toContainText("Manual entry");
    await expect(created).toContainText("New");
    await page.getByLabel("Status", { exact: true }).selectOption("qualified");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=qualified/);
    await expect(page.getByText("No contacts found.")).toBeVisible();

    // the board keeps the search; the card moves with a select and a button, from the keyboard
    await page.getByRole("link", { name: "Board", exact: true }).click();
    await expect(page).toHaveURL(/view=board/);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(tag.toLowerCase());
    await expect(column(page, "new").getByRole("heading")).toContainText("New");
    const fresh = card(page, "new", name);
    await expect(fresh).toContainText(company);
    await expect(fresh).toContainText("Manual entry");
    await fresh.getByLabel(`Move ${name} to`).selectOption("qualified");
    await fresh.getByRole("button", { name: `Move ${name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(card(page, "qualified", name)).toBeVisible();
    await expect(card(page, "new", name)).toHaveCount(0);
    await expect(column(page, "qualified").getByRole("heading")).toContainText(/[1-9]/);

    // the contact's page: the message it came with, and notes saved
    await card(page, "qualified", name).getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Met at the Georgia bar conference; asked about #4LAW.")).toBeVisible();
    const notes = page.getByRole("textbox", { name: "Notes" });
    await notes.fill(`Sent the #4LAW pricing sheet. ${tag}`);
    await page.getByRole("button", { name: "Save Notes" }).click();
    await expect(page.getByTestId("contact-notice")).toContainText("Notes saved");
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Notes" })).toHaveValue(`Sent the #4LAW pricing sheet. ${tag}`);
    await expect(page.getByRole("complementary", { name: "Contact details" })).toContainText("Qualified");

    // export what the list shows: the file holds the contact, its formula-like company neutralised
    await page.getByRole("link", { name: "All contacts" }).click();
    await search(page, tag);
    await expect(row(page, name)).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Name,Email,Phone,Company,Status,Source,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${name},${email},,'${company},Qualified,Manual entry,`);
    expect(lines[1]).toContain(`Sent the #4LAW pricing sheet. ${tag}`);

    // delete: Cancel keeps it, Delete removes it
    await row(page, name)
      .getByRole("button", { name: `Delete ${name}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await expect(confirm).toContainText("This action cannot be undone.");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(row(page, name)).toBeVisible();
    await row(page, name)
      .getByRole("button", { name: `Delete ${name}` })
      .click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Contact deleted")).toContainText(`${name} has been deleted.`);
    await expect(row(page, name)).toHaveCount(0);
    await expect(page.getByText("No contacts found.")).toBeVisible();
  });

  test("a filter chosen while a search is still loading is kept when the results arrive", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/contacts");
    await expect(page.getByRole("button", { name: "Add Contact" })).toBeEnabled();
    // Hold the search's data request until the status has been chosen, as a slow answer would.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let held = false;
    await page.route(/\/admin\/contacts\.data\?.*q=nobody-here/, async (route) => {
      held = true;
      await answered;
      await route.continue();
    });
    const box = page.getByRole("searchbox", { name: "Search" });
    await box.fill("nobody-here");
    await box.press("Enter");
    await expect.poll(() => held).toBe(true);
    const status = page.getByLabel("Status", { exact: true });
    await status.selectOption("qualified");
    answer();
    await expect(page).toHaveURL(/[?&]q=nobody-here/);
    await expect(page.getByText("No contacts found.")).toBeVisible();
    await expect(status).toHaveValue("qualified");
    await expect(box).toHaveValue("nobody-here");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=qualified/);
    await expect(page).toHaveURL(/[?&]q=nobody-here/);
  });

  test("the next search typed while the last one is still loading is kept when its results arrive", async ({
    page,
  }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/contacts");
    await expect(page.getByRole("button", { name: "Add Contact" })).toBeEnabled();
    // Hold the first search's data request until the next one has been typed, as a slow answer would.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let held = false;
    await page.route(/\/admin\/contacts\.data\?.*q=first-search/, async (route) => {
      held = true;
      await answered;
      await route.continue();
    });
    const box = page.getByRole("searchbox", { name: "Search" });
    await box.fill("first-search");
    await box.press("Enter");
    await expect.poll(() => held).toBe(true);
    await box.fill("second-search");
    answer();
    await expect(page).toHaveURL(/[?&]q=first-search/);
    await expect(page.getByText("No contacts found.")).toBeVisible();
    await expect(box).toHaveValue("second-search");
    await box.press("Enter");
    await expect(page).toHaveURL(/[?&]q=second-search/);
  });

  test("an edit keeps the lead's message, and the list and board are axe-clean", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/contacts?q=glindqvist");
    const seeded = row(page, "Gregory Lindqvist");
    await expect(seeded).toContainText("Qualified");
    await expect(seeded.getByRole("button", { name: "Edit Gregory Lindqvist" })).toBeEnabled();
    await seeded.getByRole("button", { name: "Edit Gregory Lindqvist" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Gregory Lindqvist" });
    await expect(edit.getByLabel("Email")).toHaveValue("glindqvist@example.com");
    await expect(edit.getByLabel(/^Source/)).toHaveValue("contact_form");
    await expect(edit.getByLabel(/^Follow-up date/)).toHaveValue("2026-12-08");
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();

    for (const path of ["/admin/contacts", "/admin/contacts?view=board"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Contacts & Leads" })).toBeVisible();
      const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
      expect(results.violations, path).toEqual([]);
    }
  });
});

test.describe("contacts and leads without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a lead from the contact form is moved on the board and given notes with plain forms", async ({
    page,
    request,
  }) => {
    const tag = tagged();
    const name = `Noor Script ${tag}`;
    const sent = await request.post("/contact", {
      form: {
        name,
        email: `noor.${tag.toLowerCase()}@example.com`,
        company: `Script Legal ${tag}`,
        message: "Do you cover all of Arizona?",
      },
      headers: { "X-Forwarded-For": testClientAddress() },
      maxRedirects: 0,
    });
    expect(sent.status(), await sent.text()).toBe(302);

    await signInAs(page, E2E_ADMIN);
    await page.goto(`/admin/contacts?view=board&q=${tag}`);
    const lead = card(page, "new", name);
    await expect(lead).toContainText("Contact form");
    await lead.getByLabel(`Move ${name} to`).selectOption("proposal");
    await lead.getByRole("button", { name: `Move ${name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Status updated" })).toContainText(
      `${name} is now Proposal.`,
    );
    await expect(card(page, "proposal", name)).toBeVisible();
    await expect(card(page, "new", name)).toHaveCount(0);

    await card(page, "proposal", name).getByRole("link", { name, exact: true }).click();
    await expect(page.getByText("Do you cover all of Arizona?")).toBeVisible();
    await page.getByRole("textbox", { name: "Notes" }).fill("Quoted statewide; waiting on their budget.");
    await page.getByRole("button", { name: "Save Notes" }).click();
    await expect(page.getByTestId("contact-notice")).toContainText("Notes saved");
    await expect(page.getByRole("textbox", { name: "Notes" })).toHaveValue(
      "Quoted statewide; waiting on their budget.",
    );
    await page.getByLabel("Pipeline status").selectOption("closed_won");
    await page.getByRole("button", { name: "Update Status" }).click();
    await expect(page.getByTestId("contact-notice")).toContainText(`${name} is now Closed Won.`);
    await expect(page.getByRole("complementary", { name: "Contact details" })).toContainText("Closed Won");
  });
});
