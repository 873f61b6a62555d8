import { expect, type Page, test } from "@playwright/test";

/** Each test uses its own territory so the tests never see each other's reservations. */
const shape = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name}: `) });
const panel = (page: Page) => page.getByRole("complementary", { name: "Territory Details" });

async function fillReservation(page: Page, who: { name: string; email: string }) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Full name").fill(who.name);
  await dialog.getByLabel(/^Email/).fill(who.email);
  await dialog.getByLabel(/^Phone/).fill("(404) 555-0182");
  await dialog.getByLabel(/^Company/).fill("Hartwell Law");
  await dialog.getByRole("checkbox").check();
  return dialog;
}

test("a number page renders on the server with its title, intro and territories", async ({ page }) => {
  const res = await page.goto("/number/hash-4law");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "#4LAW" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Available Territories" })).toBeVisible();
  await expect(page.getByText("Important Information")).toBeVisible();
  await expect(page.getByText("Territory Details").first()).toBeVisible();
  await expect(page.getByText("Hover over or select a territory on the map or list to see details.")).toBeVisible();
  // The map: 59 focusable territories, Georgia licensed for #4LAW in the demo catalogue.
  await expect(shape(page, "Georgia")).toHaveAccessibleName("Georgia: Fully Licensed");
  await expect(page.locator('svg [role="button"][aria-label]')).toHaveCount(59);
});

test("a number page's HTML stays under 60 KB, uncached (its territories packed, the map fetched as an asset)", async ({
  request,
}) => {
  // A flash cookie bypasses the page cache: this is the render every signed-in visitor and first visit gets.
  for (const path of ["/number/hash-4law", "/number/hash-help"]) {
    const res = await request.get(path, { headers: { accept: "text/html", cookie: "pc_flash=x" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["x-page-cache"]).toBeUndefined();
    const html = await res.text();
    expect(html.length, `${path} is ${html.length} bytes`).toBeLessThanOrEqual(60 * 1024);
    // The map's geometry is not drawn inline: it comes from the content-hashed asset.
    expect(html).toMatch(/<link rel="preload" href="\/assets\/us-map-[\w-]+\.json" as="fetch"/);
  }
});

test("hovering a territory shows the tooltip with status, area codes and price", async ({ page }) => {
  await page.goto("/number/hash-4law");
  await shape(page, "Ohio").hover();
  const tip = page.getByTestId("map-tooltip");
  await expect(tip).toBeVisible();
  await expect(tip).toContainText("Ohio");
  await expect(tip).toContainText(/\$[\d,]+\.\d\d\/mo/);
  await expect(tip).toContainText("Available");
  await expect(tip).toContainText("216");
});

test("keyboard: focus a territory and press Enter or Space to select it", async ({ page }) => {
  await page.goto("/number/hash-4law");
  const ohio = shape(page, "Ohio");
  await ohio.focus();
  await expect(ohio).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(ohio).toHaveAttribute("aria-pressed", "true");
  // On a #Code page the card prices that #Code in the territory.
  await expect(page.getByText("(#4LAW in Ohio, based on population)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Select Category & Reserve" })).toBeVisible();
  // Space works too, on another shape.
  const utah = shape(page, "Utah");
  await utah.focus();
  await page.keyboard.press(" ");
  await expect(utah).toHaveAttribute("aria-pressed", "true");
});

test("reserving without a category scrolls to the categories and says so", async ({ page }) => {
  await page.goto("/all-numbers");
  await shape(page, "Kansas").click();
  await page.getByRole("button", { name: "Select Category & Reserve" }).click();
  await expect(page.getByText("Please choose a category below for Kansas before reserving.").first()).toBeVisible();
  await expect(page.locator("#category-section")).toBeInViewport();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a reservation turns the territory amber and In Negotiations; a stale second attempt is refused", async ({
  page,
  browser,
  baseURL,
}) => {
  // A second visitor opens the same page first, so their view still shows Oregon as available.
  const other = await browser.newContext({ baseURL });
  const late = await other.newPage();
  await late.goto("/number/hash-4law");
  await shape(late, "Oregon").click();

  await page.goto("/number/hash-4law");
  const oregon = shape(page, "Oregon");
  await expect(oregon).toHaveAccessibleName("Oregon: Available");
  await oregon.click();
  await page.getByRole("button", { name: "Select Category & Reserve" }).click();
  const dialog = await fillReservation(page, { name: "Dana Hartwell", email: "dana.oregon@example.com" });
  await dialog.getByRole("button", { name: /^Reserve/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Reservation Received").first()).toBeVisible();
  await expect(oregon).toHaveAccessibleName("Oregon: In Negotiations");
  // The one who reserved is told it is held for them; everyone else is offered the waitlist.
  await expect(page.getByRole("status").filter({ hasText: "Held for you" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Join Waitlist" })).toHaveCount(0);
  // The server agrees after a reload.
  await page.reload();
  await expect(shape(page, "Oregon")).toHaveAccessibleName("Oregon: In Negotiations");
  await shape(page, "Oregon").click();
  await expect(page.getByRole("button", { name: "Join Waitlist" })).toBeVisible();

  await late.getByRole("button", { name: "Select Category & Reserve" }).click();
  const lateDialog = await fillReservation(late, { name: "Sam Late", email: "sam.late@example.com" });
  await lateDialog.getByRole("button", { name: /^Reserve/ }).click();
  await expect(late.getByText("Territory Not Available").first()).toBeVisible();
  await expect(late.getByText("This territory is not currently available for reservation.").first()).toBeVisible();
  await other.close();
});

test("reservation form validation keeps the values and names the problem", async ({ page }) => {
  await page.goto("/number/hash-4law");
  await shape(page, "Idaho").click();
  await page.getByRole("button", { name: "Select Category & Reserve" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Full name").fill("No Phone");
  await dialog.getByLabel(/^Email/).fill("not-an-email");
  await dialog.getByRole("button", { name: /^Reserve/ }).click();
  await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(dialog.getByText("Phone number is required.")).toBeVisible();
  await expect(dialog.getByText("Please agree to the terms to reserve this territory.")).toBeVisible();
  await expect(dialog.getByLabel("Full name")).toHaveValue("No Phone");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(shape(page, "Idaho")).toHaveAccessibleName("Idaho: Available");
});

test("joining the waitlist of a taken territory", async ({ page }) => {
  await page.goto("/number/hash-4law");
  await shape(page, "Georgia").click();
  await expect(page.getByRole("link", { name: "Ask a question" })).toHaveAttribute("href", /\/contact\?subject=/);
  await page.getByRole("button", { name: "Join Waitlist" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Email/).fill("waiting.georgia@example.com");
  await dialog.getByRole("button", { name: "Join Waitlist" }).click();
  await expect(page.getByText("You're on the Waitlist").first()).toBeVisible();
  // Joining again is harmless and answers exactly as a first join (the answer never reveals who is listed).
  await page.getByRole("button", { name: "Join Waitlist" }).click();
  await page
    .getByRole("dialog")
    .getByLabel(/^Email/)
    .fill("Waiting.Georgia@example.com");
  await page.getByRole("dialog").getByRole("button", { name: "Join Waitlist" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByText("You're on the Waitlist").first()).toBeVisible();
  await expect(page.getByText("Already on the Waitlist")).toHaveCount(0);
});

test("a territory link preselects it", async ({ page }) => {
  await page.goto("/number/hash-4law/georgia");
  await expect(shape(page, "Georgia")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Join Waitlist" })).toBeVisible();
});

test("an unknown number answers 404 with the Error Loading Page view", async ({ page }) => {
  const res = await page.goto("/number/hash-nope");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Error Loading Page" })).toBeVisible();
  await expect(page.getByTestId("number-error")).toHaveText('Poundcode "hash-nope" not found by slug or name.');
  await expect(page.getByRole("link", { name: /Products & Services/ }).first()).toHaveAttribute(
    "href",
    "/products-services",
  );
  const other = await page.goto("/number/zzz-unknown");
  expect(other?.status()).toBe(404);
  await expect(page.getByTestId("number-error")).toHaveText('Number or Poundcode "zzz-unknown" not found.');
});

test("/hash-4law redirects permanently to /number/hash-4law", async ({ request, page }) => {
  const res = await request.get("/hash-4law", { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe("/number/hash-4law");
  await page.goto("/hash-4law");
  await expect(page).toHaveURL(/\/number\/hash-4law$/);
});

test("all numbers: featured numbers, map/list toggle and search", async ({ page }) => {
  await page.goto("/all-numbers");
  await expect(page.getByRole("heading", { name: "Featured numbers" })).toBeVisible();
  await expect(page.getByRole("link", { name: /#4LAW/ }).first()).toHaveAttribute("href", "/number/hash-4law");
  // List view.
  await page.getByRole("button", { name: "List" }).click();
  await expect(page.getByRole("heading", { name: "Available States & Portions" })).toBeVisible();
  await expect(page.getByRole("link", { name: /South Florida/ }).first()).toHaveAttribute(
    "href",
    "/number/all-numbers/south-florida",
  );
  // Search: a word typed as letters finds vanity numbers by keypad digits; an area code finds its territory.
  const search = page.getByRole("searchbox", { name: /^Search by #Code/ });
  await search.fill("305");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=305/);
  await expect(page.getByRole("list", { name: "Search results" }).getByText("South Florida")).toBeVisible();
  await search.fill("LAW");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(
    page
      .getByRole("list", { name: "Search results" })
      .getByText(/LAW-HELP/)
      .first(),
  ).toBeVisible();
  // A result is a plain link followed in the page, without a reload: a mark left on the window before the click stays.
  await page.evaluate(() => Object.assign(window, { beforeClick: true }));
  const result = page.getByRole("list", { name: "Search results" }).getByRole("link").first();
  const href = await result.getAttribute("href");
  await result.click();
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(href);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => "beforeClick" in window)).toBe(true);
});

test("home map: a click opens the popup with available #Codes linking to their pages", async ({ page }) => {
  await page.goto("/");
  await shape(page, "Montana").click();
  const popup = page.getByRole("dialog");
  await expect(popup).toBeVisible();
  await expect(popup.getByText("Montana").first()).toBeVisible();
  const codeLink = popup.getByRole("link", { name: /^#/ }).first();
  await expect(codeLink).toHaveAttribute("href", /^\/number\/hash-[a-z0-9-]+\/montana$/);
  expect(await popup.getByRole("link", { name: /^#/ }).count()).toBeLessThanOrEqual(5);
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
});

test("home map: a #Code in the popup opens its page with the clicked territory chosen", async ({ page }) => {
  await page.goto("/");
  await shape(page, "Montana").click();
  const popup = page.getByRole("dialog");
  await popup.getByRole("link", { name: /^#/ }).first().click();
  await expect(page).toHaveURL(/\/number\/hash-[a-z0-9-]+\/montana$/);
  await expect(shape(page, "Montana")).toHaveAttribute("aria-pressed", "true");
  await expect(panel(page).getByRole("heading", { name: "Montana" })).toBeVisible();
});

test("sitemap lists the number pages", async ({ request, baseURL }) => {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  const xml = await res.text();
  expect(xml).toContain(`<loc>${new URL(baseURL!).origin}/number/hash-4law</loc>`);
  expect(xml.match(/<loc>/g)?.length).toBeGreaterThan(12);
});
