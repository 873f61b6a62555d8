/** The catalogue: territories, categories, their statuses, special pricing keywords, vanity and featured numbers. */
import type { Tx } from "../../client.ts";
import {
  categories,
  featuredNumbers,
  specialPricingKeywords,
  territories,
  territoryCategories,
  vanityNumbers,
} from "../../schema/index.ts";
import { ALL_CATEGORIES, SPECIAL_PRICING_KEYWORDS } from "../data/categories.ts";
import { FEATURED_NUMBERS } from "../data/featured-numbers.ts";
import { TERRITORIES, territoryKey } from "../data/territories.ts";
import { TERRITORY_CATEGORY_STATUSES, TERRITORY_STATUS_BY_KEY } from "../data/territory-category-statuses.ts";
import { VANITY_NUMBERS } from "../data/vanity-numbers.ts";
import { need } from "../need.ts";

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
  await tx.insert(vanityNumbers).values(
    VANITY_NUMBERS.map(({ territoryKey: key, ...v }) => ({
      ...v,
      territoryId: key ? need(territoryIds, key, "territory") : null,
    })),
  );
  await tx.insert(featuredNumbers).values(FEATURED_NUMBERS.map((f) => ({ ...f })));

  return { territoryIds, categoryIds };
}
