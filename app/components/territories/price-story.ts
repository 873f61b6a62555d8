/**
 * The one price story of a territory card: which monthly figure it shows for the category in view, and how that
 * figure is explained. Every amount comes from the server's pricing engine; nothing is computed here.
 * Browser-safe, no React.
 */
import type { PriceLine, TerritoryView } from "#kernel/catalogue.ts";
import { formatCents } from "#kernel/format.ts";

/** The note the spec gives the territory's own monthly fee. */
export const ALL_CATEGORIES_NOTE = "(All categories, based on population)";

export type MonthlyFigure = {
  /** The category the figure prices, or null for the territory's all-categories fee. */
  categoryName: string | null;
  /** "Monthly fee", or "#4LAW monthly fee". */
  label: string;
  cents: number;
  note: string;
  /** How the figure is made (monthly and adjustment lines, then the total), when the page has it. */
  lines: PriceLine[] | null;
};

/** The note under a vanity number's monthly figure: its price is its own, not the territory's population. */
export function vanityNote(numberName: string, territoryName: string): string {
  return `(${numberName} in ${territoryName}, exclusive in this territory)`;
}

/**
 * The card's monthly figure: the page's quote on a #Code or vanity number page (`kind` "vanity"); on other pages
 * the chosen #Code's monthly price once one is chosen; otherwise the territory's fee for all categories.
 */
export function monthlyFigure(
  territory: TerritoryView,
  chosenCategoryId: string | null,
  kind: "category" | "vanity" = "category",
): MonthlyFigure {
  const quote = territory.pricing.categoryQuote;
  if (quote) {
    return {
      categoryName: quote.categoryName,
      label: `${quote.categoryName} monthly fee`,
      cents: quote.finalMonthlyCents,
      note:
        kind === "vanity"
          ? vanityNote(quote.categoryName, territory.name)
          : `(${quote.categoryName} in ${territory.name}, based on population)`,
      lines: quote.lines,
    };
  }
  const chosen = chosenCategoryId ? territory.categories.find((c) => c.categoryId === chosenCategoryId) : undefined;
  if (chosen && chosen.monthlyCents !== null) {
    return {
      categoryName: chosen.name,
      label: `${chosen.name} monthly fee`,
      cents: chosen.monthlyCents,
      note: `(${chosen.name} in ${territory.name}, based on population)`,
      lines: null,
    };
  }
  return {
    categoryName: null,
    label: "Monthly fee",
    cents: territory.pricing.baseMonthlyCents,
    note: ALL_CATEGORIES_NOTE,
    lines: null,
  };
}

/** A breakdown line's amount: adjustments carry their sign, everything has two decimals. */
export function lineAmount(line: PriceLine): string {
  if (line.kind === "adjustment" && line.cents > 0) return `+${formatCents(line.cents)}`;
  if (line.kind === "adjustment" && line.cents < 0) return `−${formatCents(-line.cents)}`;
  return formatCents(line.cents);
}

/** The one-off and usage prices the card lists under the monthly figure, the same on every page. */
export function otherPrices(territory: TerritoryView): { key: string; label: string; value: string }[] {
  const p = territory.pricing;
  return [
    { key: "setup", label: "Setup deposit", value: formatCents(p.setupCents) },
    { key: "per_minute", label: "Per minute", value: formatCents(p.perMinuteCents) },
    { key: "per_sms", label: "Per SMS", value: formatCents(p.perSmsCents) },
    { key: "per_web_form_lead", label: "Per web-form lead", value: formatCents(p.perWebFormLeadCents) },
  ];
}

/** What the reservation dialog shows beside the territory and #Code: the same monthly figure and the deposit. */
export function reservationDetails(
  territory: TerritoryView,
  categoryId: string | null,
): { label: string; value: string }[] {
  const figure = monthlyFigure(territory, categoryId);
  return [
    { label: figure.categoryName ? "Monthly" : "Base monthly", value: `${formatCents(figure.cents)}/mo` },
    { label: "Deposit", value: formatCents(territory.pricing.setupCents) },
  ];
}
