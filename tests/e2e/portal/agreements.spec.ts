/**
 * /dashboard/agreements: the cards, the PDF behind a short-lived signed link, and signing online.
 *
 * The demo seed gives the demo licensee two active agreements and one pending (the Georgia license's Adjunct
 * Marketing Agreement). The tests run in order on each seeded server: the last one signs that pending agreement,
 * so no other spec may rely on it staying pending.
 */
import { createHash } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { DEMO_LICENSEE } from "../support/env.ts";
import { signInAs, signUp, uniqueEmail } from "../support/helpers.ts";

test.describe.configure({ mode: "serial" });

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function pendingAgreementId(page: Page): Promise<string> {
  await page.goto("/dashboard/agreements");
  const href = await page.getByRole("link", { name: "Review & Sign" }).first().getAttribute("href");
  const id = href?.split("/").pop();
  if (!id) throw new Error("no pending agreement on the demo licensee");
  return id;
}

test("the cards show type, status, territory, signed date and a 150-character preview", async ({ page }) => {
  await signInAs(page, DEMO_LICENSEE);
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Agreements" }).click();
  await expect(page).toHaveURL(/\/dashboard\/agreements$/);
  await expect(page.getByRole("heading", { level: 1, name: "Agreements" })).toBeVisible();
  const cards = page.getByTestId("agreement-card");
  await expect(cards).toHaveCount(3);
  const pending = cards.filter({ hasText: "Awaiting signature" });
  await expect(pending).toHaveCount(1);
  await expect(pending.getByRole("heading", { name: "Adjunct Marketing Agreement" })).toBeVisible();
  await expect(pending.getByText("Georgia", { exact: true })).toBeVisible();
  await expect(pending.getByText("Not yet signed")).toBeVisible();
  await expect(pending.locator("[data-tone]")).toHaveAttribute("data-tone", "amber");
  const active = cards.filter({ hasText: "Territory License Agreement" });
  await expect(active).toHaveCount(2);
  for (const tone of await active.locator("[data-tone]").all())
    await expect(tone).toHaveAttribute("data-tone", "green");
  await expect(active.first().getByText(/\w+ \d{1,2}, 2026/)).toBeVisible();
  for (const preview of await page.getByTestId("terms-preview").allTextContents()) {
    expect(preview.length).toBeLessThanOrEqual(151);
  }
});

