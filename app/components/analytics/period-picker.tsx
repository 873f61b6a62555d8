import { useId } from "react";
import { Form, Link } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { CalendarRange } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { cn } from "#app/lib/utils.ts";
import {
  ANALYTICS_TEXT,
  formatPeriod,
  GRANULARITIES,
  GRANULARITY_LABELS,
  PERIOD_PRESET_LABELS,
  PERIOD_PRESETS,
  type PeriodPreset,
  type ResolvedPeriod,
} from "#kernel/schemas/analytics.ts";

export type PeriodPickerProps = {
  /** The page the picker's links and form go to, e.g. "/admin/analytics". */
  path: string;
  period: ResolvedPeriod;
  /** Other parameters of the page to keep when the period changes (a list's search and sort). */
  keep?: Record<string, string>;
  /** Offer the chart grouping (day, week, month). */
  withGranularity?: boolean;
  className?: string;
};

function hrefOf(path: string, params: Record<string, string>): string {
  const q = new URLSearchParams(params).toString();
  return q ? `${path}?${q}` : path;
}

/**
 * The period of a report: preset links (the last 7, 30 or 90 days, this month) and a custom range as a GET form,
 * so it works without JavaScript. The URL holds the period; an invalid custom range keeps what was typed, says why,
 * and the page falls back to the default period.
 */
export function PeriodPicker({ path, period, keep = {}, withGranularity = false, className }: PeriodPickerProps) {
  const id = useId();
  const invalid = period.invalid;
  const shownFrom = invalid ? invalid.from : period.from;
  const shownTo = invalid ? invalid.to : period.to;
  const presets = PERIOD_PRESETS.filter((p): p is Exclude<PeriodPreset, "custom"> => p !== "custom");
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn("grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm", className)}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
          <CalendarRange aria-hidden className="size-4 text-accent-text" />
          Period
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="period-label">
          <span className="font-medium text-foreground">{formatPeriod(period)}</span> · {period.days}{" "}
          {period.days === 1 ? "day" : "days"} · {ANALYTICS_TEXT.timeZoneNote}
        </p>
      </div>
      <nav aria-label="Preset periods">
        <ul className="flex flex-wrap gap-2">
          {presets.map((p) => {
            const current = !invalid && period.preset === p;
            return (
              <li key={p}>
                <Link
                  to={hrefOf(path, { ...keep, period: p })}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                    current
                      ? "border-navy-900 bg-navy-900 text-white dark:border-gold-300 dark:bg-gold-300 dark:text-navy-950"
                      : "border-border bg-background hover:border-accent hover:bg-muted",
                  )}
                >
                  {PERIOD_PRESET_LABELS[p]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form
        method="get"
        action={path}
        className="grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto] lg:grid-cols-[12rem_12rem_10rem_auto]"
      >
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="period" value="custom" />
        <Field id={`${id}-from`} label="From" errors={invalid?.errors.from ? [invalid.errors.from] : undefined}>
          {(control) => (
            <Input {...control} type="date" name="from" defaultValue={shownFrom} key={`from-${shownFrom}`} required />
          )}
        </Field>
        <Field id={`${id}-to`} label="To" errors={invalid?.errors.to ? [invalid.errors.to] : undefined}>
          {(control) => (
            <Input {...control} type="date" name="to" defaultValue={shownTo} key={`to-${shownTo}`} required />
          )}
        </Field>
        {withGranularity ? (
          <Field id={`${id}-by`} label="Group by">
            {(control) => (
              <Select {...control} name="by" defaultValue={period.by} key={`by-${period.by}`}>
                {GRANULARITIES.map((g) => (
                  <option key={g} value={g}>
                    {GRANULARITY_LABELS[g]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        <Button type="submit" variant="outline" className={cn("w-full sm:w-40", !withGranularity && "sm:col-start-3")}>
          Apply
        </Button>
      </Form>
      {invalid ? (
        <p role="alert" className="text-sm text-destructive">
          {ANALYTICS_TEXT.fallback}
        </p>
      ) : null}
    </section>
  );
}
