import { describe, expect, it } from "vitest";
import { GOLD_BAR_COUNT, goldBars } from "./gold-bars.ts";

describe("goldBars", () => {
  it("stamps five bars with the catalogue's #Codes, in order", () => {
    const bars = goldBars(["#4LAW", "#AUTO", "#EASY", "#HELP", "#HOME", "#MOVE"]);
    expect(bars).toHaveLength(GOLD_BAR_COUNT);
    expect(bars.map((b) => b.code)).toEqual(["#4LAW", "#AUTO", "#EASY", "#HELP", "#HOME"]);
    expect(new Set(bars.map((b) => b.key)).size).toBe(5);
  });

  it("never invents a code: fewer codes repeat, none stamps the brand", () => {
    expect(goldBars(["#4LAW", "#HELP"]).map((b) => b.code)).toEqual(["#4LAW", "#HELP", "#4LAW", "#HELP", "#4LAW"]);
    expect(goldBars([]).map((b) => b.code)).toEqual(Array(5).fill("PoundCodes"));
    expect(goldBars(["Legal Keywords", " #SSDI "]).map((b) => b.code)).toEqual(Array(5).fill("#SSDI"));
    expect(goldBars(["#4LAW"]).map((b) => b.code)).not.toContain("#CASH");
  });
});
