/**
 * Pieces shared by the three licensing explainers: the navigation between them, the catalogue figures, a quote
 * shown line by line, and the standing terms of every license. Amounts arrive in cents from the pricing engine;
 * nothing here computes a price.
 */
import { Link } from "react-router";
import { ArrowRight } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import type { PriceLine } from "#kernel/catalogue.ts";
import { formatCents } from "#kernel/format.ts";
import { MINIMUM_MONTHLY_FEE_CENTS, USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { LICENCE_TERMS } from "#kernel/schemas/company.ts";
import type { CatalogueFigures, ExampleTerritory, ExplainerQuote } from "#kernel/schemas/licensing.ts";
import { CheckList } from "./check-list";

export const EXPLAINERS = [
  { to: "/licensing/by-state", label: "By State" },
  { to: "/licensing/by-state-category", label: "By State & Category" },
  { to: "/licensing/by-state-keyword", label: "By State & Keyword" },
] as const;

export type ExplainerPath = (typeof EXPLAINERS)[number]["to"];

/** Tabs between the three explainers, the current one marked. */
export function LicensingNav({ current }: { current: ExplainerPath }) {
  return (
    <nav aria-label="Licensing options">
      <ul className="flex flex-wrap gap-2">
        {EXPLAINERS.map((e) => {
          const active = e.to === current;
          return (
            <li key={e.to}>
              <Link
                to={e.to}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300",
                  active
                    ? "border-gold-300 bg-gold-300 text-navy-950"
                    : "border-white/20 bg-white/5 text-white hover:border-gold-300/70 hover:bg-white/10",
                )}
              >
                {e.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** 1.25 → "×1.25". */
export function multiplierLabel(value: number | null): string {
  return value === null ? "×1" : `×${Number(value.toFixed(4))}`;
}

/** 112.5 → "112.5%". */
export function percentLabel(value: number | null): string {
  return value === null ? "100%" : `${Number(value.toFixed(2))}%`;
}

const count = new Intl.NumberFormat("en-US");

/** The live size of the catalogue; each figure carries data-figure for tests. */
export function CatalogueFiguresStrip({ figures }: { figures: CatalogueFigures }) {
  const items: { key: keyof CatalogueFigures; value: number; label: string }[] = [
    { key: "territories", value: figures.territories, label: "territories on offer" },
    { key: "wholeStates", value: figures.wholeStates, label: "whole states and DC" },
    { key: "portions", value: figures.portions, label: `portions of ${figures.splitStates} larger states` },
    { key: "poundCodes", value: figures.poundCodes, label: "#Codes" },
    { key: "keywordGroups", value: figures.keywordGroups, label: "keyword groups" },
    { key: "pricingKeywords", value: figures.pricingKeywords, label: "special pricing keywords" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-border ring-1 ring-border sm:grid-cols-3 lg:grid-cols-6">
      {items.map((item) => (
        <div key={item.key} className="flex flex-col gap-1 bg-card px-5 py-5">
          <dt className="order-last text-xs leading-snug text-muted-foreground sm:text-sm">{item.label}</dt>
          <dd data-figure={item.key} className="text-3xl font-bold tracking-tight text-foreground tabular-nums">
            {count.format(item.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "East Texas, a portion of Texas (26,181,324 residents)". */
export function territoryPhrase(t: ExampleTerritory): string {
  const where = t.portion ? `${t.name}, a portion of ${t.stateName}` : t.name;
  return `${where} (${count.format(t.population)} residents, 2020 Census)`;
}

function lineValue(line: PriceLine): string {
  if (line.kind === "adjustment" && line.cents > 0) return `+${formatCents(line.cents)}`;
  if (line.kind === "adjustment" && line.cents < 0) return `−${formatCents(-line.cents)}`;
  return formatCents(line.cents);
}

/** One quote as a table: the monthly lines and their total, then the deposit and the usage prices. */
export function QuoteTable({ id, title, quote }: { id: string; title: string; quote: ExplainerQuote }) {
  const monthly = quote.lines.filter((l) => l.kind === "monthly" || l.kind === "adjustment" || l.kind === "total");
  const other = quote.lines.filter((l) => l.kind === "one_off" || l.kind === "usage");
  return (
    <figure
      aria-labelledby={`${id}-caption`}
      data-quote={id}
      className="flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-card sm:p-7"
    >
      <figcaption id={`${id}-caption`} className="text-lg font-semibold tracking-tight text-card-foreground">
        {title}
      </figcaption>
      <p className="mt-1 text-sm text-muted-foreground">
        <span className="text-3xl font-bold tracking-tight text-foreground tabular-nums" data-quote-total>
          {formatCents(quote.finalMonthlyCents)}
        </span>{" "}
        a month
      </p>
      <table className="mt-5 w-full text-sm">
        <caption className="sr-only">{title}: price breakdown</caption>
        <tbody className="divide-y divide-border">
          {monthly.map((line) => (
            <tr key={line.key} data-quote-line={line.key}>
              <th
                scope="row"
                className={cn(
                  "py-2.5 pr-4 text-left font-normal",
                  line.kind === "total" ? "font-semibold text-foreground" : "text-muted-foreground",
                )}
              >
                {line.label}
              </th>
              <td
                className={cn(
                  "py-2.5 text-right tabular-nums",
                  line.kind === "total" ? "font-bold text-foreground" : "font-medium text-foreground",
                )}
              >
                {lineValue(line)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="mt-4 w-full border-t-2 border-border text-sm">
        <caption className="sr-only">{title}: deposit and usage</caption>
        <tbody className="divide-y divide-border">
          {other.map((line) => (
            <tr key={line.key} data-quote-line={line.key}>
              <th scope="row" className="py-2.5 pr-4 text-left font-normal text-muted-foreground">
                {line.label}
                {line.kind === "one_off" ? <span className="text-xs"> (one-off, refundable)</span> : null}
              </th>
              <td className="py-2.5 text-right font-medium text-foreground tabular-nums">{formatCents(line.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The terms every license shares, whatever its scope. */
export function StandingTerms() {
  const items = [
    "Exclusive: one licensee for each territory and category, shown as licensed on the map.",
    `Every license carries a minimum monthly fee, ${formatCents(MINIMUM_MONTHLY_FEE_CENTS)} as standard.`,
    `The setup fee is a deposit, refunded in full if you cancel within ${LICENCE_TERMS.depositRefundBusinessDays} business days.`,
    `For ${LICENCE_TERMS.adjacentTerritoryOptionBusinessDays} business days after you license, you may add an adjacent territory at your per-million-people monthly rate.`,
    `Usage is drawn from your prepaid wallet: ${formatCents(USAGE_BASE_RATES_CENTS.perMinute)} a minute and ${formatCents(USAGE_BASE_RATES_CENTS.perSms)} an SMS before your territory's multipliers, and ${formatCents(USAGE_BASE_RATES_CENTS.perWebFormLead)} a web-form lead.`,
    `We give ${LICENCE_TERMS.materialChangeNoticeDays} days' notice before any material change to your terms.`,
  ];
  return (
    <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
      <CheckList items={items} className="lg:col-span-8" />
      <div className="h-fit rounded-2xl border border-border bg-card p-6 shadow-card lg:col-span-4">
        <h3 className="text-base font-semibold tracking-tight">Read the full terms</h3>
        <ul className="mt-3 grid gap-2 text-sm">
          {[
            { to: "/legal/adjunct-marketing-agreement", label: "Adjunct Marketing Agreement" },
            { to: "/terms", label: "Terms of Service" },
            { to: "/disclaimers", label: "Disclaimers & Disclosures" },
          ].map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                className="inline-flex items-center gap-1.5 rounded-sm font-medium text-accent-text underline-offset-4 hover:underline"
              >
                {l.label}
                <ArrowRight className="size-3.5" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Shown instead of a worked example when no territory is on offer. */
export function NoExample() {
  return (
    <p className="rounded-2xl border border-dashed border-border bg-subtle p-6 text-[0.9375rem] text-muted-foreground">
      No territories are listed at the moment, so there is no example to price. Call us for current availability and
      pricing.
    </p>
  );
}
