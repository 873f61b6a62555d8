import { describe, expect, it } from "vitest";
import { ANALYTICS_TEXT, bucketStart, nextBucket, periodSearch, resolvePeriod } from "./analytics.ts";

const TODAY = "2026-11-23"; // a Monday
const resolve = (q: string) => resolvePeriod(new URLSearchParams(q), TODAY);

describe("resolvePeriod", () => {
  it("reads the presets from today, both ends included, with a grouping that fits the length", () => {
    expect(resolve("")).toMatchObject({ preset: "30d", from: "2026-10-25", to: TODAY, days: 30, by: "day" });
    expect(resolve("period=7d")).toMatchObject({ from: "2026-11-17", to: TODAY, days: 7, by: "day" });
    expect(resolve("period=90d")).toMatchObject({ from: "2026-08-26", to: TODAY, days: 90, by: "week" });
    expect(resolve("period=month")).toMatchObject({ from: "2026-11-01", to: TODAY, days: 23 });
    expect(resolve("period=nonsense")).toMatchObject({ preset: "30d" });
  });

  it("takes a custom range and a chosen grouping; dates alone mean a custom range", () => {
    expect(resolve("period=custom&from=2026-01-01&to=2026-12-31&by=week")).toMatchObject({
      preset: "custom",
      from: "2026-01-01",
      to: "2026-12-31",
      days: 365,
      by: "week",
    });
    expect(resolve("from=2026-02-01&to=2026-02-28")).toMatchObject({ preset: "custom", days: 28, by: "day" });
    expect(resolve("period=custom&from=2025-01-01&to=2026-12-31")).toMatchObject({ by: "month" });
  });

  it("falls back to 30 days for a range that cannot be used, keeping what was typed and saying why", () => {
    expect(resolve("period=custom&from=2026-02-30&to=2026-03-01")).toMatchObject({
      preset: "30d",
      invalid: { from: "2026-02-30", to: "2026-03-01", errors: { from: ANALYTICS_TEXT.badFrom } },
    });
    expect(resolve("period=custom&from=2026-03-02&to=2026-03-01").invalid?.errors).toEqual({
      to: ANALYTICS_TEXT.toBeforeFrom,
    });
    expect(resolve("period=custom&from=2020-01-01&to=2026-01-01").invalid?.errors).toEqual({
      to: ANALYTICS_TEXT.tooLong,
    });
    expect(resolve("period=custom&from=&to=soon").invalid?.errors).toEqual({
      from: ANALYTICS_TEXT.badFrom,
      to: ANALYTICS_TEXT.badTo,
    });
  });

  it("writes a period back into the URL, leaving out the default grouping", () => {
    expect(periodSearch(resolve("period=7d"))).toBe("?period=7d");
    expect(periodSearch(resolve("period=7d&by=week"))).toBe("?period=7d&by=week");
    expect(periodSearch(resolve("from=2026-02-01&to=2026-02-28"))).toBe("?period=custom&from=2026-02-01&to=2026-02-28");
  });
});

describe("buckets", () => {
  it("start weeks on Monday and months on the 1st, across year ends", () => {
    expect(bucketStart("2026-11-22", "week")).toBe("2026-11-16"); // a Sunday
    expect(bucketStart("2026-11-23", "week")).toBe("2026-11-23");
    expect(bucketStart("2026-11-23", "month")).toBe("2026-11-01");
    expect(nextBucket("2026-12-28", "week")).toBe("2027-01-04");
    expect(nextBucket("2026-12-01", "month")).toBe("2027-01-01");
    expect(nextBucket("2026-12-31", "day")).toBe("2027-01-01");
  });
});
