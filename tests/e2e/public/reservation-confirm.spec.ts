import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

const shape = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name}: `) });

test("a visitor's hold is confirmed from the emailed link, once", async ({ page, browser, baseURL }) => {
  const email = `confirm-${Date.now()}@example.com`;
  await page.goto("/number/hash-4law");
  await shape(page, "Nebraska").click();
  await page.getByRole("button", { name: "Select Category & Reserve" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Full name").fill("Casey Confirm");
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Phone/).fill("(402) 555-0140");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: /^Reserve/ }).click();
  await expect(page.getByText(/confirm within 24 hours/).first()).toBeVisible();

  // The requester's email carries the one-time link (read here through the admin mailbox).
  const adminCtx = await browser.newContext({ baseURL });
  const admin = await adminCtx.newPage();
  await signInAs(admin, E2E_ADMIN);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto(`/admin/emails?q=${encodeURIComponent(email)}&to=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: "Your reservation: #4LAW in Nebraska" }).click();
  const link = await admin
    .getByTestId("email-body")
    .getByRole("link", { name: /\/reservations\/confirm\?token=/ })
    .getAttribute("href");
  await adminCtx.close();
  expect(link).toMatch(/\/reservations\/confirm\?token=/);

  // Opening the link changes nothing by itself; the button confirms.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your reservation" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm Reservation" }).click();
  // LICENSE_APPROVAL=auto: the proven address approves the order, and a new account chooses its password next.
  await expect(page.getByText("Reservation Confirmed")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Choose a password" })).toBeVisible();

  // The link works once.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByRole("button", { name: "Confirm Reservation" }).click();
  await expect(page.getByText(/This confirmation link is no longer valid/)).toBeVisible();
});
