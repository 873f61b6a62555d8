/** The icon sprite's pure parts: which icons the app declares, and the SVG that holds them. */

/** Lucide's description of one icon: its elements with their attributes (`key` is React's, not SVG's). */
export type LucideIconNode = [tag: string, attributes: Record<string, string | number>][];

/** The icon names `icons.tsx` declares with `spriteIcon("name")`, sorted and without repeats. */
export function iconNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/spriteIcon\("([a-z0-9-]+)"\)/g)) names.add(match[1]!);
  return [...names].sort();
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A sprite of `<symbol>`s in lucide's 24-unit grid. The symbols carry no stroke or fill of their own: the `<svg>`
 * that uses one sets them (stroke="currentColor", its stroke width), and the referenced paths inherit them.
 */
export function spriteSvg(icons: { name: string; node: LucideIconNode }[]): string {
  const symbols = icons.map(({ name, node }) => {
    const elements = node.map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== "key")
        .map(([key, value]) => ` ${key}="${escapeAttribute(String(value))}"`)
        .join("");
      return `<${tag}${attrs}/>`;
    });
    return `<symbol id="${name}" viewBox="0 0 24 24">${elements.join("")}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}
