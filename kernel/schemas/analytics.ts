/**
 * The analytics period and the screen's words. A period is two calendar days in the business time zone (Eastern
 * time), both included: from the start of `from` to the start of the day after `to`, i.e. the half-open interval
 * [from 00:00 ET, (to + 1 day) 00:00 ET). The picker offers presets (the last 7, 30 or 90 days, this month) and a
 * custom range; the URL holds it, so the page is a plain GET form that works without JavaScript.
 * Browser-safe: no imports but the enums.
 */
import type { ReservationStatus } from "../enums.ts";

export const PERIOD_PRESETS = ["7d", "30d", "90d", "month", "custom"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  month: "This month",
  custom: "Custom",
};

/** How the charts group the period. */
export const GRANULARITIES = ["day", "week", "month"] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const GRANULARITY_LABELS: Record<Granularity, string> = { day: "Day", week: "Week", month: "Month" };

/** The preset when the URL names none. */
export const DEFAULT_PRESET = "30d" satisfies PeriodPreset;
/** A custom period may cover at most this many days (two years and a day). */
export const MAX_PERIOD_DAYS = 732;

export const ANALYTICS_TEXT = {
  title: "Analytics",
  subtitle: "Leads, reservations, licenses and wallet money over the period you choose.",
  badFrom: "Enter the first day as a date, such as 2026-01-31.",
  badTo: "Enter the last day as a date, such as 2026-01-31.",
  toBeforeFrom: "The last day must be on or after the first day.",
  tooLong: `Choose a period of at most ${MAX_PERIOD_DAYS} days.`,
  fallback: "The figures below are for the last 30 days until the period is corrected.",
  timeZoneNote: "Days run midnight to midnight, Eastern time.",
  csvHeader: ["Section", "Figure", "Period start", "Period end", "Value", "Unit"] as const,
} as const;

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDay = string;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function toUtcMidnight(day: IsoDay): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtcMidnight(ms: number): IsoDay {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `day` plus `n` calendar days (n may be negative). */
export function addDays(day: IsoDay, n: number): IsoDay {
  return fromUtcMidnight(toUtcMidnight(day) + n * 86_400_000);
}

/** The number of days from `from` to `to`, both included (1 for a single day). */
export function daysIncluded(from: IsoDay, to: IsoDay): number {
  return Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / 86_400_000) + 1;
}

