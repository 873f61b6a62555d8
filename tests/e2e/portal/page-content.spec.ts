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

async function pendingCard(page: Page, service: string, field = "Services") {
  await signInAs(page, E2E_ADMIN);
  await page.goto("/admin/content-approval");
  await expect(page.getByRole("heading", { level: 1, name: "Content Approval" })).toBeVisible();
  const card = page.locator("[data-revision]").filter({ hasText: service });
  await expect(card).toContainText("#4LAW in Georgia");
  await expect(card).toContainText(field);
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

const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test("the firm edits its look, offices, reviews and logo with a live preview; approved, visitors see them", async ({
  page,
  browser,
  baseURL,
}) => {
  const quote = `They called back within the hour ${Math.random().toString(36).slice(2, 8)}`;
  await signInAs(page, DEMO_LICENSEE, "/dashboard/page-content");
  const card = page.locator("[id^='page-']").filter({ has: page.getByRole("heading", { name: "#4LAW in Georgia" }) });
  const preview = card.getByTestId("page-preview");
  await expect(preview).toHaveAttribute("data-device", "phone");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // The preview follows the form as the firm types.
  await card.getByText("Sky", { exact: true }).click();
  const reviews = card.getByRole("group", { name: /^Review \d+$/ });
  const blank = reviews.last();
  await blank.getByLabel("What they said").fill(quote);
  await blank.getByLabel("Who said it").fill("T. W., Decatur");
  await card.getByRole("group", { name: "Office 1" }).getByLabel("Hours").fill("Mon–Sat 8 am–8 pm");
  await card.getByLabel("New logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: ONE_PIXEL_PNG });
  await expect(preview.getByText(quote)).toBeVisible();
  await expect(preview.getByText("Mon–Sat 8 am–8 pm")).toBeVisible();
  await expect(preview.locator("img[alt$='logo']")).toHaveAttribute("src", /^blob:/);
  const dial = preview.getByTestId("dial-code");
  await expect(dial).toHaveCSS("color", "rgb(125, 211, 252)");
  await preview.getByRole("button", { name: "Desktop" }).click();
  await expect(preview).toHaveAttribute("data-device", "desktop");

  await card.getByRole("button", { name: /Submit/ }).click();
  await expect(card.getByText("Waiting for approval").first()).toBeVisible();

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  const pending = await pendingCard(admin, quote, "Reviews");
  await expect(pending).toContainText("Accent color");
  await expect(pending).toContainText("Logo");
  await pending.getByRole("button", { name: /^Approve/ }).click();
  await expect(pending).toHaveCount(0);
  await adminContext.close();

  const anon = await browser.newContext({ baseURL });
  const visitor = await anon.newPage();
  await visitor.goto(PUBLIC_PAGE);
  const main = visitor.getByRole("main");
  await expect(main.getByText(quote)).toBeVisible();
  await expect(main.getByText("Mon–Sat 8 am–8 pm")).toBeVisible();
  const logo = main.locator("img[alt$='logo']");
  await expect(logo).toHaveAttribute("src", /^\/media\/page_logos\//);
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The link preview: the share image the page names is a PNG, drawn for this page.
  const og = await visitor.locator("meta[property='og:image']").getAttribute("content");
  expect(og).toMatch(/\/p\/4law\/georgia\/share\.png\?v=[0-9a-f]+$/);
  const image = await visitor.request.get(new URL(og!).pathname + new URL(og!).search);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect((await new AxeBuilder({ page: visitor }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await anon.close();
});
