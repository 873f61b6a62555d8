import type { IconComponent } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";

export type Kpi = {
  /** Stable key, also the test id (`kpi-<key>`). */
  key: string;
  label: string;
  value: string;
  /** One line under the value: how it is counted, or what it is out of. */
  note?: string;
  icon: IconComponent;
};

/** The period's headline figures: a grid of cards, each a term and its value (a description list). */
export function KpiCards({ items, className }: { items: readonly Kpi[]; className?: string }) {
  return (
    <dl className={cn("grid gap-4 sm:grid-cols-2 xl:grid-cols-4", className)}>
      {items.map(({ key, label, value, note, icon: Icon }) => (
        <div
          key={key}
          data-testid={`kpi-${key}`}
          className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
        >
          <dt className="flex items-center gap-3 text-sm font-medium text-muted-foreground">
            <span className="inline-flex size-9 items-center justify-center rounded-lg bg-gold-100 text-gold-900 dark:bg-gold-900/30 dark:text-gold-200">
              <Icon aria-hidden className="size-4" />
            </span>
            {label}
          </dt>
          <dd className="grid gap-1">
            <span className="text-3xl leading-none font-bold tracking-tight tabular-nums">{value}</span>
            {note ? <span className="text-xs leading-relaxed text-muted-foreground">{note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export type BreakdownRow = { key: string; label: string; count: number };

/**
 * A ranked list of counts with proportional bars: the bar is decoration, the number and share are text, so it
 * reads the same without it.
 */
export function Breakdown({
  rows,
  total,
  empty,
  testId,
}: {
  rows: readonly BreakdownRow[];
  total: number;
  empty: string;
  testId?: string;
}) {
  if (rows.length === 0 || total === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
        {empty}
      </p>
    );
  }
  const max = Math.max(...rows.map((r) => r.count), 1);
  return (
    <ul className="grid gap-3" data-testid={testId}>
      {rows.map((r) => (
        <li key={r.key} className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium">{r.label}</span>
            <span className="tabular-nums text-muted-foreground">
              <span className="font-semibold text-foreground">{r.count.toLocaleString("en-US")}</span>
              {" · "}
              {Math.round((r.count / total) * 100)}%
            </span>
          </div>
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-accent" style={{ width: `${(r.count / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
