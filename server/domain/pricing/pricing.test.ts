import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MINIMUM_MONTHLY_FEE_CENTS } from "#kernel/pricing-rates.ts";
import {
  breakdownLines,
  type PriceBreakdown,
  type PricingCategory,
  PricingInputError,
  type PricingTerritory,
  quotePrice,
} from "./pricing.ts";

/** Georgia in the demo catalogue (docs/decisions/002): base $1,605.00, setup $3,210.00, #4LAW fee $2,005.00. */
const GEORGIA: PricingTerritory = {
  baseMonthlyFeeCents: 160_500,
  baseSetupFeeCents: 321_000,
  fullStateMonthlyFeeCents: 160_500,
  fullStateSetupFeeCents: 321_000,
  minimumMonthlyFeeCents: 9_500,
  poundHelpMonthlyFeeCents: 192_500,
  poundLawMonthlyFeeCents: 200_500,
  poundEasyMonthlyFeeCents: 160_500,
  poundSsdiMonthlyFeeCents: 176_500,
  minutesMultiplier: 1,
  smsMultiplier: 1,
};

/** A territory without per-code fees or a full-state fee: the plain formula applies. */
const PLAIN: PricingTerritory = {
  baseMonthlyFeeCents: 100_000,
  baseSetupFeeCents: 200_000,
  fullStateMonthlyFeeCents: null,
  fullStateSetupFeeCents: null,
  minimumMonthlyFeeCents: 9_500,
  poundHelpMonthlyFeeCents: null,
  poundLawMonthlyFeeCents: null,
  poundEasyMonthlyFeeCents: null,
  poundSsdiMonthlyFeeCents: null,
  minutesMultiplier: 1,
  smsMultiplier: 1,
};

const code = (name: string, pct: number | null, slug = `hash-${name.slice(1).toLowerCase()}`): PricingCategory => ({
  slug,
  name,
  categoryType: "standard",
  feePercentageOfBase: pct,
  keywordBaseMultiplier: null,
});

const group = (name: string, multiplier: number | null): PricingCategory => ({
  slug: name.toLowerCase().replaceAll(" ", "-"),
  name,
  categoryType: "keyword_group",
  feePercentageOfBase: null,
  keywordBaseMultiplier: multiplier,
});

function sumOf(b: PriceBreakdown): number {
  return b.baseCents + b.categoryModifierCents + b.keywordModifierCents + b.minimumAppliedCents;
}

describe("quotePrice: base", () => {
  it("is the territory's base monthly fee with no category", () => {
    const b = quotePrice({ territory: PLAIN });
    expect(b).toMatchObject({
      scope: "territory",
      baseCents: 100_000,
      categoryModifierCents: 0,
      keywordModifierCents: 0,
      minimumApplied: false,
      minimumAppliedCents: 0,
      finalMonthlyCents: 100_000,
      setupCents: 200_000,
      codeSpecificFee: false,
      category: null,
      keyword: null,
    });
  });

  it("uses the full-state fees for full_state scope and falls back to the base fees when they are null", () => {
    const t = { ...PLAIN, fullStateMonthlyFeeCents: 437_000, fullStateSetupFeeCents: 874_000 };
    const full = quotePrice({ territory: t, scope: "full_state" });
    expect(full).toMatchObject({
      scope: "full_state",
      baseCents: 437_000,
      finalMonthlyCents: 437_000,
      setupCents: 874_000,
    });
    const fallback = quotePrice({ territory: PLAIN, scope: "full_state" });
    expect(fallback).toMatchObject({ baseCents: 100_000, setupCents: 200_000 });
    // Each full-state field falls back on its own.
    const mixed = quotePrice({ territory: { ...PLAIN, fullStateSetupFeeCents: 500_000 }, scope: "full_state" });
    expect(mixed).toMatchObject({ baseCents: 100_000, setupCents: 500_000 });
  });
});

