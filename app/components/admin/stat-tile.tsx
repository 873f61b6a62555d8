import { Link } from "react-router";
import type { IconComponent } from "#app/components/ui/icons.tsx";

/** The words under a figure, for one and for any other count: "1 Open ticket", "3 Open tickets". */
export type StatLabel = { one: string; other: string };

/** The label that agrees with the figure. */
export function statLabel(label: StatLabel, value: number): string {
  return value === 1 ? label.one : label.other;
}

/** One live figure on the admin dashboard; a link to where the work is when there is such a screen. */
export function StatTile({
  label,
  value,
  icon: Icon,
  to,
}: {
  label: StatLabel;
  value: number;
  icon: IconComponent;
  to?: string;
}) {
  const body = (
    <>
      <span className="inline-flex size-10 items-center justify-center rounded-lg bg-gold-100 text-gold-900 dark:bg-gold-900/30 dark:text-gold-200">
        <Icon aria-hidden className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-3xl leading-none font-bold tracking-tight tabular-nums">
          {value.toLocaleString("en-US")}
        </span>
        <span className="mt-1.5 block text-sm text-muted-foreground">{statLabel(label, value)}</span>
      </span>
    </>
  );
  const cls = "flex items-center gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm";
  return to ? (
    <Link
      to={to}
      className={`${cls} transition hover:border-accent hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
    >
      {body}
    </Link>
  ) : (
    <div className={cls}>{body}</div>
  );
}
