import { expect, type Page } from "@playwright/test";

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function signUp(page: Page, opts: { name: string; email: string; password: string; company?: string }) {
  await page.goto("/signup");
  await page.getByLabel("Full name").fill(opts.name);
  if (opts.company) await page.getByLabel(/Company name/).fill(opts.company);
  await page.getByLabel("Email").fill(opts.email);
  await page.getByLabel("Password", { exact: true }).fill(opts.password);
  await page.getByLabel("Confirm password").fill(opts.password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
}

export async function expectHeading(page: Page, name: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}
