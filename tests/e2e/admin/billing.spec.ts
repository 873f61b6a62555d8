import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

const DEMO_COMPANY = "Hartwell & Reyes Injury Law";
const uniqueReason = (what: string) => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

async function openDemoWallet(page: Page) {
  await page.goto(`/admin/billing?q=${encodeURIComponent(DEMO_LICENSEE.email)}`);
  const table = page.getByRole("region", { name: "Licensee wallets" });
  await table.getByRole("link", { name: DEMO_COMPANY }).click();
  await expect(page.getByRole("heading", { level: 1, name: DEMO_COMPANY })).toBeVisible();
}

test.describe("admin billing", () => {
  test("a credit with a reason shows in the balance and the ledger, and on the licensee's billing page", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/billing");
    await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
    await openDemoWallet(page);

    const reason = uniqueReason("Goodwill credit for the outage");
    await page.getByLabel("Adjustment").selectOption("credit");
    await page.getByLabel("Amount (USD)").fill("12.34");
    await page.getByLabel("Reason").fill(reason);
    await page.getByRole("button", { name: "Record Adjustment" }).click();

    const entry = page.getByRole("row", { name: new RegExp(reason) });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText("+$12.34");
    await expect(entry).toContainText("Adjustment");
    // The entry moved the balance by its amount: its "balance after" is the previous entry's plus $12.34 (read off
    // the ledger, not the header: other specs bill the demo wallet's leads meanwhile).
    const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
    const texts = await rows.allInnerTexts();
    const at = texts.findIndex((t) => t.includes(reason));
    const balanceAfter = (t: string) => cents(t.match(/-?\$[\d,]+\.\d{2}\s*$/)![0]!.replace(/\s/g, ""));
    expect(balanceAfter(texts[at]!) - balanceAfter(texts[at + 1]!)).toBe(1_234);
    await expect(page.getByText("The ledger adds up to this balance.")).toBeVisible();
    // The form is fresh again: a second click would book a second adjustment only with new values.
    await expect(page.getByLabel("Reason")).toHaveValue("");

    const theirs = await browser.newContext({ baseURL });
    const licensee = await theirs.newPage();
    await signInAs(licensee, DEMO_LICENSEE);
    await licensee.goto("/dashboard/billing");
    const line = licensee.getByRole("row", { name: new RegExp(reason) });
    await expect(line).toBeVisible();
    await expect(line).toContainText("+$12.34");
    await theirs.close();
  });

  test("a refused adjustment says why and keeps what was typed", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await openDemoWallet(page);
    await page.getByLabel("Amount (USD)").fill("0");
    await page.getByLabel("Reason").fill("Trying a zero");
    await page.getByRole("button", { name: "Record Adjustment" }).click();
    await expect(page.getByText("The amount must be more than $0.00.")).toBeVisible();
    await expect(page.getByLabel("Reason")).toHaveValue("Trying a zero");
    await expect(page.getByRole("row", { name: /Trying a zero/ })).toHaveCount(0);
  });

  test("the list searches and links to each wallet, and both pages pass axe", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/billing?q=no-such-licensee-anywhere");
    await expect(page.getByText("No licensees found matching your search criteria.")).toBeVisible();
    await page.goto("/admin/billing");
    for (const path of ["/admin/billing", "/admin/billing?period=7d"]) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
    }
    await openDemoWallet(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
    await page.goto("/admin/billing/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});

test.describe("admin billing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a blank reason is refused by the server with the typed amount kept; a debit then books", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await openDemoWallet(page);
    await page.getByLabel("Adjustment").selectOption("debit");
    await page.getByLabel("Amount (USD)").fill("1.01");
    await page.getByRole("button", { name: "Record Adjustment" }).click();
    await expect(page.getByText("Enter the reason for this adjustment.")).toBeVisible();
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("1.01");
    await expect(page.getByLabel("Adjustment")).toHaveValue("debit");

    const reason = uniqueReason("Late call charges");
    await page.getByLabel("Reason").fill(reason);
    await page.getByRole("button", { name: "Record Adjustment" }).click();
    const entry = page.getByRole("row", { name: new RegExp(reason) });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText("-$1.01");
  });
});

test("a license's page shows its standing and invoices, and cancelling asks when and why", async ({ page }) => {
  await signInAs(page, E2E_ADMIN);
  await page.goto(`/admin/licenses?q=${encodeURIComponent("Georgia")}`);
  await page
    .getByRole("link", { name: /^#4LAW/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "#4LAW in Georgia" })).toBeVisible();
  await expect(page.getByText(`Licensed to ${DEMO_COMPANY}.`)).toBeVisible();
  const card = page.getByTestId("license-billing");
  await expect(card.getByTestId("license-invoice").filter({ visible: true })).toHaveCount(3);
  // The demo's invoices were not paid through Stripe: there is nothing to refund through it.
  await expect(page.getByRole("button", { name: "Refund" })).toHaveCount(0);
  await page.getByRole("button", { name: "Cancel license" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel ${DEMO_COMPANY}'s license of #4LAW in Georgia?` });
  await expect(dialog.getByLabel("When")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel license" }).click();
  await expect(dialog.getByText("Say why the license is canceled.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
