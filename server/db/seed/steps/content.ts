/** Site content: editable blocks, FAQ, blog posts and support topics. */
import type { Tx } from "../../client.ts";
import { blogPosts, editableContent, faqItems, supportTopics } from "../../schema/index.ts";
import { BLOG_POSTS } from "../data/blog-posts.ts";
import { EDITABLE_CONTENT } from "../data/content.ts";
import { FAQ_ITEMS } from "../data/faq.ts";
import { SUPPORT_TOPICS } from "../data/support-topics.ts";

/** When the demo's draft post was last worked on. */
const DRAFT_WRITTEN_AT = "2026-11-02T15:00:00Z";

/** Plain-text excerpt of HTML: tags stripped, whitespace collapsed, first 150 characters. */
export function htmlExcerpt(html: string, length = 150): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&nbsp;", " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= length ? text : text.slice(0, length).trimEnd();
}

export async function seedContent(tx: Tx): Promise<void> {
  await tx.insert(editableContent).values(EDITABLE_CONTENT.map((c) => ({ ...c })));
  await tx.insert(faqItems).values(FAQ_ITEMS.map((f) => ({ ...f })));
  await tx.insert(blogPosts).values(
    BLOG_POSTS.map((p) => ({
      ...p,
      tags: [...p.tags],
      excerpt: htmlExcerpt(p.content),
      publishedAt: p.publishedAt ? new Date(p.publishedAt) : null,
      createdAt: new Date(p.publishedAt ?? DRAFT_WRITTEN_AT),
      updatedAt: new Date(p.publishedAt ?? DRAFT_WRITTEN_AT),
    })),
  );
  await tx.insert(supportTopics).values(
    SUPPORT_TOPICS.map((t) => ({
      ...t,
      keywords: [...t.keywords],
      publishedAt: new Date(t.publishedAt),
      createdAt: new Date(t.publishedAt),
      updatedAt: new Date(t.publishedAt),
    })),
  );
}