describe("quotePrice: per-code territory fees", () => {
  it.each([
    ["#HELP", "hash-help", 192_500],
    ["#4LAW", "hash-4law", 200_500],
    ["#LAW", "hash-law", 200_500],
    ["#EASY", "hash-easy", 160_500],
    ["#SSDI", "hash-ssdi", 176_500],
  ])("%s (%s) is priced at the territory's own fee, without its percentage on top", (name, slug, fee) => {
    const b = quotePrice({ territory: GEORGIA, category: code(name, 125, slug) });
    expect(b).toMatchObject({
      baseCents: fee,
      categoryModifierCents: 0,
      finalMonthlyCents: fee,
      codeSpecificFee: true,
    });
  });

  it("uses the percentage when the territory has no fee for that code", () => {
    const b = quotePrice({ territory: { ...GEORGIA, poundLawMonthlyFeeCents: null }, category: code("#4LAW", 125) });
    expect(b).toMatchObject({ baseCents: 160_500, categoryModifierCents: 40_125, finalMonthlyCents: 200_625 });
    expect(b.codeSpecificFee).toBe(false);
  });

  it("does not apply to other codes, to keyword groups or to full_state scope", () => {
    expect(quotePrice({ territory: GEORGIA, category: code("#TAXES", 90) })).toMatchObject({
      baseCents: 160_500,
      categoryModifierCents: -16_050,
      codeSpecificFee: false,
    });
    const lookalike: PricingCategory = { ...group("Help Keywords", 1.2)!, slug: "hash-help" };
    expect(quotePrice({ territory: GEORGIA, category: lookalike }).codeSpecificFee).toBe(false);
    const full = quotePrice({
      territory: { ...GEORGIA, fullStateMonthlyFeeCents: 200_000 },
      category: code("#4LAW", 125),
      scope: "full_state",
    });
    expect(full).toMatchObject({ baseCents: 200_000, categoryModifierCents: 50_000, codeSpecificFee: false });
  });

  it("still takes keyword adjustments and the minimum", () => {
    const b = quotePrice({
      territory: { ...GEORGIA, poundHelpMonthlyFeeCents: 5_000 },
      category: code("#HELP", 120),
      keyword: { keywordText: "injury", multiplier: 1.5 },
    });
    expect(b).toMatchObject({
      baseCents: 5_000,
      keywordModifierCents: 2_500,
      minimumApplied: true,
      minimumAppliedCents: 2_000,
      finalMonthlyCents: 9_500,
    });
  });
});

describe("quotePrice: category modifier", () => {
  it("is fee_percentage_of_base % of the base, minus the base", () => {
    expect(quotePrice({ territory: PLAIN, category: code("#HELP", 120) }).categoryModifierCents).toBe(20_000);
    expect(quotePrice({ territory: PLAIN, category: code("#EASY", 100) }).categoryModifierCents).toBe(0);
    expect(quotePrice({ territory: PLAIN, category: code("#VETS", 75) }).categoryModifierCents).toBe(-25_000);
    expect(quotePrice({ territory: PLAIN, category: code("#X", 0) }).categoryModifierCents).toBe(-100_000);
  });

  it("is 0 when the percentage is null", () => {
    expect(quotePrice({ territory: PLAIN, category: code("#NEW", null) })).toMatchObject({
      categoryModifierCents: 0,
      finalMonthlyCents: 100_000,
    });
  });

  it("rounds half up to a whole cent, exactly", () => {
    // 1,001 × 150 % = 1,501.5 → 1,502; 12,345 × 112.35 % = 13,869.6075 → 13,870; 999 × 0.01 % = 0.0999 → 0.
    const t = { ...PLAIN, minimumMonthlyFeeCents: 0 };
    const price = (base: number, pct: number) => {
      const b = quotePrice({ territory: { ...t, baseMonthlyFeeCents: base }, category: code("#X", pct) });
      return b.baseCents + b.categoryModifierCents;
    };
    expect(price(1_001, 150)).toBe(1_502);
    expect(price(12_345, 112.35)).toBe(13_870);
    expect(price(999, 0.01)).toBe(0);
    expect(price(50, 1)).toBe(1); // 0.5 → 1
  });

  it("for a keyword group is round(base × keyword_base_multiplier) − base", () => {
    expect(quotePrice({ territory: PLAIN, category: group("Legal Keywords", 1.25) }).categoryModifierCents).toBe(
      25_000,
    );
    expect(quotePrice({ territory: PLAIN, category: group("Cheap Keywords", 0.8) }).categoryModifierCents).toBe(
      -20_000,
    );
    expect(quotePrice({ territory: PLAIN, category: group("Unpriced Keywords", null) }).categoryModifierCents).toBe(0);
    // 10,250 × 1.15 = 11,787.5 exactly → 11,788 (binary floating point would give 11,787.499… → 11,787).
    const b = quotePrice({
      territory: { ...PLAIN, baseMonthlyFeeCents: 10_250 },
      category: group("Medical Keywords", 1.15),
    });
    expect(b.categoryModifierCents).toBe(1_538);
  });
});

