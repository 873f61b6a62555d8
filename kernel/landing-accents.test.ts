import { describe, expect, it } from "vitest";
import {
  ACCENT_GROUNDS,
  accentStyle,
  contrastRatio,
  DEFAULT_LANDING_ACCENT,
  LANDING_ACCENT_KEYS,
  LANDING_ACCENTS,
  landingAccent,
} from "./landing-accents.ts";

const AA = 4.5;

describe("landing page accents", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // A known pair: #767676 on white is the lightest gray that passes AA.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(AA);
  });

  it.each(LANDING_ACCENT_KEYS)("%s passes AA on every ground it is drawn on", (key) => {
    const a = LANDING_ACCENTS[key];
    expect(contrastRatio(a.fill, ACCENT_GROUNDS.hero)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(a.ink, a.fill)).toBeGreaterThanOrEqual(AA);
    for (const ground of ACCENT_GROUNDS.light) expect(contrastRatio(a.textLight, ground)).toBeGreaterThanOrEqual(AA);
    for (const ground of ACCENT_GROUNDS.dark) expect(contrastRatio(a.textDark, ground)).toBeGreaterThanOrEqual(AA);
  });

  it("falls back to the default accent for an unknown or missing key", () => {
    expect(landingAccent("emerald")).toBe("emerald");
    expect(landingAccent("toString")).toBe(DEFAULT_LANDING_ACCENT);
    expect(landingAccent(null)).toBe(DEFAULT_LANDING_ACCENT);
    expect(accentStyle("nope")["--lp-fill"]).toBe(LANDING_ACCENTS[DEFAULT_LANDING_ACCENT].fill);
  });
});
