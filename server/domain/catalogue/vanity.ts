/**
 * Vanity numbers, offered per territory (docs/decisions/005-vanity-numbers-per-territory.md): the status of a
 * number in each territory, the number's own status derived from them, and its price in a territory.
 *
 * For the admin screens and any list of vanity numbers:
 * - {@link vanityNumberStatuses}(db, ids?) → Map of id → derived status (available | reserved | licensed | pending),
 *   one query for any number of numbers;
 * - {@link vanityTerritoryStatuses}(db, id) → Map of territory id → that pair's stored status (missing = available);
 * - {@link deriveVanityNumberStatus} is the rule, pure.
 * Holds and licences of a pair are written only through server/domain/availability (lockPair, pairAvailability,
 * setPairStatus with `{ vanityNumberId }`); `vanity_numbers.status` is the administrator's state, where only
 * 'pending' (not on sale yet) has a meaning of its own.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { TerritoryCategoryStatus, VanityNumberStatus } from "#kernel/enums.ts";
import type { DbOrTx } from "../../db/client.ts";
import { territories, territoryVanityNumbers, vanityNumbers } from "../../db/schema/index.ts";
import { type PriceBreakdown, type PricingTerritory, quotePrice } from "../pricing/pricing.ts";

/**
 * The number's own status from its administrator state and the statuses of its pairs in every visible territory
 * (a territory without a row counts as 'available'), first match wins:
 * 1. the administrator keeps it 'pending' (not on sale yet) → pending;
 * 2. any territory free → available (also when there are no territories at all);
 * 3. every territory licensed → licensed;
 * 4. otherwise (none free, some held in negotiations by a reservation) → reserved.
 */
export function deriveVanityNumberStatus(
  adminStatus: VanityNumberStatus | string,
  pairStatuses: readonly TerritoryCategoryStatus[],
): VanityNumberStatus {
  if (adminStatus === "pending") return "pending";
  if (pairStatuses.length === 0 || pairStatuses.some((s) => s === "available")) return "available";
  if (pairStatuses.every((s) => s === "licensed")) return "licensed";
  return "reserved";
}

/**
 * The derived status of each vanity number (all of them, or those in `ids`). Two queries whatever the count:
 * the visible territories, then the numbers with their counts of licensed and held pairs.
 */
export async function vanityNumberStatuses(
  db: DbOrTx,
  ids?: readonly string[],
): Promise<Map<string, VanityNumberStatus>> {
  if (ids && ids.length === 0) return new Map();
  const [visible] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(territories)
    .where(ne(territories.status, "inactive"));
  const total = Number(visible?.n ?? 0);
  const rows = await db
    .select({
      id: vanityNumbers.id,
      status: vanityNumbers.status,
      licensed: sql<number>`count(${territories.id}) filter (where ${territoryVanityNumbers.status} = 'licensed')::int`,
      held: sql<number>`count(${territories.id}) filter (where ${territoryVanityNumbers.status} = 'negotiations')::int`,
    })
    .from(vanityNumbers)
    .leftJoin(territoryVanityNumbers, eq(territoryVanityNumbers.vanityNumberId, vanityNumbers.id))
    .leftJoin(
      territories,
      and(eq(territories.id, territoryVanityNumbers.territoryId), ne(territories.status, "inactive")),
    )
    .where(ids ? inArray(vanityNumbers.id, [...ids]) : undefined)
    .groupBy(vanityNumbers.id, vanityNumbers.status);
  return new Map(
    rows.map((r) => {
      const licensed = Number(r.licensed);
      const held = Number(r.held);
      const free = Math.max(0, total - licensed - held);
      const statuses: TerritoryCategoryStatus[] = [
        ...Array<TerritoryCategoryStatus>(free).fill("available"),
        ...Array<TerritoryCategoryStatus>(held).fill("negotiations"),
        ...Array<TerritoryCategoryStatus>(licensed).fill("licensed"),
      ];
      return [r.id, deriveVanityNumberStatus(r.status, statuses)];
    }),
  );
}

/** The derived status of one vanity number (see {@link deriveVanityNumberStatus}); null when it does not exist. */
export async function vanityNumberStatus(db: DbOrTx, id: string): Promise<VanityNumberStatus | null> {
  return (await vanityNumberStatuses(db, [id])).get(id) ?? null;
}

/** The stored status of a vanity number in each territory that has a row (a missing territory is available). */
export async function vanityTerritoryStatuses(
  db: DbOrTx,
  vanityNumberId: string,
): Promise<Map<string, TerritoryCategoryStatus>> {
  const rows = await db
    .select({ territoryId: territoryVanityNumbers.territoryId, status: territoryVanityNumbers.status })
    .from(territoryVanityNumbers)
    .where(eq(territoryVanityNumbers.vanityNumberId, vanityNumberId));
  return new Map(rows.map((r) => [r.territoryId, r.status]));
}

/** What pricing needs of a vanity number: its own fees (null = not set). */
export type VanityFees = { monthlyFeeCents: number | null; setupFeeCents: number | null };

/**
 * A vanity number's price in one territory, from the pricing engine: the number's monthly fee is the base (no
 * category or keyword adjustment applies) and its setup fee the deposit; a fee the number does not set falls back
 * to the territory's base fee. The territory's minimum monthly fee and usage multipliers still apply, as for every
 * quote.
 */
export function quoteVanity(territory: PricingTerritory, fees: VanityFees): PriceBreakdown {
  return quotePrice({
    territory: {
      ...territory,
      baseMonthlyFeeCents: fees.monthlyFeeCents ?? territory.baseMonthlyFeeCents,
      baseSetupFeeCents: fees.setupFeeCents ?? territory.baseSetupFeeCents,
      // The per-code and full-state fees are #Code prices; a vanity number is priced on its own fee.
      fullStateMonthlyFeeCents: null,
      fullStateSetupFeeCents: null,
      poundHelpMonthlyFeeCents: null,
      poundLawMonthlyFeeCents: null,
      poundEasyMonthlyFeeCents: null,
      poundSsdiMonthlyFeeCents: null,
    },
  });
}
