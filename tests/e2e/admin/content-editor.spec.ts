import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The content editor as an administrator: the page filter, the inline edit reaching the cached public page at once,
 * 'Add New Content Item' with the forced key, a taken key and missing fields refused with their messages, and the
 * inline save without JavaScript. Other specs read the seeded site text, so an edited seeded value is put back, and
 * added items carry a unique key.
 */

const REQUIRED = "Content Key and Value are required.";
const KEY_HINT = "Lowercase letters, digits and underscores. Must be unique, no spaces.";
const keyTaken = (key: string) =>
  `The key “${key}” is already used by another content item. Keys are unique: choose another.`;
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const card = (page: Page, key: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: key, exact: true }) });

/** A public page as an anonymous visitor's browser asks for it (the page cache serves these). */
async function publicPage(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { accept: "text/html" } });
  expect(res.status()).toBe(200);
  return { html: await res.text(), cache: res.headers()["x-page-cache"] };
}

/** Loads a public page until the cache holds it (another spec's write may drop it in between). */
async function warm(request: APIRequestContext, path: string) {
  await expect(async () => {
    await publicPage(request, path);
    expect((await publicPage(request, path)).cache).toBe("hit");
  }).toPass();
}

async function open(page: Page, path = "/admin/content-editor") {
  await signInAs(page, E2E_ADMIN);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Content Editor" })).toBeVisible();
}

/** Types a new value into a card and saves it; done when the card shows the stored value again. */
async function saveValue(page: Page, key: string, value: string) {
  const item = card(page, key);
  const box = item.getByLabel(`Value of ${key}`);
  await box.fill(value);
  await expect(item.getByText("Unsaved changes")).toBeVisible();
  await item.getByRole("button", { name: `Save ${key}` }).click();
  await expect(item.getByText("Unsaved changes")).toBeHidden();
  await expect(item.getByRole("button", { name: `Save ${key}` })).toBeEnabled();
  await expect(box).toHaveValue(value);
}

test.describe("the content editor", () => {
  test("filters by page, and an edit shows on the cached public page at once", async ({ page, request }) => {
    const path = "/number/hash-4law";
    await warm(request, path);
    await open(page);
    await expect(page.getByLabel("Page", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Page", { exact: true }).locator("option").first()).toHaveText("All Pages");
    await expect(card(page, "privacy_policy_intro")).toBeVisible();

    await page.getByLabel("Page", { exact: true }).selectOption("number-detail");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/pageSlug=number-detail/);
    await expect(card(page, "number_detail_intro")).toBeVisible();
    await expect(card(page, "privacy_policy_intro")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Content items" }).getByRole("listitem")).toHaveCount(2);

    const intro = card(page, "number_detail_intro");
    await expect(intro.getByRole("link", { name: "every number page" })).toHaveAttribute("href", path);
    const box = intro.getByLabel("Value of number_detail_intro");
    const original = await box.inputValue();
    // A value over 200 characters is edited in 10 rows.
    expect(original.length).toBeGreaterThan(200);
    await expect(box).toHaveAttribute("rows", "10");

    const edited = `Every #Code is licensed by territory (edited ${tag()}).`;
    try {
      await saveValue(page, "number_detail_intro", edited);
      // One request, no waiting: the write dropped the cached page.
      const after = await publicPage(request, path);
      expect(after.cache).toBe("miss");
      expect(after.html).toContain(edited);
    } finally {
      await saveValue(page, "number_detail_intro", original);
    }
    expect((await publicPage(request, path)).html).not.toContain(edited);
  });

  test("adds an item with the key forced to snake case; a taken key and missing fields are refused", async ({
    page,
    request,
  }) => {
    await warm(request, "/privacy");
    await open(page);
    const t = tag();
    const key = `privacy_policy_e2e_${t}`;
    const text = `Browser test section ${t}.`;

    await page.getByRole("button", { name: "Add New Content Item" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Content Item" });
    await expect(dialog.getByText(KEY_HINT)).toBeVisible();

    // Missing key and value: the spec's message.
    await dialog.getByLabel("Content Key").pressSequentially("!!! ");
    await expect(dialog.getByLabel("Content Key")).toHaveValue("_");
    await dialog.getByRole("button", { name: "Create Item" }).click();
    await expect(dialog.getByText(REQUIRED).first()).toBeVisible();

    // A taken key: its own message, and what was typed stays.
    await dialog.getByLabel("Content Key").fill("");
    await dialog.getByLabel("Content Key").pressSequentially("Home Hero Title");
    await expect(dialog.getByLabel("Content Key")).toHaveValue("home_hero_title");
    await dialog.getByLabel("Value").fill("A second headline");
    await dialog.getByRole("button", { name: "Create Item" }).click();
    await expect(dialog.getByText(keyTaken("home_hero_title"))).toBeVisible();
    await expect(dialog.getByLabel("Value")).toHaveValue("A second headline");

    // A new key, typed loosely, stored as lower-case snake case. From a freshly loaded page: the list kit's dialog
    // sometimes stays open when a success follows a server refusal on the same page (an open issue of the kit).
    await page.reload();
    await page.getByRole("button", { name: "Add New Content Item" }).click();
    await expect(dialog.getByLabel("Content Key")).toHaveValue("");
    await dialog.getByLabel("Content Key").pressSequentially(`Privacy Policy E2E-${t}!`);
    await expect(dialog.getByLabel("Content Key")).toHaveValue(key);
    await dialog.getByLabel("Value").fill(text);
    await dialog.getByLabel(/Page/).fill("privacy");
    await dialog.getByLabel(/Description/).fill("Added by the browser test.");
    await dialog.getByRole("button", { name: "Create Item" }).click();
    await expect(dialog).toBeHidden();
    const added = card(page, key);
    await expect(added).toContainText("Added by the browser test.");
    await expect(added.getByLabel(`Value of ${key}`)).toHaveValue(text);
    await expect(added.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");

    // The privacy page shows the new section at once.
    expect((await publicPage(request, "/privacy")).html).toContain(text);
  });

  test("passes axe accessibility checks", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page);
    for (const path of ["/admin/content-editor", "/admin/content-editor?q=no-such-text-anywhere"]) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
    }
    await expect(page.getByText("No content items match your search on this page.")).toBeVisible();
  });
});

test.describe("the content editor without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filters with the GET form and saves a card with a plain POST", async ({ page, request }) => {
    await open(page, "/admin/content-editor?pageSlug=privacy");
    await expect(page.getByRole("button", { name: "Add New Content Item" })).toBeDisabled();
    const key = "privacy_policy_your_rights";
    const item = card(page, key);
    const box = item.getByLabel(`Value of ${key}`);
    const original = await box.inputValue();
    const edited = `${original} (checked ${tag()})`;
    try {
      await box.fill(edited);
      await item.getByRole("button", { name: `Save ${key}` }).click();
      await expect(page.getByRole("status").filter({ hasText: "Content saved" })).toContainText(
        `${key} is updated on the site.`,
      );
      await expect(page).toHaveURL(/pageSlug=privacy/);
      await expect(card(page, key).getByLabel(`Value of ${key}`)).toHaveValue(edited);
      expect((await publicPage(request, "/privacy")).html).toContain(edited.slice(-20));
    } finally {
      await card(page, key).getByLabel(`Value of ${key}`).fill(original);
      await card(page, key)
        .getByRole("button", { name: `Save ${key}` })
        .click();
      await expect(card(page, key).getByLabel(`Value of ${key}`)).toHaveValue(original);
    }
  });
});
