/** Text helpers for previews (browser-safe). */

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  "#39": "'",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  mdash: "—",
  ndash: "–",
  hellip: "…",
};

/** Remove HTML tags, decode the common entities and collapse whitespace. */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#?[a-z0-9]+);/gi, (match, name: string) => {
      const lower = name.toLowerCase();
      if (ENTITIES[lower]) return ENTITIES[lower];
      const code = lower.startsWith("#x")
        ? Number.parseInt(lower.slice(2), 16)
        : lower.startsWith("#")
          ? Number.parseInt(lower.slice(1), 10)
          : Number.NaN;
      return Number.isFinite(code) ? String.fromCodePoint(code) : match;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** Cut text at `limit` characters (at a word boundary when one is near) and add an ellipsis. */
export function truncate(text: string, limit: number): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  let slice = text.slice(0, limit);
  const lastSpace = slice.lastIndexOf(" ");
  if (lastSpace > limit - 25) slice = slice.slice(0, lastSpace);
  return { text: `${slice.replace(/[\s,.;:!?-]+$/, "")}…`, cut: true };
}

/** Longer searches are cut to this many characters. */
export const MAX_SEARCH_LENGTH = 200;

/** Cuts, trims and collapses search text. */
export function normalizeSearch(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH).trim();
}
