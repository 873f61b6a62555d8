/**
 * Territory pricing from population (see docs/decisions/002-territory-fees-from-population.md).
 *
 * All amounts are integer cents. Pure functions: the seed uses them to price the demo catalogue and the rest of the
 * product may use them to price a territory added later with the same rules. The minimum monthly fee and the usage
 * prices are the product's fixed prices (kernel/pricing-rates.ts).
 *
 *   base monthly   = max($95.00, population / 1,000,000 × $150.00, rounded half-up to the nearest $5.00)
 *   base setup     = max($200.00, 2 × base monthly)
 *   #Code monthly  = max($95.00, base monthly × fee_percentage_of_base / 100, rounded to the nearest $5.00)
 *   keyword add-on = #Code monthly × (keyword multiplier − 1), rounded to the nearest $5.00
 *   lead multipliers (web form, click-to-call, click-to-message) rise with the territory's population;
 *   per-minute and per-SMS multipliers stay 1 everywhere (carrier costs do not depend on the market).
 */
import { MINIMUM_MONTHLY_FEE_CENTS } from "#kernel/pricing-rates.ts";

/** The monthly rate per million residents: $150.00. Also the "per-million-people rate" of the adjacent-territory option. */
export const MONTHLY_RATE_PER_MILLION_CENTS = 15_000;

/** Fees are rounded to whole $5.00 steps so that price lists stay readable. */
export const FEE_ROUNDING_CENTS = 500;

/** The setup fee (shown as a deposit) is this many months of the base fee... */
export const SETUP_FEE_MONTHS = 2;

/** ...but never less than $200.00, the deposit example of the terms. */
export const MINIMUM_SETUP_FEE_CENTS = 20_000;

/** Rounds a non-negative amount of cents half-up to a multiple of `increment`. */
export function roundToIncrement(cents: number, increment: number = FEE_ROUNDING_CENTS): number {
  if (!Number.isFinite(cents) || cents < 0) throw new RangeError(`Cannot round ${cents} cents`);
  if (!Number.isInteger(increment) || increment <= 0) throw new RangeError(`Bad rounding increment ${increment}`);
  return Math.floor(cents / increment + 0.5) * increment;
}

function assertPopulation(population: number): void {
  if (!Number.isInteger(population) || population < 0) throw new RangeError(`Bad population ${population}`);
}

/** Base monthly fee of a territory (all categories) from its resident population. */
export function monthlyFeeFromPopulation(population: number): number {
  assertPopulation(population);
  const raw = (population * MONTHLY_RATE_PER_MILLION_CENTS) / 1_000_000;
  return Math.max(MINIMUM_MONTHLY_FEE_CENTS, roundToIncrement(raw));
}

/** Setup fee (deposit) from the base monthly fee. */
export function setupFeeFromMonthly(monthlyFeeCents: number): number {
  if (!Number.isInteger(monthlyFeeCents) || monthlyFeeCents < 0) throw new RangeError(`Bad fee ${monthlyFeeCents}`);
  return Math.max(MINIMUM_SETUP_FEE_CENTS, monthlyFeeCents * SETUP_FEE_MONTHS);
}

export interface TerritoryFees {
  monthlyFeeCents: number;
  setupFeeCents: number;
}

/** Base monthly and setup fee of a territory from its population. */
export function territoryFeesFromPopulation(population: number): TerritoryFees {
  const monthlyFeeCents = monthlyFeeFromPopulation(population);
  return { monthlyFeeCents, setupFeeCents: setupFeeFromMonthly(monthlyFeeCents) };
}

/** Monthly fee of one #Code in a territory: the base fee scaled by the category's fee_percentage_of_base. */
export function categoryMonthlyFeeCents(baseMonthlyFeeCents: number, feePercentageOfBase: number): number {
  if (!Number.isInteger(baseMonthlyFeeCents) || baseMonthlyFeeCents < 0) {
    throw new RangeError(`Bad base fee ${baseMonthlyFeeCents}`);
  }
  if (!Number.isFinite(feePercentageOfBase) || feePercentageOfBase < 0) {
    throw new RangeError(`Bad fee percentage ${feePercentageOfBase}`);
  }
  return Math.max(MINIMUM_MONTHLY_FEE_CENTS, roundToIncrement((baseMonthlyFeeCents * feePercentageOfBase) / 100));
}

export interface UsageMultipliers {
  minutesMultiplier: number;
  smsMultiplier: number;
  webFormLeadMultiplier: number;
  clickToCallLeadMultiplier: number;
  clickToMessageLeadMultiplier: number;
}

/** Territories of at least this many residents hold a major metro market (Los Angeles, Houston–Dallas, NYC, ...). */
export const MAJOR_MARKET_POPULATION = 10_000_000;
/** Territories of at least this many residents hold a large metro market (Chicago, Orlando–Tampa, Phoenix, ...). */
export const LARGE_MARKET_POPULATION = 5_000_000;

/**
 * Lead multipliers from population: a lead is worth more where competition for it is fiercer.
 * Per-minute and per-SMS multipliers stay 1: they pass carrier costs through.
 */
export function usageMultipliersFromPopulation(population: number): UsageMultipliers {
  assertPopulation(population);
  if (population >= MAJOR_MARKET_POPULATION) {
    return {
      minutesMultiplier: 1,
      smsMultiplier: 1,
      webFormLeadMultiplier: 1.25,
      clickToCallLeadMultiplier: 1.25,
      clickToMessageLeadMultiplier: 1.15,
    };
  }
  if (population >= LARGE_MARKET_POPULATION) {
    return {
      minutesMultiplier: 1,
      smsMultiplier: 1,
      webFormLeadMultiplier: 1.1,
      clickToCallLeadMultiplier: 1.1,
      clickToMessageLeadMultiplier: 1.05,
    };
  }
  return {
    minutesMultiplier: 1,
    smsMultiplier: 1,
    webFormLeadMultiplier: 1,
    clickToCallLeadMultiplier: 1,
    clickToMessageLeadMultiplier: 1,
  };
}

export interface LicenseFeeQuote {
  /** The territory's base monthly fee. */
  baseLicenseFeeCents: number;
  /** #Code monthly fee minus the base fee (negative for codes priced under 100 %). */
  categoryModifierCents: number;
  /** Add-on for a keyword group (0 without one). */
  keywordModifierCents: number;
  /** base + category modifier + keyword modifier. */
  finalCalculatedFeeCents: number;
  /** The one-off setup fee (deposit) of the territory. */
  setupFeeCents: number;
}

/** Monthly fee of a license: a #Code in a territory, optionally with a keyword group. */
export function quoteLicenseFee(input: {
  baseMonthlyFeeCents: number;
  baseSetupFeeCents: number;
  feePercentageOfBase: number;
  keywordMultiplier?: number | null;
}): LicenseFeeQuote {
  const codeFee = categoryMonthlyFeeCents(input.baseMonthlyFeeCents, input.feePercentageOfBase);
  const multiplier = input.keywordMultiplier ?? 1;
  if (!Number.isFinite(multiplier) || multiplier < 1) throw new RangeError(`Bad keyword multiplier ${multiplier}`);
  const keywordModifierCents = roundToIncrement(codeFee * (multiplier - 1));
  return {
    baseLicenseFeeCents: input.baseMonthlyFeeCents,
    categoryModifierCents: codeFee - input.baseMonthlyFeeCents,
    keywordModifierCents,
    finalCalculatedFeeCents: codeFee + keywordModifierCents,
    setupFeeCents: input.baseSetupFeeCents,
  };
}