describe("quotePrice: keyword modifier", () => {
  it("multiplies base + category modifier", () => {
    const b = quotePrice({
      territory: PLAIN,
      category: code("#HELP", 120),
      keyword: { keywordText: "injury", multiplier: 1.5 },
    });
    expect(b).toMatchObject({
      categoryModifierCents: 20_000,
      keywordModifierCents: 60_000,
      finalMonthlyCents: 180_000,
    });
    expect(b.keyword).toEqual({ keywordText: "injury", multiplier: 1.5 });
  });

  it("applies without a category, and may be negative", () => {
    expect(
      quotePrice({ territory: PLAIN, keyword: { keywordText: "lawyer", multiplier: 1.4 } }).keywordModifierCents,
    ).toBe(40_000);
    expect(
      quotePrice({ territory: PLAIN, keyword: { keywordText: "discount", multiplier: 0.5 } }).keywordModifierCents,
    ).toBe(-50_000);
  });

  it("rounds the multiplied amount half up, exactly", () => {
    const b = quotePrice({
      territory: { ...PLAIN, baseMonthlyFeeCents: 10_250 },
      keyword: { keywordText: "x", multiplier: 1.15 },
    });
    expect(b.keywordModifierCents).toBe(1_538);
  });
});

describe("quotePrice: minimum monthly fee", () => {
  it("raises the total to the minimum and records the amount added", () => {
    // Wyoming at $95.00 with #VETS at 75 %: 7,125 → minimum adds 2,375.
    const b = quotePrice({ territory: { ...PLAIN, baseMonthlyFeeCents: 9_500 }, category: code("#VETS", 75) });
    expect(b).toMatchObject({
      baseCents: 9_500,
      categoryModifierCents: -2_375,
      minimumApplied: true,
      minimumAppliedCents: 2_375,
      finalMonthlyCents: 9_500,
    });
  });

  it("is not applied at exactly the minimum", () => {
    const b = quotePrice({ territory: { ...PLAIN, baseMonthlyFeeCents: 9_500 } });
    expect(b).toMatchObject({ minimumApplied: false, minimumAppliedCents: 0, finalMonthlyCents: 9_500 });
  });

  it("defaults to $95.00 when the territory has none", () => {
    const b = quotePrice({ territory: { ...PLAIN, baseMonthlyFeeCents: 1_000, minimumMonthlyFeeCents: null } });
    expect(MINIMUM_MONTHLY_FEE_CENTS).toBe(9_500);
    expect(b).toMatchObject({ minimumMonthlyFeeCents: 9_500, minimumAppliedCents: 8_500, finalMonthlyCents: 9_500 });
    const { minimumMonthlyFeeCents: _, ...withoutMinimum } = PLAIN;
    expect(quotePrice({ territory: { ...withoutMinimum, baseMonthlyFeeCents: 0 } }).finalMonthlyCents).toBe(9_500);
  });

  it("uses the territory's own minimum", () => {
    const b = quotePrice({ territory: { ...PLAIN, minimumMonthlyFeeCents: 150_000 } });
    expect(b).toMatchObject({ minimumAppliedCents: 50_000, finalMonthlyCents: 150_000 });
  });
});

