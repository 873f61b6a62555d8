import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/env.ts";
import { signInAs } from "../support/helpers.ts";

/**
 * The FAQ admin as an administrator: create in the dialog, edit, unpublish and publish, delete after the list
 * kit's confirmation, and the public /faq following each step at once (its cached copy is dropped). Each test
 * works on questions of its own, in a category of its own, so the seeded FAQ other specs read stays as it is.
 */

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const card = (page: Page, question: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: question, exact: true }) });

/** The public FAQ page as an anonymous visitor's browser asks for it (the page cache serves these). */
async function publicFaq(request: APIRequestContext, path = "/faq") {
  const res = await request.get(path, { headers: { accept: "text/html" } });
  expect(res.status()).toBe(200);
  return { html: await res.text(), cache: res.headers()["x-page-cache"] };
}

/** Loads /faq until the cache holds it (another spec's write may drop it in between). */
async function warm(request: APIRequestContext) {
  await expect(async () => {
    await publicFaq(request);
    expect((await publicFaq(request)).cache).toBe("hit");
  }).toPass();
}

async function open(page: Page) {
  await signInAs(page, E2E_ADMIN);
  await page.goto("/admin/faq");
  await expect(page.getByRole("heading", { level: 1, name: "FAQ" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add FAQ" })).toBeEnabled();
}

test.describe("the FAQ admin", () => {
  test("create, edit, unpublish, publish and delete, with the public FAQ following each step", async ({
    page,
    request,
  }) => {
    const t = tag();
    const question = `Can I test the FAQ ${t}?`;
    const category = `E2E ${t}`;
    await warm(request);
    await open(page);

    // Create: the spec's rules first (question and answer required), then the item.
    await page.getByRole("button", { name: "Add FAQ" }).click();
    const dialog = page.getByRole("dialog", { name: "Add FAQ" });
    await expect(dialog.getByLabel("Display order")).toHaveValue("0");
    await expect(dialog.getByLabel(/Published/)).toBeChecked();
    await dialog.getByRole("button", { name: "Add FAQ" }).click();
    await expect(dialog.getByText("Question is required.")).toBeVisible();
    await expect(dialog.getByText("Answer is required.")).toBeVisible();
    await dialog.getByLabel("Question").fill(question);
    await dialog.getByLabel("Answer").fill("Yes: <b>every step</b> is checked.<script>alert(1)</script>");
    await dialog.getByLabel(/Category/).fill(category);
    await dialog.getByLabel("Display order").fill("1.5");
    await dialog.getByRole("button", { name: "Add FAQ" }).click();
    await expect(dialog.getByText("Display order must be a whole number.")).toBeVisible();
    await dialog.getByLabel("Display order").fill("2");
    await dialog.getByRole("button", { name: "Add FAQ" }).click();
    await expect(dialog).toBeHidden();

    const item = card(page, question);
    await expect(item).toContainText("Published");
    await expect(item).toContainText("Order 2");
    await expect(item.locator("b")).toHaveText("every step");
    await expect(page.getByRole("region", { name: category })).toBeVisible();
    let faq = await publicFaq(request);
    expect(faq.html).toContain(question);
    expect(faq.html).toContain("<b>every step</b>");
    expect(faq.html).not.toContain("alert(1)");

    // Edit: the dialog starts from the stored values.
    await item.getByRole("button", { name: `Edit “${question}”` }).click();
    const edit = page.getByRole("dialog", { name: "Edit FAQ" });
    await expect(edit.getByLabel("Question")).toHaveValue(question);
    await expect(edit.getByLabel(/Category/)).toHaveValue(category);
    await expect(edit.getByLabel("Display order")).toHaveValue("2");
    await edit.getByLabel("Answer").fill(`Edited answer ${t}.`);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(item).toContainText(`Edited answer ${t}.`);
    faq = await publicFaq(request);
    expect(faq.html).toContain(`Edited answer ${t}.`);

    // Unpublish: a draft stays here and leaves the public page.
    await item.getByRole("button", { name: `Unpublish “${question}”` }).click();
    await expect(item).toContainText("Draft");
    await expect(item.getByRole("button", { name: `Publish “${question}”` })).toBeVisible();
    expect((await publicFaq(request)).html).not.toContain(question);
    await page.getByLabel("Status", { exact: true }).selectOption("draft");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=draft/);
    await expect(card(page, question)).toBeVisible();

    // Publish again.
    await card(page, question)
      .getByRole("button", { name: `Publish “${question}”` })
      .click();
    await expect(card(page, question)).toHaveCount(0);
    await page.goto("/admin/faq");
    await expect(card(page, question)).toContainText("Published");
    expect((await publicFaq(request)).html).toContain(question);

    // Delete: the confirmation first; Cancel keeps it.
    await card(page, question)
      .getByRole("button", { name: `Delete “${question}”` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this question?" });
    await expect(confirm).toContainText("This action cannot be undone.");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(card(page, question)).toBeVisible();
    await card(page, question)
      .getByRole("button", { name: `Delete “${question}”` })
      .click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "FAQ Deleted")).toBeVisible();
    await expect(card(page, question)).toHaveCount(0);
    expect((await publicFaq(request)).html).not.toContain(question);
  });

  test("passes axe accessibility checks", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
    await page.getByRole("button", { name: "Add FAQ" }).click();
    await expect(page.getByRole("dialog", { name: "Add FAQ" })).toBeVisible();
    const dialog = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(dialog.violations.map((v) => `dialog: ${v.id} (${v.nodes.length})`)).toEqual([]);
  });
});

test.describe("the FAQ admin without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("unpublishes and publishes with plain POST forms", async ({ page, request }) => {
    await signInAs(page, E2E_ADMIN);
    // A seeded question of its own would be shared with other specs: make one through the page's action.
    const question = `Does the FAQ work without JavaScript ${tag()}?`;
    const res = await page.request.post("/admin/faq", {
      form: { intent: "save-faq", question, answer: "It does.", category: "E2E", displayOrder: "0", isPublished: "on" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(200);
    await page.goto("/admin/faq?category=E2E");
    await card(page, question)
      .getByRole("button", { name: `Unpublish “${question}”` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "FAQ Updated" })).toContainText("is a draft now");
    await expect(card(page, question)).toContainText("Draft");
    expect((await publicFaq(request)).html).not.toContain(question);
    await card(page, question)
      .getByRole("button", { name: `Publish “${question}”` })
      .click();
    await expect(card(page, question)).toContainText("Published");
    expect((await publicFaq(request)).html).toContain(question);
    // The public FAQ's specs list the seeded categories: take this question (and its category) away again.
    const id = await card(page, question).locator('input[name="id"]').first().inputValue();
    const gone = await page.request.post("/admin/faq", {
      form: { intent: "delete-faq", id },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(gone.status()).toBe(200);
    expect((await publicFaq(request)).html).not.toContain(question);
  });
});
