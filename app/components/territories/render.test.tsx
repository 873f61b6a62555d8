import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { CodePickerPage, NumberContext, TerritoryView } from "#kernel/catalogue.ts";
import { cardStatus } from "#kernel/territory-status.ts";
import { CategorySection } from "./category-section.tsx";
import { TerritoryList } from "./territory-list.tsx";
import { TerritoryPanel } from "./territory-panel.tsx";
import { ViewToggle } from "./view-toggle.tsx";

const LAW = "0b9d3e21-7c4a-4f6e-8d2b-5a1c9e3f7b62";

function territory(over: Partial<TerritoryView> = {}): TerritoryView {
  return {
    id: "t-oh",
    key: "OH",
    name: "Ohio",
    state: "OH",
    portion: null,
    slug: "ohio",
    population: 11_799_448,
    areaCodes: ["216", "220", "234", "330", "380", "419"],
    listStatus: "available",
    mapStatus: "available",
    pricing: {
      baseMonthlyCents: 125_000,
      setupCents: 20_000,
      perMinuteCents: 5,
      perSmsCents: 2,
      perWebFormLeadCents: 50,
      categoryQuote: null,
    },
    categories: [],
    ...over,
  };
}

const poundcode: NumberContext = {
  kind: "poundcode",
  categoryId: LAW,
  name: "#4LAW",
  slug: "hash-4law",
  description: null,
};

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe("TerritoryPanel", () => {
  it("says what to do when nothing is selected", () => {
    const out = html(
      <TerritoryPanel territory={null} status={null} selected={false} onAction={() => {}} titleId="p" />,
    );
    expect(out).toContain("Territory Details");
    expect(out).toContain("Hover over or select a territory on the map or list to see details.");
  });

  it("shows status, area codes, pricing and the reserve action of an available territory", () => {
    const t = territory({ listStatus: "unlicensed" });
    const out = html(
      <TerritoryPanel territory={t} status={cardStatus(t.listStatus)} selected onAction={() => {}} titleId="p" />,
    );
    expect(out).toContain("Ohio");
    expect(out).toContain(">Available<");
    expect(out).toContain("216");
    // Number chips use the one sans-serif typeface with tabular figures, never a monospace font.
    expect(out).toMatch(/class="[^"]*tabular-nums[^"]*">216</);
    expect(out).not.toContain("font-mono");
    expect(out).toContain("$1,250.00");
    expect(out).toContain("(All categories, based on population)");
    expect(out).toContain("Setup deposit");
    expect(out).toContain("$200.00");
    expect(out).toContain("$0.05");
    expect(out).toContain("$0.02");
    expect(out).toContain("Per web-form lead");
    expect(out).toContain("$0.50");
    expect(out).toContain("Select Category &amp; Reserve");
    // Every amount has two decimals.
    for (const amount of out.match(/\$[\d,]+(?:\.\d+)?/g) ?? []) expect(amount).toMatch(/\.\d\d$/);
  });

  it("offers the waitlist and a question link for a taken territory", () => {
    const t = territory({ name: "Northern California", listStatus: "licensed" });
    const out = html(
      <TerritoryPanel territory={t} status={cardStatus(t.listStatus)} selected onAction={() => {}} titleId="p" />,
    );
    expect(out).toContain("Join Waitlist");
    expect(out).toContain('href="/contact?subject=Question%20about%20Northern%20California"');
    expect(out).toContain("Ask a question");
  });

  it("disables 'Inquire' for an unknown status", () => {
    const t = territory({ listStatus: "mystery" });
    const out = html(
      <TerritoryPanel territory={t} status={cardStatus(t.listStatus)} selected onAction={() => {}} titleId="p" />,
    );
    expect(out).toContain(">Unknown<");
    expect(out).toMatch(/<button[^>]*disabled=""[^>]*>Inquire<\/button>/);
  });

  it("shows one monthly figure for the page's #Code, explained by lines that add up to it", () => {
    const t = territory({
      pricing: {
        ...territory().pricing,
        categoryQuote: {
          categoryId: LAW,
          categoryName: "#4LAW",
          finalMonthlyCents: 150_000,
          lines: [
            { key: "base", label: "Base monthly fee", cents: 125_000, kind: "monthly" },
            { key: "category", label: "Category adjustment (#4LAW 120%)", cents: 25_000, kind: "adjustment" },
            { key: "monthly_total", label: "Monthly total", cents: 150_000, kind: "total" },
          ],
        },
      },
    });
    const out = html(
      <TerritoryPanel territory={t} status={cardStatus("available")} selected onAction={() => {}} titleId="p" />,
    );
    expect(out).toContain("#4LAW monthly fee");
    expect(out).toMatch(/data-testid="monthly-figure"[^>]*><span[^>]*>\$1,500\.00</);
    expect(out).toContain("(#4LAW in Ohio, based on population)");
    // The all-categories fee is not a second monthly price on a #Code page.
    expect(out).not.toContain("(All categories, based on population)");
    expect(out).not.toContain("$1,250.00 ");
    expect(out).toContain("Category adjustment (#4LAW 120%)");
    expect(out).toContain("+$250.00");
    expect(out).toMatch(/data-testid="breakdown-total"[^>]*><dt[^>]*>Monthly total<\/dt><dd[^>]*>\$1,500\.00</);
    expect(out).toContain("$200.00");
    expect(out).toContain("Per web-form lead");
    expect(out).toContain("$0.50");
  });

  it("prices the #Code chosen on other pages", () => {
    const t = territory({
      categories: [
        {
          categoryId: LAW,
          name: "#4LAW",
          slug: "hash-4law",
          kind: "poundcode",
          status: "available",
          monthlyCents: 156_250,
        },
      ],
    });
    const out = html(
      <TerritoryPanel
        territory={t}
        status={cardStatus("available")}
        selected
        onAction={() => {}}
        categoryId={LAW}
        titleId="p"
      />,
    );
    expect(out).toContain("#4LAW monthly fee");
    expect(out).toContain("$1,562.50");
    expect(out).not.toContain("$1,250.00");
  });

  it("says the territory is held for the visitor after they reserved it, instead of the waitlist", () => {
    const t = territory({ listStatus: "negotiations" });
    const visitor = html(
      <TerritoryPanel
        territory={t}
        status={cardStatus(t.listStatus)}
        selected
        onAction={() => {}}
        hold={{ territoryId: t.id, categoryId: LAW, categoryName: "#4LAW", confirmed: false }}
        titleId="p"
      />,
    );
    expect(visitor).toContain("Held for you");
    expect(visitor).toContain("#4LAW in Ohio is reserved for you.");
    expect(visitor).toContain("confirm it");
    expect(visitor).toContain("24 hours");
    expect(visitor).toContain("licensing team");
    expect(visitor).not.toContain("Join Waitlist");
    expect(visitor).not.toContain("In Negotiations");

    const member = html(
      <TerritoryPanel
        territory={t}
        status={cardStatus(t.listStatus)}
        selected
        onAction={() => {}}
        hold={{ territoryId: t.id, categoryId: LAW, categoryName: "#4LAW", confirmed: true }}
        titleId="p"
      />,
    );
    expect(member).toContain("Your hold lasts 5 business days");
    expect(member).not.toContain("24 hours");
    expect(member).not.toContain("Join Waitlist");
  });
});

