import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { CategoryExplainer, KeywordExplainer, StateExplainer } from "#kernel/schemas/licensing.ts";
import { AboutPage } from "./about-page.tsx";
import { AgencyPage } from "./agency-page.tsx";
import { LicensingByStateCategoryPage } from "./licensing-by-state-category-page.tsx";
import { LicensingByStateKeywordPage } from "./licensing-by-state-keyword-page.tsx";
import { LicensingByStatePage } from "./licensing-by-state-page.tsx";
import { PbxPage } from "./pbx-page.tsx";
import { PhilanthropyPage } from "./philanthropy-page.tsx";
import { PRODUCT_SECTIONS, ProductsServicesPage } from "./products-services-page.tsx";
import { ServicesPage } from "./services-page.tsx";
import { LEADERSHIP, TEAM } from "./team.ts";
import { TeamPage } from "./team-page.tsx";

const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((m) => m[1]);

describe("marketing pages", () => {
  it.each([
    [
      "products",
      <ProductsServicesPage key="p" codes={[{ name: "#4LAW", slug: "hash-4law" }]} />,
      "Products &amp; Services",
    ],
    ["about", <AboutPage key="a" />, "About PoundCodes"],
    ["team", <TeamPage key="t" />, "Our Team"],
    ["agency", <AgencyPage key="g" />, "PoundCodes Marketing Agency"],
    ["philanthropy", <PhilanthropyPage key="h" />, "PoundCodes Philanthropy"],
    ["services", <ServicesPage key="s" />, "Services"],
    ["pbx", <PbxPage key="x" />, "Virtual PBX Features"],
  ] as const)("%s has exactly one <h1>", (_name, page, title) => {
    const html = render(page);
    expect(h1s(html)).toEqual([title]);
    expect(html).not.toMatch(/lorem|ipsum|TODO|coming soon|\bundefined\b/i);
    expect(html).not.toMatch(/\bNaN\b/);
  });

  it("products & services has the five anchors and links each #Code", () => {
    const html = render(<ProductsServicesPage codes={[{ name: "#4LAW", slug: "hash-4law" }]} />);
    expect(PRODUCT_SECTIONS.map((s) => s.id)).toEqual([
      "poundcodes",
      "vanity-numbers",
      "marketing-tools",
      "addons",
      "free-addons",
    ]);
    for (const { id } of PRODUCT_SECTIONS) {
      expect(html).toContain(`<section id="${id}"`);
      expect(html).toContain(`href="#${id}"`);
    }
    expect(html).toContain('href="/number/hash-4law"');
    expect(html).toContain("$0.05");
    expect(html).not.toContain("more #Code");
  });

  it("products & services names a sample of a large catalog and links to the rest", () => {
    const html = render(<ProductsServicesPage codes={[{ name: "#4LAW", slug: "hash-4law" }]} moreCodes={502} />);
    expect(html).toMatch(/href="\/all-numbers#category-section"[^>]*>502 more #Codes</);
  });

  it("about has the mission, the four values, the leadership and Get in Touch to /contact", () => {
    const html = render(<AboutPage />);
    expect(html).toContain('<section id="mission"');
    for (const value of ["Innovation", "Customer Centricity", "Excellence", "Integrity"]) {
      expect(html).toContain(`>${value}</h3>`);
    }
    for (const person of LEADERSHIP) expect(html).toContain(person.name);
    expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>Get in Touch/);
  });

  it("the team page shows every group and person", () => {
    const html = render(<TeamPage />);
    for (const group of TEAM) {
      expect(html).toMatch(new RegExp(`<section[^>]*id="${group.id}"`));
      for (const p of group.people) expect(html).toContain(p.name);
    }
  });

  it("services: #priority and #crm with their contact links", () => {
    const html = render(<ServicesPage />);
    expect(html).toContain('<section id="priority"');
    expect(html).toContain('<section id="crm"');
    expect(html).toContain('href="/contact?service=support"');
    expect(html).toContain('href="/contact?service=crm"');
  });

  it("philanthropy's call to action opens the contact form with its subject", () => {
    expect(render(<PhilanthropyPage />)).toContain('href="/contact?subject=PhilanthropyInquiry"');
  });
});

