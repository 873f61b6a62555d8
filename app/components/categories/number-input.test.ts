import { describe, expect, it } from "vitest";
import { clampTyped, numberText, typedSlug } from "./number-input.ts";

describe("the dialogs' number inputs", () => {
  it("clamp a negative to 0 and keep everything else as typed", () => {
    expect(clampTyped("-5")).toBe("0");
    expect(clampTyped("-0.001")).toBe("0");
    expect(clampTyped("12.5")).toBe("12.5");
    expect(clampTyped("")).toBe("");
    expect(clampTyped("0")).toBe("0");
  });

  it("start from the stored number, or empty for null", () => {
    expect(numberText(null)).toBe("");
    expect(numberText(1.25)).toBe("1.25");
    expect(numberText(0)).toBe("0");
  });

  it("keep a typed slug to lower-case letters, digits and dashes", () => {
    expect(typedSlug("Legal Keywords!")).toBe("legal-keywords");
    expect(typedSlug("hash-4law")).toBe("hash-4law");
  });
});
