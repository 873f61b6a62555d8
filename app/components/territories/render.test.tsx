import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { NumberContext, TerritoryView } from "#kernel/catalogue.ts";
import { cardStatus } from "./actions";
import { CategorySection } from "./category-section";
import { TerritoryList } from "./territory-list";
import { TerritoryPanel } from "./territory-panel";
import { ViewToggle } from "./view-toggle";

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
    expect(out).toContain("$1,250");
    expect(out).toContain("(All categories, based on population)");
    expect(out).toContain("Setup deposit");
    expect(out).toContain("$200");
    expect(out).toContain("$0.05");
    expect(out).toContain("$0.02");
    expect(out).toContain("Select Category &amp; Reserve");
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

  it("shows the category's quote lines", () => {
    const t = territory({
      pricing: {
        ...territory().pricing,
        categoryQuote: {
          categoryName: "#4LAW",
          finalMonthlyCents: 150_000,
          lines: [
            { key: "base", label: "Base monthly fee", cents: 125_000, kind: "monthly" },
            { key: "category", label: "Category adjustment (#4LAW +20%)", cents: 25_000, kind: "adjustment" },
            { key: "monthly_total", label: "Monthly total", cents: 150_000, kind: "total" },
            { key: "setup", label: "Setup deposit", cents: 30_000, kind: "one_off" },
            { key: "per_minute", label: "Per minute", cents: 5, kind: "usage" },
            { key: "per_sms", label: "Per SMS", cents: 2, kind: "usage" },
            { key: "per_web_form_lead", label: "Per web-form lead", cents: 50, kind: "usage" },
          ],
        },
      },
    });
    const out = html(
      <TerritoryPanel territory={t} status={cardStatus("available")} selected onAction={() => {}} titleId="p" />,
    );
    expect(out).toContain("#4LAW pricing");
    expect(out).toContain("Category adjustment (#4LAW +20%)");
    expect(out).toContain("+$250.00");
    expect(out).toContain("Monthly total");
    expect(out).toContain("$1,500.00");
    expect(out).toContain("$300");
    expect(out).toContain("Per web-form lead");
    expect(out).toContain("$0.50");
  });
});

describe("TerritoryList", () => {
  it("links each card to its territory page, staggered by 20 ms", () => {
    const list = [
      territory(),
      territory({ id: "t-ca-n", key: "CA-N", name: "Northern California", slug: "northern-california" }),
    ];
    const out = html(<TerritoryList territories={list} context={poundcode} selectedId={null} onSelect={() => {}} />);
    expect(out).toContain("Available States &amp; Portions");
    expect(out).toContain('href="/number/hash-4law/ohio"');
    expect(out).toContain('href="/number/hash-4law/northern-california"');
    expect(out).toContain("animation-delay:0ms");
    expect(out).toContain("animation-delay:20ms");
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
  it("is the scroll target with the #Codes as radios and their status in the selected territory", () => {
    const t = territory({
      categories: [{ categoryId: LAW, name: "#4LAW", slug: "hash-4law", kind: "poundcode", status: "licensed" }],
    });
    const out = renderToStaticMarkup(
      <CategorySection
        categories={[
          { id: LAW, name: "#4LAW", slug: "hash-4law" },
          { id: "c2", name: "#DOCTOR", slug: "hash-doctor" },
        ]}
        value={null}
        onChange={() => {}}
        territory={t}
        prompt="Please choose a category below for Ohio before reserving."
      />,
    );
    expect(out).toContain('id="category-section"');
    expect(out).toContain("Choose a #Code category");
    expect(out.match(/type="radio"/g)).toHaveLength(2);
    expect(out).toContain("Licensed");
    expect(out).toContain("Available");
    expect(out).toContain("Please choose a category below for Ohio before reserving.");
  });
});

describe("ViewToggle", () => {
  it("is two pressed-state buttons", () => {
    const out = renderToStaticMarkup(<ViewToggle value="map" onChange={() => {}} />);
    expect(out).toMatch(/aria-pressed="true"[^>]*>.*Map/);
    expect(out).toMatch(/aria-pressed="false"[^>]*>.*List/);
  });
});
