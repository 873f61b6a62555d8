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

  it("is the one money format: there is no short form without cents", () => {
    expect(Object.keys(format).filter((k) => /cents/i.test(k))).toEqual(["formatCents"]);
  });
});
