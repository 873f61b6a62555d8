/**
 * Builds the icon sprite: `npm run build:generated` → app/generated/icons.svg, one <symbol> per icon that
 * app/components/ui/icons.tsx declares (`spriteIcon("circle-check")`), drawn from lucide's own icon data. Pages then
 * reference an icon with <use href="…/icons.svg#circle-check"> instead of carrying its paths in the HTML and a
 * component per icon in their JavaScript.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { iconNames, type LucideIconNode, spriteSvg } from "./icons/sprite.ts";

const started = performance.now();
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const declarations = join(root, "app", "components", "ui", "icons.tsx");
const iconsDir = join(root, "node_modules", "lucide-react", "dist", "esm", "icons");
const outFile = join(root, "app", "generated", "icons.svg");

const names = iconNames(readFileSync(declarations, "utf8"));
const icons = await Promise.all(
  names.map(async (name) => {
    const file = join(iconsDir, `${name}.mjs`);
    if (!existsSync(file)) throw new Error(`icons.tsx declares "${name}", which lucide-react does not have`);
    const module = (await import(pathToFileURL(file).href)) as { __iconData: { node: LucideIconNode } };
    return { name, node: module.__iconData.node };
  }),
);
const svg = spriteSvg(icons);

mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, svg);

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `icons: ${icons.length} symbols → ${relative(root, outFile)} (${kb(Buffer.byteLength(svg))} raw, ` +
    `${kb(gzipSync(svg, { level: 9 }).length)} gzipped) in ${Math.round(performance.now() - started)} ms`,
);
