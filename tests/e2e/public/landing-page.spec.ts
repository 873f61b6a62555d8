import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { signInAs, testClientAddress } from "../support/helpers.ts";

/** The demo licensee's #4LAW page in Georgia (server/db/seed/data/demo-licensee.ts). */
const PAGE = "/p/4law/georgia";

test("the demo landing page renders its sections, on the server", async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await ctx.newPage();
  const res = await page.goto(PAGE);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Injured in Georgia? Dial #4LAW" })).toBeVisible();
  // The firm's page, not ours: none of the site's header, menu, sign-in, newsletter or footer; a small credit.
  await expect(page.getByRole("link", { name: "Sign Up / Sign In" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Browse Numbers" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Subscribe" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveCount(0);
  await expect(page.getByTestId("landing-provider-credit")).toContainText("This page is provided through PoundCodes");
  const main = page.getByRole("main");
  await expect(main.getByText("Hartwell & Reyes Injury Law").first()).toBeVisible();
  await expect(main.getByRole("heading", { name: "About Hartwell & Reyes Injury Law" })).toBeVisible();
  await expect(main.getByText(/we advance all case costs/)).toBeVisible();
  const areas = main.getByRole("region", { name: "Areas of law" });
  for (const area of ["Car Accidents", "Truck Accidents", "Wrongful Death"]) await expect(areas).toContainText(area);
  await expect(main.getByRole("region", { name: "Office locations" })).toContainText("Atlanta Office");
  await expect(main.getByRole("region", { name: "Office locations" })).toContainText("85 Church Street, Suite 210");
  await expect(main.getByRole("region", { name: "Partners" })).toContainText("Luis Reyes");
  const highlights = main.getByRole("region", { name: "Highlights" });
  await expect(highlights).toContainText("More than 2,400 clients");
  await expect(highlights).toContainText("18");
  await expect(highlights).toContainText("Years in business");
  const contact = main.getByRole("region", { name: "Contact information" });
  await expect(contact.getByRole("link", { name: "(404) 555-0142" })).toHaveAttribute("href", "tel:+14045550142");
  await expect(contact).toContainText("1450 Peachtree Street NE, Suite 900, Atlanta, GA 30309");
  await expect(contact.getByRole("link", { name: /on Facebook/ })).toHaveAttribute(
    "href",
    "https://www.facebook.com/hartwellreyeslaw",
  );
  await expect(contact.getByRole("link", { name: /on LinkedIn/ })).toBeVisible();
  // The seed has no X/Twitter link and no testimonial link: those parts are hidden.
  await expect(contact.getByRole("link", { name: /on X/ })).toHaveCount(0);
  await expect(main.getByRole("link", { name: /testimonials/i })).toHaveCount(0);
  // The provider credit, and structured data for search engines.
  await expect(page.getByTestId("landing-provider-credit")).toContainText("This page is provided through PoundCodes");
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const business = ld.map((s) => JSON.parse(s)).find((d) => d["@type"] === "LegalService");
  expect(business).toMatchObject({ name: "Hartwell & Reyes Injury Law", telephone: "(404) 555-0142" });
  expect(business.knowsAbout).toContain("Car Accidents");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/p\/4law\/georgia$/);
  await ctx.close();
});

test("the #Code may be written as in the spec (#4LAW) or as its slug", async ({ page }) => {
  for (const path of ["/p/%234LAW/georgia", "/p/hash-4law/Georgia", "/p/4LAW/georgia"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Injured in Georgia? Dial #4LAW" })).toBeVisible();
  }
});

test("a lead sent from the page lands in the licensee's inbox", async ({ page, browser, baseURL }) => {
  const name = `Tanya Whitaker ${Date.now()}`;
  await page.goto(PAGE);
  const form = page.locator("#contact");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Phone number is required.")).toBeVisible();
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Email", { exact: true }).fill("tanya.whitaker@example.com");
  await form.getByLabel("Phone", { exact: true }).fill("(678) 555-0117");
  await form.getByLabel(/How can we help/).fill("Rear-ended on I-285 last week; the insurer keeps calling me.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText(/Your message has been sent to the firm/).first()).toBeVisible();
  // The visitor stays on the firm's page, at its canonical address, with the thank-you inline (the redirect once
  // pointed at the form's `.data` endpoint and the page that followed was "Territory not found.").
  await expect(page).toHaveURL(new RegExp(`${PAGE}#contact$`));
  await expect(page.getByRole("heading", { level: 1, name: "Injured in Georgia? Dial #4LAW" })).toBeVisible();
  await expect(form.getByText("Message Sent!")).toBeVisible();
  await expect(page.getByTestId("landing-page-error")).toHaveCount(0);

  const ctx = await browser.newContext({ baseURL });
  const admin = await ctx.newPage();
  await signInAs(admin, E2E_ADMIN);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto(`/admin/emails?to=${encodeURIComponent(DEMO_LICENSEE.email)}`);
  await admin.getByRole("link", { name: `New lead from your #4LAW Georgia page: ${name}` }).click();
  const body = admin.getByTestId("email-body");
  await expect(body).toContainText("Phone: (678) 555-0117");
  await expect(body).toContainText("Rear-ended on I-285 last week");
  await ctx.close();
});

test("without JavaScript, a lead is sent and the page thanks the visitor", async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await ctx.newPage();
  await page.goto(PAGE);
  const form = page.locator("#contact");
  await form.getByLabel("Name", { exact: true }).fill(`Marcus Bell ${Date.now()}`);
  await form.getByLabel("Email", { exact: true }).fill("marcus.bell@example.com");
  await form.getByLabel("Phone", { exact: true }).fill("(770) 555-0133");
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname === PAGE),
    form.getByRole("button", { name: "Send Message" }).click(),
  ]);
  expect(answer.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${PAGE}#contact$`));
  await expect(page.getByRole("heading", { level: 1, name: "Injured in Georgia? Dial #4LAW" })).toBeVisible();
  await expect(page.locator("#contact").getByText("Message Sent!")).toBeVisible();
  await ctx.close();
});

