/**
 * Business-day arithmetic in the company's time zone: business days are Monday to Friday, Eastern time; closed on
 * weekends.
 * Public holidays are not business days in practice, but no list is kept: only weekends are skipped.
 */

export const BUSINESS_TIME_ZONE = "America/New_York";

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of `instant` in `timeZone`. */
function wallClock(instant: Date, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    ms: instant.getUTCMilliseconds(),
  };
}

const wallAsUtc = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);

/** The instant at which the clocks in `timeZone` show `w` (the later one in a DST gap, the earlier in an overlap). */
function fromWallClock(w: Wall, timeZone: string): Date {
  const target = wallAsUtc(w);
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const offset = wallAsUtc(wallClock(new Date(guess), timeZone)) - guess;
    const next = target - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/**
 * `start` plus `days` business days, at the same wall-clock time in `timeZone`. Saturdays and Sundays are
 * skipped, so Friday + 1 is Monday; a start on a weekend counts from that weekend (Saturday + 1 is Monday).
 * `days` must be a non-negative integer; 0 returns `start`.
 */
export function addBusinessDays(start: Date, days: number, timeZone: string = BUSINESS_TIME_ZONE): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a non-negative integer, got ${days}`);
  if (Number.isNaN(start.getTime())) throw new RangeError("start is not a valid date");
  if (days === 0) return new Date(start.getTime());
  const wall = wallClock(start, timeZone);
  // Walk the calendar date (kept as a UTC midnight so getUTCDay is the local weekday).
  const cursor = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  let left = days;
  while (left > 0) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    const weekday = cursor.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return fromWallClock(
    { ...wall, year: cursor.getUTCFullYear(), month: cursor.getUTCMonth() + 1, day: cursor.getUTCDate() },
    timeZone,
  );
}
