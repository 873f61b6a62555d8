import { describe, expect, it } from "vitest";
import { BLOG_POSTS } from "./blog-posts.ts";
import { ALL_CATEGORIES, KEYWORD_GROUPS, POUND_CODES, SPECIAL_PRICING_KEYWORDS } from "./categories.ts";
import { EDITABLE_CONTENT, PRIVACY_POLICY_SECTION_ORDER } from "./content.ts";
import {
  DEMO_DYNAMIC_PAGE,
  DEMO_FORM_SUBMISSIONS,
  DEMO_LICENSES,
  DEMO_SUPPORT_TICKETS,
  DEMO_WALLET_TRANSACTIONS,
  demoLastMonthDepositCents,
  demoSubscription,
  demoWalletBalanceCents,
} from "./demo-licensee.ts";
import { FAQ_CATEGORIES, FAQ_ITEMS } from "./faq.ts";
import { FEATURED_NUMBERS } from "./featured-numbers.ts";
import { CONTACTS } from "./leads.ts";
import { SUPPORT_TOPICS, topicSlug } from "./support-topics.ts";
import { TERRITORIES } from "./territories.ts";
import {
  deriveTerritoryStatus,
  FULLY_LICENSED_TERRITORIES,
  mulberry32,
  statusOf,
  TERRITORY_CATEGORY_STATUSES,
  TERRITORY_STATUS_BY_KEY,
} from "./territory-category-statuses.ts";
import { dialDigits, VANITY_NUMBERS } from "./vanity-numbers.ts";

const words = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;

