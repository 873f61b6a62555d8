import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * A public form whose answer was lost on the way back (the server recorded it, the browser saw a reset) and that the
 * visitor sends again is one submission: the second answer is the first one, and sales gets one notice (ADR 027).
 */
test.describe("a retried public form", () => {
  test("the contact form sent again after a lost answer is one message", async ({ page, browser, baseURL }) => {
    const subject = `Retry ${Date.now()}`;
    const fill = async () => {
      const form = page.locator("#contact-form");
      await form.getByLabel("Name", { exact: true }).fill("Maria Lopez");
      await form.getByLabel("Email", { exact: true }).fill("maria.retry@example.com");
      await form.getByLabel(/^Subject/).fill(subject);
      await form.getByLabel("Message", { exact: true }).fill("Is #4LAW still open in Ohio?");
      return form;
    };
    await page.goto("/contact");
    // The first post reaches the server, which records it; its answer never reaches the browser.
    let lost = false;
    await page.route(/\/contact(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() !== "POST" || lost) return route.fallback();
      await route.fetch();
      lost = true;
      await route.abort("connectionreset");
    });
    await (await fill()).getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => lost).toBe(true);

    // The visitor reloads and sends the same message again: the tab kept the form's key.
    await page.goto("/contact");
    await (await fill()).getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message Sent!" }).first()).toBeVisible();

    const ctx = await browser.newContext({ baseURL });
    const admin = await ctx.newPage();
    await signInAs(admin, E2E_ADMIN);
    await admin.goto(`/admin/emails?q=${encodeURIComponent(subject)}`);
    await expect(admin.getByRole("link", { name: `Contact form: ${subject}` })).toHaveCount(1);
    await ctx.close();
  });
});
