/**
 * Read model of the public FAQ page: published items ordered by category then display order, the categories
 * that have any, and the items of the category the visitor picked.
 *
 * Rules:
 * - Only published items are public.
 * - An item stored without a category belongs to "General".
 * - The category filter matches a category's name case-insensitively; an unknown one selects nothing (the page
 *   then says so), it never falls back to all items.
 * - Answers may be plain text or HTML; either way they leave here as sanitized HTML.
 */
import { asc, eq, sql } from "drizzle-orm";
import { FAQ_DEFAULT_CATEGORY } from "#kernel/content.ts";
import { stripHtml } from "#kernel/text.ts";
import type { DbOrTx } from "../../db/client.ts";
import { faqItems } from "../../db/schema/index.ts";
import { sanitizeHtml } from "./sanitize.ts";

export type FaqEntry = { id: string; question: string; category: string; answerHtml: string; answerText: string };

export type FaqPage = {
  /** Every category with a published item, in order. */
  categories: string[];
  /** The selected category as stored (canonical spelling), or null for all. */
  category: string | null;
  /** The category the visitor asked for matched none. */
  unknownCategory: boolean;
  items: FaqEntry[];
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Text holding a common HTML tag is HTML; anything else (even "a <b" or "<paragraph>") is plain text. */
const LOOKS_LIKE_HTML =
  /<\/?(p|br|hr|div|span|a|b|strong|em|i|u|s|ul|ol|li|h[1-6]|img|table|blockquote|code|pre|script|style|iframe)\b[^>]*>/i;

/**
 * Stored text that may be HTML or plain text, as sanitized HTML: HTML is sanitized; plain text is escaped, its
 * blank lines become paragraphs and its single line breaks become <br>.
 */
export function storedTextToHtml(value: string | null | undefined): string {
  if (!value?.trim()) return "";
  if (LOOKS_LIKE_HTML.test(value)) return sanitizeHtml(value);
  const paragraphs = value
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, "<br>")}</p>`);
  return sanitizeHtml(paragraphs.join(""));
}

const BLOCK_TAG =
  /<\/?(p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|blockquote|pre|figure|figcaption|table|tr|td|th|img)\b[^>]*>/gi;
const INLINE_TAG = /<(?!\/?(script|style)\b)[^>]*>/gi;

/** Plain text of HTML: block tags separate words, inline tags (<b>, <a> …) do not, entities decoded. */
export function plainText(html: string | null | undefined): string {
  if (!html) return "";
  return stripHtml(html.replace(BLOCK_TAG, " ").replace(INLINE_TAG, ""));
}

const categoryOf = sql<string>`coalesce(nullif(trim(${faqItems.category}), ''), ${FAQ_DEFAULT_CATEGORY})`;

/** The FAQ page, optionally narrowed to one category. One query. */
export async function listFaq(db: DbOrTx, input: { category?: string | null }): Promise<FaqPage> {
  const rows = await db
    .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer, category: categoryOf })
    .from(faqItems)
    .where(eq(faqItems.isPublished, true))
    .orderBy(asc(categoryOf), asc(faqItems.displayOrder), asc(faqItems.createdAt), asc(faqItems.id));
  const categories = [...new Set(rows.map((r) => r.category))];
  const wanted = input.category?.trim().toLowerCase() || null;
  const category = wanted ? (categories.find((c) => c.toLowerCase() === wanted) ?? null) : null;
  const selected = wanted ? rows.filter((r) => category !== null && r.category === category) : rows;
  return {
    categories,
    category,
    unknownCategory: wanted !== null && category === null,
    items: selected.map((r) => {
      const answerHtml = storedTextToHtml(r.answer);
      return {
        id: r.id,
        question: r.question,
        category: r.category,
        answerHtml,
        answerText: plainText(answerHtml),
      };
    }),
  };
}