/** The first day of the bucket of `unit` that holds `day`: itself, the Monday of its week, or the 1st of its month. */
export function bucketStart(day: IsoDay, unit: Granularity): IsoDay {
  if (unit === "day") return day;
  if (unit === "month") return `${day.slice(0, 7)}-01`;
  const weekday = new Date(toUtcMidnight(day)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the bucket after the one starting at `start`. */
export function nextBucket(start: IsoDay, unit: Granularity): IsoDay {
  if (unit === "day") return addDays(start, 1);
  if (unit === "week") return addDays(start, 7);
  const [y, m] = start.split("-").map(Number) as [number, number];
  return fromUtcMidnight(Date.UTC(y, m, 1));
}

/** The chart grouping that reads best for a period of this length. */
export function defaultGranularity(days: number): Granularity {
  return days <= 31 ? "day" : days <= 183 ? "week" : "month";
}

/** A period the analytics read: days in Eastern time, both included. */
export type AnalyticsPeriod = { from: IsoDay; to: IsoDay };

export type ResolvedPeriod = AnalyticsPeriod & {
  preset: PeriodPreset;
  by: Granularity;
  days: number;
  /** Set when a custom period could not be used: what was typed, and why (the figures fall back to 30 days). */
  invalid?: { from: string; to: string; errors: { from?: string; to?: string } };
};

function presetPeriod(preset: Exclude<PeriodPreset, "custom">, today: IsoDay): AnalyticsPeriod {
  if (preset === "month") return { from: `${today.slice(0, 7)}-01`, to: today };
  const days = preset === "7d" ? 7 : preset === "30d" ? 30 : 90;
  return { from: addDays(today, -(days - 1)), to: today };
}

function withGranularity(p: AnalyticsPeriod, preset: PeriodPreset, by: string | null): ResolvedPeriod {
  const days = daysIncluded(p.from, p.to);
  const unit = (GRANULARITIES as readonly string[]).includes(by ?? "") ? (by as Granularity) : defaultGranularity(days);
  return { ...p, preset, by: unit, days };
}

/**
 * The period a URL asks for (`?period=30d`, or `?period=custom&from=2026-01-01&to=2026-03-31`, optionally
 * `&by=week`), given today's date in the business time zone. Never throws: an unknown preset is the default, and a
 * custom period that is not valid falls back to the default with the typed values and the reasons.
 * `from`/`to` without `period` mean a custom period.
 */
export function resolvePeriod(params: URLSearchParams, today: IsoDay): ResolvedPeriod {
  const raw = params.get("period");
  const typedFrom = (params.get("from") ?? "").trim();
  const typedTo = (params.get("to") ?? "").trim();
  const preset: PeriodPreset = (PERIOD_PRESETS as readonly string[]).includes(raw ?? "")
    ? (raw as PeriodPreset)
    : typedFrom || typedTo
      ? "custom"
      : DEFAULT_PRESET;
  const by = params.get("by");
  if (preset !== "custom") return withGranularity(presetPeriod(preset, today), preset, by);

  const errors: { from?: string; to?: string } = {};
  if (!isIsoDay(typedFrom)) errors.from = ANALYTICS_TEXT.badFrom;
  if (!isIsoDay(typedTo)) errors.to = ANALYTICS_TEXT.badTo;
  if (!errors.from && !errors.to) {
    if (typedTo < typedFrom) errors.to = ANALYTICS_TEXT.toBeforeFrom;
    else if (daysIncluded(typedFrom, typedTo) > MAX_PERIOD_DAYS) errors.to = ANALYTICS_TEXT.tooLong;
  }
  if (errors.from || errors.to) {
    return {
      ...withGranularity(presetPeriod(DEFAULT_PRESET, today), DEFAULT_PRESET, by),
      invalid: { from: typedFrom, to: typedTo, errors },
    };
  }
  return withGranularity({ from: typedFrom, to: typedTo }, "custom", by);
}

/** The URL search of a period ("?period=7d", "?period=custom&from=…&to=…&by=week"); `by` only when not the default. */
export function periodSearch(p: Pick<ResolvedPeriod, "preset" | "from" | "to" | "by" | "days">): string {
  const q = new URLSearchParams({ period: p.preset });
  if (p.preset === "custom") {
    q.set("from", p.from);
    q.set("to", p.to);
  }
  if (p.by !== defaultGranularity(p.days)) q.set("by", p.by);
  return `?${q.toString()}`;
}

/** "Nov 1, 2026 – Nov 30, 2026" (calendar days, so formatted as UTC dates). */
export function formatPeriod(p: AnalyticsPeriod): string {
  const f = (d: IsoDay) =>
    new Date(toUtcMidnight(d)).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
  return p.from === p.to ? f(p.from) : `${f(p.from)} – ${f(p.to)}`;
}

/** A bucket's label on a chart axis: "Nov 3" for a day or week, "Nov 2026" for a month. */
export function bucketLabel(start: IsoDay, unit: Granularity): string {
  const d = new Date(toUtcMidnight(start));
  return unit === "month"
    ? d.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" })
    : d.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** Reservation outcomes as the analytics name them, from the stored statuses. */
export const RESERVATION_OUTCOMES = ["licensed", "released", "expired", "pending"] as const;
export type ReservationOutcome = (typeof RESERVATION_OUTCOMES)[number];
export const RESERVATION_OUTCOME_OF = {
  converted: "licensed",
  cancelled: "released",
  expired: "expired",
  active: "pending",
} as const satisfies Record<ReservationStatus, ReservationOutcome>;
export const RESERVATION_OUTCOME_LABELS: Record<ReservationOutcome, string> = {
  licensed: "Licensed",
  released: "Released",
  expired: "Expired",
  pending: "Still on hold",
};

/** A conversion rate as a percentage with one decimal ("42.9%"), or "—" when nothing could convert. */
export function formatRate(numerator: number, denominator: number): string {
  if (denominator === 0) return "—";
  return `${((numerator / denominator) * 100).toFixed(1)}%`;
}
