/**
 * Screenshots of pages at phone (390 px) and desktop (1440 px) widths, light and dark, in Debian's Chromium.
 * Usage: npm run screenshots -- http://localhost:3000 /tmp/shots / /login /all-numbers
 * Optional: SHOTS_LOGIN="email:password" signs in first (for /dashboard and /admin pages).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "#tests/e2e/support/browser.ts";

const [base = "http://localhost:3000", outDir = "/tmp/shots", ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const scheme of ["light", "dark"] as const) {
  for (const width of [390, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, baseURL: base });
    const page = await context.newPage();
    const login = process.env.SHOTS_LOGIN;
    if (login) {
      const [email, password] = login.split(":");
      await page.goto("/login");
      await page.getByLabel("Email", { exact: true }).fill(email!);
      await page.getByLabel("Password").fill(password!);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    }
    for (const p of paths.length ? paths : ["/"]) {
      await page.goto(p, { waitUntil: "networkidle" });
      await page.waitForTimeout(1800); // let entrance animations settle
      const name = `${p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}-${scheme}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
}
await browser.close();
