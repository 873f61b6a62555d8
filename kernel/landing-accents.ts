/**
 * The accent colors a firm may give its landing page: a small curated palette, each entry contrast-checked (WCAG 2.2
 * AA, 4.5:1 for normal text) against the grounds it is drawn on. `landing-accents.test.ts` holds every entry to it.
 *
 * - `fill` is drawn on the navy hero (the dialed #Code, the hero's labels) and is the call button's background;
 * - `ink` is the text on `fill` (the call button's label);
 * - `textLight` / `textDark` are the accent as text and icons on the page's light and dark grounds.
 */

export type LandingAccent = {
  label: string;
  fill: string;
  ink: string;
  textLight: string;
  textDark: string;
};

export const LANDING_ACCENTS = {
  gold: { label: "Gold", fill: "#ecc862", ink: "#0b1226", textLight: "#926510", textDark: "#ecc862" },
  emerald: { label: "Emerald", fill: "#6ee7b7", ink: "#022c22", textLight: "#047857", textDark: "#6ee7b7" },
  sky: { label: "Sky", fill: "#7dd3fc", ink: "#082f49", textLight: "#0369a1", textDark: "#7dd3fc" },
  rose: { label: "Rose", fill: "#fda4af", ink: "#4c0519", textLight: "#be123c", textDark: "#fda4af" },
  violet: { label: "Violet", fill: "#c4b5fd", ink: "#2e1065", textLight: "#6d28d9", textDark: "#c4b5fd" },
  copper: { label: "Copper", fill: "#fdba74", ink: "#431407", textLight: "#c2410c", textDark: "#fdba74" },
  silver: { label: "Silver", fill: "#e2e8f0", ink: "#0f172a", textLight: "#334155", textDark: "#cbd5e1" },
} as const satisfies Record<string, LandingAccent>;

export type LandingAccentKey = keyof typeof LANDING_ACCENTS;
export const LANDING_ACCENT_KEYS = Object.keys(LANDING_ACCENTS) as LandingAccentKey[];
/** The product's own gold: a page without a chosen accent wears it. */
export const DEFAULT_LANDING_ACCENT: LandingAccentKey = "gold";

/** The grounds the accent is drawn on (app.css): the hero's navy, light cards and page, dark cards and page. */
export const ACCENT_GROUNDS = {
  hero: "#0b1226",
  light: ["#ffffff", "#f7f9fd"],
  dark: ["#111a33", "#0a1022"],
} as const;

/** The accent a stored value names, or null for anything else. */
export function landingAccentOrNull(key: string | null | undefined): LandingAccentKey | null {
  return key && Object.hasOwn(LANDING_ACCENTS, key) ? (key as LandingAccentKey) : null;
}

/** The accent a stored value names, or the default for anything else. */
export const landingAccent = (key: string | null | undefined): LandingAccentKey =>
  landingAccentOrNull(key) ?? DEFAULT_LANDING_ACCENT;

function channel(hex: string, at: number): number {
  const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb color. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio of two #rrggbb colors (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The CSS custom properties a landing page sets for its accent (read by app.css's `.landing-accent`). */
export function accentStyle(key: string | null | undefined): Record<string, string> {
  const a = LANDING_ACCENTS[landingAccent(key)];
  return {
    "--lp-fill": a.fill,
    "--lp-ink": a.ink,
    "--lp-text-light": a.textLight,
    "--lp-text-dark": a.textDark,
  };
}
