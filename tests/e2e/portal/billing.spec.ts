import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_STRIPE, E2E_USAGE_SECRET, signUsage } from "../support/billing-env.ts";
import { DEMO_LICENSEE } from "../support/env.ts";
import { expectHeading, signInAs, signUp, uniqueEmail } from "../support/helpers.ts";

/** The billing wallet: balance and history, a full card top-up through the Stripe stand-in, and usage debits. */

const driver = () => (test.info().project.name === "postgres" ? "postgres" : "pglite");
const standInUrl = () => `http://127.0.0.1:${E2E_STRIPE.ports[driver()]}`;

test("the wallet shows the balance, what it is for, and the history newest first", async ({ page }) => {
  await signInAs(page, DEMO_LICENSEE, "/dashboard/billing");
  await expectHeading(page, "Billing & Wallet");
  await expect(page.getByTestId("wallet-balance")).toHaveText(/^-?\$[\d,]+\.\d{2}$/);
  await expect(page.getByText("Available for minutes and SMS")).toBeVisible();
  for (const amount of ["$10.00", "$25.00", "$50.00"]) {
    await expect(page.getByRole("button", { name: `Top up ${amount}` })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Payment methods and auto-recharge" })).toBeVisible();
  // The license fees, each license with its invoices, apart from the wallet.
  await expect(page.getByRole("heading", { name: "License fees" })).toBeVisible();
  const georgia = page.getByTestId("license-billing").filter({ hasText: "#4LAW in Georgia" });
  await expect(georgia.getByTestId("license-standing")).toHaveText("Active");
  const shown = georgia.getByTestId("license-invoice").filter({ visible: true });
  await expect(shown).toHaveCount(3);
  await expect(shown.first()).toContainText("Monthly license fee");
  await expect(shown.first()).toContainText("$2,505.00");
  await georgia.getByText(/^Show \d+ older invoices$/).click();
  await expect(shown.last()).toContainText("Setup deposit and first month");
  const rows = page.getByTestId("wallet-entry");
  expect(await rows.count()).toBeGreaterThan(3);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  // The navigation leads here.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Billing & Wallet" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
});

test.describe
  .serial("money that moves", () => {
    let licenseeId = "";

    test("a $25.00 top-up round trip through checkout credits the wallet once", async ({ page }) => {
      await signInAs(page, DEMO_LICENSEE, "/dashboard/billing");
      // Counted in the ledger, not read off the balance: other specs bill the demo wallet's leads meanwhile.
      const topUps = page.getByTestId("wallet-entry").filter({ hasText: "Wallet top-up ($25.00)" });
      const before = await topUps.count();
      await page.getByRole("button", { name: "Top up $25.00" }).click();
      await page.waitForURL(`${standInUrl()}/checkout/**`);
      await expect(page.getByTestId("checkout-amount")).toHaveText("$25.00");
      // Back from checkout at the address it gives: the page shows the notice, then drops the query from it.
      const back = page.waitForRequest(
        (r) => r.isNavigationRequest() && /\/dashboard\/billing\?payment=success&session_id=cs_test_/.test(r.url()),
      );
      await page.getByRole("button", { name: "Pay $25.00" }).click();
      const sessionId = new URL((await back).url()).searchParams.get("session_id")!;
      await expect(page.getByText("Payment Successful!")).toBeVisible();
      await expect(
        page.getByText("Your wallet has been topped up. Please allow a few moments for the balance to update."),
      ).toBeVisible();
      await expect(topUps).toHaveCount(before + 1);
      await expect(page).toHaveURL(/\/dashboard\/billing$/);
      // After paying $50 the $25 button looked chosen: no amount looks chosen on the way back.
      for (const amount of ["$10.00", "$25.00", "$50.00"]) {
        await expect(page.getByRole("button", { name: `Top up ${amount}` })).toHaveClass(/hover:bg-background/);
      }
      // The webhook races the return: whichever came second credited nothing.
      await page.waitForTimeout(500);
      await page.reload();
      await expect(page.getByText("Payment Successful!")).toHaveCount(0);
      await expect(topUps).toHaveCount(before + 1);
      await expect(topUps.first()).toContainText("+$25.00");
      // The session the provider holds names the licensee: the usage test below bills it.
      const session = await page.request.get(`${standInUrl()}/v1/checkout/sessions/${sessionId}`, {
        headers: { authorization: `Bearer ${E2E_STRIPE.secretKey}` },
      });
      licenseeId = ((await session.json()) as { client_reference_id: string }).client_reference_id;
      expect(licenseeId).toMatch(/^[0-9a-f-]{36}$/);
    });

    test("a custom top-up keeps its card, and auto-recharge is set from it", async ({ page }) => {
      await signInAs(page, DEMO_LICENSEE, "/dashboard/billing");
      const amount = page.getByLabel("Another amount (USD)");
      // Out of bounds: said under the field, nothing opened.
      await amount.fill("5");
      await page.getByRole("button", { name: "Top up", exact: true }).click();
      await expect(page.getByText("The smallest top-up is $10.")).toBeVisible();
      await amount.fill("1500");
      await page.getByRole("button", { name: "Top up", exact: true }).click();
      await expect(page.getByText("The largest top-up is $1,000.")).toBeVisible();
      await amount.fill("75");
      await page.getByLabel("Save this card for auto-recharge").check();
      await page.getByRole("button", { name: "Top up", exact: true }).click();
      await page.waitForURL(`${standInUrl()}/checkout/**`);
      await expect(page.getByTestId("checkout-amount")).toHaveText("$75.00");
      await page.getByRole("button", { name: "Pay $75.00" }).click();
      await expect(page.getByText("Payment Successful!")).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/billing$/);
      // (The ledger, not the balance: the admin specs may move the demo wallet at the same time.)
      await expect(page.getByTestId("wallet-entry").first()).toContainText("Wallet top-up ($75.00)");
      await expect(page.getByTestId("saved-card")).toHaveText("Saved card for auto-recharge: Visa ending 4242.");

      await page.getByLabel("Top up automatically when my balance runs low").check();
      await page.getByLabel("When my balance falls under (USD)").fill("10");
      await page.getByLabel("Add (USD)").fill("25");
      await page.getByRole("button", { name: "Save auto-recharge" }).click();
      await expect(page.getByText("Auto-recharge is on").first()).toBeVisible();
      await expect(
        page.getByText("When your balance falls under $10.00, we add $25.00 with your saved card."),
      ).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Top up automatically when my balance runs low")).toBeChecked();
      await expect(page.getByLabel("Add (USD)")).toHaveValue("25");
      // Off again, so no recharge moves the demo wallet under the other specs' feet.
      await page.getByLabel("Top up automatically when my balance runs low").uncheck();
      await page.getByRole("button", { name: "Save auto-recharge" }).click();
      await expect(page.getByText("Auto-recharge is off").first()).toBeVisible();
    });

    test("the cancel dialog states the end date; cancelling schedules it for the end of the paid period (Central Florida; the admin spec looks at Georgia)", async ({
      page,
    }) => {
      await signInAs(page, DEMO_LICENSEE, "/dashboard/billing");
      const florida = page.getByTestId("license-billing").filter({ hasText: "#4LAW in Central Florida" });
      await florida.getByRole("button", { name: /^Cancel license/ }).click();
      const dialog = page.getByRole("dialog", {
        name: /^Cancel #4LAW in Central Florida on [A-Z][a-z]+ \d{1,2}, \d{4}\?$/,
      });
      await expect(dialog).toContainText("stays active until");
      await expect(dialog).toContainText("not refundable after the first 5 business days");
      const date = ((await dialog.getByRole("heading").textContent()) ?? "").match(/on (.+)\?$/)![1]!;
      await dialog.getByRole("button", { name: `Cancel on ${date}` }).click();
      await expect(page.getByText("Cancellation scheduled").first()).toBeVisible();
      await expect(florida.getByTestId("license-standing")).toHaveText("Canceling");
      await expect(florida).toContainText(`This license ends on ${date}`);
      await expect(florida.getByRole("button", { name: /^Cancel license/ })).toHaveCount(0);
    });

    test("a canceled checkout says so and charges nothing", async ({ page }) => {
      await signInAs(page, DEMO_LICENSEE, "/dashboard/billing");
      const tens = page.getByTestId("wallet-entry").filter({ hasText: "Wallet top-up ($10.00)" });
      const before = await tens.count();
      await page.getByRole("button", { name: "Top up $10.00" }).click();
      await page.waitForURL(`${standInUrl()}/checkout/**`);
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(
        page.getByText("Your payment process was canceled. Your wallet has not been charged."),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/billing$/);
      await expect(tens).toHaveCount(before);
    });

    test("a signed usage event debits the wallet once; a bad signature is refused", async ({ page, request }) => {
      expect(licenseeId).not.toBe("");
      await signInAs(page, DEMO_LICENSEE, "/dashboard/billing");
      const debits = page.getByTestId("wallet-entry").filter({ hasText: "10 call minutes at $0.05" });
      const before = await debits.count();
      const body = JSON.stringify({
        id: `e2e-${driver()}-${Date.now()}`,
        licensee_id: licenseeId,
        kind: "call_minutes",
        quantity: 10,
      });
      const t = Math.floor(Date.now() / 1000);
      const signed = signUsage(body, E2E_USAGE_SECRET, t);
      const send = (signature: string) =>
        request.post("/api/webhooks/usage", {
          data: body,
          headers: { "content-type": "application/json", "PoundCodes-Signature": signature },
        });
      expect((await send(`t=${t},v1=${"0".repeat(64)}`)).status()).toBe(401);
      const ok = await send(signed);
      expect(ok.status()).toBe(200);
      expect(await ok.json()).toMatchObject({ status: "recorded", amount_cents: -50 });
      expect(await (await send(signed)).json()).toMatchObject({ status: "duplicate" });
      await page.reload();
      await expect(debits).toHaveCount(before + 1);
      const newest = debits.first();
      await expect(newest).toContainText("-$0.50");
      // The line's link is followed in the page, without a reload: a mark left on the window before the click stays.
      await page.evaluate(() => Object.assign(window, { beforeClick: true }));
      await newest.getByRole("link").click();
      await expectHeading(page, "Transaction");
      await expect(page.getByText("$0.05 each")).toBeVisible();
      expect(await page.evaluate(() => "beforeClick" in window)).toBe(true);
    });
  });

test("another account never sees a licensee's ledger entry", async ({ page, browser }) => {
  await signInAs(page, DEMO_LICENSEE, "/dashboard/billing");
  const href = await page.getByTestId("wallet-entry").first().getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/dashboard\/billing\/transactions\//);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const stranger = await other.newPage();
  await signUp(stranger, { name: "Sam Stranger", email: uniqueEmail("billing"), password: "stranger-pass-2026" });
  await stranger.waitForURL(/\/dashboard/);
  const res = await stranger.goto(href!);
  expect(res?.status()).toBe(404);
  await other.close();
});

test("on a phone the history's rows are cards and the top-up buttons fit", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO_LICENSEE, "/dashboard/billing");
  await expect(page.getByRole("button", { name: "Top up $50.00" })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  // One rendering for every width: the column headers give way to labelled lines in each row's card.
  const history = page.getByRole("region", { name: "Transaction history" });
  await expect(history.getByRole("columnheader", { name: "Balance" })).toBeHidden();
  const entry = history.getByTestId("wallet-entry").first();
  await expect(entry).toBeVisible();
  expect(await entry.evaluate((row) => getComputedStyle(row).flexDirection)).toBe("column");
  const balanceLabel = await entry
    .locator('td[data-label="Balance"]')
    .evaluate((cell) => getComputedStyle(cell, "::before").content);
  expect(balanceLabel).toBe('"Balance"');
  const box = await entry.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});
