import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

const CSV_HEADER = "Section,Figure,Period start,Period end,Value,Unit";
/** October 2026 holds the demo seed's dated rows (web-form leads, wallet entries); nothing a spec adds lands there. */
const OCTOBER = { from: "2026-10-01", to: "2026-10-31", label: "Oct 1, 2026 – Oct 31, 2026" };
const LONG_AGO = { from: "2020-01-01", to: "2020-01-31", label: "Jan 1, 2020 – Jan 31, 2020" };

const kpi = (page: Page, key: string) => page.getByTestId(`kpi-${key}`).locator("dd > span").first();

async function chooseCustomPeriod(page: Page, from: string, to: string) {
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Apply" }).click();
}

test.describe("admin analytics", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
  });

  test("changing the period updates the figures, the charts' tables and the CSV link", async ({ page }) => {
    await page.goto("/admin/analytics");
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");

    await chooseCustomPeriod(page, OCTOBER.from, OCTOBER.to);
    await expect(page).toHaveURL(/period=custom&from=2026-10-01&to=2026-10-31/);
    await expect(page.getByTestId("period-label")).toContainText(OCTOBER.label);
    const octoberLeads = Number((await kpi(page, "leads").innerText()).replace(/,/g, ""));
    expect(octoberLeads).toBeGreaterThan(0);
    await expect(page.getByTestId("leads-by-source")).toContainText("Landing-page lead (web form)");
    // The daily table under the first chart adds up to the same number of leads.
    const activity = page.getByRole("region", { name: "Leads, reservations and licenses" });
    await activity.getByText("Show the figures").click();
    await expect(activity.locator("tbody tr")).toHaveCount(31);
    const cells = await activity.locator("tbody tr td:nth-child(2)").allInnerTexts();
    expect(cells.reduce((a, c) => a + Number(c.replace(/,/g, "")), 0)).toBe(octoberLeads);
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      "/admin/analytics/export.csv?period=custom&from=2026-10-01&to=2026-10-31",
    );

    await chooseCustomPeriod(page, LONG_AGO.from, LONG_AGO.to);
    await expect(page.getByTestId("period-label")).toContainText(LONG_AGO.label);
    await expect(kpi(page, "leads")).toHaveText("0");
    await expect(kpi(page, "mrr")).toHaveText("$0.00");
    await expect(kpi(page, "conversion")).toHaveText("—");
    await expect(page.getByText("No leads in this period.")).toBeVisible();

    await page.getByRole("link", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(/period=7d/);
    await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("period-label")).toContainText("7 days");
  });

  test("the CSV download has the expected header and the figures on the page", async ({ page }) => {
    await page.goto(`/admin/analytics?period=custom&from=${OCTOBER.from}&to=${OCTOBER.to}`);
    const leads = (await kpi(page, "leads").innerText()).replace(/,/g, "");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("poundcodes-analytics-2026-10-01-to-2026-10-31.csv");
    const text = await readFile((await download.path())!, "utf8");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toContain(`Summary,Leads,2026-10-01,2026-10-31,${leads},count`);
    expect(lines.some((l) => l.startsWith("By day,Leads,2026-10-01,2026-10-01,"))).toBe(true);
  });

  test("a custom period that makes no sense keeps what was typed and says why", async ({ page }) => {
    await page.goto("/admin/analytics");
    await chooseCustomPeriod(page, "2026-10-31", "2026-10-01");
    await expect(page.getByText("The last day must be on or after the first day.")).toBeVisible();
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-10-31");
    await expect(page.getByLabel("To", { exact: true })).toHaveValue("2026-10-01");
    await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByText("The figures below are for the last 30 days until the period is corrected."),
    ).toBeVisible();
  });

  test("the charts draw in the browser, on a phone too, and the page passes axe", async ({ page }) => {
    await page.goto(`/admin/analytics?period=custom&from=${OCTOBER.from}&to=${OCTOBER.to}`);
    await expect(page.locator(".recharts-wrapper").first()).toBeVisible();
    await expect(page.locator(".recharts-wrapper")).toHaveCount(3);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.locator(".recharts-wrapper").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("admin analytics without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the period form and the preset links work, and each chart's figures are in the page", async ({ page }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/analytics");
    await chooseCustomPeriod(page, OCTOBER.from, OCTOBER.to);
    await expect(page.getByTestId("period-label")).toContainText(OCTOBER.label);
    await expect(page.locator(".recharts-wrapper")).toHaveCount(0);
    await page.getByText("Show the figures").first().click();
    await expect(page.getByRole("table", { name: "Leads, reservations and licenses" })).toBeVisible();
    await page.getByRole("link", { name: "Last 90 days" }).click();
    await expect(page.getByTestId("period-label")).toContainText("90 days");
  });
});
