import { describe, expect, it } from "vitest";
import * as format from "./format.ts";

describe("formatCents", () => {
  it("shows every amount in dollars with two decimals", () => {
    expect(format.formatCents(392_500)).toBe("$3,925.00");
    expect(format.formatCents(490_500)).toBe("$4,905.00");
    expect(format.formatCents(50)).toBe("$0.50");
    expect(format.formatCents(5)).toBe("$0.05");
    expect(format.formatCents(0)).toBe("$0.00");
    expect(format.formatCents(null)).toBe("$0.00");
    expect(format.formatCents(-1_605)).toBe("-$16.05");
  });

  it("answers the same for an amount asked again, also after more amounts than it keeps", () => {
    const first = format.formatCents(123_456);
    for (let cents = 0; cents < 6_000; cents++) expect(format.formatCents(cents)).toBe(`$${(cents / 100).toFixed(2)}`);
    expect(format.formatCents(123_456)).toBe(first);
    expect(first).toBe("$1,234.56");
  });

  it("is the one money format: there is no short form without cents", () => {
    expect(Object.keys(format).filter((k) => /cents/i.test(k))).toEqual(["formatCents"]);
  });
});

describe("formatDate", () => {
  it("writes a date in full, in UTC, the same from its ISO text as from the Date", () => {
    expect(format.formatDate("2026-11-01T00:00:00.000Z")).toBe("November 1, 2026");
    expect(format.formatDate(new Date("2026-11-01T00:00:00.000Z"))).toBe("November 1, 2026");
    expect(format.formatDate("2026-12-31T23:59:59.999Z")).toBe("December 31, 2026");
    expect(format.formatDate(null)).toBe("");
    expect(format.formatDate("")).toBe("");
  });

  it("answers the same for a date asked again, also after more dates than it keeps", () => {
    const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString();
    expect(format.formatDate(day(0))).toBe("January 1, 2020");
    for (let n = 1; n < 6_000; n++) format.formatDate(day(n));
    expect(format.formatDate(day(5_999))).toBe(format.formatDate(new Date(day(5_999))));
    expect(format.formatDate(day(0))).toBe("January 1, 2020");
  });
});
