/**
 * The loader's territories as the explorer and the home map show them: seen through a chosen category, after an
 * optimistic reservation, and as map territories. Browser-safe, no React.
 */
import type { MapTerritory } from "#app/components/territory-map/index.ts";
import type { MapTerritoryView, NumberContext, TerritoryCategory, TerritoryView } from "#kernel/catalogue.ts";
import { type CategoryDisplayStatus, type ListStatus, statusForCategory } from "#kernel/territory-status.ts";
import { mapFigure } from "./price-story.ts";

/** A category's status in a territory; a missing row means available. */
export function categoryStatusIn(
  territory: Pick<TerritoryView, "categories">,
  categoryId: string,
): CategoryDisplayStatus {
  return territory.categories.find((c) => c.categoryId === categoryId)?.status ?? "available";
}

/**
 * The status the detail card shows. On a #Code page the loader's listStatus is already that category's status.
 * On vanity / all-numbers pages a chosen category overrides it (a category-specific status overrides the default).
 */
export function effectiveStatus(
  territory: Pick<TerritoryView, "listStatus" | "categories">,
  context: NumberContext,
  chosenCategoryId: string | null,
): ListStatus {
  if (context.kind === "all" && chosenCategoryId) return categoryStatusIn(territory, chosenCategoryId);
  return territory.listStatus;
}

/**
 * After a successful reservation the territory turns to negotiations at once; the loader's revalidation confirms
 * it. The reserved category's status becomes negotiations too (a row is added when the territory had none for it).
 */
export function applyReservation(
  territories: readonly TerritoryView[],
  territoryId: string,
  category: { id: string; name: string; slug?: string; kind?: "category" | "vanity" },
): TerritoryView[] {
  return territories.map((t) => {
    if (t.id !== territoryId) return t;
    // A vanity number's page shows that number's status: no #Code changes.
    if (category.kind === "vanity") return { ...t, listStatus: "negotiations", mapStatus: "negotiations" };
    const has = t.categories.some((c) => c.categoryId === category.id);
    const categories: TerritoryCategory[] = has
      ? t.categories.map((c) => (c.categoryId === category.id ? { ...c, status: "negotiations" } : c))
      : [
          ...t.categories,
          {
            categoryId: category.id,
            name: category.name,
            slug: category.slug ?? "",
            kind: "poundcode",
            status: "negotiations",
            monthlyCents: null,
          },
        ];
    return { ...t, listStatus: "negotiations", mapStatus: "negotiations", categories };
  });
}

/** A reservation made on this page, applied optimistically until fresh loader data arrives. */
export type ReservedCategory = {
  territoryId: string;
  category: { id: string; name: string; slug: string; kind?: "category" | "vanity" };
};

/**
 * The offering a reservation was made for: the page's vanity number, one of the page's #Codes, the page's own
 * #Code, or else a bare reference named `fallbackName` (the name the dialog showed).
 */
export function reservedCategory(
  categoryId: string,
  categories: readonly { id: string; name: string; slug: string }[],
  context: NumberContext,
  fallbackName: string,
): ReservedCategory["category"] {
  if (context.kind === "vanity" && context.id === categoryId) {
    return { id: context.id, name: fallbackName, slug: context.slug, kind: "vanity" };
  }
  return (
    categories.find((x) => x.id === categoryId) ??
    (context.kind === "poundcode" && context.categoryId === categoryId
      ? { id: context.categoryId, name: context.name, slug: context.slug }
      : { id: categoryId, name: fallbackName, slug: "" })
  );
}

/**
 * The territories to show: the loader's, with the optimistic reservations applied, then (all-numbers page, once a
 * category is chosen) seen through that category on the card and the map.
 */
export function shownTerritories(
  loaded: readonly TerritoryView[],
  reserved: readonly ReservedCategory[],
  context: NumberContext,
  chosenCategoryId: string | null,
): readonly TerritoryView[] {
  let list: readonly TerritoryView[] = loaded;
  for (const r of reserved) list = applyReservation(list, r.territoryId, r.category);
  if (context.kind !== "all" || !chosenCategoryId) return list;
  return list.map((t) => {
    const s = effectiveStatus(t, context, chosenCategoryId);
    return { ...t, listStatus: s, mapStatus: statusForCategory(s) };
  });
}

/** A stable key of the page's number context: when it changes, selection, category and form reset. */
export function contextKey(context: NumberContext): string {
  switch (context.kind) {
    case "poundcode":
      return `poundcode:${context.categoryId}`;
    case "vanity":
      return `vanity:${context.id}`;
    default:
      return "all";
  }
}

/** The territories in name order (Alabama, Alaska, Arizona …), as the list shows them; the loader orders by state. */
export function sortedByName<T extends { name: string }>(territories: readonly T[]): T[] {
  return [...territories].sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/**
 * What the map needs of a territory: from the explorer's full view, or from the home map's (packed.ts). Its price is
 * the card's monthly figure for the category in view (`chosenCategoryId` on the all-numbers page).
 */
export function toMapTerritory(
  t: TerritoryView | MapTerritoryView,
  chosenCategoryId: string | null = null,
): MapTerritory {
  return {
    key: t.key,
    name: t.name,
    status: t.mapStatus,
    areaCodes: t.areaCodes,
    monthly: mapFigure(t, chosenCategoryId),
  };
}
