import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The demo licensee edits the text of their #4LAW page in Georgia from /dashboard/page-content; nothing is live until
 * an administrator approves it at /admin/content-approval. The page holds one waiting proposal at a time, so the two
 * tests run in order. They change only the page's services (other specs read its title, description and sections).
 */
test.describe.configure({ mode: "serial" });

const PUBLIC_PAGE = "/p/4law/georgia";
const unique = () => `Parking validated ${Math.random().toString(36).slice(2, 8)}`;

async function propose(page: Page, service: string) {
  await signInAs(page, DEMO_LICENSEE, "/dashboard");
  await page
    .getByRole("region", { name: "Your Services" })
    .getByRole("link", { name: /Dynamic Page Content/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Dynamic Page Content" })).toBeVisible();
  const card = page.locator("[id^='page-']").filter({ has: page.getByRole("heading", { name: "#4LAW in Georgia" }) });
  const services = card.getByLabel(/Services/);
  const current = await services.inputValue();
  await services.fill(`${current}\n${service}`);
  await card.getByRole("button", { name: /Submit/ }).click();
  await expect(card.getByText("Waiting for approval").first()).toBeVisible();
  await expect(card.getByLabel(/Services/)).toHaveValue(new RegExp(service));
  return card;
}

async function pendingCard(page: Page, service: string) {
  await signInAs(page, E2E_ADMIN);
  await page.goto("/admin/content-approval");
  await expect(page.getByRole("heading", { level: 1, name: "Content Approval" })).toBeVisible();
  const card = page.locator("[data-revision]").filter({ hasText: service });
  await expect(card).toContainText("#4LAW in Georgia");
  await expect(card).toContainText("Services");
  return card;
}

test("a licensee's change goes live once an administrator approves it", async ({ page, browser, baseURL }) => {
  const service = unique();
  await propose(page, service);
  // Not live yet.
  const before = await page.request.get(PUBLIC_PAGE);
  expect(await before.text()).not.toContain(service);

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  const card = await pendingCard(admin, service);
  expect((await new AxeBuilder({ page: admin }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await card.getByRole("button", { name: /^Approve/ }).click();
  await expect(card).toHaveCount(0);
  await expect(admin.getByRole("row").filter({ hasText: "#4LAW in Georgia" }).first()).toContainText("Approved");

  const anon = await browser.newContext({ baseURL });
  const visitor = await anon.newPage();
  await visitor.goto(PUBLIC_PAGE);
  await expect(visitor.getByRole("main").getByText(service)).toBeVisible();
  await anon.close();

  await page.reload();
  const mine = page.locator("[id^='page-']").filter({ has: page.getByRole("heading", { name: "#4LAW in Georgia" }) });
  await expect(mine.getByText("Waiting for approval")).toHaveCount(0);
  await expect(mine.locator("[data-last-review='approved']")).toBeVisible();
  await adminContext.close();
});

test("a rejected change leaves the page as it was and shows the licensee the note", async ({
  page,
  browser,
  baseURL,
}) => {
  const service = unique();
  await propose(page, service);

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  const card = await pendingCard(admin, service);
  // A note is needed to reject.
  await card.getByRole("button", { name: /^Reject/ }).click();
  await expect(card.getByText("Say why, so the licensee can fix it.")).toBeVisible();
  await card.getByLabel("Note to the licensee").fill("Please name the parking garage you validate.");
  await card.getByRole("button", { name: /^Reject/ }).click();
  await expect(card).toHaveCount(0);
  await adminContext.close();

  const res = await page.request.get(PUBLIC_PAGE);
  expect(await res.text()).not.toContain(service);

  await page.reload();
  const mine = page.locator("[id^='page-']").filter({ has: page.getByRole("heading", { name: "#4LAW in Georgia" }) });
  const review = mine.locator("[data-last-review='rejected']");
  await expect(review).toContainText("Please name the parking garage you validate.");
  await expect(mine.getByText("Waiting for approval")).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});
