/**
 * The pricing engine: one pure function from a territory, a category, an optional special pricing keyword and a
 * licence scope to a price breakdown in integer cents. No database, no I/O; see quote.ts for the loader.
 *
 * The formula and its reasons are in docs/decisions/003-pricing-formula.md. In short, for integer cents:
 *
 *   base      = per-code territory fee (territory scope, #HELP/#4LAW/#EASY/#SSDI, when set)
 *             | full-state monthly fee ?? base monthly fee (full_state scope)
 *             | base monthly fee
 *   category  = 0 for a per-code fee or no category;
 *               round(base × fee_percentage_of_base / 100) − base      (standard; null percentage → 0)
 *               round(base × keyword_base_multiplier) − base           (keyword_group; null multiplier → 0)
 *   keyword   = round((base + category) × keyword multiplier) − (base + category)   (0 without a keyword)
 *   minimum   = max(0, minimum_monthly_fee − (base + category + keyword))
 *   final     = base + category + keyword + minimum
 *   setup     = full-state setup fee ?? base setup fee (full_state scope) | base setup fee
 *   usage     = round($0.05 × minutes multiplier), round($0.02 × SMS multiplier); a web-form lead is always $0.50
 *
 * "round" is half-up to a whole cent, computed exactly: percentages are taken in hundredths (the column's
 * scale, numeric(7,2)) and multipliers in ten-thousandths (numeric(10,4)) as integers, and the products are
 * formed and rounded with BigInt, so 10,250 × 1.15 = 11,787.5 rounds to 11,788 (float arithmetic gives 11,787).
 */
import { MINIMUM_MONTHLY_FEE_CENTS, USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { DomainError } from "../errors.ts";

/** Category slugs whose price a territory may set directly, with the territory column that holds it. */
export const CODE_FEE_COLUMNS = {
  "hash-help": "poundHelpMonthlyFeeCents",
  "hash-4law": "poundLawMonthlyFeeCents",
  "hash-law": "poundLawMonthlyFeeCents",
  "hash-easy": "poundEasyMonthlyFeeCents",
  "hash-ssdi": "poundSsdiMonthlyFeeCents",
} as const;

export type CodeFeeColumn = (typeof CODE_FEE_COLUMNS)[keyof typeof CODE_FEE_COLUMNS];

export type PricingTerritory = {
  baseMonthlyFeeCents: number;
  baseSetupFeeCents: number;
  fullStateMonthlyFeeCents: number | null;
  fullStateSetupFeeCents: number | null;
  /** Null or absent means the default, $95.00. */
  minimumMonthlyFeeCents?: number | null;
  poundHelpMonthlyFeeCents: number | null;
  poundLawMonthlyFeeCents: number | null;
  poundEasyMonthlyFeeCents: number | null;
  poundSsdiMonthlyFeeCents: number | null;
  minutesMultiplier: number;
  smsMultiplier: number;
};

export type PricingCategory = {
  slug: string;
  name: string;
  categoryType: "standard" | "keyword_group";
  feePercentageOfBase: number | null;
  keywordBaseMultiplier: number | null;
} | null;

export type PricingKeyword = { keywordText: string; multiplier: number } | null;

export type LicenceScope = "territory" | "full_state";

export const LICENCE_SCOPES: readonly LicenceScope[] = ["territory", "full_state"];

export type PricingInput = {
  territory: PricingTerritory;
  category?: PricingCategory;
  keyword?: PricingKeyword;
  /** Default "territory". */
  scope?: LicenceScope;
};

/** A price breakdown. Every amount is an integer number of cents. */
export type PriceBreakdown = {
  scope: LicenceScope;
  /** The monthly amount the modifiers apply to (see the module comment). */
  baseCents: number;
  /** May be negative (a category priced below 100 % of the base). */
  categoryModifierCents: number;
  /** May be negative (a keyword multiplier below 1). */
  keywordModifierCents: number;
  /** The amount added to reach the minimum monthly fee; 0 when the minimum did not apply. */
  minimumAppliedCents: number;
  minimumApplied: boolean;
  /** The minimum monthly fee that was enforced. */
  minimumMonthlyFeeCents: number;
  /** baseCents + categoryModifierCents + keywordModifierCents + minimumAppliedCents, never below the minimum. */
  finalMonthlyCents: number;
  /** The one-off setup fee, shown as a deposit. */
  setupCents: number;
  perMinuteCents: number;
  perSmsCents: number;
  /** The product's fixed price of one web-form lead ($0.50): no territory multiplier applies to it. */
  perWebFormLeadCents: number;
  /** True when the base is the territory's own fee for this #Code (and the category percentage was not applied). */
  codeSpecificFee: boolean;
  /** What was priced, for labels (multipliers and percentages at the precision used in the arithmetic). */
  category: {
    slug: string;
    name: string;
    categoryType: "standard" | "keyword_group";
    feePercentageOfBase: number | null;
    keywordBaseMultiplier: number | null;
  } | null;
  keyword: { keywordText: string; multiplier: number } | null;
};

/** A pricing input that cannot be priced: negative, not finite, not whole cents, out of range or unknown. */
export class PricingInputError extends DomainError {
  override name = "PricingInputError";
  readonly field: string;
  constructor(field: string, message: string) {
    super({
      code: "pricing_input",
      status: 400,
      title: "Cannot Price",
      message: `${field}: ${message}`,
      fieldErrors: { [field]: [message] },
    });
    this.field = field;
  }
}

/** Percentages are exact to hundredths of a percent (numeric(7,2)). */
const PERCENT_SCALE = 100n;
/** Multipliers are exact to ten-thousandths (numeric(10,4)). */
const MULTIPLIER_SCALE = 10_000n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function cents(field: string, value: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new PricingInputError(field, `must be a whole number of cents, got ${String(value)}`);
  }
  if (value < 0) throw new PricingInputError(field, `must not be negative, got ${value}`);
  return value;
}

