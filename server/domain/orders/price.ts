/** What a pair costs if it is licensed now: the figures an approval stores, and the ones shown before it. */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { territories, vanityNumbers } from "#server/db/schema/index.ts";
import { isVanityOffering, type PairKey } from "../availability/availability.ts";
import { quoteVanity } from "../catalogue/vanity.ts";
import type { PriceBreakdown } from "../pricing/pricing.ts";
import { quoteFor } from "../pricing/quote.ts";

export async function priceOffering(tx: DbOrTx, pair: PairKey): Promise<PriceBreakdown> {
  if (!isVanityOffering(pair)) return quoteFor(tx, { territoryId: pair.territoryId, categoryId: pair.categoryId });
  const [territory] = await tx.select().from(territories).where(eq(territories.id, pair.territoryId));
  const [number] = await tx
    .select({ monthlyFeeCents: vanityNumbers.monthlyFeeCents, setupFeeCents: vanityNumbers.setupFeeCents })
    .from(vanityNumbers)
    .where(eq(vanityNumbers.id, pair.vanityNumberId));
  return quoteVanity(territory!, number!);
}

/** The two figures a buyer is quoted: the monthly fee and the one-time setup deposit, if licensed now. */
export async function quotedFigures(
  tx: DbOrTx,
  pair: PairKey,
): Promise<{ monthlyFeeCents: number; setupFeeCents: number }> {
  const p = await priceOffering(tx, pair);
  return { monthlyFeeCents: p.finalMonthlyCents, setupFeeCents: p.setupCents };
}
