import { describe, expect, it } from "vitest";
import { formatPopulation, staggerDelay } from "./format.ts";

describe("format", () => {
  it("staggers cards by 20 ms", () => {
    expect(staggerDelay(0)).toBe("0ms");
    expect(staggerDelay(1)).toBe("20ms");
    expect(staggerDelay(12)).toBe("240ms");
    expect(staggerDelay(-3)).toBe("0ms");
  });

  it("formats populations", () => {
    expect(formatPopulation(39_538_223)).toBe("39,538,223");
    expect(formatPopulation(Number.NaN)).toBe("");
  });
});
