import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs, uniqueEmail } from "../support/helpers.ts";

/**
 * Opens the latest message to `to` whose subject matches, in the admin mailbox (a second browser context signed
 * in as the administrator), and returns the first link in its body matching `href` (or null when not asked).
 */
async function readMail(
  browser: Browser,
  baseURL: string | undefined,
  opts: { to: string; subject: string | RegExp; href?: RegExp },
): Promise<{ body: string; link: string | null }> {
  const ctx = await browser.newContext({ baseURL });
  const admin = await ctx.newPage();
  await signInAs(admin, E2E_ADMIN);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto(`/admin/emails?to=${encodeURIComponent(opts.to)}`);
  await admin.getByRole("link", { name: opts.subject }).first().click();
  const body = admin.getByTestId("email-body");
  await expect(body).toBeVisible();
  const text = (await body.textContent()) ?? "";
  let link: string | null = null;
  if (opts.href) {
    const anchor = body.locator("a").filter({ hasText: opts.href }).first();
    link = await anchor.getAttribute("href");
  }
  await ctx.close();
  return { body: text, link };
}

/**
 * Revisiting an emailed link within the page cache's lifetime may show the page as it first was, with its button;
 * pressing it then gives the current answer. Without a cached copy the page shows that answer at once.
 */
async function pressIfShown(page: Page, button: string) {
  const b = page.getByRole("button", { name: button });
  if (await b.isVisible()) await b.click();
}

/** The path and query of an absolute link, to open it on the test server. */
const local = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

test.describe("contact form", () => {
  test("?service=crm prefills the subject; the message is sent and reaches sales", async ({
    page,
    browser,
    baseURL,
  }) => {
    const marker = `${Date.now()}`;
    await page.goto("/contact?service=crm");
    const form = page.locator("#contact-form");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByTestId("contact-topic")).toHaveText("Topic: CRM integration");
    const subject = form.getByLabel(/^Subject/);
    await expect(subject).toHaveValue("CRM Integration");
    await subject.fill(`CRM Integration ${marker}`);
    await form.getByLabel("Name", { exact: true }).fill("Maria Lopez");
    await form.getByLabel("Email", { exact: true }).fill("maria.lopez@example.com");
    await form.getByLabel(/^Company/).fill("Lopez Family Law");
    await form
      .getByLabel("Message", { exact: true })
      .fill("We use Clio. Can calls from our #Code create matters automatically?");
    await form.getByRole("button", { name: "Send Message" }).click();

    // Inline and as a toast after the redirect.
    await expect(page.getByRole("status").filter({ hasText: "Message Sent!" }).first()).toBeVisible();
    await expect(page.getByText("Thanks for reaching out. We'll get back to you soon.").first()).toBeVisible();
    await expect(form.getByLabel(/^Subject/)).toHaveValue("");

    const mail = await readMail(browser, baseURL, {
      to: "sales@poundcodes.test",
      subject: `Contact form: CRM Integration ${marker}`,
    });
    expect(mail.body).toContain("Email: maria.lopez@example.com");
    expect(mail.body).toContain("Can calls from our #Code create matters automatically?");
  });

  test("the check loads on first focus and then answers in the browser, posting nothing", async ({ page }) => {
    const scripts: string[] = [];
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    const isCheck = (path: string) => /\/contact-validation-[\w-]+\.js$/.test(path);
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter(isCheck)).toEqual([]);

    const form = page.locator("#contact-form");
    const name = form.getByLabel("Name", { exact: true });
    await name.focus();
    await expect.poll(() => scripts.filter(isCheck).length).toBe(1);
    // Left at once, empty: checked whether or not the check had arrived by then.
    await name.press("Tab");
    await expect(form.getByText("Name is required.")).toBeVisible();
    await form.getByLabel("Email", { exact: true }).fill("not-an-address");
    await form.getByLabel("Email", { exact: true }).press("Tab");
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Message is required.")).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("works without JavaScript: errors with the typed values, then the confirmation", async ({
    browser,
    baseURL,
  }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await ctx.newPage();
    await page.goto("/contact?subject=PhilanthropyInquiry");
    const form = page.locator("#contact-form");
    await expect(form.getByLabel(/^Subject/)).toHaveValue("Philanthropy Inquiry");
    await form.getByLabel("Email", { exact: true }).fill("no-script@example");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Message is required.")).toBeVisible();
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue("no-script@example");

    await form.getByLabel("Name", { exact: true }).fill("Sam Rivera");
    await form.getByLabel("Email", { exact: true }).fill("sam.rivera@example.com");
    await form
      .getByLabel("Message", { exact: true })
      .fill("Our foundation would like to learn about the non-profit program.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message Sent!").first()).toBeVisible();
    await expect(page.getByText("Thanks for reaching out. We'll get back to you soon.")).toBeVisible();
    await ctx.close();
  });

  test("the advisor section gives the hours, the phone number and the form addressed to an advisor", async ({
    page,
  }) => {
    await page.goto("/contact#talk-to-an-advisor");
    const chat = page.locator("#talk-to-an-advisor");
    await expect(chat.getByRole("heading", { name: "Talk to a licensing advisor" })).toBeVisible();
    await expect(chat).toContainText("Monday to Friday, 9:00 AM to 6:00 PM EST");
    await expect(chat.getByRole("link", { name: "Call (800) 580-1500" })).toHaveAttribute("href", "tel:+18005801500");
    await expect(page.getByRole("region", { name: /Sales & licensing office/ })).toContainText("(800) 580-1500");
    // The form, addressed to an advisor: the topic is preselected.
    await chat.getByRole("link", { name: "Write to an advisor" }).click();
    await expect(page).toHaveURL(/\/contact\?service=licensing#contact-form$/);
    await expect(page.getByTestId("contact-topic")).toHaveText("Topic: Licensing advisor");
    await expect(page.getByLabel("Subject")).toHaveValue("Licensing Advisor");
  });
});

