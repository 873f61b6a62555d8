import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The administrator's support tickets: the list filtered by status, a thread, a reply (labelled Admin; the ticket
 * moves on by the status machine), the status selector, and the licensee's reply appearing in the open thread
 * without a reload. The licensee's side is played from a context of its own.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function asLicensee<T>(browser: Browser, baseURL: string, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signInAs(page, DEMO_LICENSEE);
    return await run(page);
  } finally {
    await context.close();
  }
}

/** The licensee opens a ticket through the portal's own form; answers its id. */
function openTicket(browser: Browser, baseURL: string, subject: string): Promise<string> {
  return asLicensee(browser, baseURL, async (page) => {
    const res = await page.request.post("/dashboard/support-tickets", {
      form: {
        intent: "create",
        page: "1",
        subject,
        description: "Calls from Macon ring twice, then drop.",
        priority: "urgent",
      },
      headers: { origin: baseURL },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    return new URL(res.headers().location!, baseURL).searchParams.get("ticket")!;
  });
}

test.describe("support tickets (admin)", () => {
  test("filters by status, replies, changes the status, and sees the licensee's reply arrive", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const subject = `Macon calls drop ${unique()}`;
    const ticketId = await openTicket(browser, baseURL!, subject);

    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/support-tickets");
    await expect(page.getByRole("heading", { level: 1, name: "Support Tickets" })).toBeVisible();
    const table = page.getByRole("region", { name: "Tickets" });

    // Status filter: the new ticket is open, so it shows under Open and not under Resolved.
    await page.getByLabel("Status", { exact: true }).selectOption("open");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]status=open(&|$)/);
    await expect(table.getByRole("link", { name: subject })).toBeVisible();
    await expect(table.locator('[data-status]:not([data-status="open"])')).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Search" }).fill(subject);
    await page.getByLabel("Status", { exact: true }).selectOption("closed");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No tickets found for this filter.")).toBeVisible();

    await page.goto(`/admin/support-tickets?q=${encodeURIComponent(subject)}`);
    await table.getByRole("link", { name: subject }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/support-tickets/${ticketId}$`));
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    const details = page.getByRole("complementary", { name: "Ticket details" });
    await expect(details.locator('[data-status="open"]')).toHaveText("Open");
    await expect(details.locator('[data-priority="urgent"]')).toContainText("Urgent");

    // The licensee replies elsewhere: it appears here without a reload, and the ticket is pending_admin.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const licenseeReply = `It happened again at 2:10 PM. ${unique()}`;
    await asLicensee(browser, baseURL!, async (licensee) => {
      const res = await licensee.request.post("/dashboard/support-tickets", {
        form: { intent: "reply", ticketId, message: licenseeReply },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(302);
    });
    const log = page.getByRole("log", { name: "Conversation" });
    await expect(log.getByText(licenseeReply)).toBeVisible({ timeout: 30_000 });
    await expect(details.locator('[data-status="pending_admin"]')).toHaveText("Pending Admin");
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The administrator replies: labelled Admin, and pending_admin becomes pending_user.
    const send = page.getByRole("button", { name: "Send Reply" });
    await expect(send).toBeDisabled();
    await page.getByLabel(/^Reply to /).fill("We rerouted Macon; please test again.");
    await send.click();
    await expect(page.getByTestId("ticket-notice")).toHaveText("Reply posted");
    await expect(log.getByText("We rerouted Macon; please test again.")).toBeVisible();
    await expect(log.getByText("Admin", { exact: true })).toBeVisible();
    await expect(details.locator('[data-status="pending_user"]')).toHaveText("Pending User");

    // The status selector sets any status.
    await details.getByLabel("Status").selectOption("resolved");
    await details.getByRole("button", { name: "Update Status" }).click();
    await expect(page.getByTestId("ticket-notice")).toContainText("Status updated");
    await expect(details.locator('[data-status="resolved"]')).toHaveText("Resolved");

    await page.goto(`/admin/support-tickets?status=resolved&q=${encodeURIComponent(subject)}`);
    await expect(table.getByRole("link", { name: subject })).toBeVisible();
  });

  test("an unknown ticket is a 404", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    const res = await page.goto("/admin/support-tickets/00000000-0000-4000-8000-000000000000");
    expect(res?.status()).toBe(404);
  });
});