describe("TerritoryList", () => {
  it("links each card to its territory page in name order, staggered by 20 ms", () => {
    const list = [
      territory(),
      territory({ id: "t-ca-n", key: "CA-N", name: "Northern California", slug: "northern-california" }),
      territory({ id: "t-ak", key: "AK", name: "Alaska", slug: "alaska" }),
      territory({ id: "t-al", key: "AL", name: "Alabama", slug: "alabama" }),
    ];
    const out = html(<TerritoryList territories={list} context={poundcode} selectedId={null} onSelect={() => {}} />);
    expect(out).toContain("Available States &amp; Portions");
    expect(out).toContain('href="/number/hash-4law/ohio"');
    expect(out).toContain('href="/number/hash-4law/northern-california"');
    const order = [...out.matchAll(/href="\/number\/hash-4law\/([a-z-]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(["alabama", "alaska", "northern-california", "ohio"]);
    expect(out).toContain("animation-delay:0ms");
    expect(out).toContain("animation-delay:20ms");
    expect(out).toContain("$1,250.00/mo");
  });

  it("shows the loading and empty texts", () => {
    expect(
      html(<TerritoryList territories={[]} context={{ kind: "all" }} selectedId={null} onSelect={() => {}} loading />),
    ).toContain("Loading Available Territories...");
    expect(
      html(<TerritoryList territories={[]} context={{ kind: "all" }} selectedId={null} onSelect={() => {}} />),
    ).toContain("No territories available at this time.");
  });
});

describe("CategorySection", () => {
  const initial: CodePickerPage = {
    q: "",
    page: 1,
    pageCount: 2,
    pageSize: 8,
    total: 10,
    territory: null,
    onlyAvailable: false,
    items: [
      { id: LAW, name: "#4LAW", slug: "hash-4law", status: null },
      { id: "c2", name: "#DOCTOR", slug: "hash-doctor", status: null },
    ],
  };

  it("is the scroll target with a page of #Codes as radios, a search box and the pages", () => {
    const out = renderToStaticMarkup(
      <CategorySection
        initial={initial}
        chosen={{ id: "c2", name: "#DOCTOR", slug: "hash-doctor" }}
        onChange={() => {}}
        territory={null}
        prompt="Please choose a category below for Ohio before reserving."
        version={null}
      />,
    );
    expect(out).toContain('id="category-section"');
    expect(out).toContain("Choose a #Code category");
    expect(out.match(/type="radio"/g)).toHaveLength(2);
    expect(out).toMatch(/<input[^>]*type="radio"[^>]*checked=""[^>]*value="c2"/);
    expect(out).toContain("Search #Codes");
    expect(out).toContain("Showing 1–8 of 10 #Codes");
    expect(out).toContain("Page 1 of 2");
    expect(out).toContain("Chosen: <strong");
    expect(out).toContain("Please choose a category below for Ohio before reserving.");
    // No territory selected: no statuses, and no 'only available' filter.
    expect(out).not.toContain("Licensed");
    expect(out).not.toContain("Only #Codes available");
  });

  it("shows what the selected territory already says of a #Code while that territory's page loads", () => {
    const t = territory({
      categories: [
        { categoryId: LAW, name: "#4LAW", slug: "hash-4law", kind: "poundcode", status: "licensed", monthlyCents: 1 },
      ],
    });
    const out = renderToStaticMarkup(
      <CategorySection
        initial={initial}
        chosen={null}
        onChange={() => {}}
        territory={t}
        prompt={null}
        version={null}
      />,
    );
    expect(out).toContain("Licensed");
    expect(out).not.toContain("Available");
    expect(out).toContain("Only #Codes available in Ohio");
    expect(out).toContain("Loading #Codes…");
    expect(out).toContain('aria-busy="true"');
  });
});

describe("ViewToggle", () => {
  it("is two pressed-state buttons", () => {
    const out = renderToStaticMarkup(<ViewToggle value="map" onChange={() => {}} />);
    expect(out).toMatch(/aria-pressed="true"[^>]*>.*Map/);
    expect(out).toMatch(/aria-pressed="false"[^>]*>.*List/);
  });
});
