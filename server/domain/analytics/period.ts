/**
 * Calendar days of the business time zone (Eastern time, as the reservation holds count business days) as
 * instants. A period [from, to] of days covers the instants [start of `from`, start of the day after `to`).
 */
import { type AnalyticsPeriod, addDays, type IsoDay } from "#kernel/schemas/analytics.ts";
import { BUSINESS_TIME_ZONE } from "../reservations/business-days.ts";

export { BUSINESS_TIME_ZONE };

const wallFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** The wall clock of `instant` in the business time zone, read as if it were UTC (milliseconds). */
function wallAsUtc(instant: Date): number {
  const p: Record<string, number> = {};
  for (const part of wallFormat.formatToParts(instant)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** The instant midnight starts `day` in the business time zone (midnight is never skipped by US clock changes). */
export function startOfBusinessDay(day: IsoDay): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const target = Date.UTC(y, m - 1, d);
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const offset = wallAsUtc(new Date(guess)) - guess;
    const next = target - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** The calendar day `instant` falls on in the business time zone. */
export function businessDay(instant: Date): IsoDay {
  return new Date(wallAsUtc(instant)).toISOString().slice(0, 10);
}

/** The instants a period covers: [start, end). */
export function periodBounds(period: AnalyticsPeriod): { start: Date; end: Date } {
  return { start: startOfBusinessDay(period.from), end: startOfBusinessDay(addDays(period.to, 1)) };
}
