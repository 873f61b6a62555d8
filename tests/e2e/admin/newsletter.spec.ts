import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs, testClientAddress, uniqueEmail } from "../support/helpers.ts";

/**
 * The admin newsletter: compose (required fields, preview, test send), a real send that the campaign page follows
 * to the end, the delivered issue in the dev mailbox with a working unsubscribe link, and subscriber removal
 * behind the list kit's confirmation. Other specs add subscribers to the same server, so each test signs up its
 * own readers (double opt-in through the emailed link) and looks for those.
 */

/** The path and query of an absolute link, to open it on the test server. */
const local = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** The first link matching `href` in the latest message to `to` whose subject matches, read in the admin mailbox. */
async function linkInMail(admin: Page, to: string, subject: string | RegExp, href: RegExp): Promise<string> {
  let link: string | null = null;
  await expect(async () => {
    await admin.goto(`/admin/emails?to=${encodeURIComponent(to)}`);
    await admin.getByRole("link", { name: subject }).first().click({ timeout: 2_000 });
    const body = admin.getByTestId("email-body");
    link = await body.locator("a").filter({ hasText: href }).first().getAttribute("href", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return link!;
}

/** Signs `email` up (the footer form's endpoint) and confirms it from the emailed link, as its owner would. */
async function subscribe(browser: Browser, baseURL: string, admin: Page, email: string) {
  const ctx = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientAddress() } });
  const reader = await ctx.newPage();
  const res = await reader.request.post("/resources/newsletter", { form: { email }, headers: { origin: baseURL } });
  expect(res.status()).toBe(200);
  const confirm = await linkInMail(
    admin,
    email,
    "Confirm your PoundCodes newsletter subscription",
    /\/newsletter\/confirm\?token=/,
  );
  await reader.goto(local(confirm));
  await reader.getByRole("button", { name: "Confirm Subscription" }).click();
  await expect(reader.getByText("You're subscribed")).toBeVisible();
  await ctx.close();
}

/** The rich-text editor once it has replaced the plain textarea. */
async function typeContent(page: Page, text: string) {
  await expect(page.getByRole("toolbar", { name: "Content formatting" })).toBeVisible();
  const editor = page.locator("#newsletter-content");
  await editor.click();
  await editor.pressSequentially(text);
}

test.describe("the admin newsletter", () => {
  test("composes, previews, tests and sends a newsletter that is delivered, with a working unsubscribe link", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, E2E_ADMIN);
    const reader = uniqueEmail("issue-reader");
    await subscribe(browser, baseURL!, page, reader);

    await page.goto("/admin/newsletter");
    await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Newsletter" }).first()).toBeVisible();

    // Both fields are required, with the spec's message.
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Subject and content are required." })).toBeVisible();

    const subject = `Territories opening ${Date.now().toString(36)}`;
    await page.getByLabel("Subject").fill(subject);
    await typeContent(page, "Three new territories open this month.");

    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("article", { name: `Preview: ${subject}` });
    await expect(preview).toBeVisible();
    await expect(preview.getByText("Three new territories open this month.")).toBeVisible();
    // What was typed stays in the form.
    await expect(page.getByLabel("Subject")).toHaveValue(subject);

    await page.getByRole("button", { name: /Send test to me/ }).click();
    await expect(page.getByText(`A test of this newsletter is on its way to ${E2E_ADMIN.email}.`)).toBeVisible();

    // Send: a confirmation names the audience; then the campaign page follows the delivery to the end.
    await page.getByRole("button", { name: "Send newsletter" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: /Send this newsletter to \d+ subscribers?\?/ })).toBeVisible();
    await dialog.getByRole("button", { name: /Send to \d+ subscribers?/ }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter\/campaigns\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    const counts = page.getByTestId("campaign-counts");
    await expect(page.getByText("Delivered", { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(counts.getByText("Waiting")).toBeVisible();
    await expect(page.getByText("Every address received this newsletter.")).toBeVisible();

    // The list shows it with its counts.
    await page.goto("/admin/newsletter");
    await expect(page.getByRole("link", { name: subject })).toBeVisible();

    // The delivered issue is in the dev mailbox, and its unsubscribe link works without signing in.
    const unsubscribeLink = await linkInMail(page, reader, subject, /\/newsletter\/unsubscribe\?token=/);
    const anonymous = await browser.newContext({ baseURL });
    const visitor = await anonymous.newPage();
    await visitor.goto(local(unsubscribeLink));
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(visitor.getByText("You've been unsubscribed")).toBeVisible();
    await anonymous.close();

    await page.goto(`/admin/newsletter?q=${encodeURIComponent(reader)}`);
    const row = page.getByRole("region", { name: "Subscribers" }).getByRole("row").filter({ hasText: reader });
    await expect(row.getByText("Unsubscribed")).toBeVisible();
  });

  test("removes a subscriber after the list kit's confirmation", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await signInAs(page, E2E_ADMIN);
    const reader = uniqueEmail("leaving-reader");
    await subscribe(browser, baseURL!, page, reader);
    await page.goto(`/admin/newsletter?q=${encodeURIComponent(reader)}`);
    const table = page.getByRole("region", { name: "Subscribers" });
    const cell = table.getByRole("cell", { name: reader, exact: true });
    await expect(cell).toBeVisible();

    await table.getByRole("button", { name: `Delete ${reader}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: `Remove ${reader}?` })).toBeVisible();
    // Cancel keeps it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(cell).toBeVisible();
    await table.getByRole("button", { name: `Delete ${reader}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(table.getByText("No subscribers match your search.")).toBeVisible();
  });

  test("is accessible", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/newsletter");
    await expect(page.getByRole("toolbar", { name: "Content formatting" })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
  });
});
