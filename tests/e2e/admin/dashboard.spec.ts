import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

test.describe("admin dashboard and audit log", () => {
  test("the dashboard shows live figures and every enabled card leads to a working screen", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/dashboard");
    const waiting = page.getByRole("region", { name: "Waiting for you" });
    // Each figure agrees with its count ('1 Pending agreement') and leads to where the work is.
    for (const [label, href] of [
      [/^Open reservations?$/, "/admin/reservations"],
      [/^Pending agreements?$/, "/dashboard/agreements"],
      [/^Open tickets?$/, "/admin/support-tickets"],
      [/^New leads? this week$/, "/admin/contacts"],
      [/^Page edits? to approve$/, "/admin/content-approval"],
    ] as const) {
      await expect(waiting.getByText(label)).toBeVisible();
      await expect(waiting.getByRole("link").filter({ has: page.getByText(label) })).toHaveAttribute("href", href);
    }
    // every admin screen is a working card: none disabled, none 'Coming Soon'
    const hrefs: string[] = [];
    for (const group of ["Catalog and licensing", "Customers", "Content", "Operations"]) {
      const region = page.getByRole("region", { name: group });
      hrefs.push(
        ...(await region.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))),
      );
    }
    expect(hrefs).toEqual(expect.arrayContaining(["/admin/analytics", "/admin/content-approval", "/admin/billing"]));
    expect(hrefs.length).toBeGreaterThanOrEqual(20);
    for (const href of hrefs) {
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
    }
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("an admin write appears in the audit log, and the filters narrow it", async ({ page, baseURL }) => {
    await signInAs(page, E2E_ADMIN);
    const to = `audit-${Date.now().toString(36)}@example.com`;
    const res = await page.request.post("/admin/emails", {
      form: { intent: "send-test", to },
      headers: { origin: baseURL ?? "" },
    });
    expect(res.status()).toBe(200);
    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
    await page.getByLabel("Entity").selectOption("email_outbox");
    await page.getByLabel("Who").selectOption({ label: E2E_ADMIN.email });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/entity=email_outbox/);
    const table = page.getByRole("region", { name: "Audit entries" });
    await expect(table.getByText("email.test_send").first()).toBeVisible();
    await table.getByText("Before / after").first().click();
    await expect(table.getByText(to).first()).toBeVisible();
    await page.getByLabel("Who").selectOption("system");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(table.getByText("email.test_send")).toHaveCount(0);
  });
});