describe("quotePrice: usage prices", () => {
  it("are $0.05 and $0.02 times the territory multipliers, rounded half up to whole cents", () => {
    expect(quotePrice({ territory: PLAIN })).toMatchObject({ perMinuteCents: 5, perSmsCents: 2 });
    const b = quotePrice({ territory: { ...PLAIN, minutesMultiplier: 1.3, smsMultiplier: 1.25 } });
    // 6.5 → 7, 2.5 → 3
    expect(b).toMatchObject({ perMinuteCents: 7, perSmsCents: 3 });
  });

  it("price a web-form lead at the product's fixed $0.50, whatever the territory's lead multiplier", () => {
    expect(quotePrice({ territory: PLAIN }).perWebFormLeadCents).toBe(50);
    // The multiplier is a stored territory field; it no longer reaches the price (ADR 003, amendment).
    const largeMarket = { ...GEORGIA, webFormLeadMultiplier: 1.25 } as PricingTerritory;
    expect(quotePrice({ territory: largeMarket }).perWebFormLeadCents).toBe(50);
    expect(quotePrice({ territory: largeMarket, category: code("#4LAW", 125) }).perWebFormLeadCents).toBe(50);
    expect(quotePrice({ territory: largeMarket, scope: "full_state" }).perWebFormLeadCents).toBe(50);
  });
});

