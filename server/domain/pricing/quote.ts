/**
 * Loads a territory, an optional category and an optional special pricing keyword and prices them with
 * {@link quotePrice}. Reads only; safe inside or outside a transaction.
 */
import { asc, eq, sql } from "drizzle-orm";
import { isUuid } from "#kernel/ids.ts";
import type { DbOrTx } from "../../db/client.ts";
import { categories, specialPricingKeywords, territories } from "../../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";
import { type LicenceScope, type PriceBreakdown, PricingInputError, quotePrice } from "./pricing.ts";

export type PricingEntity = "territory" | "category" | "keyword";

/** A territory, category or keyword named in a quote does not exist. */
export class PricingNotFoundError extends NotFoundError {
  override name = "PricingNotFoundError";
  readonly entity: PricingEntity;
  readonly key: string;
  constructor(entity: PricingEntity, key: string) {
    super("pricing_not_found", "Not Found", `No ${entity} found for ${JSON.stringify(key)}.`);
    this.entity = entity;
    this.key = key;
  }
}

export type QuoteForInput = {
  territoryId: string;
  categoryId?: string | null;
  /** Matched on special_pricing_keywords.keyword_text, trimmed; an exact match wins over a case-insensitive one. */
  keywordText?: string | null;
  /** Default "territory". */
  scope?: LicenceScope;
};

export async function quoteFor(db: DbOrTx, input: QuoteForInput): Promise<PriceBreakdown> {
  const scope = input.scope ?? "territory";
  if (scope !== "territory" && scope !== "full_state") {
    throw new PricingInputError("scope", `is not a license scope: ${String(scope)}`);
  }
  // A malformed id cannot name a row; checking here keeps PostgreSQL's uuid cast error out of the caller's way.
  if (!isUuid(input.territoryId)) throw new PricingNotFoundError("territory", input.territoryId);
  const [territory] = await db
    .select({
      baseMonthlyFeeCents: territories.baseMonthlyFeeCents,
      baseSetupFeeCents: territories.baseSetupFeeCents,
      fullStateMonthlyFeeCents: territories.fullStateMonthlyFeeCents,
      fullStateSetupFeeCents: territories.fullStateSetupFeeCents,
      minimumMonthlyFeeCents: territories.minimumMonthlyFeeCents,
      poundHelpMonthlyFeeCents: territories.poundHelpMonthlyFeeCents,
      poundLawMonthlyFeeCents: territories.poundLawMonthlyFeeCents,
      poundEasyMonthlyFeeCents: territories.poundEasyMonthlyFeeCents,
      poundSsdiMonthlyFeeCents: territories.poundSsdiMonthlyFeeCents,
      minutesMultiplier: territories.minutesMultiplier,
      smsMultiplier: territories.smsMultiplier,
    })
    .from(territories)
    .where(eq(territories.id, input.territoryId));
  if (!territory) throw new PricingNotFoundError("territory", input.territoryId);

  let category = null;
  if (input.categoryId !== undefined && input.categoryId !== null) {
    if (!isUuid(input.categoryId)) throw new PricingNotFoundError("category", input.categoryId);
    const [row] = await db
      .select({
        slug: categories.slug,
        name: categories.name,
        categoryType: categories.categoryType,
        feePercentageOfBase: categories.feePercentageOfBase,
        keywordBaseMultiplier: categories.keywordBaseMultiplier,
      })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    if (!row) throw new PricingNotFoundError("category", input.categoryId);
    category = row;
  }

  let keyword = null;
  const keywordText = input.keywordText?.trim();
  if (keywordText) {
    const rows = await db
      .select({ keywordText: specialPricingKeywords.keywordText, multiplier: specialPricingKeywords.multiplier })
      .from(specialPricingKeywords)
      .where(sql`lower(${specialPricingKeywords.keywordText}) = lower(${keywordText})`)
      .orderBy(asc(specialPricingKeywords.keywordText));
    const row = rows.find((r) => r.keywordText === keywordText) ?? rows[0];
    if (!row) throw new PricingNotFoundError("keyword", keywordText);
    keyword = row;
  }

  return quotePrice({ territory, category, keyword, scope });
}
