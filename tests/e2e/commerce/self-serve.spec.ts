import path from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { PRECOMPILED_FLAGS } from "#scripts/serve-flags.ts";
import { E2E_ADMIN, E2E_MANUAL_PORTS } from "../support/env.ts";
import { signInAs, testClientAddress } from "../support/helpers.ts";

/**
 * The whole self-serve flow as a firm would do it, from a click on the home map to a signed agreement, a paid deposit
 * and first month (the Stripe stand-in's checkout) and a live landing page. Every human action (a click, a field
 * typed, a box ticked, an email link opened) goes through `Actions.act`, and the count is printed as
 * `self-serve: N human actions`.
 *
 * - LICENSE_APPROVAL=auto, the shared servers' setting: no one else's help.
 * - LICENSE_APPROVAL=manual, on a server this spec starts for itself: the administrator approves in the middle.
 */

/** Counts what a person does; the locator calls it wraps are the only way the flow touches the page. */
class Actions {
  count = 0;
  async act(step: () => Promise<unknown>) {
    this.count++;
    await step();
  }
  click = (l: Locator) => this.act(() => l.click());
  type = (l: Locator, value: string) => this.act(() => l.fill(value));
}

const PASSWORD = "Self-serve-2026!";

/**
 * From the home map to a hold on #4LAW in Iowa: the territory, the #Code in its popup, the form. The firm comes from
 * an address of its own, so its holds do not count against the other specs' per-address limit.
 */
