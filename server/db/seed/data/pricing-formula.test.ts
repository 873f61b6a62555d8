import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MINIMUM_MONTHLY_FEE_CENTS } from "#kernel/pricing-rates.ts";
import {
  categoryMonthlyFeeCents,
  MINIMUM_SETUP_FEE_CENTS,
  monthlyFeeFromPopulation,
  quoteLicenseFee,
  roundToIncrement,
  setupFeeFromMonthly,
  territoryFeesFromPopulation,
  usageMultipliersFromPopulation,
} from "./pricing-formula.ts";

const population = fc.integer({ min: 0, max: 60_000_000 });

describe("pricing formula", () => {
  it("applies the $95.00 minimum monthly fee and the $200.00 minimum setup fee", () => {
    expect(monthlyFeeFromPopulation(0)).toBe(MINIMUM_MONTHLY_FEE_CENTS);
    expect(monthlyFeeFromPopulation(576_851)).toBe(9_500); // Wyoming: $86.53 raw
    expect(setupFeeFromMonthly(9_500)).toBe(MINIMUM_SETUP_FEE_CENTS);
    fc.assert(
      fc.property(population, (p) => {
        const { monthlyFeeCents, setupFeeCents } = territoryFeesFromPopulation(p);
        return monthlyFeeCents >= 9_500 && setupFeeCents >= 20_000 && setupFeeCents >= 2 * monthlyFeeCents;
      }),
    );
  });

  it("charges $150.00 per million residents, rounded to the nearest $5.00", () => {
    expect(monthlyFeeFromPopulation(1_000_000)).toBe(15_000);
    expect(monthlyFeeFromPopulation(10_711_908)).toBe(160_500); // Georgia: $1,606.79 raw
    expect(monthlyFeeFromPopulation(29_145_505)).toBe(437_000); // Texas: $4,371.83 raw
    expect(setupFeeFromMonthly(160_500)).toBe(321_000);
  });

  it("returns integer cents in $5.00 steps", () => {
    fc.assert(
      fc.property(population, (p) => {
        const { monthlyFeeCents, setupFeeCents } = territoryFeesFromPopulation(p);
        return Number.isInteger(monthlyFeeCents) && Number.isInteger(setupFeeCents) && monthlyFeeCents % 500 === 0;
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 500, noNaN: true }), (base, pct) => {
        const fee = categoryMonthlyFeeCents(base, pct);
        return Number.isInteger(fee) && fee % 500 === 0 && fee >= 9_500;
      }),
    );
  });

  it("is monotonic in population", () => {
    fc.assert(
      fc.property(population, population, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const feesLo = territoryFeesFromPopulation(lo);
        const feesHi = territoryFeesFromPopulation(hi);
        return feesLo.monthlyFeeCents <= feesHi.monthlyFeeCents && feesLo.setupFeeCents <= feesHi.setupFeeCents;
      }),
    );
  });

  it("rounds half up and rejects bad input", () => {
    expect(roundToIncrement(250)).toBe(500);
    expect(roundToIncrement(249.99)).toBe(0);
    expect(() => monthlyFeeFromPopulation(-1)).toThrow(RangeError);
    expect(() => monthlyFeeFromPopulation(1.5)).toThrow(RangeError);
    expect(() => categoryMonthlyFeeCents(10_000, -5)).toThrow(RangeError);
  });

  it("prices #Codes as a percentage of the base fee", () => {
    expect(categoryMonthlyFeeCents(160_500, 125)).toBe(200_500); // $2,006.25 → $2,005.00
    expect(categoryMonthlyFeeCents(160_500, 100)).toBe(160_500);
    expect(categoryMonthlyFeeCents(9_500, 75)).toBe(9_500); // never under the minimum
  });

  it("quotes a license as base + category modifier + keyword modifier", () => {
    const quote = quoteLicenseFee({
      baseMonthlyFeeCents: 160_500,
      baseSetupFeeCents: 321_000,
      feePercentageOfBase: 125,
      keywordMultiplier: 1.25,
    });
    expect(quote).toEqual({
      baseLicenseFeeCents: 160_500,
      categoryModifierCents: 40_000,
      keywordModifierCents: 50_000,
      finalCalculatedFeeCents: 250_500,
      setupFeeCents: 321_000,
    });
    expect(quote.baseLicenseFeeCents + quote.categoryModifierCents + quote.keywordModifierCents).toBe(
      quote.finalCalculatedFeeCents,
    );
    expect(
      quoteLicenseFee({ baseMonthlyFeeCents: 50_000, baseSetupFeeCents: 100_000, feePercentageOfBase: 80 })
        .categoryModifierCents,
    ).toBe(-10_000);
  });

  it("raises lead multipliers only in large markets and never usage multipliers", () => {
    expect(usageMultipliersFromPopulation(1_000_000).webFormLeadMultiplier).toBe(1);
    expect(usageMultipliersFromPopulation(6_000_000).webFormLeadMultiplier).toBe(1.1);
    expect(usageMultipliersFromPopulation(26_000_000).clickToCallLeadMultiplier).toBe(1.25);
    fc.assert(
      fc.property(population, (p) => {
        const m = usageMultipliersFromPopulation(p);
        return m.minutesMultiplier === 1 && m.smsMultiplier === 1;
      }),
    );
  });
});
