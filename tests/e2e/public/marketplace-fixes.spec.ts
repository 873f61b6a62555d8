import { expect, type Locator, type Page, test } from "@playwright/test";
import { signUp, uniqueEmail } from "../support/helpers.ts";

/**
 * What visitors met on the marketplace pages, each pinned by the test that would fail if it came back. Each test
 * uses its own territory so that no test sees another's reservation.
 */

const shape = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name}: `) });
const panel = (page: Page) => page.getByRole("complementary", { name: "Territory Details" });
/** Every dollar amount in a text. */
const amounts = (text: string) => text.match(/\$[\d,]+(?:\.\d+)?/g) ?? [];

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

test.describe("one price story", () => {
  test("a #Code page's card shows one monthly figure, explained by its breakdown, with two decimals", async ({
    page,
  }) => {
    await page.goto("/number/hash-4law/east-texas");
    const card = panel(page);
    await expect(card.getByRole("heading", { name: "East Texas" })).toBeVisible();
    const headline = (await card.getByTestId("monthly-figure").textContent()) ?? "";
    const total = (await card.getByTestId("breakdown-total").textContent()) ?? "";
    expect(amounts(headline)).toHaveLength(1);
    expect(amounts(total)).toEqual(amounts(headline));
    // The territory's all-categories base fee is not shown as a second monthly price on a #Code page.
    await expect(card.getByText("(All categories, based on population)")).toHaveCount(0);
    const text = (await card.textContent()) ?? "";
    for (const amount of amounts(text)) expect(amount).toMatch(/\.\d\d$/);
  });

  test("the web-form lead fee on the card is the one Important Information states", async ({ page }) => {
    await page.goto("/number/hash-4law/southern-california");
    await expect(page.getByText("$0.50 per web form submission")).toBeVisible();
    const lead = panel(page)
      .getByRole("definition")
      .filter({ hasText: /^\$0\.\d\d$/ });
    await expect(panel(page).getByText("Per web-form lead")).toBeVisible();
    await expect(lead.last()).toHaveText("$0.50");
    await expect(panel(page)).not.toContainText("$0.63");
  });

  test("on a #Code page the tooltip, the card and the dialog name one monthly price; the tab a short title", async ({
    page,
  }) => {
    await page.goto("/number/hash-help/utah");
    const monthly = amounts((await panel(page).getByTestId("monthly-figure").textContent()) ?? "")[0]!;
    await shape(page, "Utah").hover();
    await expect(page.getByTestId("map-tooltip")).toContainText("#HELP monthly fee");
    await expect(page.getByTestId("map-tooltip")).toContainText(`${monthly}/mo`);
    expect((await page.title()).length).toBeLessThanOrEqual(60);
  });

  test("tooltips, list cards and the card agree on two decimals", async ({ page }) => {
    await page.goto("/all-numbers");
    await shape(page, "Ohio").hover();
    await expect(page.getByTestId("map-tooltip")).toContainText(/\$[\d,]+\.\d\d\/mo/);
    await shape(page, "Ohio").click();
    await expect(panel(page)).toContainText("(All categories, based on population)");
    for (const amount of amounts((await panel(page).textContent()) ?? "")) expect(amount).toMatch(/\.\d\d$/);
    await page.getByRole("button", { name: "List", exact: true }).click();
    const card = page.getByRole("link", { name: /^Ohio/ });
    for (const amount of amounts((await card.textContent()) ?? "")) expect(amount).toMatch(/\.\d\d$/);
  });
});

test.describe("after reserving", () => {
  test("the card says the territory is held for you and what happens next", async ({ page }) => {
    await page.goto("/number/hash-4law");
    await shape(page, "Vermont").click();
    await page.getByRole("button", { name: "Select Category & Reserve" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Full name").fill("Morgan Ellis");
    await dialog.getByLabel(/^Email/).fill("morgan.vermont@example.com");
    await dialog.getByLabel(/^Phone/).fill("(802) 555-0144");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: /^Reserve/ }).click();
    await expect(dialog).toBeHidden();
    const card = panel(page);
    const held = card.getByRole("status").filter({ hasText: "Held for you" });
    await expect(held).toBeVisible();
    await expect(held).toContainText("#4LAW in Vermont is reserved for you.");
    await expect(held).toContainText("confirm it");
    await expect(held).toContainText("24 hours");
    await expect(held).toContainText("licensing team");
    await expect(card.getByRole("button", { name: "Join Waitlist" })).toHaveCount(0);
    // Still so once the page's data is fresh again.
    await page.waitForLoadState("networkidle");
    await expect(held).toBeVisible();
    await expect(shape(page, "Vermont")).toHaveAccessibleName("Vermont: In Negotiations");
  });
});

test.describe("map", () => {
  test("the map is one tab stop; arrow keys move inside it and Enter selects", async ({ page }) => {
    await page.goto("/number/hash-4law");
    const shapes = page.locator('svg [role="button"][aria-label]');
    await expect(shapes).toHaveCount(59);
    await expect(page.locator('svg [role="button"][tabindex="0"]')).toHaveCount(1);
    await page.getByRole("button", { name: "List", exact: true }).focus();
    await page.keyboard.press("Tab");
    const first = page.locator('svg [role="button"]:focus');
    await expect(first).toHaveCount(1);
    const firstName = await first.getAttribute("aria-label");
    await page.keyboard.press("ArrowRight");
    const moved = page.locator('svg [role="button"]:focus');
    await expect(moved).toHaveCount(1);
    expect(await moved.getAttribute("aria-label")).not.toBe(firstName);
    await page.keyboard.press("Enter");
    await expect(moved).toHaveAttribute("aria-pressed", "true");
    // One Tab leaves the map.
    await page.keyboard.press("Tab");
    await expect(page.locator('svg [role="button"]:focus')).toHaveCount(0);
    // Shift+Tab comes back to the territory last focused.
    await page.keyboard.press("Shift+Tab");
    await expect(page.locator('svg [role="button"]:focus')).toHaveAttribute("aria-pressed", "true");
  });

  test("desktop: the tooltip never shows over or under the home popup", async ({ page }) => {
    await page.goto("/");
    const tip = page.getByTestId("map-tooltip");
    await shape(page, "Montana").hover();
    await expect(tip).toBeVisible();
    await shape(page, "Montana").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(tip).toBeHidden();
    await shape(page, "Montana").hover({ force: true });
    await expect(tip).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("desktop: the home popup stays inside the map's card, beside territories at every edge", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    const card = page
      .locator("section", { has: page.getByRole("heading", { name: "Find your territory" }) })
      .locator("div.rounded-2xl.border");
    for (const name of ["Maine", "Washington", "South Florida", "Southern California", "New Jersey"]) {
      await shape(page, name).click();
      const popup = page.getByRole("dialog");
      await expect(popup.getByRole("heading", { name })).toBeVisible();
      // The popup is placed again a frame after its content grows (the territory's #Codes arrive after it opens):
      // what must hold is where it settles, so the edges are read until they are inside the card (or time runs out).
      await expect
        .poll(
          async () => {
            const inner = (await popup.boundingBox())!;
            const outer = (await card.first().boundingBox())!;
            return {
              left: inner.x >= outer.x,
              top: inner.y >= outer.y,
              right: inner.x + inner.width <= outer.x + outer.width,
              bottom: inner.y + inner.height <= outer.y + outer.height,
            };
          },
          { message: name },
        )
        .toEqual({ left: true, top: true, right: true, bottom: true });
      await page.keyboard.press("Escape");
      await expect(popup).toBeHidden();
    }
  });

  test("the home popup says when a territory is fully licensed", async ({ page }) => {
    await page.goto("/");
    await shape(page, "Nevada").click();
    const popup = page.getByRole("dialog");
    await expect(popup).toContainText("Fully Licensed");
    await expect(popup).toContainText("Every #Code in Nevada is licensed");
    await expect(popup.getByRole("link", { name: /waitlist|Contact us/i }).first()).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("the tooltip does not stay behind after the home popup closes", async ({ page }) => {
    await page.goto("/");
    await shape(page, "Montana").tap();
    const popup = page.getByRole("dialog");
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Close" }).tap();
    await expect(popup).toBeHidden();
    await expect(page.getByTestId("map-tooltip")).toBeHidden();
  });

  test("small territories can be picked from a list above the map", async ({ page }) => {
    await page.goto("/");
    const picker = page.getByRole("combobox", { name: "Choose a territory" });
    await expect(picker).toBeVisible();
    await picker.selectOption({ label: "District of Columbia (Available)" });
    const popup = page.getByRole("dialog");
    await expect(popup.getByRole("heading", { name: "District of Columbia" })).toBeVisible();

    await page.goto("/number/hash-4law");
    await page
      .getByRole("combobox", { name: "Choose a territory" })
      .selectOption({ label: "Rhode Island (Fully Licensed)" });
    await expect(panel(page).getByRole("heading", { name: "Rhode Island" })).toBeVisible();
    await expect(shape(page, "Rhode Island")).toHaveAttribute("aria-pressed", "true");
  });

  test("a territory picked from the list before the page's script has run opens once it has", async ({ page }) => {
    // A slow phone: the list is on screen, server-rendered, seconds before the scripts arrive.
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((r) => setTimeout(r, 2_000));
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const picker = page.getByRole("combobox", { name: "Choose a territory" });
    await picker.selectOption({ label: "District of Columbia (Available)" });
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
    const popup = page.getByRole("dialog");
    await expect(popup.getByRole("heading", { name: "District of Columbia" })).toBeVisible({ timeout: 30_000 });
  });

  test("the first tap on 'Reserve Territory' with an empty form shows every error", async ({ page }) => {
    await page.goto("/number/hash-4law");
    await page.getByRole("combobox", { name: "Choose a territory" }).selectOption({ label: "Montana (Available)" });
    await page.getByRole("button", { name: "Select Category & Reserve" }).tap();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full name")).toBeFocused();
    await dialog.getByRole("button", { name: "Reserve Territory" }).tap();
    for (const message of [
      "Name is required.",
      "Email is required.",
      "Phone number is required.",
      "Please agree to the terms to reserve this territory.",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
  });
});

test("the list view is sorted by territory name", async ({ page }) => {
  await page.goto("/all-numbers");
  await page.getByRole("button", { name: "List", exact: true }).click();
  const list = page.getByRole("region", { name: "Available States & Portions" });
  const names = await list.getByRole("listitem").locator("a > span:first-child > span:first-child").allTextContents();
  expect(names.slice(0, 4)).toEqual(["Alabama", "Alaska", "Arizona", "Arkansas"]);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
});

test("the company typed at sign-up shows on the dashboard", async ({ page }) => {
  await signUp(page, {
    name: "Riley Park",
    company: "Park & Sons Plumbing",
    email: uniqueEmail("company"),
    password: "pipes-and-more-2026",
  });
  await expect(page).toHaveURL(/\/dashboard$/);
  const overview = page.locator('[data-slot="card"]', { hasText: "Profile overview" });
  await expect(overview).toContainText("Park & Sons Plumbing");
  await expect(overview).toContainText("Riley Park");
});

test("the hero's gold bars name real #Codes from the catalogue", async ({ page }) => {
  await page.goto("/");
  const stamps = await page.getByTestId("gold-bar-code").allTextContents();
  expect(stamps).toHaveLength(5);
  expect(stamps).not.toContain("#CASH");
  for (const code of stamps) {
    const res = await page.request.get(`/number/hash-${code.slice(1).toLowerCase()}`);
    expect(res.status(), code).toBe(200);
  }
});

test("every card and button points where the spec says", async ({ page }) => {
  await page.goto("/");
  const hero = page.getByRole("region", { name: /Own the #Code/ });
  const hrefs = async (scope: Locator) =>
    scope.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(await hrefs(hero)).toEqual(["/products-services", "/about"]);

  await page.goto("/no-such-page");
  const helpful = page.getByRole("navigation", { name: "Helpful links" });
  await expect(helpful.getByRole("link", { name: /Contact/ })).toHaveAttribute("href", "/contact");
  await expect(helpful.getByRole("link", { name: /Browse Numbers/ })).toHaveAttribute("href", "/all-numbers");
  await expect(helpful.getByRole("link", { name: /Home/ })).toHaveAttribute("href", "/");
});
