/** Read models for public content blocks: the news strip and the FAQ block (published items only). */
import { and, asc, desc, eq, isNotNull, lte } from "drizzle-orm";
import { stripHtml, truncate } from "#kernel/text.ts";
import type { DbOrTx } from "../../db/client.ts";
import { blogPosts, faqItems } from "../../db/schema/index.ts";

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

export async function homeFaq(db: DbOrTx, limit = FAQ_BLOCK_LIMIT) {
  return db
    .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer })
    .from(faqItems)
    .where(eq(faqItems.isPublished, true))
    .orderBy(asc(faqItems.displayOrder), asc(faqItems.createdAt))
    .limit(limit);
}
