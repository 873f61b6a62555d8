import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The admin mailbox: search, filters, sorting and paging live in the URL and work with and without JavaScript.
 * Other specs send emails to the same server, so each test sends its own test emails to addresses carrying a
 * unique tag and searches for that tag.
 */

function uniqueTag(): string {
  return `mbx${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Sends `count` test emails from the mailbox's own action, to tag-01@example.com, tag-02@… (oldest first). */
async function sendTestEmails(request: APIRequestContext, baseURL: string, tag: string, count: number) {
  for (let i = 1; i <= count; i++) {
    const res = await request.post("/admin/emails", {
      form: { intent: "send-test", to: `${tag}-${String(i).padStart(2, "0")}@example.com` },
      headers: { origin: baseURL },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(200);
  }
}

const showing = (page: Page) => page.getByRole("navigation", { name: "Pagination" }).getByRole("status");
const table = (page: Page) => page.getByRole("region", { name: "Emails" });
/** The recipient in the first body row of the table. */
const firstRecipient = (page: Page) => table(page).getByRole("row").nth(1).getByRole("cell").nth(1);

test.describe("the admin mailbox", () => {
  test("searches, filters, sorts and pages through the emails", async ({ page, baseURL }) => {
    await signInAs(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const tag = uniqueTag();
    await sendTestEmails(page.request, baseURL!, tag, 11);

    await page.goto("/admin/emails");
    await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
    await expect(page.getByText(/^Every email the site sends to customers and to you/)).toBeVisible();
    await expect(page.getByText(/dev mailbox/i)).toHaveCount(0);

    // Search: the URL carries the query, the count says what matched.
    await page.getByRole("searchbox", { name: "Search" }).fill(tag);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/emails\\?q=${tag}(&|$)`));
    await expect(showing(page)).toHaveText("Showing 1–11 of 11 emails");
    await expect(page.getByRole("columnheader", { name: "Created" })).toHaveAttribute("aria-sort", "descending");
    await expect(firstRecipient(page)).toHaveText(`${tag}-11@example.com`);

    // Page size and paging.
    await page.getByRole("link", { name: "10 rows per page" }).click();
    await expect(showing(page)).toHaveText("Showing 1–10 of 11 emails");
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(showing(page)).toHaveText("Showing 11–11 of 11 emails");
    await expect(firstRecipient(page)).toHaveText(`${tag}-01@example.com`);
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(showing(page)).toHaveText("Showing 1–10 of 11 emails");

    // Sorting: the header flips the order and says so; the search and page size stay.
    await page.getByRole("columnheader", { name: "Created" }).getByRole("link").click();
    await expect(page).toHaveURL(/dir=asc/);
    await expect(page.getByRole("columnheader", { name: "Created" })).toHaveAttribute("aria-sort", "ascending");
    await expect(firstRecipient(page)).toHaveText(`${tag}-01@example.com`);
    await page.getByRole("columnheader", { name: "Status" }).getByRole("link").click();
    await expect(page.getByRole("columnheader", { name: "Status" })).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByRole("columnheader", { name: "Created" })).not.toHaveAttribute("aria-sort");
    await expect(showing(page)).toHaveText("Showing 1–10 of 11 emails");

    // Filters: the messages were delivered (no failures) and all share the test template.
    await expect(async () => {
      await page.getByLabel("Status", { exact: true }).selectOption("sent");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/status=sent/);
      await expect(showing(page)).toHaveText("Showing 1–10 of 11 emails", { timeout: 2_000 });
    }).toPass();
    await page.getByLabel("Template", { exact: true }).selectOption("test_email");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/template=test_email/);
    await expect(showing(page)).toHaveText("Showing 1–10 of 11 emails");
    await page.getByLabel("Status", { exact: true }).selectOption("failed");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No emails match your search and filters.")).toBeVisible();
    await page.getByRole("link", { name: "Clear search and filters" }).click();
    await expect(page).not.toHaveURL(/q=|status=|template=/);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");

    // A percent sign is searched for literally (no email subject or address here has one).
    await page.getByRole("searchbox", { name: "Search" }).fill(`${tag}%`);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No emails match your search and filters.")).toBeVisible();

    // Each message still opens.
    await page.goto(`/admin/emails?q=${tag}-07`);
    await table(page).getByRole("link", { name: "PoundCodes test email" }).click();
    await expect(page).toHaveURL(/\/admin\/emails\/[0-9a-f-]{36}$/);
  });

  test("sends a test email from the dialog", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const tag = uniqueTag();
    await page.goto(`/admin/emails?q=${tag}`);
    await expect(page.getByText("No emails match your search and filters.")).toBeVisible();

    await page.getByRole("button", { name: "Send test email" }).click();
    const dialog = page.getByRole("dialog", { name: "Send a test email" });
    await expect(dialog.getByLabel("Send to")).toHaveValue(E2E_ADMIN.email);
    await dialog.getByLabel("Send to").fill("not an address");
    await dialog.getByRole("button", { name: "Send Test Email" }).click();
    await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible();
    await dialog.getByLabel("Send to").fill(`${tag}@example.com`);
    await dialog.getByRole("button", { name: "Send Test Email" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Test Email Sent")).toBeVisible();
    // The list reloads with the new message.
    await expect(showing(page)).toHaveText("Showing 1–1 of 1 email");
    await expect(firstRecipient(page)).toHaveText(`${tag}@example.com`);
  });

  test("stacks the emails as cards on a phone, without sideways scrolling", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const tag = uniqueTag();
    await sendTestEmails(page.request, baseURL!, tag, 3);
    await page.goto(`/admin/emails?q=${tag}`);
    // One rendering: the table's rows, laid out as stacked cards with the header row out of sight.
    const cards = table(page).getByRole("row").filter({ hasText: tag });
    await expect(cards).toHaveCount(3);
    // No header row on a phone (its sort links would be off screen): the sort links are above the cards.
    await expect(table(page).locator("thead")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Sort" })).toBeVisible();
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height); // stacked, not side by side
    expect(first!.width).toBeGreaterThan(300); // a card spans the phone's width
    // Each line is labelled by its column, for the eye and for screen readers (the cell's name starts with it).
    const to = new RegExp(`^To\\s*${tag}-03@example\\.com$`);
    await expect(cards.first().getByRole("cell", { name: to })).toBeVisible();
    await expect(cards.first()).toContainText(`${tag}-03@example.com`);
    await page
      .getByRole("navigation", { name: "Sort" })
      .getByRole("link", { name: /^Created/ })
      .click();
    await expect(page).toHaveURL(/dir=asc/);
    await expect(cards.first()).toContainText(`${tag}-01@example.com`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("passes axe accessibility checks", async ({ page, baseURL }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signInAs(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const tag = uniqueTag();
    await sendTestEmails(page.request, baseURL!, tag, 2);
    for (const path of [`/admin/emails?q=${tag}`, `/admin/emails?q=${tag}-none`]) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
    }
  });
});

test.describe("the admin mailbox without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("searches, filters, sorts and pages with plain links and GET forms", async ({ page, baseURL }) => {
    await signInAs(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const tag = uniqueTag();
    await sendTestEmails(page.request, baseURL!, tag, 11);

    await page.goto("/admin/emails");
    await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
    // The dialog needs JavaScript: its button says so by being unavailable.
    await expect(page.getByRole("button", { name: "Send test email" })).toBeDisabled();

    await page.getByRole("searchbox", { name: "Search" }).fill(tag);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
    await expect(showing(page)).toHaveText("Showing 1–11 of 11 emails");

    await page.getByRole("link", { name: "10 rows per page" }).click();
    await page.getByRole("link", { name: "Next" }).click();
    await expect(showing(page)).toHaveText("Showing 11–11 of 11 emails");

    await page.getByRole("columnheader", { name: "Created" }).getByRole("link").click();
    await expect(page.getByRole("columnheader", { name: "Created" })).toHaveAttribute("aria-sort", "ascending");
    await expect(showing(page)).toHaveText("Showing 1–10 of 11 emails");
    await expect(firstRecipient(page)).toHaveText(`${tag}-01@example.com`);

    // The form keeps the search, sort and page size; only the page starts over.
    await page.getByLabel("Status", { exact: true }).selectOption("failed");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=failed/);
    await expect(page).toHaveURL(/dir=asc/);
    await expect(page.getByText("No emails match your search and filters.")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(tag);

    // Bad values in the URL fall back to the defaults instead of failing.
    const res = await page.goto(`/admin/emails?q=${tag}&sort=nope&dir=up&page=-3&size=100000&status=lost`);
    expect(res?.status()).toBe(200);
    await expect(showing(page)).toHaveText("Showing 1–11 of 11 emails");
  });
});