const quote = (total: number) => ({
  scope: "territory" as const,
  finalMonthlyCents: total,
  setupCents: 20_000,
  minimumApplied: false,
  minimumMonthlyFeeCents: 9_500,
  codeSpecificFee: false,
  lines: [
    { key: "base", label: "Base monthly fee", cents: total + 1_000, kind: "monthly" as const },
    { key: "category", label: "Category adjustment (#TAXES 90%)", cents: -1_000, kind: "adjustment" as const },
    { key: "monthly_total", label: "Monthly total", cents: total, kind: "total" as const },
    { key: "setup", label: "Setup deposit", cents: 20_000, kind: "one_off" as const },
    { key: "per_minute", label: "Per minute", cents: 5, kind: "usage" as const },
  ],
});
const figures = {
  territories: 59,
  wholeStates: 46,
  portions: 13,
  splitStates: 5,
  poundCodes: 10,
  keywordGroups: 4,
  pricingKeywords: 13,
};
const territory = { id: "t1", name: "East Texas", stateName: "Texas", portion: "E", population: 26_181_324 };

describe("licensing explainers", () => {
  it("by state: figures, the price range and both quotes, with signed adjustments", () => {
    const explainer: StateExplainer = {
      figures,
      example: {
        territory,
        territoryQuote: quote(392_500),
        fullStateQuote: quote(437_000),
        lowest: { monthlyCents: 9_500, names: ["Vermont", "Wyoming"] },
        highest: { monthlyCents: 592_500, names: ["Southern California"] },
      },
    };
    const html = render(<LicensingByStatePage explainer={explainer} />);
    expect(html).toContain(
      'data-figure="territories" class="text-3xl font-bold tracking-tight text-foreground tabular-nums">59<',
    );
    expect(html).toContain("portions of 5 larger states");
    expect(html).toContain("$95.00</strong> a month (Vermont and Wyoming)");
    expect(html).toContain("$5,925.00</strong> a month (Southern California)");
    expect(html).toContain("$3,925.00");
    expect(html).toContain("All of Texas");
    expect(html).toContain("−$10.00");
    expect(html).toContain("26,181,324 residents");
    expect(html).toContain('aria-current="page"');
  });

  it("without territories, each explainer says so instead of an example", () => {
    const empty = { ...figures, territories: 0, wholeStates: 0, portions: 0, splitStates: 0 };
    const text = "No territories are listed at the moment";
    expect(render(<LicensingByStatePage explainer={{ figures: empty, example: null }} />)).toContain(text);
    expect(render(<LicensingByStateCategoryPage explainer={{ figures: empty, example: null }} />)).toContain(text);
    expect(
      render(<LicensingByStateKeywordPage explainer={{ figures: empty, keywords: [], example: null }} />),
    ).toContain(text);
  });

  it("by category and by keyword: a row per #Code and a card per group", () => {
    const cat: CategoryExplainer = {
      figures,
      example: {
        territory,
        codes: [
          {
            name: "#4LAW",
            slug: "hash-4law",
            description: null,
            feePercentageOfBase: 125,
            monthlyCents: 490_500,
            codeSpecificFee: true,
          },
          {
            name: "#TAXES",
            slug: "hash-taxes",
            description: null,
            feePercentageOfBase: 90,
            monthlyCents: 353_250,
            codeSpecificFee: false,
          },
        ],
        worked: { name: "#TAXES", quote: quote(353_250) },
      },
    };
    const html = render(<LicensingByStateCategoryPage explainer={cat} />);
    expect(html).toContain("East Texas rate");
    expect(html).toContain("90% of base");
    expect(html).toContain("$4,905.00");
    const kw: KeywordExplainer = {
      figures,
      keywords: [{ keywordText: "mesothelioma", multiplier: 1.6, description: null }],
      example: {
        territory,
        groups: [
          {
            name: "Legal Keywords",
            slug: "legal-keywords",
            description: "Legal terms.",
            keywordBaseMultiplier: 1.25,
            monthlyCents: 490_625,
          },
        ],
        worked: { name: "Legal Keywords", quote: quote(490_625) },
        withKeyword: { name: "Legal Keywords", keywordText: "mesothelioma", quote: quote(785_000) },
      },
    };
    const k = render(<LicensingByStateKeywordPage explainer={kw} />);
    expect(k).toContain("×1.25");
    expect(k).toContain("×1.6");
    expect(k).toContain("$7,850.00");
  });
});
