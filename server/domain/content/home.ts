/** Read models for public content blocks: the home texts, the news strip and the FAQ block (published items only). */
import { and, asc, desc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { stripHtml, truncate } from "#kernel/text.ts";
import type { DbOrTx } from "../../db/client.ts";
import { blogPosts, editableContent, faqItems } from "../../db/schema/index.ts";

export const NEWS_STRIP_SIZE = 3;
export const FAQ_BLOCK_LIMIT = 10;
export const EXCERPT_LENGTH = 150;

/** The first 150 characters of the text with tags stripped, cut on a word boundary, with an ellipsis. */
export function excerpt(html: string, length = EXCERPT_LENGTH): string {
  return truncate(stripHtml(html), length).text;
}

export async function latestPosts(db: DbOrTx, limit = NEWS_STRIP_SIZE) {
  const rows = await db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      content: blogPosts.content,
      excerpt: blogPosts.excerpt,
      imageUrl: blogPosts.imageUrl,
      tags: blogPosts.tags,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .where(
      and(eq(blogPosts.status, "published"), isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, new Date())),
    )
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
  return rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt ? excerpt(r.excerpt) : excerpt(r.content),
    imageUrl: r.imageUrl,
    tags: (r.tags ?? []).slice(0, 3),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  }));
}

/**
 * The FAQ block's items: published, in display order, each answer cut to {@link EXCERPT_LENGTH} characters here,
 * so the page carries the previews it shows rather than every whole answer.
 */
export async function homeFaq(db: DbOrTx, limit = FAQ_BLOCK_LIMIT) {
  const rows = await db
    .select({ question: faqItems.question, answer: faqItems.answer })
    .from(faqItems)
    .where(eq(faqItems.isPublished, true))
    .orderBy(asc(faqItems.displayOrder), asc(faqItems.createdAt))
    .limit(limit);
  return rows.map((r) => {
    const preview = truncate(stripHtml(r.answer), EXCERPT_LENGTH);
    return { question: r.question, preview: preview.text, cut: preview.cut };
  });
}

/** The home page's editable texts (content editor, page "home"), with the built-in text when a key is missing or blank. */
export const HOME_TEXT = {
  heroTitle: { key: "home_hero_title", fallback: "Own the #Code your customers remember" },
  heroSubtitle: {
    key: "home_hero_subtitle",
    fallback:
      "A #Code like #4LAW is the shortest vanity number there is: dialed from any mobile phone, recalled after a single ad. Licensed exclusively in your territory and category, it is a lasting investment in your brand that competitors cannot copy.",
  },
  getInTouchIntro: {
    key: "home_get_in_touch_intro",
    fallback:
      "Find out which #Codes and vanity numbers are open in your territory. Our licensing team answers quickly and plainly.",
  },
} as const;

export type HomeTexts = Record<keyof typeof HOME_TEXT, string>;

/** One query for every home text; values are plain text (tags stripped). */
export async function homeTexts(db: DbOrTx): Promise<HomeTexts> {
  const entries = Object.entries(HOME_TEXT) as [keyof typeof HOME_TEXT, (typeof HOME_TEXT)[keyof typeof HOME_TEXT]][];
  const rows = await db
    .select({ key: editableContent.contentKey, value: editableContent.contentValue })
    .from(editableContent)
    .where(
      inArray(
        editableContent.contentKey,
        entries.map(([, t]) => t.key),
      ),
    );
  const byKey = new Map(rows.map((r) => [r.key, stripHtml(r.value).trim()]));
  return Object.fromEntries(entries.map(([name, t]) => [name, byKey.get(t.key) || t.fallback])) as HomeTexts;
}
