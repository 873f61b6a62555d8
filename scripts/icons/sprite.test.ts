import { describe, expect, it } from "vitest";
import { iconNames, spriteSvg } from "./sprite.ts";

describe("icon sprite", () => {
  it("reads the declared names once each, sorted", () => {
    const source = 'const A = spriteIcon("menu");\nconst B = spriteIcon("arrow-right");\nconst C = spriteIcon("menu");';
    expect(iconNames(source)).toEqual(["arrow-right", "menu"]);
  });

  it("writes one symbol per icon without React's keys, attributes escaped", () => {
    const svg = spriteSvg([
      { name: "menu", node: [["path", { d: "M4 5h16", key: "1tepv9" }]] },
      { name: "odd", node: [["circle", { cx: 12, cy: 12, r: 10, "data-x": '"<&>' }]] },
    ]);
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg">' +
        '<symbol id="menu" viewBox="0 0 24 24"><path d="M4 5h16"/></symbol>' +
        '<symbol id="odd" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" data-x="&quot;&lt;&amp;&gt;"/></symbol>' +
        "</svg>\n",
    );
  });
});
