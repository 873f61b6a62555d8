import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_LICENSEE, E2E_ADMIN } from "../support/env.ts";
import { expectHeading, signIn, signInAs, signOut, signUp, uniqueEmail } from "../support/helpers.ts";

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);

async function figure(page: Page, label: string): Promise<string> {
  const box = page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
  return (await box.locator("dd").first().innerText()).trim();
}

test.describe("the dashboard", () => {
  test("the demo licensee's financial overview is spec 1 §9, one figure per thing", async ({ page }) => {
    await signInAs(page, DEMO_LICENSEE);
    await expectHeading(page, /^Welcome( back)?, Dana$/);
    const fin = page.getByRole("region", { name: "Financial overview" });
    // Each licence names its #Code and its territory.
    const licences = fin.getByRole("listitem");
    await expect(licences.filter({ hasText: "#4LAW in Georgia" })).toHaveCount(1);
    await expect(licences.filter({ hasText: "#4LAW in Central Florida" })).toHaveCount(1);
    // The monthly total and the provisioning total are the sums of the licences listed.
    let monthly = 0;
    let setup = 0;
    for (const text of await licences.allInnerTexts()) {
      const [, fee, setupFee] = /\$([\d,]+\.\d\d)\/mo · setup \$([\d,]+\.\d\d)/.exec(text.replace(/\s+/g, " "))!;
      monthly += cents(fee!);
      setup += cents(setupFee!);
    }
    expect(cents(await figure(page, "Monthly license fees"))).toBe(monthly);
    expect(cents(await figure(page, "Provisioning (setup) total"))).toBe(setup);
    await expect(fin.getByText("Available for minutes and SMS")).toBeVisible();
    expect(await figure(page, "Wallet balance")).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await figure(page, "Last month's deposit")).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await figure(page, "Per web-form submission")).toBe("$0.50");
    expect(await figure(page, "Per minute")).toBe("$0.05");
    expect(await figure(page, "Per SMS")).toBe("$0.02");
    expect(await figure(page, "Additional monthly fees")).toBe("$0.00");
    expect(await figure(page, "Add-on fees")).toBe("$0.00");
  });

  test("profile overview, 'Your Services' and 'Client Communication & Support' lead where the spec says", async ({
    page,
  }) => {
    await signInAs(page, DEMO_LICENSEE);
    await expect(page.getByRole("heading", { name: "Profile overview" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Text Details" })).toHaveAttribute("href", "/dashboard/profile");
    const services = page.getByRole("region", { name: "Your Services" });
    for (const [name, href] of [
      ["Form Submissions", "/dashboard/submissions"],
      ["Billing & Wallet", "/dashboard/billing"],
      ["Agreements", "/dashboard/agreements"],
      ["Add-ons", "/products-services#addons"],
    ] as const) {
      await expect(services.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", href);
    }
    const support = page.getByRole("region", { name: "Client Communication & Support" });
    await expect(support.getByRole("link", { name: /Support Tickets/ })).toHaveAttribute(
      "href",
      "/dashboard/support-tickets",
    );
    await expect(support.getByRole("link", { name: /Support Topics/ })).toHaveAttribute("href", "/support-topics");
    // Not configured on this server (CALL_ANALYTICS_URL, COMMUNITY_URL): said plainly, not a link to nowhere.
    await expect(services.getByRole("link", { name: /Call Analytics/ })).toHaveCount(0);
    await expect(services.getByText(/call-analytics portal is not connected/)).toBeVisible();
    await expect(support.getByRole("link", { name: /Chat Community/ })).toHaveCount(0);
    await expect(support.getByText(/chat community is not open/)).toBeVisible();
    // A licensee's own 'Dynamic Page Content' card edits their landing pages' text (the admin card is not shown).
    await expect(services.getByRole("link", { name: /Dynamic Page Content/ })).toHaveAttribute(
      "href",
      "/dashboard/page-content",
    );
    // Every card that is a link opens a page.
    await services.getByRole("link", { name: /Form Submissions/ }).click();
    await expectHeading(page, "Form Submissions");
  });

  test("an administrator's Dynamic Page Content card opens the landing pages admin", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/dashboard");
    const services = page.getByRole("region", { name: "Your Services" });
    await expect(services.getByRole("link", { name: /Dynamic Page Content/ })).toHaveAttribute(
      "href",
      "/admin/dynamic-pages",
    );
  });

  test("a new account is welcomed, and welcomed back after signing in again", async ({ page }) => {
    const email = uniqueEmail("welcome");
    await signUp(page, { name: "Avery Quinn", company: "Quinn Roofing", email, password: "roof-top-2026" });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectHeading(page, "Welcome, Avery");
    await expect(page.getByText("No financial summary available at this time.")).toBeVisible();
    await expect(page.getByText("Quinn Roofing")).toBeVisible();
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    // The account's second sign-in: from now on it is returning.
    await signIn(page, email, "roof-top-2026");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectHeading(page, "Welcome back, Avery");
  });

  for (const theme of ["light", "dark"] as const) {
    test(`passes axe in ${theme} mode, and fits a phone`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: theme });
      await signInAs(page, DEMO_LICENSEE);
      const origin = new URL(page.url()).origin;
      await page.request.post("/resources/theme", { form: { theme }, headers: { origin }, maxRedirects: 0 });
      await page.reload();
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    });
  }
});
