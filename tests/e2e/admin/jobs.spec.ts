import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * Background Jobs (/admin/jobs): every queue with its counts, the schedules with their cron and next run, and the
 * recent failures with their error, retry count and a Retry button. The test of a failure runs on the PostgreSQL
 * server only: it writes a failed job into pg-boss's table there, as a handler that threw on its last attempt
 * leaves it (the PGlite server's database belongs to its process). The domain tests cover both databases.
 */

const queueCard = (page: Page, label: string) =>
  page.getByTestId(/^queue-/).filter({ has: page.getByRole("heading", { level: 3, name: label, exact: true }) });

async function count(page: Page, label: string, term: string): Promise<number> {
  const card = queueCard(page, label);
  const text = await card
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("+ dd")
    .textContent();
  return Number(text);
}

test.describe("background jobs", () => {
  test("shows every queue, the schedules, and email delivery running on the jobs", async ({ page, baseURL }) => {
    await signInAs(page, E2E_ADMIN);
    await page.goto("/admin/jobs");
    await expect(page.getByRole("heading", { level: 1, name: "Background Jobs" })).toBeVisible();
    const nav = page.getByRole("link", { name: "Background Jobs" }).first();
    await expect(nav).toHaveAttribute("href", "/admin/jobs");

    for (const label of ["Email delivery", "Reservation expiry", "Maintenance", "Newsletter sending"]) {
      await expect(queueCard(page, label)).toBeVisible();
    }
    await expect(page.getByText("Background jobs are not running on this server")).toHaveCount(0);

    // An email goes out as soon as its write commits, with no job of its own (ADR 026): the mailbox lists it as
    // delivered (kept here, without SMTP), and the "Email delivery" queue (the sweep) holds no delayed job for it.
    const to = `jobs-${Date.now()}@example.com`;
    const res = await page.request.post("/admin/emails", {
      form: { intent: "send-test", to },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(200);
    await expect(async () => {
      await page.goto(`/admin/emails?status=sent&q=${encodeURIComponent(to)}`);
      await expect(page.getByRole("row").filter({ hasText: to })).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await page.goto("/admin/jobs");
    expect(await count(page, "Email delivery", "Later")).toBe(0);

    // The schedules, with their cron and the next run.
    const schedules = page.getByRole("region", { name: "Scheduled jobs" });
    const row = (label: string) => schedules.getByRole("row").filter({ hasText: label });
    await expect(row("Reservation expiry")).toContainText("Every minute");
    await expect(row("Reservation expiry")).toContainText("* * * * *");
    await expect(row("Maintenance")).toContainText("Hourly, at 07 past");
    await expect(row("Maintenance")).toContainText("7 * * * *");
    await expect(row("Email delivery")).toContainText("Every minute");
    for (const label of ["Reservation expiry", "Maintenance", "Email delivery"]) {
      await expect(row(label).getByRole("cell").nth(3).locator("time")).toHaveAttribute("datetime", /^\d{4}-/);
    }

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);

    // Phone: no sideways scrolling, the queue cards stack.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(queueCard(page, "Maintenance")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("a failed job shows its error and retry count, and Retry runs it again (audited)", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.skip(test.info().project.name !== "postgres", "writes into the PostgreSQL server's pg-boss tables");
    const base = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'pc\\_e2e\\_%' order by datname desc limit 1",
    );
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${rows[0]!.datname}`;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const failedJob = async (error: string) => {
      const r = await db.query<{ id: string }>(
        `insert into pgboss.job (name, data, state, retry_limit, retry_count, output, started_on, completed_on)
         values ('maintenance', '{}', 'failed', 3, 3, $1, now(), now()) returning id`,
        [JSON.stringify({ message: error, name: "Error" })],
      );
      return r.rows[0]!.id;
    };
    try {
      const first = await failedJob(`relation "rate_limits" is locked (${tag}-a)`);
      const second = await failedJob(`statement timeout (${tag}-b)`);

      await signInAs(page, E2E_ADMIN);
      await page.goto("/admin/jobs");
      const failures = page.getByRole("region", { name: "Recent Failures" });
      const card = (t: string) => failures.getByRole("listitem").filter({ hasText: t });
      await expect(card(`${tag}-a`)).toContainText("Maintenance");
      await expect(card(`${tag}-a`)).toContainText(`relation "rate_limits" is locked (${tag}-a)`);
      await expect(card(`${tag}-a`)).toContainText("Tried 4 times (3 retries of 3)");
      await expect(card(`${tag}-a`)).toContainText(first);
      expect(await count(page, "Maintenance", "Failed")).toBeGreaterThanOrEqual(2);

      // With JavaScript: the button posts in place, the list reloads and the failure is gone; the job has run.
      await card(`${tag}-a`)
        .getByRole("button", { name: /^Retry/ })
        .click();
      await expect(card(`${tag}-a`)).toHaveCount(0);
      await expect
        .poll(
          async () => (await db.query("select state::text as s from pgboss.job where id = $1", [first])).rows[0]?.s,
          {
            timeout: 20_000,
          },
        )
        .toBe("completed");

      // Without JavaScript: the form posts, and the page answers with a notice.
      const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const plain = await ctx.newPage();
      await ctx.addCookies(await page.context().cookies());
      await plain.goto("/admin/jobs");
      await plain
        .getByRole("listitem")
        .filter({ hasText: `${tag}-b` })
        .getByRole("button", { name: /^Retry/ })
        .click();
      await expect(plain.getByText("Job Queued Again")).toBeVisible();
      await ctx.close();
      await expect
        .poll(
          async () => (await db.query("select state::text as s from pgboss.job where id = $1", [second])).rows[0]?.s,
          {
            timeout: 20_000,
          },
        )
        .toBe("completed");

      // Both retries are in the audit log.
      await page.goto("/admin/audit?entity=job");
      await expect(page.getByText("job.retry").first()).toBeVisible();
      const audited = await db.query(
        "select entity_id from audit_log where action = 'job.retry' and entity_id = any($1)",
        [[first, second]],
      );
      expect(audited.rows).toHaveLength(2);
    } finally {
      await db.end();
    }
  });
});