test("a lead whose answer was lost, sent again and double-clicked, is recorded and billed once", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": testClientAddress() });
  const name = `Riley Once ${Date.now()}`;
  const email = `riley.once.${Date.now()}@example.com`;
  const fill = async () => {
    const form = page.locator("#contact");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Phone", { exact: true }).fill("(404) 555-0177");
    // A person took their time: the form appeared ten seconds ago (a form sent within 3 s is spam, never billed).
    await form.locator('input[name="startedAt"]').evaluate((el) => {
      (el as HTMLInputElement).value = String(Date.now() - 10_000);
    });
    return form;
  };
  await page.goto(PAGE);
  // The first attempt reaches the server, which records the lead, but its answer never comes back.
  let lost = false;
  await page.route(`**${PAGE}.data`, async (route) => {
    if (lost || route.request().method() !== "POST") return route.continue();
    lost = true;
    await route.fetch();
    await route.abort("connectionreset");
  });
  let form = await fill();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect.poll(() => lost).toBe(true);
  // The visitor reloads and sends again, with a double click: the tab kept the form's key.
  await page.reload();
  form = await fill();
  await form.getByRole("button", { name: "Send Message" }).dblclick();
  await expect(form.getByText("Message Sent!")).toBeVisible();

  const ctx = await browser.newContext({ baseURL });
  const firm = await ctx.newPage();
  await signInAs(firm, DEMO_LICENSEE, "/dashboard/submissions");
  const cards = firm.getByRole("article").filter({ hasText: name });
  await expect(cards).toHaveCount(1);
  await expect(cards.getByTestId("lead-billing")).toHaveText("Billed $0.50");
  await expect(cards.getByRole("link", { name: "(404) 555-0177" })).toHaveAttribute("href", "tel:+14045550177");
  await ctx.close();
});

test("unknown territories and #Codes answer 404 with the spec's texts", async ({ page }) => {
  const noTerritory = await page.goto("/p/4law/atlantis");
  expect(noTerritory?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Something went wrong." })).toBeVisible();
  await expect(page.getByTestId("landing-page-error")).toHaveText("Territory not found.");

  const noPage = await page.goto("/p/help/georgia");
  expect(noPage?.status()).toBe(404);
  await expect(page.getByTestId("landing-page-error")).toHaveText(
    "Page content not found for this territory and Poundcode combination.",
  );
});

test("the landing page passes axe accessibility checks", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(PAGE);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
});
