/**
 * Read models of the public blog: the list (search, Load More paging) and one post with other recent posts.
 *
 * Rules:
 * - Only published posts are public: status 'published' with a publication date that has come. Drafts and
 *   scheduled posts are never listed and never served, not even by their slug.
 * - Search matches the title or a tag, case-insensitively, anywhere in the text; every word of the search must
 *   match. `%`, `_` and `\` are plain characters, never wildcards.
 * - The list shows the first `page` pages at once (Load More adds a page), newest first.
 * - A post's HTML is sanitized here, on the way out, even though it was sanitized when it was stored.
 */
import { and, desc, eq, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import {
  BLOG_CARD_TAGS,
  BLOG_MAX_PAGE,
  BLOG_PAGE_SIZE,
  BLOG_TEXT,
  type BlogCard,
  isContentSlug,
  MORE_ARTICLES_COUNT,
} from "#kernel/content.ts";
import { normalizeSearch, stripHtml } from "#kernel/text.ts";
import type { DbOrTx } from "../../db/client.ts";
import { blogPosts } from "../../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";
import { searchCondition, totalCount } from "../lists/list-sql.ts";
import { excerpt, latestPosts } from "./home.ts";
import { sanitizeHtml } from "./sanitize.ts";

export type { BlogCard };

export type BlogList = {
  q: string;
  page: number;
  pageSize: number;
  /** Published posts matching the search. */
  total: number;
  /** True when a further page exists. */
  hasMore: boolean;
  /** The first `page` pages. */
  posts: BlogCard[];
};

export type BlogPostView = {
  slug: string;
  title: string;
  /** Sanitized HTML. */
  html: string;
  /** Plain text summary for link previews. */
  description: string;
  imageUrl: string | null;
  authorName: string | null;
  tags: string[];
  publishedAt: string;
  updatedAt: string;
  readingMinutes: number;
};

type ReadOptions = { now?: Date };

/** 404 'Post not found.': no published post has this slug. */
export class PostNotFoundError extends NotFoundError {
  override name = "PostNotFoundError";
  constructor() {
    super("post_not_found", BLOG_TEXT.notFoundTitle, BLOG_TEXT.notFound);
  }
}

/** The rows visitors may see: published, with a publication date that has come. */
export function publishedPost(now: Date = new Date()): SQL {
  return and(eq(blogPosts.status, "published"), isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now))!;
}

/** The tags joined with spaces, so a search word can match inside any of them. */
const tagText = sql`array_to_string(${blogPosts.tags}, ' ')`;

/** Only web images from the site or over http(s); anything else is dropped rather than rendered. */
export function safeImageUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (/^https?:\/\/[^\s"'<>]+$/i.test(value)) return value;
  if (/^\/(?!\/)[^\s"'<>]*$/.test(value)) return value;
  return null;
}

const cardColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  content: blogPosts.content,
  excerpt: blogPosts.excerpt,
  imageUrl: blogPosts.imageUrl,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
};

type CardRow = {
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  imageUrl: string | null;
  tags: string[] | null;
  publishedAt: Date | null;
};

/**
 * A post's card text: its stored summary when an editor wrote one, otherwise the start of its content cut on a
 * word boundary. A stored excerpt that is merely the first characters of the content (as imported rows hold) is
 * ignored, so a card never ends in the middle of a word.
 */
export function postExcerpt(content: string, stored: string | null | undefined): string {
  const summary = stored ? stripHtml(stored) : "";
  if (summary && !stripHtml(content).startsWith(summary)) return excerpt(summary);
  return excerpt(content);
}

function toCard(r: CardRow): BlogCard {
  return {
    slug: r.slug,
    title: r.title,
    excerpt: postExcerpt(r.content, r.excerpt),
    imageUrl: safeImageUrl(r.imageUrl),
    tags: (r.tags ?? []).slice(0, BLOG_CARD_TAGS),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  };
}

/** Published posts, newest first, matching the search; the first `page` pages of `pageSize` posts. One query. */
export async function listBlogPosts(
  db: DbOrTx,
  input: { q?: string; page?: number; pageSize?: number },
  opts: ReadOptions = {},
): Promise<BlogList> {
  const q = normalizeSearch(input.q ?? "");
  const page = Math.min(Math.max(1, Math.trunc(input.page ?? 1) || 1), BLOG_MAX_PAGE);
  const pageSize = Math.max(1, Math.trunc(input.pageSize ?? BLOG_PAGE_SIZE));
  const where = and(publishedPost(opts.now), searchCondition(q, [blogPosts.title, tagText]));
  const rows = await db
    .select({ ...cardColumns, total: totalCount() })
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(page * pageSize);
  // The read starts at the first row, so an empty result means nothing matches at all.
  const total = rows[0]?.total ?? 0;
  return { q, page, pageSize, total, hasMore: total > rows.length, posts: rows.map(toCard) };
}

function readingMinutes(html: string): number {
  const words = stripHtml(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}

/** One published post by its slug, and up to three other recent posts. Two queries. */
export async function getBlogPost(
  db: DbOrTx,
  input: { slug: string },
  opts: ReadOptions = {},
): Promise<{ post: BlogPostView; more: BlogCard[] }> {
  if (!isContentSlug(input.slug)) throw new PostNotFoundError();
  const [row] = await db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      content: blogPosts.content,
      excerpt: blogPosts.excerpt,
      imageUrl: blogPosts.imageUrl,
      authorName: blogPosts.authorName,
      tags: blogPosts.tags,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, input.slug), publishedPost(opts.now)))
    .limit(1);
  if (!row?.publishedAt) throw new PostNotFoundError();
  const html = sanitizeHtml(row.content);
  const recent = await latestPosts(db, MORE_ARTICLES_COUNT + 1);
  const more = recent.filter((p) => p.slug !== row.slug).slice(0, MORE_ARTICLES_COUNT);
  return {
    post: {
      slug: row.slug,
      title: row.title,
      html,
      description: postExcerpt(html, row.excerpt),
      imageUrl: safeImageUrl(row.imageUrl),
      authorName: row.authorName?.trim() || null,
      tags: row.tags ?? [],
      publishedAt: row.publishedAt.toISOString(),
      updatedAt: (row.updatedAt > row.publishedAt ? row.updatedAt : row.publishedAt).toISOString(),
      readingMinutes: readingMinutes(html),
    },
    more: more.map((p) => ({ ...p, imageUrl: safeImageUrl(p.imageUrl) })),
  };
}

/** Every published post's slug and last change, newest first (for the sitemap). */
export async function publishedPostSlugs(db: DbOrTx, opts: ReadOptions = {}) {
  const rows = await db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(publishedPost(opts.now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
}
