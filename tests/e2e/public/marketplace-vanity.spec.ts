import { expect, type Page, test } from "@playwright/test";

/**
 * A vanity number is reserved per territory, like a #Code (docs/decisions/005-vanity-numbers-per-territory.md): its
 * page reserves the number, never a #Code, and its hold does not touch the territory's #Codes.
 */

const shape = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name}: `) });
const panel = (page: Page) => page.getByRole("complementary", { name: "Territory Details" });

test("a vanity number's page reserves that number in the chosen territory, then says it is held", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/number/800-law-help");
  // No #Code to pick on a vanity number's page.
  await expect(page.locator("#category-section")).toHaveCount(0);
  await shape(page, "Wisconsin").click();
  const card = panel(page);
  await expect(card).toContainText("1-800-LAW-HELP monthly fee");
  await expect(card).toContainText("$499.00");
  await card.getByRole("button", { name: "Select Category & Reserve" }).click();

  const dialog = page.getByRole("dialog", { name: "Reserve 1-800-LAW-HELP in Wisconsin" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Vanity number");
  await expect(dialog).not.toContainText("#4LAW");
  await dialog.getByLabel("Full name").fill("Jordan Lake");
  await dialog.getByLabel(/^Email/).fill("jordan.wisconsin@example.com");
  await dialog.getByLabel(/^Phone/).fill("(608) 555-0190");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: /^Reserve/ }).click();
  await expect(dialog).toBeHidden();

  const held = card.getByRole("status").filter({ hasText: "Held for you" });
  await expect(held).toBeVisible();
  await expect(held).toContainText("1-800-LAW-HELP in Wisconsin is reserved for you.");
  await expect(card.getByRole("button", { name: "Join Waitlist" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await expect(held).toBeVisible();
  await expect(shape(page, "Wisconsin")).toHaveAccessibleName("Wisconsin: In Negotiations");

  // Another visitor sees the number taken in Wisconsin and joins its waitlist…
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await other.goto("/number/800-law-help/wisconsin");
  const otherCard = panel(other);
  await otherCard.getByRole("button", { name: "Join Waitlist" }).click();
  const waitlist = other.getByRole("dialog", { name: "Join the waitlist for Wisconsin" });
  await expect(waitlist).toContainText("1-800-LAW-HELP");
  await waitlist.getByLabel(/^Email/).fill("riley.wisconsin@example.com");
  await waitlist.getByRole("button", { name: "Join Waitlist" }).click();
  await expect(other.getByText("You're on the Waitlist").first()).toBeVisible();

  // …while #4LAW in Wisconsin is still free: the two offerings do not block each other.
  await other.goto("/number/hash-4law/wisconsin");
  await expect(shape(other, "Wisconsin")).toHaveAccessibleName("Wisconsin: Available");
  await otherContext.close();
});
