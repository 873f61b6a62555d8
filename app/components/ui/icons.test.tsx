import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Check, MapIcon, Menu } from "./icons.tsx";

describe("sprite icons", () => {
  it("draw the sprite's symbol and stay out of the accessibility tree", () => {
    const html = renderToStaticMarkup(<Menu className="size-5" />);
    expect(html).toMatch(
      /^<svg viewBox="0 0 24 24" class="icon size-5" aria-hidden="true"><use href="[^"]*#menu"><\/use><\/svg>$/,
    );
    expect(renderToStaticMarkup(<MapIcon />)).toMatch(/#map"/);
  });

  it("take lucide's size and stroke width as styles, which beat the classes", () => {
    const html = renderToStaticMarkup(<Check size={16} strokeWidth={3} />);
    expect(html).toContain('style="stroke-width:3;width:16px;height:16px"');
  });

  it("are an image with a name when given one", () => {
    const html = renderToStaticMarkup(<Check aria-label="Verified" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Verified"');
    expect(html).not.toContain("aria-hidden");
  });

  it("have every declared icon in the built sprite", () => {
    const declared = readFileSync(new URL("./icons.tsx", import.meta.url), "utf8");
    const sprite = readFileSync(new URL("../../generated/icons.svg", import.meta.url), "utf8");
    const names = [...declared.matchAll(/spriteIcon\("([a-z0-9-]+)"\)/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(100);
    for (const name of names) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
  });
});
