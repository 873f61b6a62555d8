/**
 * The all-numbers explorer's #Code picker, browser side: the URLs it reads, the shapes it accepts, and how a chosen
 * #Code's statuses and prices join the territories the page has. The page carries each territory's overall status
 * only; a #Code's row in every territory arrives when a visitor chooses it (/resources/territories?number=…), and
 * the picker's cards a page at a time (/resources/pound-codes). Browser-safe, no React.
 */
import type {
  CategoryOption,
  CodePickerPage,
  NumberTerritories,
  TerritoryCategory,
  TerritoryView,
} from "#kernel/catalogue.ts";
import { pageRange } from "#kernel/page-range.ts";
import type { CategoryDisplayStatus } from "#kernel/territory-status.ts";

export type PickerQuery = { q: string; page: number; territory: string | null; onlyAvailable: boolean };

/** /resources/pound-codes with only the parameters that differ from the defaults (one URL per view, for caching). */
export function pickerUrl({ q, page, territory, onlyAvailable }: PickerQuery): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  if (territory) params.set("territory", territory);
  if (territory && onlyAvailable) params.set("only", "available");
  const query = params.toString();
  return query ? `/resources/pound-codes?${query}` : "/resources/pound-codes";
}

/** /resources/territories for one #Code. */
export function chosenCodeUrl(code: Pick<CategoryOption, "slug">): string {
  return `/resources/territories?number=${encodeURIComponent(code.slug)}`;
}

export function isCodePickerPage(body: unknown): body is CodePickerPage {
  if (!body || typeof body !== "object") return false;
  const p = body as Partial<CodePickerPage>;
  return Array.isArray(p.items) && typeof p.page === "number" && typeof p.total === "number";
}

export function isNumberTerritories(body: unknown): body is NumberTerritories {
  if (!body || typeof body !== "object") return false;
  const n = body as Partial<NumberTerritories>;
  return Array.isArray(n.territories) && typeof n.context === "object" && n.context !== null;
}

/**
 * The territories with the chosen #Code's row in each (its status and monthly price there, from the #Code's own
 * territory views), so the card, the list and the map show that #Code. A territory the answer does not name keeps
 * no row (read as available, as a missing row always is). The answer must be about `code`; otherwise nothing joins.
 */
export function withChosenCode(
  territories: readonly TerritoryView[],
  code: CategoryOption,
  answer: NumberTerritories,
): TerritoryView[] {
  if (answer.context.kind !== "poundcode" || answer.context.categoryId !== code.id) return [...territories];
  const byKey = new Map(answer.territories.map((t) => [t.key, t]));
  return territories.map((t) => {
    const there = byKey.get(t.key);
    if (!there) return t;
    const row: TerritoryCategory = {
      categoryId: code.id,
      name: code.name,
      slug: code.slug,
      kind: "poundcode",
      status: there.status === "licensed" || there.status === "negotiations" ? there.status : "available",
      monthlyCents: there.monthlyCents,
    };
    return { ...t, categories: [...t.categories.filter((c) => c.categoryId !== code.id), row] };
  });
}

/**
 * A picker card's status in the selected territory: what the territory on the page says of that #Code (a
 * reservation made here, or the chosen #Code's row), else the picker page's own, if that page is about the same
 * territory. Null when no territory is selected or the page's statuses are still loading.
 */
export function pickerStatus(
  item: CodePickerPage["items"][number],
  page: Pick<CodePickerPage, "territory">,
  territory: Pick<TerritoryView, "slug" | "categories"> | null,
): CategoryDisplayStatus | null {
  if (!territory) return null;
  const own = territory.categories.find((c) => c.categoryId === item.id);
  if (own) return own.status;
  return page.territory?.slug === territory.slug ? item.status : null;
}

/** "Showing 9–10 of 10 #Codes", or the count when one page holds them all. */
export function pickerRange(page: Pick<CodePickerPage, "page" | "pageSize" | "total">): string {
  const noun = page.total === 1 ? "#Code" : "#Codes";
  if (page.total <= page.pageSize) return `${page.total} ${noun}`;
  const { from, to } = pageRange({ page: page.page, size: page.pageSize }, page.total);
  return `Showing ${from}–${to} of ${page.total} ${noun}`;
}

/** What the picker says when a page has no #Codes. */
export function pickerEmpty(page: Pick<CodePickerPage, "q" | "onlyAvailable" | "territory">): string {
  if (page.onlyAvailable && page.territory) {
    return page.q
      ? `No #Codes that match “${page.q}” are available in ${page.territory.name}.`
      : `No #Codes are available in ${page.territory.name}.`;
  }
  return page.q ? `No #Codes match “${page.q}”. Try part of a code, such as LAW.` : "No #Codes are listed yet.";
}
