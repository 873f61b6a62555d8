import { describe, expect, it } from "vitest";
import { COVER_HEIGHT, COVER_WIDTH, postCoverDataUrl, postCoverSvg } from "./post-cover.ts";

describe("generated post covers", () => {
  it("are the same for the same post and differ between posts", () => {
    expect(postCoverSvg("what-is-a-pound-code-number")).toBe(postCoverSvg("what-is-a-pound-code-number"));
    const slugs = ["a", "b", "c", "vanity-numbers-vs-pound-codes", "territory-exclusivity-explained", "radio"];
    expect(new Set(slugs.map(postCoverSvg)).size).toBe(slugs.length);
  });

  it("are well-formed SVG of the card's size with no script or external reference", () => {
    for (const slug of ["a", "b", "c", "d", "e", "f"]) {
      const svg = postCoverSvg(slug);
      expect(
        svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}"`),
      ).toBe(true);
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(svg).not.toMatch(/script|href|NaN|undefined/);
      const opened = svg.match(/<(?!\/)[a-zA-Z]+[^>]*[^/]>/g)?.length ?? 0;
      const closed = svg.match(/<\/[a-zA-Z]+>/g)?.length ?? 0;
      expect(opened).toBe(closed);
    }
    expect(postCoverDataUrl("a")).toMatch(/^data:image\/svg\+xml,%3Csvg/);
  });
});
