import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The licensee's support tickets: the list and thread (a ticket is a URL), the new-ticket dialog (priority medium,
 * create disabled while blank), replying (send disabled while blank), and an administrator's reply appearing in
 * the open thread without a reload. Other specs use the same demo licensee, so each test makes its own ticket.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Posts as an administrator, from a context of its own: the admin side of the conversation. */
async function asAdmin(browser: Browser, baseURL: string, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signInAs(page, E2E_ADMIN);
    await run(page);
  } finally {
    await context.close();
  }
}

test.describe("support tickets (licensee)", () => {
  test("creates a ticket, replies, and sees the admin's reply appear without reloading", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, DEMO_LICENSEE, "/dashboard/support-tickets");
    await expect(page.getByRole("heading", { level: 1, name: "Support Tickets" })).toBeVisible();
    // The demo seed's tickets are listed.
    await expect(page.getByRole("link", { name: /Add our Savannah office/ })).toBeVisible();

    // The dialog: priority medium by default, create disabled until subject and description are filled.
    await page.getByRole("link", { name: "New Ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "New support ticket" });
    await expect(dialog.getByLabel("Priority")).toHaveValue("medium");
    const create = dialog.getByRole("button", { name: "Submit Ticket" });
    await expect(create).toBeDisabled();
    const subject = `Forward #4LAW voicemail ${unique()}`;
    await dialog.getByLabel("Subject").fill(subject);
    await expect(create).toBeDisabled();
    await dialog.getByLabel("Description").fill("   ");
    await expect(create).toBeDisabled();
    await dialog.getByLabel("Description").fill("Please email voicemails left on #4LAW to intake@whitfield.example.");
    await expect(create).toBeEnabled();
    await create.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Ticket Created")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/support-tickets\?ticket=[0-9a-f-]{36}$/);
    const ticketId = new URL(page.url()).searchParams.get("ticket")!;

    const thread = page.getByTestId("ticket-thread");
    await expect(thread.getByRole("heading", { level: 2, name: subject })).toBeVisible();
    await expect(thread.locator('[data-status="open"]')).toHaveText("Open");
    await expect(thread.locator('[data-priority="medium"]')).toContainText("Medium");
    await expect(page.getByRole("link", { name: new RegExp(subject) })).toHaveAttribute("aria-current", "page");

    // Reply: the send control is disabled while the message is blank or whitespace only.
    const box = page.getByLabel("Your reply");
    const send = page.getByRole("button", { name: "Send Reply" });
    await expect(send).toBeDisabled();
    await box.fill("  \n ");
    await expect(send).toBeDisabled();
    await box.fill("Our intake address is intake@whitfield.example.");
    await send.click();
    await expect(page.getByTestId("ticket-notice")).toHaveText("Reply posted");
    await expect(box).toHaveValue("");
    const log = page.getByRole("log", { name: "Conversation" });
    await expect(log.getByText("Our intake address is intake@whitfield.example.")).toBeVisible();
    await expect(thread.locator('[data-status="pending_admin"]')).toHaveText("Awaiting our reply");

    // The administrator replies elsewhere; the open thread shows it without a reload.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const adminReply = `Voicemail forwarding is on. ${unique()}`;
    await asAdmin(browser, baseURL!, async (admin) => {
      const res = await admin.request.post(`/admin/support-tickets/${ticketId}`, {
        form: { intent: "reply", ticketId, message: adminReply },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(302);
    });
    await expect(log.getByText(adminReply)).toBeVisible({ timeout: 30_000 });
    await expect(log.getByText("Admin", { exact: true }).last()).toBeVisible();
    await expect(thread.locator('[data-status="pending_user"]')).toHaveText("Awaiting your reply");
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  // Another licensee's 404 for this ticket is in the authorization matrix (platform/authorization.spec.ts).
  test("an administrator opening the ticket's portal link is taken to the admin view of it", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAs(page, DEMO_LICENSEE, "/dashboard/support-tickets");
    await page.getByRole("link", { name: /Add our Savannah office/ }).click();
    await expect(page).toHaveURL(/\?ticket=/);
    const ticketId = new URL(page.url()).searchParams.get("ticket")!;
    await asAdmin(browser, baseURL!, async (other) => {
      await other.goto(`/dashboard/support-tickets?ticket=${ticketId}`);
      await expect(other).toHaveURL(new RegExp(`/admin/support-tickets/${ticketId}$`));
      await expect(other.getByRole("heading", { level: 1 })).toContainText("Add our Savannah office");
      // the portal's live-update endpoint stays the owner's
      const poll = await other.request.get(`/dashboard/support-tickets/${ticketId}/updates`);
      expect(poll.status()).toBe(404);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("opens a ticket from the page's form, and replies", async ({ page }) => {
      await signInAs(page, DEMO_LICENSEE, "/dashboard/support-tickets");
      await page.getByRole("link", { name: "New Ticket" }).click();
      await expect(page).toHaveURL(/\?new=1$/);
      await expect(page.getByLabel("Priority")).toHaveValue("medium");
      await page.getByRole("button", { name: "Submit Ticket" }).click();
      await expect(page.getByText("Subject is required.")).toBeVisible();
      const subject = `Add a Spanish greeting ${unique()}`;
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Description").fill("Callers should hear a Spanish option first.");
      await page.getByRole("button", { name: "Submit Ticket" }).click();
      await expect(page).toHaveURL(/\?ticket=[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
      await expect(page.getByTestId("ticket-notice")).toContainText("Ticket Created");

      // A blank reply is refused with a message; a real one is posted.
      await page.getByRole("button", { name: "Send Reply" }).click();
      await expect(page.getByText("Please write a message before sending.")).toBeVisible();
      await page.getByLabel("Your reply").fill("Both offices, please.");
      await page.getByRole("button", { name: "Send Reply" }).click();
      await expect(page.getByTestId("ticket-notice")).toHaveText("Reply posted");
      await expect(page.getByRole("log", { name: "Conversation" }).getByText("Both offices, please.")).toBeVisible();
    });
  });
});