test("another user gets 404 for the agreement, its PDF address and its signed link", async ({ page, browser }) => {
  await signInAs(page, DEMO_LICENSEE);
  const id = await pendingAgreementId(page);
  const redirect = await page.request.get(`/dashboard/agreements/${id}/pdf`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const link = redirect.headers().location!;
  expect(link).toMatch(/^\/resources\/agreements\/.+\/document\?u=/);

  const baseURL = test.info().project.use.baseURL!;
  const ctx = await browser.newContext({ baseURL });
  const stranger = await ctx.newPage();
  await signUp(stranger, {
    name: "Mallory Quince",
    email: uniqueEmail("agreements-stranger"),
    password: "stranger-pass-2026",
  });
  await stranger.waitForURL(/\/dashboard/);
  expect((await stranger.goto(`/dashboard/agreements/${id}`))?.status()).toBe(404);
  expect((await stranger.request.get(`/dashboard/agreements/${id}/pdf`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await stranger.request.get(link)).status()).toBe(404);
  const post = await stranger.request.post(`/dashboard/agreements/${id}`, {
    form: { signerName: "Mallory Quince", consent: "on", documentSha256: "0".repeat(64) },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
  await stranger.goto("/dashboard/agreements");
  await expect(stranger.getByRole("heading", { name: "No Agreements Found" })).toBeVisible();
  await ctx.close();

  // Signed out, the link is refused too.
  const anon = await browser.newContext({ baseURL });
  expect((await anon.request.get(link)).status()).toBe(404);
  await anon.close();
});

test("a tampered link is refused (an expired one: see the route test); the owner's link serves the PDF", async ({
  page,
}) => {
  await signInAs(page, DEMO_LICENSEE);
  const id = await pendingAgreementId(page);
  const link = (await page.request.get(`/dashboard/agreements/${id}/pdf`, { maxRedirects: 0 })).headers().location!;
  const ok = await page.request.get(link);
  expect(ok.status()).toBe(200);
  expect(ok.headers()["content-type"]).toBe("application/pdf");
  const url = new URL(link, "http://x");
  const sig = url.searchParams.get("s")!;
  url.searchParams.set("s", `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`);
  expect((await page.request.get(`${url.pathname}${url.search}`)).status()).toBe(404);
  const stale = new URL(link, "http://x");
  stale.searchParams.set("e", "1700000000");
  expect((await page.request.get(`${stale.pathname}${stale.search}`)).status()).toBe(404);
});

test("signing online: clear messages, then the recorded SHA-256 is the document shown, once only", async ({
  page,
  browser,
}) => {
  await signInAs(page, DEMO_LICENSEE);
  const id = await pendingAgreementId(page);
  await page.getByRole("link", { name: "Review & Sign" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/agreements/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Adjunct Marketing Agreement" })).toBeVisible();
  await expect(page.getByText(/^1\. Parties\./)).toBeVisible();
  await expect(page.getByRole("link", { name: /Open the PDF/ })).toBeVisible();
  const shownHash = (await page.getByTestId("document-sha256").textContent())!.trim();

  // The PDF the licensee opens is the document whose hash the page shows.
  const pdfLink = (await page.request.get(`/dashboard/agreements/${id}/pdf`, { maxRedirects: 0 })).headers().location!;
  const pdf = await page.request.get(pdfLink);
  const shownPdf = await pdf.body();
  expect(sha256(shownPdf)).toBe(shownHash);

  // Without JavaScript: the form posts plainly; bad input keeps what was typed.
  const baseURL = test.info().project.use.baseURL!;
  const noJs = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await noJs.addCookies(await page.context().cookies());
  const plain = await noJs.newPage();
  await plain.goto(`/dashboard/agreements/${id}`);
  // The signer types the name: the page never fills it in.
  await expect(plain.getByLabel("Your full name")).toHaveValue("");
  await plain.getByRole("button", { name: "Sign Agreement" }).click();
  await expect(plain.getByText("Please type your full name to sign.")).toBeVisible();
  await expect(plain.getByText("Please confirm that you agree to sign electronically.")).toBeVisible();
  await plain.getByLabel("Your full name").fill("Dana Hartwell");
  await plain.getByRole("button", { name: "Sign Agreement" }).click();
  await expect(plain.getByText("Please confirm that you agree to sign electronically.")).toBeVisible();
  await expect(plain.getByLabel("Your full name")).toHaveValue("Dana Hartwell");
  await plain.getByLabel(/I have read this agreement/).check();
  await plain.getByRole("button", { name: "Sign Agreement" }).click();
  await expect(plain.getByText("Agreement Signed", { exact: true })).toBeVisible();
  await expect(plain.getByRole("heading", { name: "Signed electronically" })).toBeVisible();
  await expect(plain.getByTestId("signer-name")).toHaveText("Dana Hartwell");
  await expect(plain.getByTestId("signed-sha256")).toHaveText(shownHash);
  await noJs.close();

  // The card is now active (green) with today's date; the signed PDF carries one more page.
  await page.goto("/dashboard/agreements");
  const card = page.getByTestId("agreement-card").filter({ hasText: "Adjunct Marketing Agreement" });
  await expect(card.locator("[data-tone]")).toHaveAttribute("data-tone", "green");
  await expect(card.getByRole("link", { name: "Review & Sign" })).toHaveCount(0);
  const signedLink = (await page.request.get(`/dashboard/agreements/${id}/pdf`, { maxRedirects: 0 })).headers()
    .location!;
  const signedPdf = await (await page.request.get(signedLink)).body();
  const pages = async (b: Buffer) => (await PDFDocument.load(b)).getPageCount();
  expect(await pages(signedPdf)).toBe((await pages(shownPdf)) + 1);

  // Signing again is refused; nothing changes.
  const again = await page.request.post(`/dashboard/agreements/${id}`, {
    form: { signerName: "Someone Else", consent: "on", documentSha256: shownHash },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(409);
  await page.goto(`/dashboard/agreements/${id}`);
  await expect(page.getByTestId("signer-name")).toHaveText("Dana Hartwell");
  await expect(page.getByRole("button", { name: "Sign Agreement" })).toHaveCount(0);
});