test("the pricing inquiry is sent from the Instant Caller Data Enrich page", async ({ page, browser, baseURL }) => {
  const name = `Jordan Blake ${Date.now()}`;
  await page.goto("/services/instant-caller-data-enrich");
  await expect(page.getByRole("heading", { level: 1, name: "Instant Caller Data Enrich" })).toBeVisible();
  const form = page.locator("#pricing-inquiry");
  await form.getByRole("button", { name: "Request Pricing" }).click();
  await expect(form.getByText("Name is required.")).toBeVisible();
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Work email").fill("jordan@blakeinjury.example");
  await form.getByRole("button", { name: "Request Pricing" }).click();
  await expect(page.getByText("Inquiry Sent!").first()).toBeVisible();
  await expect(page.getByText("Thank you for your interest. We will get back to you shortly.").first()).toBeVisible();
  const mail = await readMail(browser, baseURL, {
    to: "sales@poundcodes.test",
    subject: `Pricing inquiry: Instant Caller Data Enrich from ${name}`,
  });
  expect(mail.body).toContain("jordan@blakeinjury.example");
});

test.describe("newsletter", () => {
  /** The sign-up form in the page's main content (the footer may have one too). */
  const signUp = async (page: Page, email: string) => {
    const form = page.getByRole("main").locator("#newsletter-signup");
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    return form;
  };

  test("double opt-in and one-click unsubscribe through the emailed links", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("reader");
    await page.goto("/newsletter/confirm");
    await expect(page.getByText("This confirmation link is incomplete.")).toBeVisible();
    const form = await signUp(page, email);
    await expect(form.getByText("Check your inbox")).toBeVisible();

    const confirmMail = await readMail(browser, baseURL, {
      to: email,
      subject: "Confirm your PoundCodes newsletter subscription",
      href: /\/newsletter\/confirm\?token=/,
    });
    // Opening the link changes nothing by itself; the button confirms, once.
    await page.goto(local(confirmMail.link!));
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm Subscription" }).click();
    await expect(page.getByText("You're subscribed")).toBeVisible();
    await page.goto(local(confirmMail.link!));
    await pressIfShown(page, "Confirm Subscription");
    await expect(page.getByText(/This confirmation link is no longer valid/)).toBeVisible();

    const welcome = await readMail(browser, baseURL, {
      to: email,
      subject: "Welcome to the PoundCodes newsletter",
      href: /\/newsletter\/unsubscribe\?token=/,
    });
    const anonymous = await browser.newContext({ baseURL });
    const reader = await anonymous.newPage();
    await reader.goto(local(welcome.link!));
    await expect(reader.getByRole("heading", { level: 1, name: "Unsubscribe from our newsletter" })).toBeVisible();
    await reader.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(reader.getByText("You've been unsubscribed")).toBeVisible();
    await reader.goto(local(welcome.link!));
    await pressIfShown(reader, "Unsubscribe");
    await expect(reader.getByText("You've been unsubscribed")).toBeVisible();
    await anonymous.close();
  });

  test("signs up without JavaScript, and the answer never tells whether the address was known", async ({
    browser,
    baseURL,
  }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await ctx.newPage();
    const email = uniqueEmail("noscript-reader");
    for (let i = 0; i < 2; i++) {
      await page.goto("/newsletter/confirm");
      const form = await signUp(page, email);
      await expect(form.getByText("Check your inbox")).toBeVisible();
      await expect(form.getByText(/We've sent a confirmation link to that address/)).toBeVisible();
    }
    await page.goto("/newsletter/confirm");
    const bad = await signUp(page, "not-an-address");
    await expect(bad.getByText("Please enter a valid email address.")).toBeVisible();
    await ctx.close();
  });
});

test("the public form pages pass axe accessibility checks", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const path of ["/contact", "/services/instant-caller-data-enrich", "/newsletter/confirm"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
});
