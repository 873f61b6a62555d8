import { cn } from "#app/lib/utils.ts";
import type { TerritoryView } from "#kernel/catalogue.ts";
import { formatCents } from "#kernel/format.ts";
import { lineAmount, monthlyFigure, otherPrices } from "./price-story.ts";

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5" data-testid={testId}>
      <dt className={cn("text-sm", strong ? "font-semibold text-foreground" : "text-muted-foreground")}>{label}</dt>
      <dd className={cn("text-sm tabular-nums", strong ? "font-bold text-foreground" : "font-medium text-foreground")}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The territory's pricing: one monthly figure for the category in view (the breakdown under it, when the page has
 * one, adds up to exactly that figure), then the setup deposit and the usage prices.
 */
export function PanelPricing({
  territory,
  categoryId,
  vanity = false,
}: {
  territory: TerritoryView;
  categoryId: string | null;
  vanity?: boolean;
}) {
  const figure = monthlyFigure(territory, categoryId, vanity ? "vanity" : "category");
  const parts = figure.lines?.filter((l) => l.kind === "monthly" || l.kind === "adjustment") ?? [];
  const total = figure.lines?.find((l) => l.kind === "total");

  return (
    <div className="mt-5 rounded-xl border border-border bg-subtle p-4">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{figure.label}</p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2" data-testid="monthly-figure">
        <span className="text-3xl font-bold tracking-tight text-foreground tabular-nums">
          {formatCents(figure.cents)}
        </span>
        <span className="text-sm text-muted-foreground">/ month</span>
      </p>
      <p className="mt-0.5 text-xs text-muted-foreground">{figure.note}</p>

      {parts.length > 0 && total ? (
        <div className="mt-4 border-t border-border pt-3">
          <p className="text-xs font-semibold text-foreground">How it is priced</p>
          <dl className="mt-1 divide-y divide-border/60">
            {parts.map((l) => (
              <Row key={l.key} label={l.label} value={lineAmount(l)} />
            ))}
            <Row label={total.label} value={formatCents(total.cents)} strong testId="breakdown-total" />
          </dl>
        </div>
      ) : null}

      <dl className="mt-3 divide-y divide-border/60 border-t border-border pt-1">
        {otherPrices(territory).map((p) => (
          <Row key={p.key} label={p.label} value={p.value} />
        ))}
      </dl>
    </div>
  );
}