async function reserveFromMap(page: Page, me: Actions, email: string) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": testClientAddress() });
  await page.goto("/");
  await me.click(page.getByRole("button", { name: /^Iowa: / }));
  await me.click(page.getByRole("dialog").getByRole("link", { name: /#4LAW/ }));
  // The popup's link keeps the territory: it is selected on arrival.
  await expect(page).toHaveURL(/\/number\/hash-4law\/iowa$/);
  await me.click(page.getByRole("button", { name: "Select Category & Reserve" }));
  const dialog = page.getByRole("dialog");
  await me.type(dialog.getByLabel("Full name"), "Riley Self-Serve");
  await me.type(dialog.getByLabel(/^Email/), email);
  await me.type(dialog.getByLabel(/^Phone/), "(515) 555-0142");
  await me.click(dialog.getByRole("checkbox"));
  await me.click(dialog.getByRole("button", { name: /^Reserve/ }));
  await expect(page.getByText(/confirm within 24 hours/).first()).toBeVisible();
}

/** A new account's first password, from the page its link opened: signed in at the order. */
async function choosePassword(page: Page, me: Actions) {
  await expect(page.getByRole("heading", { level: 1, name: "Choose a password" })).toBeVisible();
  await me.type(page.getByLabel("Password", { exact: true }), PASSWORD);
  await me.type(page.getByLabel("Confirm password"), PASSWORD);
  await me.click(page.getByRole("button", { name: "Set Password and Sign In" }));
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("#4LAW in Iowa");
}

/** From the order page: sign, pay the deposit and first month in one checkout, and open the page's editor. */
async function signPayAndGoLive(page: Page, me: Actions) {
  const due = (await page
    .getByTestId("order-price")
    .getByText(/^\$[\d,]+\.\d\d$/)
    .last()
    .textContent())!;
  await me.click(page.getByRole("link", { name: "Review and sign the agreement" }));
  const signer = page.getByLabel("Your full name");
  await expect(signer).toHaveValue("");
  await me.type(signer, "Riley Self-Serve");
  await me.click(page.getByRole("checkbox"));
  await me.click(page.getByRole("button", { name: "Sign Agreement" }));
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.getByTestId("order-steps").getByText("Agreement signed")).toBeVisible();

  await me.click(page.getByRole("button", { name: `Pay ${due}` }));
  await expect(page.getByTestId("checkout-amount")).toHaveText(due);
  await expect(page.getByText(/per month/)).toBeVisible();
  await me.click(page.getByRole("button", { name: `Pay ${due}` }));
  await expect(page.getByText("Payment Received")).toBeVisible();
  await expect(page.getByRole("heading", { name: "You're live" })).toBeVisible();
  await expect(page.getByTestId("order-steps").locator('[data-done="false"]')).toHaveCount(0);

  // The new page is not public until the firm gives it its details: the order leads to the page's editor.
  // (A look past the end of the flow, which ends at "You're live": not counted.)
  await page.getByRole("link", { name: "Set up your landing page" }).click();
  await expect(page).toHaveURL(/\/dashboard\/page-content$/);
  const card = page.locator("[id^='page-']").filter({ has: page.getByRole("heading", { name: "#4LAW in Iowa" }) });
  await expect(card.getByTestId("page-not-public")).toContainText("areas of law or services");
  expect((await page.request.get("/p/4law/iowa")).status()).toBe(404);
}

/** A link from the newest email to `to` with `subject`, read through the admin's outbox screen. */
async function mailedLink(browser: Browser, baseURL: string, to: string, subject: string, href: RegExp) {
  const ctx = await browser.newContext({ baseURL });
  const admin = await ctx.newPage();
  await signInAs(admin, E2E_ADMIN, undefined, baseURL);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto(`/admin/emails?q=${encodeURIComponent(to)}&to=${encodeURIComponent(to)}`);
  await admin.getByRole("link", { name: subject }).first().click();
  await expect(admin.getByTestId("email-body")).toContainText("due at checkout");
  const link = await admin.getByTestId("email-body").getByRole("link", { name: href }).first().getAttribute("href");
  await ctx.close();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test("auto approval: a visitor licenses #4LAW in Iowa from the home map in at most 20 actions, with no one's help", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const me = new Actions();
  const email = `firm-${Date.now()}@example.com`;

  await reserveFromMap(page, me, email);
  // The email states the price and carries the confirmation link.
  const link = await mailedLink(browser, baseURL!, email, "Your reservation: #4LAW in Iowa", /\/reservations\/confirm/);
  await me.act(() => page.goto(link));
  await me.click(page.getByRole("button", { name: "Confirm Reservation" }));
  // Approved at once: a new account chooses its password and is signed in at its order.
  await choosePassword(page, me);
  const order = page.url();
  await signPayAndGoLive(page, me);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(`self-serve: ${me.count} human actions (auto, ${test.info().project.name}, ${seconds} s, 0 waits)`);
  expect(me.count).toBeLessThanOrEqual(20);

  // The new licensee's dashboard greets them with what is left: funding the wallet.
  await page.goto("/dashboard");
  const steps = page.getByTestId("first-steps");
  await expect(steps.locator('[data-done="true"]')).toHaveCount(3);
  await expect(steps.getByRole("link", { name: "Fund your wallet for calls and text messages" })).toBeVisible();

  // Now a verified licensee: "License now" on another territory prefills the form and goes straight to the order.
  const again = new Actions();
  await page.goto("/number/hash-4law/missouri");
  await again.click(page.getByRole("button", { name: "Select Category & Reserve" }));
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Full name")).toHaveValue("Riley Self-Serve");
  await expect(dialog.getByLabel(/^Email/)).toHaveValue(email);
  await again.type(dialog.getByLabel(/^Phone/), "(515) 555-0142");
  await again.click(dialog.getByRole("checkbox"));
  await again.click(dialog.getByRole("button", { name: "License now" }));
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("#4LAW in Missouri");
  await expect(page.getByRole("link", { name: "Review and sign the agreement" })).toBeVisible();
  console.info(`license now: ${again.count} human actions from the number page to the agreement`);

  // The order page's link works for the visitor signed out, and the pair is licensed on the map.
  await page.context().clearCookies();
  await page.goto(order);
  await expect(page.getByRole("heading", { name: "You're live" })).toBeVisible();
  await page.goto("/number/hash-4law/iowa");
  await expect(page.getByRole("button", { name: "Iowa: Fully Licensed" })).toBeVisible();
});

test.describe("manual approval", () => {
  let server: import("node:child_process").ChildProcess | undefined;
  let base = "";

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    const driver = test.info().project.name === "postgres" ? "postgres" : "pglite";
    const { spawn } = await import("node:child_process");
    server = spawn(
      process.execPath,
      [...PRECOMPILED_FLAGS, path.join("tests", "e2e", "support", "serve.ts"), driver, "manual"],
      {
        env: process.env,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    base = `http://localhost:${E2E_MANUAL_PORTS[driver]}`;
    const deadline = Date.now() + 140_000;
    for (;;) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error("the manual-approval server did not start");
      await new Promise((r) => setTimeout(r, 500));
    }
  });
  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  });

  test("the administrator approves in the middle; the firm signs, pays and goes live", async ({ browser }) => {
    test.setTimeout(150_000);
    const started = Date.now();
    const firm = new Actions();
    const admin = new Actions();
    const email = `firm-manual-${Date.now()}@example.com`;
    const ctx = await browser.newContext({ baseURL: base });
    const page = await ctx.newPage();

    await reserveFromMap(page, firm, email);
    const link = await mailedLink(browser, base, email, "Your reservation: #4LAW in Iowa", /\/reservations\/confirm/);
    await firm.act(() => page.goto(link));
    await firm.click(page.getByRole("button", { name: "Confirm Reservation" }));
    // Manual: the hold is confirmed and waits for PoundCodes; its order page says so.
    await expect(page.getByText(/Our licensing team reviews it next/)).toBeVisible();
    // (A look at the order, not a step of the flow: not counted.)
    await page.getByRole("link", { name: "See my order" }).click();
    await expect(page.getByTestId("order-next")).toContainText("Our licensing team is reviewing your reservation");

    // The administrator approves it from the queue, with the price in front of them.
    const adminCtx = await browser.newContext({ baseURL: base });
    const desk = await adminCtx.newPage();
    await signInAs(desk, E2E_ADMIN, undefined, base);
    await desk.goto(`/admin/reservations?q=${encodeURIComponent(email)}`);
    const row = desk.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Not yet approved")).toBeVisible();
    await admin.click(row.getByRole("button", { name: /^Approve #4LAW in Iowa for / }));
    const confirm = desk.getByRole("dialog", { name: "Approve #4LAW in Iowa?" });
    await expect(confirm.getByTestId("approval-price")).toContainText("due at checkout");
    await admin.click(confirm.getByRole("button", { name: "Approve", exact: true }));
    await expect(row.getByText("Approved: awaiting signature")).toBeVisible();
    await adminCtx.close();

    // The invitation states the price; its link chooses a password and lands on the order.
    const invite = await mailedLink(
      browser,
      base,
      email,
      "Approved: #4LAW in Iowa — choose a password",
      /reset-password/,
    );
    await firm.act(() => page.goto(invite));
    await choosePassword(page, firm);
    await signPayAndGoLive(page, firm);

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `self-serve: ${firm.count} human actions (manual, ${test.info().project.name}, ${seconds} s, 1 wait: ${admin.count} by the administrator)`,
    );
    expect(firm.count).toBeLessThanOrEqual(20);

    // Its billing: the first invoice with Stripe's receipt, the customer portal, and a cancellation inside the
    // 5-business-day window that ends the license at once and refunds the setup deposit.
    await page.goto("/dashboard/billing");
    const card = page.getByTestId("license-billing").filter({ hasText: "#4LAW in Iowa" });
    await expect(card.getByTestId("license-standing")).toHaveText("Active");
    const first = card.getByTestId("license-invoice").filter({ visible: true }).first();
    await expect(first).toContainText("Setup deposit and first month");
    await expect(first).toContainText("Paid");
    await expect(first.getByRole("link", { name: /^Receipt/ })).toHaveAttribute("href", /\/invoices\/in_test_/);
    await page.getByRole("button", { name: "Manage payment method and invoices" }).click();
    await expect(page.getByRole("heading", { name: "Customer portal (test stand-in)" })).toBeVisible();
    await page.getByRole("link", { name: "Return to PoundCodes" }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);

    await card.getByRole("button", { name: /^Cancel license/ }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel #4LAW in Iowa today?" });
    await expect(cancel).toContainText(/setup deposit of \$[\d,]+\.\d\d is refunded to your card/);
    await cancel.getByRole("button", { name: "Cancel and refund deposit" }).click();
    await expect(page.getByText("License canceled").first()).toBeVisible();
    await expect(card.getByTestId("license-standing")).toHaveText("Ended");
    await expect(card.getByTestId("license-refund")).toContainText("(setup deposit)");
    await expect(card.getByRole("button", { name: /^Cancel license/ })).toHaveCount(0);
    // The territory is on offer again.
    await page.goto("/number/hash-4law/iowa");
    await expect(page.getByRole("button", { name: /^Iowa: Available/ })).toBeVisible();
    await ctx.close();
  });
});