describe("quotePrice: invalid input", () => {
  const rejects = (input: Parameters<typeof quotePrice>[0], field: string) => {
    let error: unknown;
    try {
      quotePrice(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PricingInputError);
    expect((error as PricingInputError).field).toBe(field);
  };

  it("rejects negative amounts and multipliers", () => {
    rejects({ territory: { ...PLAIN, baseMonthlyFeeCents: -1 } }, "baseMonthlyFeeCents");
    rejects({ territory: { ...PLAIN, baseSetupFeeCents: -100 } }, "baseSetupFeeCents");
    rejects({ territory: { ...PLAIN, fullStateMonthlyFeeCents: -5 } }, "fullStateMonthlyFeeCents");
    rejects({ territory: { ...PLAIN, minimumMonthlyFeeCents: -1 } }, "minimumMonthlyFeeCents");
    rejects({ territory: { ...PLAIN, poundLawMonthlyFeeCents: -1 } }, "poundLawMonthlyFeeCents");
    rejects({ territory: { ...PLAIN, smsMultiplier: -0.5 } }, "smsMultiplier");
    rejects({ territory: PLAIN, category: code("#X", -10) }, "feePercentageOfBase");
    rejects({ territory: PLAIN, category: group("G", -1) }, "keywordBaseMultiplier");
    rejects({ territory: PLAIN, keyword: { keywordText: "k", multiplier: -2 } }, "keyword.multiplier");
  });

  it("rejects fractional cents, non-finite numbers and unknown scopes or types", () => {
    rejects({ territory: { ...PLAIN, baseMonthlyFeeCents: 100.5 } }, "baseMonthlyFeeCents");
    rejects({ territory: { ...PLAIN, baseMonthlyFeeCents: Number.NaN } }, "baseMonthlyFeeCents");
    rejects({ territory: { ...PLAIN, minutesMultiplier: Number.POSITIVE_INFINITY } }, "minutesMultiplier");
    rejects({ territory: PLAIN, scope: "nationwide" as never }, "scope");
    rejects({ territory: PLAIN, category: { ...code("#X", 100)!, categoryType: "bundle" as never } }, "categoryType");
  });

  it("rejects amounts too large to price exactly", () => {
    rejects(
      { territory: { ...PLAIN, baseMonthlyFeeCents: Number.MAX_SAFE_INTEGER }, category: code("#X", 200) },
      "feePercentageOfBase",
    );
  });
});

describe("breakdownLines", () => {
  it("labels every line and the monthly lines add up to the total", () => {
    const b = quotePrice({
      territory: { ...PLAIN, baseMonthlyFeeCents: 9_000 },
      category: code("#4LAW", 120),
      keyword: { keywordText: "injury", multiplier: 1.5 },
    });
    const lines = breakdownLines(b);
    expect(lines.map((l) => [l.label, l.cents])).toEqual([
      ["Base monthly fee", 9_000],
      ["Category adjustment (#4LAW 120%)", 1_800],
      ["Keyword adjustment (injury ×1.5)", 5_400],
      ["Monthly total", 16_200],
      ["Setup deposit", 200_000],
      ["Per minute", 5],
      ["Per SMS", 2],
      ["Per web-form lead", 50],
    ]);
  });

  it("shows the minimum only when applied, and names full-state and per-code bases", () => {
    const low = breakdownLines(
      quotePrice({ territory: { ...PLAIN, baseMonthlyFeeCents: 9_500 }, category: code("#VETS", 75) }),
    );
    expect(low.map((l) => l.label)).toContain("Minimum monthly fee applied");
    expect(low.find((l) => l.key === "minimum")?.cents).toBe(2_375);
    expect(low.find((l) => l.key === "category")?.label).toBe("Category adjustment (#VETS 75%)");

    const full = breakdownLines(quotePrice({ territory: PLAIN, scope: "full_state" }));
    expect(full[0]?.label).toBe("Base monthly fee (full state)");
    expect(full.some((l) => l.key === "minimum" || l.key === "category" || l.key === "keyword")).toBe(false);

    const perCode = breakdownLines(quotePrice({ territory: GEORGIA, category: code("#4LAW", 125) }));
    expect(perCode[0]).toEqual({
      key: "base",
      label: "Base monthly fee (#4LAW territory rate)",
      cents: 200_500,
      kind: "monthly",
    });
    expect(perCode.some((l) => l.key === "category")).toBe(false);

    const grouped = breakdownLines(quotePrice({ territory: PLAIN, category: group("Legal Keywords", 1.25) }));
    expect(grouped.find((l) => l.key === "category")?.label).toBe("Category adjustment (Legal Keywords ×1.25)");
    const fractional = breakdownLines(quotePrice({ territory: PLAIN, category: code("#X", 112.5) }));
    expect(fractional.find((l) => l.key === "category")?.label).toBe("Category adjustment (#X 112.5%)");
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties

const centsArb = fc.integer({ min: 0, max: 50_000_000 });
/** Percentages as stored: numeric(7,2), up to 99,999.99. Kept to 0–1,000 % here to stay in realistic ranges. */
const percentArb = fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100);
/** Multipliers as stored: numeric(10,4). */
const multiplierArb = fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10_000);

const territoryArb: fc.Arbitrary<PricingTerritory> = fc.record({
  baseMonthlyFeeCents: centsArb,
  baseSetupFeeCents: centsArb,
  fullStateMonthlyFeeCents: fc.option(centsArb, { nil: null }),
  fullStateSetupFeeCents: fc.option(centsArb, { nil: null }),
  minimumMonthlyFeeCents: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
  poundHelpMonthlyFeeCents: fc.option(centsArb, { nil: null }),
  poundLawMonthlyFeeCents: fc.option(centsArb, { nil: null }),
  poundEasyMonthlyFeeCents: fc.option(centsArb, { nil: null }),
  poundSsdiMonthlyFeeCents: fc.option(centsArb, { nil: null }),
  minutesMultiplier: multiplierArb,
  smsMultiplier: multiplierArb,
});

const slugArb = fc.constantFrom(
  "hash-help",
  "hash-4law",
  "hash-law",
  "hash-easy",
  "hash-ssdi",
  "hash-taxes",
  "hash-auto",
);

const categoryArb: fc.Arbitrary<PricingCategory> = fc.oneof(
  fc.constant(null),
  fc.record({
    slug: slugArb,
    name: fc.constant("#CODE"),
    categoryType: fc.constant("standard" as const),
    feePercentageOfBase: fc.option(percentArb, { nil: null }),
    keywordBaseMultiplier: fc.constant(null),
  }),
  fc.record({
    slug: fc.constant("legal-keywords"),
    name: fc.constant("Legal Keywords"),
    categoryType: fc.constant("keyword_group" as const),
    feePercentageOfBase: fc.constant(null),
    keywordBaseMultiplier: fc.option(multiplierArb, { nil: null }),
  }),
);

const keywordArb = fc.option(fc.record({ keywordText: fc.constant("injury"), multiplier: multiplierArb }), {
  nil: null,
});
const scopeArb = fc.constantFrom("territory" as const, "full_state" as const);

const inputArb = fc.record({ territory: territoryArb, category: categoryArb, keyword: keywordArb, scope: scopeArb });

const NUMERIC_FIELDS = [
  "baseCents",
  "categoryModifierCents",
  "keywordModifierCents",
  "minimumAppliedCents",
  "minimumMonthlyFeeCents",
  "finalMonthlyCents",
  "setupCents",
  "perMinuteCents",
  "perSmsCents",
  "perWebFormLeadCents",
] as const;

describe("quotePrice properties", () => {
  it("never goes below the minimum monthly fee", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const b = quotePrice(input);
        const minimum = input.territory.minimumMonthlyFeeCents ?? MINIMUM_MONTHLY_FEE_CENTS;
        expect(b.finalMonthlyCents).toBeGreaterThanOrEqual(minimum);
        expect(b.minimumApplied).toBe(b.minimumAppliedCents > 0);
        if (b.minimumApplied) expect(b.finalMonthlyCents).toBe(minimum);
      }),
      { numRuns: 500 },
    );
  });

  it("outputs only integers (non-negative except the two modifiers)", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const b = quotePrice(input);
        for (const field of NUMERIC_FIELDS) {
          expect(Number.isSafeInteger(b[field]), field).toBe(true);
          if (field !== "categoryModifierCents" && field !== "keywordModifierCents") {
            expect(b[field], field).toBeGreaterThanOrEqual(0);
          }
        }
        for (const line of breakdownLines(b)) expect(Number.isSafeInteger(line.cents)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("adds up exactly: final = base + category + keyword + minimum amount, and so do the display lines", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const b = quotePrice(input);
        expect(sumOf(b)).toBe(b.finalMonthlyCents);
        expect(b.baseCents + b.categoryModifierCents).toBeGreaterThanOrEqual(0);
        expect(b.baseCents + b.categoryModifierCents + b.keywordModifierCents).toBeGreaterThanOrEqual(0);
        const lines = breakdownLines(b);
        const monthly = lines.filter((l) => l.kind === "monthly" || l.kind === "adjustment");
        expect(monthly.reduce((s, l) => s + l.cents, 0)).toBe(lines.find((l) => l.kind === "total")?.cents);
      }),
      { numRuns: 500 },
    );
  });

  it("rounds each step to the nearest cent, ties up (checked in exact integer arithmetic)", () => {
    fc.assert(
      fc.property(
        centsArb,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (base, pctHundredths, kw) => {
          const b = quotePrice({
            territory: { ...PLAIN, baseMonthlyFeeCents: base, minimumMonthlyFeeCents: 0 },
            category: code("#TAXES", pctHundredths / 100),
            keyword: { keywordText: "k", multiplier: kw / 10_000 },
          });
          // categoryPrice × 10,000 vs base × pct-hundredths: error at most half a cent, and a tie rounds up.
          const categoryPrice = BigInt(b.baseCents + b.categoryModifierCents);
          const errCategory = categoryPrice * 10_000n - BigInt(base) * BigInt(pctHundredths);
          expect(errCategory > -5_000n && errCategory <= 5_000n).toBe(true);
          const keywordPrice = BigInt(b.finalMonthlyCents);
          const errKeyword = keywordPrice * 10_000n - categoryPrice * BigInt(kw);
          expect(errKeyword > -5_000n && errKeyword <= 5_000n).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("is non-decreasing in the base fee", () => {
    fc.assert(
      fc.property(inputArb, centsArb, centsArb, (input, a, c) => {
        const [low, high] = a <= c ? [a, c] : [c, a];
        // Vary the fee the quote is based on: the full-state fee for full_state scope, otherwise the base fee
        // (for a per-code fee, the code's own column is the base: vary that one).
        const vary = (fee: number): PricingTerritory => {
          const t = { ...input.territory, baseMonthlyFeeCents: fee };
          if (input.scope === "full_state") return { ...t, fullStateMonthlyFeeCents: fee };
          return {
            ...t,
            poundHelpMonthlyFeeCents: t.poundHelpMonthlyFeeCents === null ? null : fee,
            poundLawMonthlyFeeCents: t.poundLawMonthlyFeeCents === null ? null : fee,
            poundEasyMonthlyFeeCents: t.poundEasyMonthlyFeeCents === null ? null : fee,
            poundSsdiMonthlyFeeCents: t.poundSsdiMonthlyFeeCents === null ? null : fee,
          };
        };
        const bLow = quotePrice({ ...input, territory: vary(low) });
        const bHigh = quotePrice({ ...input, territory: vary(high) });
        expect(bLow.baseCents).toBe(low);
        expect(bHigh.baseCents).toBe(high);
        expect(bLow.finalMonthlyCents).toBeLessThanOrEqual(bHigh.finalMonthlyCents);
        expect(sumOf(bLow) - bLow.minimumAppliedCents).toBeLessThanOrEqual(sumOf(bHigh) - bHigh.minimumAppliedCents);
      }),
      { numRuns: 500 },
    );
  });

  it("a per-code fee replaces the base for its code in territory scope, whatever the base and percentage", () => {
    const pairs = [
      ["hash-help", "poundHelpMonthlyFeeCents"],
      ["hash-4law", "poundLawMonthlyFeeCents"],
      ["hash-law", "poundLawMonthlyFeeCents"],
      ["hash-easy", "poundEasyMonthlyFeeCents"],
      ["hash-ssdi", "poundSsdiMonthlyFeeCents"],
    ] as const;
    fc.assert(
      fc.property(
        territoryArb,
        fc.constantFrom(...pairs),
        centsArb,
        fc.option(percentArb, { nil: null }),
        keywordArb,
        (t, [slug, column], fee, pct, keyword) => {
          const territory = { ...t, [column]: fee };
          const b = quotePrice({ territory, category: code("#CODE", pct, slug), keyword });
          expect(b.codeSpecificFee).toBe(true);
          expect(b.baseCents).toBe(fee);
          expect(b.categoryModifierCents).toBe(0);
          expect(b.setupCents).toBe(t.baseSetupFeeCents);
          // Without the per-code fee the same code falls back to the base fee and its percentage.
          const plain = quotePrice({
            territory: { ...territory, [column]: null },
            category: code("#CODE", pct, slug),
            keyword,
          });
          expect(plain.codeSpecificFee).toBe(false);
          expect(plain.baseCents).toBe(t.baseMonthlyFeeCents);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("full_state scope uses the full-state fees (or the base fees when null) and never a per-code fee", () => {
    fc.assert(
      fc.property(territoryArb, categoryArb, keywordArb, (t, category, keyword) => {
        const full = quotePrice({ territory: t, category, keyword, scope: "full_state" });
        expect(full.scope).toBe("full_state");
        expect(full.codeSpecificFee).toBe(false);
        expect(full.baseCents).toBe(t.fullStateMonthlyFeeCents ?? t.baseMonthlyFeeCents);
        expect(full.setupCents).toBe(t.fullStateSetupFeeCents ?? t.baseSetupFeeCents);
        // It equals a territory-scope quote on a territory whose base is the full-state fee and has no per-code fees.
        const same = quotePrice({
          territory: {
            ...t,
            baseMonthlyFeeCents: full.baseCents,
            baseSetupFeeCents: full.setupCents,
            poundHelpMonthlyFeeCents: null,
            poundLawMonthlyFeeCents: null,
            poundEasyMonthlyFeeCents: null,
            poundSsdiMonthlyFeeCents: null,
          },
          category,
          keyword,
        });
        expect({ ...same, scope: "full_state" }).toEqual(full);
      }),
      { numRuns: 300 },
    );
  });
});
