/** The catalogue: territories, categories, their statuses, special pricing keywords, vanity and featured numbers. */

import type { TerritoryCategoryStatus, VanityNumberStatus } from "#kernel/enums.ts";
import type { Tx } from "../../client.ts";
import {
  categories,
  featuredNumbers,
  specialPricingKeywords,
  territories,
  territoryCategories,
  territoryVanityNumbers,
  vanityNumbers,
} from "../../schema/index.ts";
import { ALL_CATEGORIES, SPECIAL_PRICING_KEYWORDS } from "../data/categories.ts";
import { FEATURED_NUMBERS } from "../data/featured-numbers.ts";
import { TERRITORIES, territoryKey } from "../data/territories.ts";
import { TERRITORY_CATEGORY_STATUSES, TERRITORY_STATUS_BY_KEY } from "../data/territory-category-statuses.ts";
import { VANITY_NUMBERS, type VanityNumberSeed } from "../data/vanity-numbers.ts";
import { need } from "../need.ts";

/**
 * The per-territory status rows of the demo vanity numbers (docs/decisions/005-vanity-numbers-per-territory.md). A
 * vanity number is offered in every territory; the seed's `status` is what the number should show, so:
 * - a local number seeded 'licensed' is licensed in its own territory ((713) INJURED in East Texas);
 * - a toll-free number seeded 'licensed' is licensed everywhere ((877) TAX-HELP shows as licensed);
 * - a number seeded 'reserved' is in negotiations everywhere ((855) HURT-NOW shows as reserved);
 * - every other pair has no row (available). 'pending' is the administrator's state and stays on the number.
 */
export function vanityTerritoryStatuses(
  numbers: readonly Pick<VanityNumberSeed, "slug" | "status" | "territoryKey">[],
  territoryKeys: readonly string[],
): { vanitySlug: string; territoryKey: string; status: TerritoryCategoryStatus }[] {
  const rows: { vanitySlug: string; territoryKey: string; status: TerritoryCategoryStatus }[] = [];
  for (const v of numbers) {
    if (v.status !== "licensed" && v.status !== "reserved") continue;
    const status: TerritoryCategoryStatus = v.status === "licensed" ? "licensed" : "negotiations";
    const keys = v.status === "licensed" && v.territoryKey ? [v.territoryKey] : territoryKeys;
    for (const territoryKey of keys) rows.push({ vanitySlug: v.slug, territoryKey, status });
  }
  return rows;
}

/** What a seeded number stores as its administrator state: 'pending' stays, anything else is on sale. */
export function storedVanityStatus(status: VanityNumberStatus): VanityNumberStatus {
  return status === "pending" ? "pending" : "available";
}

/** The ids the catalogue rows were given: territories by key ("GA", "TX-E"), categories by slug. */
export interface CatalogueIds {
  territoryIds: ReadonlyMap<string, string>;
  categoryIds: ReadonlyMap<string, string>;
}

async function insertTerritories(tx: Tx): Promise<ReadonlyMap<string, string>> {
  const rows = await tx
    .insert(territories)
    .values(
      TERRITORIES.map(({ key, ...t }) => ({
        ...t,
        status: need(TERRITORY_STATUS_BY_KEY, key, "territory status"),
      })),
    )
    .returning({ id: territories.id, state: territories.state, portion: territories.portion });
  return new Map(rows.map((r) => [territoryKey(r.state, r.portion), r.id]));
}

async function insertCategories(tx: Tx): Promise<ReadonlyMap<string, string>> {
  const rows = await tx
    .insert(categories)
    .values(ALL_CATEGORIES.map((c) => ({ ...c })))
    .returning({ id: categories.id, slug: categories.slug });
  return new Map(rows.map((r) => [r.slug, r.id]));
}

export async function seedCatalogue(tx: Tx): Promise<CatalogueIds> {
  const territoryIds = await insertTerritories(tx);
  const categoryIds = await insertCategories(tx);

  await tx.insert(territoryCategories).values(
    TERRITORY_CATEGORY_STATUSES.map((r) => ({
      territoryId: need(territoryIds, r.territoryKey, "territory"),
      categoryId: need(categoryIds, r.categorySlug, "category"),
      status: r.status,
    })),
  );
  await tx.insert(specialPricingKeywords).values(SPECIAL_PRICING_KEYWORDS.map((k) => ({ ...k })));
  const vanityRows = await tx
    .insert(vanityNumbers)
    .values(
      VANITY_NUMBERS.map(({ territoryKey: key, ...v }) => ({
        ...v,
        status: storedVanityStatus(v.status),
        territoryId: key ? need(territoryIds, key, "territory") : null,
      })),
    )
    .returning({ id: vanityNumbers.id, slug: vanityNumbers.slug });
  const vanityIds = new Map(vanityRows.map((r) => [r.slug, r.id]));
  const vanityStatuses = vanityTerritoryStatuses(
    VANITY_NUMBERS,
    TERRITORIES.map((t) => t.key),
  );
  if (vanityStatuses.length > 0) {
    await tx.insert(territoryVanityNumbers).values(
      vanityStatuses.map((r) => ({
        territoryId: need(territoryIds, r.territoryKey, "territory"),
        vanityNumberId: need(vanityIds, r.vanitySlug, "vanity number"),
        status: r.status,
      })),
    );
  }
  await tx.insert(featuredNumbers).values(FEATURED_NUMBERS.map((f) => ({ ...f })));

  return { territoryIds, categoryIds };
}
