/**
 * A landing page's share image (1200×630, Open Graph's size): the firm's name, its #Code in the page's accent and
 * the territory, on the product's navy with the hero's gold bars. Drawn with satori (layout to SVG) and rasterized
 * with resvg, in Inter from @fontsource (satori takes WOFF, not the site's variable WOFF2).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { LANDING_ACCENTS, landingAccent } from "#kernel/landing-accents.ts";

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export type ShareCard = { poundCode: string; businessName: string; territoryName: string; accent: string };

const require = createRequire(import.meta.url);
let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700 | 900; style: "normal" }[]> | undefined;
function loadFonts() {
  fonts ??= Promise.all(
    ([400, 700, 900] as const).map(async (weight) => ({
      name: "Inter",
      data: await readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
      weight,
      style: "normal" as const,
    })),
  );
  return fonts;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

/** The card as PNG bytes. */
export async function renderShareImage(card: ShareCard): Promise<Uint8Array> {
  const accent = LANDING_ACCENTS[landingAccent(card.accent)];
  const bars = [0.55, 0.8, 1, 0.7].map((h, i) =>
    el("div", {
      width: 14,
      height: Math.round(96 * h),
      marginLeft: i ? 10 : 0,
      background: accent.fill,
      borderRadius: 4,
    }),
  );
  const content = el("div", { display: "flex", flexDirection: "column", flexGrow: 1, margin: "64px 80px" }, [
    el("div", { display: "flex", alignItems: "flex-end", height: 96 }, bars),
    el("div", { display: "flex", flexDirection: "column", marginTop: "auto" }, [
      el("div", { fontSize: 30, color: "#c8d3e9", letterSpacing: 2, textTransform: "uppercase" }, card.territoryName),
      el("div", { fontSize: 132, fontWeight: 900, color: accent.fill, lineHeight: 1.05 }, card.poundCode),
      el("div", { fontSize: 52, fontWeight: 700, marginTop: 8, lineHeight: 1.15 }, card.businessName),
    ]),
    el("div", { display: "flex", justifyContent: "space-between", marginTop: 36, fontSize: 26, color: "#9fb1d6" }, [
      el("div", {}, `Dial ${card.poundCode} from any mobile phone`),
      el("div", { fontWeight: 700, color: "#ffffff" }, "PoundCodes"),
    ]),
  ]);
  // The canvas itself carries no padding: satori sizes boxes without counting it.
  const tree = el(
    "div",
    { display: "flex", width: "100%", height: "100%", background: "#0b1226", color: "#ffffff", fontFamily: "Inter" },
    [content],
  );
  // satori (with its bundled font parser and layout engine) and resvg load with the first card drawn, not with the
  // server: most processes never draw one, and together they are megabytes of code and source held for good.
  const [{ default: satori }, { Resvg }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const svg = await satori(tree as never, { ...SHARE_IMAGE_SIZE, fonts: await loadFonts() });
  return new Uint8Array(new Resvg(svg, { fitTo: { mode: "width", value: SHARE_IMAGE_SIZE.width } }).render().asPng());
}