function optionalCents(field: string, value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : cents(field, value);
}

/** A non-negative decimal as an integer count of 1/scale units, rounded half-up at that scale. */
function scaled(field: string, value: number, scale: bigint): bigint {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new PricingInputError(field, `must be a finite number, got ${String(value)}`);
  }
  if (value < 0) throw new PricingInputError(field, `must not be negative, got ${value}`);
  const units = Math.round(value * Number(scale));
  if (!Number.isSafeInteger(units)) throw new PricingInputError(field, `is too large, got ${value}`);
  return BigInt(units);
}

/** round(amount × units / scale), half-up, exact; amount and units are non-negative. */
function mulRound(field: string, amount: number, units: bigint, scale: bigint): number {
  const result = (2n * BigInt(amount) * units + scale) / (2n * scale);
  if (result > MAX_SAFE) throw new PricingInputError(field, "produces an amount too large to price");
  return Number(result);
}

function codeFeeColumn(category: NonNullable<PricingCategory>): CodeFeeColumn | null {
  if (category.categoryType !== "standard") return null;
  return Object.hasOwn(CODE_FEE_COLUMNS, category.slug)
    ? CODE_FEE_COLUMNS[category.slug as keyof typeof CODE_FEE_COLUMNS]
    : null;
}

/** Prices one category (or the territory alone) in one territory. Pure; throws {@link PricingInputError}. */
export function quotePrice(input: PricingInput): PriceBreakdown {
  const t = input.territory;
  if (!t) throw new PricingInputError("territory", "is required");
  const scope = input.scope ?? "territory";
  if (!LICENCE_SCOPES.includes(scope)) throw new PricingInputError("scope", `is not a license scope: ${String(scope)}`);

  const baseMonthly = cents("baseMonthlyFeeCents", t.baseMonthlyFeeCents);
  const baseSetup = cents("baseSetupFeeCents", t.baseSetupFeeCents);
  const fullStateMonthly = optionalCents("fullStateMonthlyFeeCents", t.fullStateMonthlyFeeCents);
  const fullStateSetup = optionalCents("fullStateSetupFeeCents", t.fullStateSetupFeeCents);
  const minimum = optionalCents("minimumMonthlyFeeCents", t.minimumMonthlyFeeCents) ?? MINIMUM_MONTHLY_FEE_CENTS;
  const codeFees: Record<CodeFeeColumn, number | null> = {
    poundHelpMonthlyFeeCents: optionalCents("poundHelpMonthlyFeeCents", t.poundHelpMonthlyFeeCents),
    poundLawMonthlyFeeCents: optionalCents("poundLawMonthlyFeeCents", t.poundLawMonthlyFeeCents),
    poundEasyMonthlyFeeCents: optionalCents("poundEasyMonthlyFeeCents", t.poundEasyMonthlyFeeCents),
    poundSsdiMonthlyFeeCents: optionalCents("poundSsdiMonthlyFeeCents", t.poundSsdiMonthlyFeeCents),
  };
  const minutesUnits = scaled("minutesMultiplier", t.minutesMultiplier, MULTIPLIER_SCALE);
  const smsUnits = scaled("smsMultiplier", t.smsMultiplier, MULTIPLIER_SCALE);

  const category = input.category ?? null;
  if (category && category.categoryType !== "standard" && category.categoryType !== "keyword_group") {
    throw new PricingInputError("categoryType", `is not a category type: ${String(category.categoryType)}`);
  }
  const percentUnits =
    category?.categoryType === "standard" && category.feePercentageOfBase !== null
      ? scaled("feePercentageOfBase", category.feePercentageOfBase, PERCENT_SCALE)
      : null;
  const groupUnits =
    category?.categoryType === "keyword_group" && category.keywordBaseMultiplier !== null
      ? scaled("keywordBaseMultiplier", category.keywordBaseMultiplier, MULTIPLIER_SCALE)
      : null;
  const keyword = input.keyword ?? null;
  const keywordUnits = keyword ? scaled("keyword.multiplier", keyword.multiplier, MULTIPLIER_SCALE) : null;

  // Base: the territory's own fee for this #Code, else the full-state or territory base fee.
  const column = scope === "territory" && category ? codeFeeColumn(category) : null;
  const codeFee = column ? codeFees[column] : null;
  const codeSpecificFee = codeFee !== null;
  const baseCents = codeFee ?? (scope === "full_state" ? (fullStateMonthly ?? baseMonthly) : baseMonthly);

  // Category: a percentage of the base (standard) or a multiple of it (keyword group); none on a per-code fee.
  let categoryPrice = baseCents;
  if (!codeSpecificFee && percentUnits !== null) {
    categoryPrice = mulRound("feePercentageOfBase", baseCents, percentUnits, 100n * PERCENT_SCALE);
  } else if (!codeSpecificFee && groupUnits !== null) {
    categoryPrice = mulRound("keywordBaseMultiplier", baseCents, groupUnits, MULTIPLIER_SCALE);
  }
  const categoryModifierCents = categoryPrice - baseCents;

  // Keyword: a multiple of the category price.
  const keywordPrice =
    keywordUnits === null
      ? categoryPrice
      : mulRound("keyword.multiplier", categoryPrice, keywordUnits, MULTIPLIER_SCALE);
  const keywordModifierCents = keywordPrice - categoryPrice;

  const minimumAppliedCents = Math.max(0, minimum - keywordPrice);
  const finalMonthlyCents = keywordPrice + minimumAppliedCents;
  if (!Number.isSafeInteger(finalMonthlyCents)) {
    throw new PricingInputError("minimumMonthlyFeeCents", "produces an amount too large to price");
  }

  const setupCents = scope === "full_state" ? (fullStateSetup ?? baseSetup) : baseSetup;
  const rate = (field: string, amount: number, units: bigint) => mulRound(field, amount, units, MULTIPLIER_SCALE);

  return {
    scope,
    baseCents,
    categoryModifierCents,
    keywordModifierCents,
    minimumAppliedCents,
    minimumApplied: minimumAppliedCents > 0,
    minimumMonthlyFeeCents: minimum,
    finalMonthlyCents,
    setupCents,
    perMinuteCents: rate("minutesMultiplier", USAGE_BASE_RATES_CENTS.perMinute, minutesUnits),
    perSmsCents: rate("smsMultiplier", USAGE_BASE_RATES_CENTS.perSms, smsUnits),
    // Fixed: the territory's web_form_lead_multiplier is stored but does not price the lead (ADR 003, amendment).
    perWebFormLeadCents: USAGE_BASE_RATES_CENTS.perWebFormLead,
    codeSpecificFee,
    category: category
      ? {
          slug: category.slug,
          name: category.name,
          categoryType: category.categoryType,
          feePercentageOfBase: percentUnits === null ? null : Number(percentUnits) / Number(PERCENT_SCALE),
          keywordBaseMultiplier: groupUnits === null ? null : Number(groupUnits) / Number(MULTIPLIER_SCALE),
        }
      : null,
    keyword:
      keyword && keywordUnits !== null
        ? { keywordText: keyword.keywordText, multiplier: Number(keywordUnits) / Number(MULTIPLIER_SCALE) }
        : null,
  };
}

