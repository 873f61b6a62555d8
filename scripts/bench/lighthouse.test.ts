import { describe, expect, it } from "vitest";
import { type LighthouseRow, overBudget } from "./lighthouse.ts";

type Measured = Extract<LighthouseRow, { status: "ok" }>;
const row = (path: string, scores: Partial<Measured["scores"]>): Measured => ({
  name: path,
  path,
  status: "ok",
  scores: { performance: 99, accessibility: 100, bestPractices: 100, seo: 100, ...scores },
  performanceRange: [99, 99],
  fcpMs: 900,
  lcpMs: 1200,
  tbtMs: 0,
  cls: 0,
  jsBytes: 50 * 1024,
  jsFiles: 4,
});

describe("the Lighthouse budget", () => {
  const budget = { minPerformance: 95, maxJsKb: { "/": 160 }, perfectOn: ["/p/4law/georgia"] };

  it("holds the landing page to 100 in accessibility, best practices and SEO", () => {
    expect(overBudget(row("/p/4law/georgia", {}), budget)).toBe("");
    expect(overBudget(row("/p/4law/georgia", { accessibility: 98, seo: 92 }), budget)).toBe(
      "accessibility < 100, SEO < 100",
    );
    // Other pages are held to the performance floor only.
    expect(overBudget(row("/blog", { accessibility: 98 }), budget)).toBe("");
  });

  it("holds every page to the performance floor and / to its JavaScript budget", () => {
    expect(overBudget(row("/blog", { performance: 90 }), budget)).toBe("performance < 95");
    expect(overBudget({ ...row("/", {}), jsBytes: 170 * 1024 }, budget)).toBe("JS > 160 KB");
  });
});
