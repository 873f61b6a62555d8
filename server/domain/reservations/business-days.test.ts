import { describe, expect, it } from "vitest";
import { addBusinessDays } from "./business-days.ts";

// November 2026: Mon 16, Tue 17, Wed 18, Thu 19, Fri 20, Sat 21, Sun 22, Mon 23 … (EST = UTC−5).
const at = (iso: string) => new Date(iso);

describe("addBusinessDays (America/New_York)", () => {
  it("adds weekdays within a week", () => {
    expect(addBusinessDays(at("2026-11-16T15:00:00Z"), 3).toISOString()).toBe("2026-11-19T15:00:00.000Z");
  });

  it("skips the weekend: Monday + 5 is the next Monday, Friday + 1 is Monday", () => {
    expect(addBusinessDays(at("2026-11-16T15:00:00Z"), 5).toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(addBusinessDays(at("2026-11-20T15:00:00Z"), 1).toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(addBusinessDays(at("2026-11-18T15:00:00Z"), 5).toISOString()).toBe("2026-11-25T15:00:00.000Z");
  });

  it("counts from a weekend start: Saturday + 1 is Monday, Sunday + 5 is Friday", () => {
    expect(addBusinessDays(at("2026-11-21T15:00:00Z"), 1).toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(addBusinessDays(at("2026-11-22T15:00:00Z"), 5).toISOString()).toBe("2026-11-27T15:00:00.000Z");
  });

  it("spans several weeks", () => {
    expect(addBusinessDays(at("2026-11-16T15:00:00Z"), 10).toISOString()).toBe("2026-11-30T15:00:00.000Z");
  });

  it("uses the Eastern weekday, not the UTC one: Friday 11:30 PM EST (Saturday in UTC) + 1 is Monday 11:30 PM EST", () => {
    expect(addBusinessDays(at("2026-11-21T04:30:00Z"), 1).toISOString()).toBe("2026-11-24T04:30:00.000Z");
  });

  it("keeps the Eastern wall-clock time across a DST change", () => {
    // Thu 5 March 2026 10:00 EST (15:00Z) + 5 = Thu 12 March 10:00 EDT (14:00Z); DST starts Sun 8 March.
    expect(addBusinessDays(at("2026-03-05T15:00:00Z"), 5).toISOString()).toBe("2026-03-12T14:00:00.000Z");
  });

  it("returns the start for 0 and rejects negative or fractional counts", () => {
    const start = at("2026-11-21T15:00:00Z");
    expect(addBusinessDays(start, 0).getTime()).toBe(start.getTime());
    expect(() => addBusinessDays(start, -1)).toThrow(RangeError);
    expect(() => addBusinessDays(start, 1.5)).toThrow(RangeError);
  });

  it("honours another time zone", () => {
    // Friday 20 Nov 2026 23:30 in UTC is still Friday there: + 1 = Monday 23:30 UTC.
    expect(addBusinessDays(at("2026-11-20T23:30:00Z"), 1, "UTC").toISOString()).toBe("2026-11-23T23:30:00.000Z");
  });
});
