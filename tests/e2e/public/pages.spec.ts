/**
 * The marketing, legal and licensing pages: each answers 200 with its heading, the anchors other pages link to
 * exist, the licensing explainers show the catalogue's own figures, the privacy sections collapse, and the footer
 * links to every page.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { KEYWORD_GROUPS, SPECIAL_PRICING_KEYWORDS } from "#server/db/seed/data/categories.ts";

const PAGES: [path: string, heading: string][] = [
  ["/products-services", "Products & Services"],
  ["/about", "About PoundCodes"],
  ["/team", "Our Team"],
  ["/marketing-agency", "PoundCodes Marketing Agency"],
  ["/philanthropy", "PoundCodes Philanthropy"],
  ["/services", "Services"],
  ["/virtual-pbx-features", "Virtual PBX Features"],
  ["/licensing/by-state", "Licensing by State"],
  ["/licensing/by-state-category", "Licensing by State & Category"],
  ["/licensing/by-state-keyword", "Licensing by State & Keyword"],
  ["/legal/adjunct-marketing-agreement", "Adjunct Marketing Agreement"],
  ["/terms", "Terms of Service"],
  ["/terms-of-use", "Website Terms of Use"],
  ["/disclaimers", "Disclaimers & Disclosures"],
  ["/privacy", "Privacy Policy"],
];

type MapTerritory = { id: string; key: string; name: string; baseMonthlyCents: number };

const usd = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(cents / 100);

async function figure(page: Page, name: string): Promise<number> {
  const text = await page.locator(`[data-figure="${name}"]`).innerText();
  return Number(text.replace(/[^0-9]/g, ""));
}

test("every page renders on the server with its heading, title and canonical link", async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await ctx.newPage();
  for (const [path, heading] of PAGES) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page, path).toHaveTitle(/· PoundCodes$/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", new RegExp(`${path}$`));
    await expect(page.locator('meta[property="og:title"]'), path).toHaveCount(1);
  }
  await ctx.close();
});

test("products & services has its five sections, and the #Code links lead to number pages", async ({ page }) => {
  await page.goto("/products-services");
  for (const id of ["poundcodes", "vanity-numbers", "marketing-tools", "addons", "free-addons"]) {
    await expect(page.locator(`section#${id}`)).toBeVisible();
    await expect(page.locator(`section#${id} h2`)).toBeVisible();
  }
  await page
    .getByRole("navigation", { name: "On this page" })
    .getByRole("link", { name: "Add-ons", exact: true })
    .click();
  await expect(page).toHaveURL(/#addons$/);
  await page.locator("#poundcodes").getByRole("link", { name: "#4LAW", exact: true }).click();
  await expect(page).toHaveURL(/\/number\/hash-4law$/);
  await expect(page.getByRole("heading", { level: 1, name: "#4LAW" })).toBeVisible();
});

test("services, about and philanthropy send their calls to action to the contact page", async ({ page }) => {
  await page.goto("/services");
  await expect(page.locator("section#priority")).toBeVisible();
  await expect(page.locator("section#crm")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request Priority Services" })).toHaveAttribute(
    "href",
    "/contact?service=support",
  );
  await expect(page.getByRole("link", { name: "Discuss CRM Integration" })).toHaveAttribute(
    "href",
    "/contact?service=crm",
  );

  await page.goto("/about");
  for (const value of ["Innovation", "Customer Centricity", "Excellence", "Integrity"]) {
    await expect(page.getByRole("heading", { level: 3, name: value, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "The people behind PoundCodes" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get in Touch" })).toHaveAttribute("href", "/contact");

  await page.goto("/philanthropy");
  await expect(page.getByRole("link", { name: "Contact Our Philanthropy Team" })).toHaveAttribute(
    "href",
    "/contact?subject=PhilanthropyInquiry",
  );
});

test("the licensing explainers show the catalogue's own figures and prices", async ({ page, request }) => {
  const map = (await (await request.get("/resources/territories")).json()) as { territories: MapTerritory[] };
  const portions = map.territories.filter((t) => t.key.includes("-"));
  await page.goto("/products-services");
  const codes = await page.locator('#poundcodes a[href^="/number/hash-"]').count();

  // Admin specs running beside this one add (and remove) keyword groups and pricing keywords of their own, so
  // those two figures are checked against the seed as a floor and against each other across the three pages; the
  // exact counts are checked against the database in server/domain/licensing/explainers.test.ts.
  const seen: Record<string, number[]> = { keywordGroups: [], pricingKeywords: [] };
  for (const path of ["/licensing/by-state", "/licensing/by-state-category", "/licensing/by-state-keyword"]) {
    await page.goto(path);
    expect(await figure(page, "territories"), path).toBe(map.territories.length);
    expect(await figure(page, "portions"), path).toBe(portions.length);
    expect(await figure(page, "wholeStates"), path).toBe(map.territories.length - portions.length);
    expect(await figure(page, "poundCodes"), path).toBe(codes);
    seen.keywordGroups!.push(await figure(page, "keywordGroups"));
    seen.pricingKeywords!.push(await figure(page, "pricingKeywords"));
  }
  expect(Math.min(...seen.keywordGroups!)).toBeGreaterThanOrEqual(KEYWORD_GROUPS.length);
  expect(Math.min(...seen.pricingKeywords!)).toBeGreaterThanOrEqual(SPECIAL_PRICING_KEYWORDS.length);

  // By state: the worked example's base fee is the territory's base fee on the map.
  await page.goto("/licensing/by-state");
  const exampleName = await page.locator("[data-example-territory]").getAttribute("data-example-territory");
  const example = map.territories.find((t) => t.name === exampleName);
  expect(example, `${exampleName} is on the map`).toBeDefined();
  const quote = page.locator('[data-quote="territory-quote"]');
  await expect(quote.locator('[data-quote-line="base"] td')).toHaveText(usd(example!.baseMonthlyCents));
  await expect(quote.locator("[data-quote-total]")).toHaveText(usd(example!.baseMonthlyCents));
  const cheapest = Math.min(...map.territories.map((t) => t.baseMonthlyCents));
  await expect(page.locator('[data-figure="lowestMonthly"]')).toHaveText(usd(Math.max(cheapest, 9_500)));

  // By category: the same territory, one row per #Code, each linking to its number page.
  await page.goto("/licensing/by-state-category");
  await expect(page.locator("[data-example-territory]")).toHaveAttribute("data-example-territory", exampleName!);
  await expect(page.locator("tr[data-code]")).toHaveCount(codes);
  const lawRow = page.locator('tr[data-code="#4LAW"]');
  await expect(lawRow.locator("[data-monthly]")).toHaveText(/^\$[\d,]+\.\d{2}$/);

  // By keyword: one card per keyword group, and the group priced with a keyword.
  await page.goto("/licensing/by-state-keyword");
  expect(await page.locator("li[data-group]").count()).toBeGreaterThanOrEqual(KEYWORD_GROUPS.length);
  await expect(page.locator('[data-quote="keyword-quote"] [data-quote-line="keyword"]')).toBeVisible();
});

test("the explainer tabs move between the three licensing pages", async ({ page }) => {
  await page.goto("/licensing/by-state");
  const tabs = page.getByRole("navigation", { name: "Licensing options" });
  await expect(tabs.getByRole("link", { name: "By State", exact: true })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "By State & Keyword" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Licensing by State & Keyword");
  await expect(tabs.getByRole("link", { name: "By State & Keyword" })).toHaveAttribute("aria-current", "page");
});

test("privacy sections collapse and expand, with the date of the last change", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByText(/^Last updated/)).toBeVisible();
  const sections = page.locator("article details");
  expect(await sections.count()).toBeGreaterThanOrEqual(5);
  const first = sections.first();
  const second = sections.nth(1);
  await expect(first).toHaveAttribute("open", "");
  await expect(second).not.toHaveAttribute("open", "");
  await expect(first.getByText(/PoundCodes collects, uses and protects information/)).toBeVisible();

  await first.locator("summary").click();
  await expect(first).not.toHaveAttribute("open", "");
  await expect(first.getByText(/PoundCodes collects, uses and protects information/)).toBeHidden();

  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open", "");
  await expect(second.getByText(/We collect information you give us/)).toBeVisible();
  await second.locator("summary").press("Enter");
  await expect(second).not.toHaveAttribute("open", "");
});

test("legal pages are dated and have a table of contents on desktop", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/terms");
  await expect(page.getByText("Last updated November 1, 2026")).toBeVisible();
  const contents = page.getByRole("navigation", { name: "Contents" });
  await expect(contents).toBeVisible();
  await contents.getByRole("link", { name: /Fees, deposits and billing/ }).click();
  await expect(page).toHaveURL(/#fees$/);
  await expect(page.getByText(/\$200\.00 deposit/)).toBeInViewport();
  await expect(page.getByText(/30 days' notice/).first()).toBeVisible();
});

test("the footer links to every one of these pages", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const href of [
    "/about",
    "/team",
    "/marketing-agency",
    "/philanthropy",
    "/products-services#poundcodes",
    "/products-services#vanity-numbers",
    "/products-services#marketing-tools",
    "/services#priority",
    "/services#crm",
    "/virtual-pbx-features",
    "/licensing/by-state",
    "/licensing/by-state-category",
    "/licensing/by-state-keyword",
    "/privacy",
    "/terms",
    "/terms-of-use",
    "/disclaimers",
    "/legal/adjunct-marketing-agreement",
  ]) {
    await expect(footer.locator(`a[href="${href}"]`).first(), href).toBeVisible();
  }
  await footer.getByRole("link", { name: "Philanthropy", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PoundCodes Philanthropy");
  await page.getByRole("contentinfo").getByRole("link", { name: "Priority Services" }).click();
  await expect(page).toHaveURL(/\/services#priority$/);
  await expect(page.locator("section#priority h2")).toBeInViewport();
});

test("these pages pass axe accessibility checks in the dark theme too", async ({ page }) => {
  test.setTimeout(120_000);
  // The light theme of every public page, these included, is checked in shell.spec.ts ("every public page passes
  // axe accessibility checks"); contrast in the dark theme is checked here.
  await page.emulateMedia({ reducedMotion: "reduce", colorScheme: "dark" });
  for (const [path] of PAGES) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => `dark ${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
});