export type BreakdownLineKey =
  | "base"
  | "category"
  | "keyword"
  | "minimum"
  | "monthly_total"
  | "setup"
  | "per_minute"
  | "per_sms"
  | "per_web_form_lead";

/**
 * One labelled amount for display. `kind` tells the UI how to present it: "monthly" and "adjustment" lines add
 * up to the "total" line (adjustments may be negative); "one_off" is the deposit; "usage" amounts are per unit.
 */
export type BreakdownLine = {
  key: BreakdownLineKey;
  label: string;
  cents: number;
  kind: "monthly" | "adjustment" | "total" | "one_off" | "usage";
};

/** 120 → "120%", 112.5 → "112.5%". */
function percentLabel(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

/** 1.5 → "×1.5", 1.25 → "×1.25". */
function multiplierLabel(value: number): string {
  return `×${Number(value.toFixed(4))}`;
}

/**
 * The breakdown as labelled lines, in display order: base, category adjustment (when a category was priced by its
 * percentage or multiplier), keyword adjustment (when a keyword was given), minimum (only when applied), monthly
 * total, setup deposit and the three usage prices. The monthly and adjustment lines sum to the total.
 */
export function breakdownLines(b: PriceBreakdown): BreakdownLine[] {
  const lines: BreakdownLine[] = [];
  let baseLabel = "Base monthly fee";
  if (b.codeSpecificFee && b.category) baseLabel = `Base monthly fee (${b.category.name} territory rate)`;
  else if (b.scope === "full_state") baseLabel = "Base monthly fee (full state)";
  lines.push({ key: "base", label: baseLabel, cents: b.baseCents, kind: "monthly" });

  if (b.category && !b.codeSpecificFee) {
    const rule =
      b.category.categoryType === "standard"
        ? b.category.feePercentageOfBase === null
          ? ""
          : ` ${percentLabel(b.category.feePercentageOfBase)}`
        : b.category.keywordBaseMultiplier === null
          ? ""
          : ` ${multiplierLabel(b.category.keywordBaseMultiplier)}`;
    lines.push({
      key: "category",
      label: `Category adjustment (${b.category.name}${rule})`,
      cents: b.categoryModifierCents,
      kind: "adjustment",
    });
  }
  if (b.keyword) {
    lines.push({
      key: "keyword",
      label: `Keyword adjustment (${b.keyword.keywordText} ${multiplierLabel(b.keyword.multiplier)})`,
      cents: b.keywordModifierCents,
      kind: "adjustment",
    });
  }
  if (b.minimumApplied) {
    lines.push({
      key: "minimum",
      label: "Minimum monthly fee applied",
      cents: b.minimumAppliedCents,
      kind: "adjustment",
    });
  }
  lines.push({ key: "monthly_total", label: "Monthly total", cents: b.finalMonthlyCents, kind: "total" });
  lines.push({ key: "setup", label: "Setup deposit", cents: b.setupCents, kind: "one_off" });
  lines.push({ key: "per_minute", label: "Per minute", cents: b.perMinuteCents, kind: "usage" });
  lines.push({ key: "per_sms", label: "Per SMS", cents: b.perSmsCents, kind: "usage" });
  lines.push({ key: "per_web_form_lead", label: "Per web-form lead", cents: b.perWebFormLeadCents, kind: "usage" });
  return lines;
}
