import { type Browser, expect, type Locator, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The whole self-serve flow in LICENSE_APPROVAL=auto (the e2e servers' setting), as a firm would do it: from a click
 * on the home map to a signed agreement, a paid deposit and first month (the Stripe stand-in's checkout) and a live
 * landing page, with no one else's help. Every human action (a click, a field typed, a box ticked, an email link
 * opened) goes through `act`, and the count is printed as `self-serve: N human actions`.
 */
test("a visitor licenses #4LAW in Iowa from the home map in at most 20 actions, with no one's help", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  let actions = 0;
  const act = async (step: () => Promise<unknown>) => {
    actions++;
    await step();
  };
  const click = (l: Locator) => act(() => l.click());
  const type = (l: Locator, value: string) => act(() => l.fill(value));
  const email = `firm-${Date.now()}@example.com`;
  const password = "Self-serve-2026!";

  // The home map: the territory, then the #Code in its popup (which keeps the territory).
  await page.goto("/");
  await click(page.getByRole("button", { name: /^Iowa: / }));
  await click(page.getByRole("dialog").getByRole("link", { name: /#4LAW/ }));
  await expect(page).toHaveURL(/\/number\/hash-4law\/iowa$/);

  // Reserve: four fields and the terms.
  await click(page.getByRole("button", { name: "Select Category & Reserve" }));
  const dialog = page.getByRole("dialog");
  await type(dialog.getByLabel("Full name"), "Riley Self-Serve");
  await type(dialog.getByLabel(/^Email/), email);
  await type(dialog.getByLabel(/^Phone/), "(515) 555-0142");
  await click(dialog.getByRole("checkbox"));
  await click(dialog.getByRole("button", { name: /^Reserve/ }));
  await expect(page.getByText(/confirm within 24 hours/).first()).toBeVisible();

  // The email states the price and carries the confirmation link (read here through the admin mailbox).
  const link = await mailedLink(
    browser,
    baseURL!,
    email,
    "Your reservation: #4LAW in Iowa",
    /\/reservations\/confirm\?token=/,
  );
  await act(() => page.goto(link));
  await click(page.getByRole("button", { name: "Confirm Reservation" }));

  // Approved at once: a new account chooses its password and is signed in at its order.
  await expect(page.getByRole("heading", { level: 1, name: "Choose a password" })).toBeVisible();
  await type(page.getByLabel("Password", { exact: true }), password);
  await type(page.getByLabel("Confirm password"), password);
  await click(page.getByRole("button", { name: "Set Password and Sign In" }));
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+/);
  const order = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("#4LAW in Iowa");
  const price = page.getByTestId("order-price");
  const due = (await price
    .getByText(/^\$[\d,]+\.\d\d$/)
    .last()
    .textContent())!;

  // Sign the agreement online.
  await click(page.getByRole("link", { name: "Review and sign the agreement" }));
  const signer = page.getByLabel("Your full name");
  if (!(await signer.inputValue())) await type(signer, "Riley Self-Serve");
  await click(page.getByRole("checkbox"));
  await click(page.getByRole("button", { name: "Sign Agreement" }));
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.getByTestId("order-steps").getByText("Agreement signed")).toBeVisible();

  // Pay the deposit and the first month in one checkout (the stand-in), and come back to a live license.
  await click(page.getByRole("button", { name: `Pay ${due}` }));
  await expect(page.getByTestId("checkout-amount")).toHaveText(due);
  await expect(page.getByText(/per month/)).toBeVisible();
  await click(page.getByRole("button", { name: `Pay ${due}` }));
  await expect(page.getByText("Payment Received")).toBeVisible();
  await expect(page.getByRole("heading", { name: "You're live" })).toBeVisible();
  await expect(page.getByTestId("order-steps").locator('[data-done="false"]')).toHaveCount(0);

  // The landing page is live, from the profile, with no administrator's step.
  await click(page.getByRole("link", { name: "View your page" }));
  await expect(page).toHaveURL(/\/p\/4law\/iowa$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Riley Self-Serve").first()).toBeVisible();

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(`self-serve: ${actions} human actions (${test.info().project.name}, ${seconds} s)`);
  expect(actions).toBeLessThanOrEqual(20);

  // The new licensee's dashboard greets them with what is left: funding the wallet.
  await page.goto("/dashboard");
  const steps = page.getByTestId("first-steps");
  await expect(steps.locator('[data-done="true"]')).toHaveCount(3);
  await expect(steps.getByRole("link", { name: "Fund your wallet for calls and text messages" })).toBeVisible();

  // The order page's link works for the visitor signed out, and the pair is licensed on the map.
  await page.context().clearCookies();
  await page.goto(order);
  await expect(page.getByRole("heading", { name: "You're live" })).toBeVisible();
  await page.goto("/number/hash-4law/iowa");
  await expect(page.getByRole("button", { name: "Iowa: Fully Licensed" })).toBeVisible();
});

/** A link from the newest email to `to` with `subject`, read through the admin's outbox screen. */
async function mailedLink(
  browser: Browser,
  baseURL: string,
  to: string,
  subject: string,
  href: RegExp,
): Promise<string> {
  const ctx = await browser.newContext({ baseURL });
  const admin = await ctx.newPage();
  await signInAs(admin, E2E_ADMIN);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto(`/admin/emails?q=${encodeURIComponent(to)}&to=${encodeURIComponent(to)}`);
  await admin.getByRole("link", { name: subject }).first().click();
  await expect(admin.getByTestId("email-body")).toContainText("due at checkout");
  const link = await admin.getByTestId("email-body").getByRole("link", { name: href }).first().getAttribute("href");
  await ctx.close();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}
