import { expect, type Page, test } from "@playwright/test";

/**
 * The all-numbers explorer's #Code picker: a page of #Codes at a time, searched on the server, each with its status
 * in the selected territory; choosing one shows that #Code on the map, the list and the card. The demo catalog has
 * ten #Codes, so the picker has two pages (eight, then #TAXES and #VETS).
 */
const shape = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name}: `) });
const panel = (page: Page) => page.getByRole("complementary", { name: "Territory Details" });
const picker = (page: Page) => page.locator("#category-section");
const codes = (page: Page) => picker(page).getByRole("radio");
const choose = (page: Page, code: string) => picker(page).locator("label", { hasText: code }).click();

test("the picker shows a page of #Codes and pages and searches on the server", async ({ page }) => {
  await page.goto("/all-numbers");
  await expect(codes(page)).toHaveCount(8);
  await expect(picker(page)).toContainText("Showing 1–8 of 10 #Codes");
  await expect(picker(page).getByRole("button", { name: "Previous" })).toBeDisabled();

  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/resources/pound-codes")) asked.push(new URL(r.url()).search);
  });
  await picker(page).getByRole("button", { name: "Next" }).click();
  await expect(picker(page)).toContainText("Page 2 of 2");
  await expect(codes(page)).toHaveCount(2);
  await expect(picker(page).getByText("#VETS", { exact: true })).toBeVisible();
  await expect(picker(page).getByRole("button", { name: "Next" })).toBeDisabled();

  await picker(page).getByLabel("Search #Codes").fill("tax");
  await expect(codes(page)).toHaveCount(1);
  await expect(picker(page).getByText("#TAXES", { exact: true })).toBeVisible();
  await expect(picker(page)).toContainText("1 #Code");
  await picker(page).getByLabel("Search #Codes").fill("zzz");
  await expect(picker(page)).toContainText("No #Codes match “zzz”. Try part of a code, such as LAW.");
  await expect(codes(page)).toHaveCount(0);
  // Narrowed by the server, a page at a time.
  expect(asked).toEqual(expect.arrayContaining(["?page=2", "?q=tax", "?q=zzz"]));
});

test("choosing a #Code shows its status and its one price on the map and the card", async ({ page }) => {
  // The figure the #Code's own page gives Georgia.
  await page.goto("/number/hash-4law/georgia");
  const figure = await panel(page).getByTestId("monthly-figure").textContent();

  await page.goto("/all-numbers");
  await expect(shape(page, "Georgia")).not.toHaveAccessibleName("Georgia: Fully Licensed");
  await choose(page, "#4LAW");
  await expect(picker(page)).toContainText("Chosen: #4LAW");
  // #4LAW is licensed in Georgia: the map says so once the #Code's statuses arrive.
  await expect(shape(page, "Georgia")).toHaveAccessibleName("Georgia: Fully Licensed");
  await expect(shape(page, "Nebraska")).toHaveAccessibleName("Nebraska: Available");
  await shape(page, "Georgia").click();
  await expect(panel(page).getByText("(#4LAW in Georgia, based on population)")).toBeVisible();
  await expect(panel(page).getByTestId("monthly-figure")).toHaveText(figure ?? "");
  await expect(panel(page).getByRole("button", { name: "Join Waitlist" })).toBeVisible();

  // Each card now says what its #Code is in Georgia, and the taken ones can be left out.
  const law = picker(page).locator("label", { hasText: "#4LAW" });
  await expect(law).toContainText("Licensed");
  await expect(picker(page).locator("label", { hasText: "#HELP" })).toContainText("Available");
  await picker(page).getByLabel("Only #Codes available in Georgia").check();
  await expect(picker(page)).toContainText("Showing 1–8 of 9 #Codes");
  await expect(law).toHaveCount(0);
});

test("reserving the chosen #Code from the all-numbers page", async ({ page }) => {
  await page.goto("/all-numbers");
  await shape(page, "Nebraska").click();
  await choose(page, "#ROOF");
  await expect(picker(page).locator("label", { hasText: "#ROOF" })).toContainText("Available");
  await expect(panel(page).getByText("(#ROOF in Nebraska, based on population)")).toBeVisible();
  await panel(page).getByRole("button", { name: "Select Category & Reserve" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("#ROOF");
  await dialog.getByLabel("Full name").fill("Jordan Platte");
  await dialog.getByLabel(/^Email/).fill("jordan.nebraska@example.com");
  await dialog.getByLabel(/^Phone/).fill("(402) 555-0190");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: /^Reserve/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Reservation Received").first()).toBeVisible();
  await expect(shape(page, "Nebraska")).toHaveAccessibleName("Nebraska: In Negotiations");
  await expect(picker(page).locator("label", { hasText: "#ROOF" })).toContainText("In Negotiations");

  // The server agrees: a fresh page, #ROOF chosen again.
  await page.reload();
  await choose(page, "#ROOF");
  await expect(shape(page, "Nebraska")).toHaveAccessibleName("Nebraska: In Negotiations");
  await choose(page, "#HOME");
  await expect(shape(page, "Nebraska")).toHaveAccessibleName("Nebraska: Available");
});

test("the all-numbers page stays small: territories' overall statuses and one page of #Codes", async ({ request }) => {
  const res = await request.get("/all-numbers", { headers: { accept: "text/html", cookie: "pc_flash=x" } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html.length, `/all-numbers is ${html.length} bytes`).toBeLessThanOrEqual(80 * 1024);
  expect(html).toContain("#4LAW");
  expect(html).not.toContain("#VETS");
});
