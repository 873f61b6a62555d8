/**
 * The one price story of a territory card: which monthly figure it shows for the category in view, and how that
 * figure is explained. Every amount comes from the server's pricing engine; nothing is computed here.
 * Browser-safe, no React.
 */
import type { MapTerritoryView, PriceLine, TerritoryView } from "#kernel/catalogue.ts";
import { formatCents } from "#kernel/format.ts";

/** The note the spec gives the territory's own monthly fee. */
export const ALL_CATEGORIES_NOTE = "(All categories, based on population)";

/** The label of the territory's own monthly fee (all categories). */
export const MONTHLY_FEE_LABEL = "Monthly fee";

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
    label: MONTHLY_FEE_LABEL,
    cents: territory.pricing.baseMonthlyCents,
    note: ALL_CATEGORIES_NOTE,
    lines: null,
  };
}

/**
 * The figure the map shows for a territory (its tooltip and the shape's description): the card's
 * {@link monthlyFigure} for the same category, so a territory never has two prices on one page. The home map sends
 * only the territory's own fee, which is the card's figure when no category is in view.
 */
export function mapFigure(
  territory: TerritoryView | MapTerritoryView,
  chosenCategoryId: string | null = null,
): { label: string; cents: number } {
  if (!("pricing" in territory)) return { label: MONTHLY_FEE_LABEL, cents: territory.baseMonthlyCents };
  const { label, cents } = monthlyFigure(territory, chosenCategoryId);
  return { label, cents };
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
