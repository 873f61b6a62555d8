/**
 * Read models of the public support topics: the searchable list and one topic with related topics.
 *
 * Rules:
 * - Only published topics are public: a publication date that has come. Unpublished and scheduled topics are
 *   never listed and never served, not even by their slug.
 * - The list is ordered by category then title; topics without a category come last.
 * - Search matches the title, summary, category or a keyword, case-insensitively, anywhere in the text; every
 *   word of the search must match. `%`, `_` and `\` are plain characters, never wildcards.
 * - A topic's content (HTML or plain text) leaves here as sanitized HTML, however it was stored.
 */
import { and, asc, eq, isNotNull, lte, ne, type SQL, sql } from "drizzle-orm";
import { isContentSlug, RELATED_TOPICS_COUNT, SUPPORT_TOPICS_TEXT, type SupportTopicCard } from "#kernel/content.ts";
import { normalizeSearch, truncate } from "#kernel/text.ts";
import type { DbOrTx } from "../../db/client.ts";
import { supportTopics } from "../../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";
import { searchCondition } from "../lists/list-sql.ts";
import { plainText, storedTextToHtml } from "./faq.ts";

export type { SupportTopicCard };

export type SupportTopicView = SupportTopicCard & {
  /** Sanitized HTML. */
  html: string;
  keywords: string[];
  publishedAt: string;
  updatedAt: string;
};

type ReadOptions = { now?: Date };

/** A card's summary when the topic has none: the start of its text. */
const SUMMARY_FALLBACK_LENGTH = 160;

/** 404: no published topic has this slug. */
export class TopicNotFoundError extends NotFoundError {
  override name = "TopicNotFoundError";
  constructor() {
    super("support_topic_not_found", SUPPORT_TOPICS_TEXT.notFoundTitle, SUPPORT_TOPICS_TEXT.notFound);
  }
}

/** The rows visitors may see: a publication date that has come. */
export function publishedTopic(now: Date = new Date()): SQL {
  return and(isNotNull(supportTopics.publishedAt), lte(supportTopics.publishedAt, now))!;
}

const keywordText = sql`array_to_string(${supportTopics.keywords}, ' ')`;
const categoryLast = sql`${supportTopics.category} asc nulls last`;

const cardColumns = {
  slug: supportTopics.slug,
  title: supportTopics.title,
  category: supportTopics.category,
  summary: supportTopics.summary,
  content: supportTopics.content,
};

type CardRow = { slug: string; title: string; category: string | null; summary: string | null; content: string };

function toCard(r: CardRow): SupportTopicCard {
  const summary = r.summary?.trim()
    ? plainText(r.summary)
    : truncate(plainText(r.content), SUMMARY_FALLBACK_LENGTH).text;
  return { slug: r.slug, title: r.title, category: r.category?.trim() || null, summary };
}

/** Published topics matching the search, by category then title. One query. */
export async function listSupportTopics(
  db: DbOrTx,
  input: { q?: string },
  opts: ReadOptions = {},
): Promise<{ q: string; total: number; topics: SupportTopicCard[] }> {
  const q = normalizeSearch(input.q ?? "");
  const search = searchCondition(q, [supportTopics.title, supportTopics.summary, supportTopics.category, keywordText]);
  const rows = await db
    .select(cardColumns)
    .from(supportTopics)
    .where(and(publishedTopic(opts.now), search))
    .orderBy(categoryLast, asc(supportTopics.title), asc(supportTopics.id));
  return { q, total: rows.length, topics: rows.map(toCard) };
}

/** Topics of the same category first (by title), then the newest of the others. */
function relatedOrder(category: string | null): SQL[] {
  const newest = [sql`${supportTopics.publishedAt} desc`, sql`${supportTopics.id} asc`];
  if (!category) return newest;
  const same = sql`${supportTopics.category} = ${category}`;
  return [
    sql`case when ${same} then 0 else 1 end`,
    sql`case when ${same} then ${supportTopics.title} end asc`,
    ...newest,
  ];
}

/** One published topic by its slug, and other topics of its category (or the newest others). Two queries. */
export async function getSupportTopic(
  db: DbOrTx,
  input: { slug: string },
  opts: ReadOptions = {},
): Promise<{ topic: SupportTopicView; related: SupportTopicCard[] }> {
  if (!isContentSlug(input.slug)) throw new TopicNotFoundError();
  const now = opts.now ?? new Date();
  const [row] = await db
    .select({
      ...cardColumns,
      keywords: supportTopics.keywords,
      publishedAt: supportTopics.publishedAt,
      updatedAt: supportTopics.updatedAt,
    })
    .from(supportTopics)
    .where(and(eq(supportTopics.slug, input.slug), publishedTopic(now)))
    .limit(1);
  if (!row?.publishedAt) throw new TopicNotFoundError();
  const category = row.category?.trim() || null;
  const related = await db
    .select(cardColumns)
    .from(supportTopics)
    .where(and(publishedTopic(now), ne(supportTopics.slug, row.slug)))
    .orderBy(...relatedOrder(category))
    .limit(RELATED_TOPICS_COUNT);
  return {
    topic: {
      ...toCard(row),
      html: storedTextToHtml(row.content),
      keywords: row.keywords ?? [],
      publishedAt: row.publishedAt.toISOString(),
      updatedAt: (row.updatedAt > row.publishedAt ? row.updatedAt : row.publishedAt).toISOString(),
    },
    related: related.map(toCard),
  };
}

/** Every published topic's slug and last change (for the sitemap). */
export async function publishedTopicSlugs(db: DbOrTx, opts: ReadOptions = {}) {
  const rows = await db
    .select({ slug: supportTopics.slug, updatedAt: supportTopics.updatedAt })
    .from(supportTopics)
    .where(publishedTopic(opts.now))
    .orderBy(categoryLast, asc(supportTopics.title), asc(supportTopics.id));
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
}