describe("categories", () => {
  it("has exactly ten #Codes named # + code with hash- slugs", () => {
    expect(POUND_CODES).toHaveLength(10);
    for (const c of POUND_CODES) {
      expect(c.name).toMatch(/^#[A-Z0-9]{4,5}$/);
      expect(c.slug).toBe(`hash-${c.name.slice(1).toLowerCase()}`);
      expect(c.categoryType).toBe("standard");
      expect(c.feePercentageOfBase).toBeGreaterThan(0);
      expect(c.keywordBaseMultiplier).toBeNull();
    }
    expect(POUND_CODES.map((c) => c.name)).toEqual(expect.arrayContaining(["#4LAW", "#HELP", "#EASY", "#SSDI"]));
  });

  it("has keyword groups that are not #Codes", () => {
    expect(KEYWORD_GROUPS.length).toBeGreaterThanOrEqual(3);
    for (const g of KEYWORD_GROUPS) {
      expect(g.name.startsWith("#")).toBe(false);
      expect(g.slug.startsWith("hash-")).toBe(false);
      expect(g.slug).toMatch(/^[a-z-]+$/);
      expect(g.keywordBaseMultiplier).toBeGreaterThan(1);
      expect(g.feePercentageOfBase).toBeNull();
    }
    const slugs = ALL_CATEGORIES.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const keywords = SPECIAL_PRICING_KEYWORDS.map((k) => k.keywordText);
    expect(new Set(keywords).size).toBe(keywords.length);
  });
});

describe("territory × #Code statuses", () => {
  it("has one row per territory and #Code", () => {
    expect(TERRITORY_CATEGORY_STATUSES).toHaveLength(TERRITORIES.length * POUND_CODES.length);
    const pairs = new Set(TERRITORY_CATEGORY_STATUSES.map((r) => `${r.territoryKey}|${r.categorySlug}`));
    expect(pairs.size).toBe(TERRITORY_CATEGORY_STATUSES.length);
  });

  it("produces all four map statuses, mostly available", () => {
    const counts: Record<string, number> = {};
    for (const status of TERRITORY_STATUS_BY_KEY.values()) counts[status] = (counts[status] ?? 0) + 1;
    expect(counts).toEqual({ available: 42, partial: 10, negotiations: 4, licensed: 3 });
    for (const key of FULLY_LICENSED_TERRITORIES) expect(TERRITORY_STATUS_BY_KEY.get(key)).toBe("licensed");
  });

  it("keeps #4LAW available in most territories and licensed where the demo data says so", () => {
    const law = TERRITORY_CATEGORY_STATUSES.filter((r) => r.categorySlug === "hash-4law");
    const taken = law
      .filter((r) => r.status !== "available")
      .map((r) => r.territoryKey)
      .sort();
    expect(taken).toEqual(["CT", "FL-C", "GA", "NV", "RI", "TX-E", "TX-W"]);
    for (const license of DEMO_LICENSES) expect(statusOf(license.territoryKey, license.categorySlug)).toBe("licensed");
  });

  it("derives the territory status from the #Code statuses", () => {
    expect(deriveTerritoryStatus(["licensed", "licensed"])).toBe("licensed");
    expect(deriveTerritoryStatus(["licensed", "available"])).toBe("partial");
    expect(deriveTerritoryStatus(["negotiations", "available"])).toBe("negotiations");
    expect(deriveTerritoryStatus(["available"])).toBe("available");
  });

  it("uses a deterministic PRNG", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe("numbers", () => {
  it("has realistic vanity numbers with unique text and slugs", () => {
    expect(VANITY_NUMBERS.length).toBeGreaterThanOrEqual(18);
    expect(new Set(VANITY_NUMBERS.map((v) => v.numberText)).size).toBe(VANITY_NUMBERS.length);
    expect(new Set(VANITY_NUMBERS.map((v) => v.slug)).size).toBe(VANITY_NUMBERS.length);
    expect(dialDigits("(800) LAW-HELP")).toBe("1-800-529-4357");
    const keys = new Set(TERRITORIES.map((t) => t.key));
    const codes = new Set(POUND_CODES.map((c) => c.name));
    for (const v of VANITY_NUMBERS) {
      expect(v.slug).toMatch(/^\d{3}-[a-z0-9-]+$/);
      if (v.territoryKey) expect(keys.has(v.territoryKey)).toBe(true);
      if (v.associatedPoundCode) expect(codes.has(v.associatedPoundCode)).toBe(true);
      expect(Number.isInteger(v.monthlyFeeCents) && Number.isInteger(v.setupFeeCents)).toBe(true);
    }
    expect(VANITY_NUMBERS.filter((v) => v.status === "available").length).toBeGreaterThan(VANITY_NUMBERS.length / 2);
  });

  it("links every featured number to a #Code or vanity slug", () => {
    const slugs = new Set([...POUND_CODES.map((c) => c.slug), ...VANITY_NUMBERS.map((v) => v.slug)]);
    for (const f of FEATURED_NUMBERS) {
      expect(slugs.has(f.numberIdLink), f.numberIdLink).toBe(true);
      expect(f.type).toBe(f.numberIdLink.startsWith("hash-") ? "poundcode" : "vanity");
    }
    expect(new Set(FEATURED_NUMBERS.map((f) => f.displayOrder)).size).toBe(FEATURED_NUMBERS.length);
  });
});

describe("site content", () => {
  it("has eight published blog posts and one draft, of 300–600 words", () => {
    expect(BLOG_POSTS).toHaveLength(9);
    expect(BLOG_POSTS.filter((p) => p.status === "published")).toHaveLength(8);
    expect(BLOG_POSTS.filter((p) => p.status === "draft" && p.publishedAt === null)).toHaveLength(1);
    expect(new Set(BLOG_POSTS.map((p) => p.slug)).size).toBe(9);
    for (const p of BLOG_POSTS) {
      expect(p.slug).toMatch(/^[a-z0-9-]+$/);
      const n = words(p.content);
      expect(n, `${p.slug}: ${n} words`).toBeGreaterThanOrEqual(300);
      expect(n, `${p.slug}: ${n} words`).toBeLessThanOrEqual(600);
      expect(p.tags.length).toBeGreaterThan(0);
      expect(p.tags.length).toBeLessThanOrEqual(5);
      if (p.status === "published") expect(p.publishedAt?.startsWith("2026-")).toBe(true);
      expect(p.content).not.toMatch(/https?:\/\//);
    }
  });

  it("has FAQ items in four categories, mostly published", () => {
    expect(FAQ_ITEMS.length).toBeGreaterThanOrEqual(16);
    expect(new Set(FAQ_ITEMS.map((f) => f.category))).toEqual(new Set(FAQ_CATEGORIES));
    expect(FAQ_ITEMS.filter((f) => f.isPublished).length).toBeGreaterThanOrEqual(15);
  });

  it("has support topics with slugs derived from their titles", () => {
    expect(SUPPORT_TOPICS.length).toBeGreaterThanOrEqual(10);
    for (const t of SUPPORT_TOPICS) {
      expect(t.slug).toBe(topicSlug(t.title));
      expect(t.slug).toMatch(/^[a-z0-9-]+$/);
      expect(t.keywords.length).toBeGreaterThan(0);
    }
    expect(new Set(SUPPORT_TOPICS.map((t) => t.slug)).size).toBe(SUPPORT_TOPICS.length);
  });

  it("has unique snake-case content keys including the number detail and privacy texts", () => {
    const keys = EDITABLE_CONTENT.map((c) => c.contentKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9_]+$/);
    expect(keys).toEqual(
      expect.arrayContaining(["number_detail_intro", "number_detail_important_note", ...PRIVACY_POLICY_SECTION_ORDER]),
    );
  });

  it("contains no placeholder text", () => {
    const all = JSON.stringify([
      BLOG_POSTS,
      FAQ_ITEMS,
      SUPPORT_TOPICS,
      EDITABLE_CONTENT,
      ALL_CATEGORIES,
      VANITY_NUMBERS,
      DEMO_DYNAMIC_PAGE,
    ]);
    expect(all).not.toMatch(/lorem|ipsum|TODO|FIXME|coming soon/i);
  });
});

describe("demo licensee", () => {
  it("has a consistent wallet ledger", () => {
    for (const t of DEMO_WALLET_TRANSACTIONS) {
      expect(Number.isInteger(t.amountCents) && t.amountCents !== 0).toBe(true);
      if (t.transactionType === "top_up") expect(t.amountCents).toBeGreaterThan(0);
      if (t.transactionType === "usage") expect(t.amountCents).toBeLessThan(0);
    }
    const refs = DEMO_WALLET_TRANSACTIONS.flatMap((t) => (t.paymentReference ? [t.paymentReference] : []));
    expect(new Set(refs).size).toBe(refs.length);
    expect(demoWalletBalanceCents()).toBe(10_847);
    expect(demoLastMonthDepositCents()).toBe(7_500);
  });

  it("has two active #4LAW licenses whose fee parts add up", () => {
    expect(DEMO_LICENSES.map((l) => l.territoryKey)).toEqual(["GA", "FL-C"]);
    for (const l of DEMO_LICENSES) {
      expect(l.baseLicenseFeeCents + l.categoryModifierAmountCents + l.keywordModifierAmountCents).toBe(
        l.finalCalculatedFeeCents,
      );
      expect(l.monthlyFeeCents).toBe(l.finalCalculatedFeeCents);
      expect(l.pricingDetails.setup_fee).toBe(l.setupFeeCents);
      expect(l.agreement.status).toBe("active");
    }
    expect(DEMO_LICENSES[0]?.finalCalculatedFeeCents).toBe(250_500);
    expect(DEMO_LICENSES[1]?.finalCalculatedFeeCents).toBe(169_000);
  });

  it("bills each license at its monthly fee, every month so far paid", () => {
    const [georgia, florida] = DEMO_LICENSES.map(demoSubscription);
    expect(georgia).toMatchObject({
      subscriptionAmountCents: 250_500,
      currentPeriodEnd: "2026-12-02T05:00:00.000Z",
    });
    expect(florida).toMatchObject({
      subscriptionAmountCents: 169_000,
      currentPeriodEnd: "2026-12-01T04:00:00.000Z",
    });
    // Georgia: March to November 2026; Central Florida: June to November 2026. The first invoice is the setup
    // deposit and the first month, then one a month.
    expect(georgia!.invoices.map((i) => i.periodStart.slice(0, 10))).toEqual([
      "2026-03-02",
      "2026-04-02",
      "2026-05-02",
      "2026-06-02",
      "2026-07-02",
      "2026-08-02",
      "2026-09-02",
      "2026-10-02",
      "2026-11-02",
    ]);
    expect(georgia!.invoices.map((i) => i.amountCents)).toEqual([571_500, ...Array(8).fill(250_500)]);
    expect(florida!.invoices.map((i) => i.amountCents)).toEqual([439_000, ...Array(5).fill(169_000)]);
    for (const [l, sub] of [
      [DEMO_LICENSES[0]!, georgia!],
      [DEMO_LICENSES[1]!, florida!],
    ] as const) {
      expect(sub.invoices[0]).toMatchObject({
        billingReason: "subscription_create",
        amountCents: l.setupFeeCents + l.monthlyFeeCents,
        periodStart: new Date(l.startsAt).toISOString(),
        paidAt: new Date(l.startsAt).toISOString(),
      });
      for (const i of sub.invoices.slice(1)) expect(i.billingReason).toBe("subscription_cycle");
      for (const [a, b] of sub.invoices.slice(1).map((i, n) => [sub.invoices[n]!, i] as const)) {
        expect(b.periodStart).toBe(a.periodEnd);
      }
      expect(sub.invoices.at(-1)?.periodEnd).toBe(sub.currentPeriodEnd);
      for (const i of sub.invoices) expect(i.stripeInvoiceId).toMatch(/^in_demo_4law_/);
    }
    const ids = [georgia!, florida!].flatMap((s) => s.invoices.map((i) => i.stripeInvoiceId));
    expect(new Set(ids).size).toBe(15);
  });

  it("has leads, tickets and a landing page", () => {
    expect(DEMO_FORM_SUBMISSIONS).toHaveLength(6);
    expect(DEMO_SUPPORT_TICKETS).toHaveLength(2);
    for (const t of DEMO_SUPPORT_TICKETS) expect(t.replies.length).toBeGreaterThan(0);
    expect(DEMO_DYNAMIC_PAGE.officeLocations.length).toBeGreaterThan(0);
    expect(DEMO_DYNAMIC_PAGE.partnersInfo.length).toBeGreaterThan(0);
    const keys = new Set(TERRITORIES.map((t) => t.key));
    for (const c of CONTACTS) if (c.territoryKey) expect(keys.has(c.territoryKey)).toBe(true);
  });
});
