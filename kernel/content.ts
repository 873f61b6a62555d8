/**
 * The public content pages (blog, FAQ, support topics): their words, their limits and the URLs of their lists.
 * The server and the browser read the same strings and build the same links from here. Browser-safe.
 *
 * Every list keeps its state in the URL, so search, paging and filters are plain GET links and forms that work
 * without JavaScript: /blog?q=radio&page=2, /faq?category=Billing, /support-topics?q=wallet.
 */
import { normalizeSearch } from "./text.ts";

/** Posts per page of the blog list; each "Load More Posts" adds this many. */
export const BLOG_PAGE_SIZE = 6;
/** A blog card shows at most this many tags. */
export const BLOG_CARD_TAGS = 3;
/** Other recent posts listed under a post. */
export const MORE_ARTICLES_COUNT = 3;
/** The blog list shows at most this many pages at once; a larger ?page= is read as this. */
export const BLOG_MAX_PAGE = 100;

export const BLOG_TEXT = {
  title: "Our Blog",
  subtitle: "Insights on memorable numbers, local advertising and turning every call into a client.",
  description:
    "Articles on #Codes, vanity numbers, territory licensing and direct-response advertising from the PoundCodes team.",
  searchLabel: "Search articles by title or tag",
  searchPlaceholder: "Search by title or tag, e.g. Radio",
  loadMore: "Load More Posts",
  loadingMore: "Loading posts…",
  noResults: "No posts found matching your search.",
  noPosts: "No articles have been published yet.",
  loadError: (message: string) => `Error loading posts: ${message}`,
  unavailable: "the articles could not be read right now. Please try again in a moment.",
  notFound: "Post not found.",
  notFoundTitle: "Post not found",
  notFoundHelp: "The article may have been moved or unpublished, or the address may have a typo.",
  moreArticles: "More Articles",
  /** Every link to the article list says this, wherever it is (a post's top, its More Articles, the home page). */
  allArticles: "All articles",
  share: "Share",
  print: "Print",
  copied: "Link copied",
  copiedDetail: "The article's address is on your clipboard.",
  copyFailed: "Could not copy link.",
} as const;

export const FAQ_TEXT = {
  title: "Frequently Asked Questions",
  subtitle: "Answers about #Codes, vanity numbers, territory licensing, billing and your licensee portal.",
  description:
    "Answers to common questions about #Codes, vanity numbers, exclusive territory licensing, fees and the PoundCodes licensee portal.",
  allCategories: "All",
  filterLabel: "Filter questions by category",
  empty: "No FAQ items found for the selected category.",
  loadError: (message: string) => `Could not load FAQs: ${message}`,
  unavailable: "the questions could not be read right now. Please try again in a moment.",
} as const;

/** The category shown for FAQ items stored without one. */
export const FAQ_DEFAULT_CATEGORY = "General";

export const SUPPORT_TOPICS_TEXT = {
  title: "Support Topics",
  subtitle: "Step-by-step guides to your dashboard, billing, call routing, leads and licensing.",
  description:
    "Guides for PoundCodes licensees: the dashboard, wallet and billing, call routing, form submissions, landing pages and licensing.",
  searchLabel: "Search support topics",
  searchPlaceholder: "Search topics, e.g. wallet or routing",
  noResults: "No support topics found matching your search.",
  noTopics: "No support topics have been published yet.",
  loadError: (message: string) => `Error loading support topics: ${message}`,
  unavailable: "the topics could not be read right now. Please try again in a moment.",
  notFound: "Support topic not found.",
  notFoundTitle: "Support topic not found",
  notFoundHelp: "The topic may have been moved or unpublished. Search the support topics for what you need.",
  related: "Related topics",
} as const;

/** Related topics listed beside a support topic. */
export const RELATED_TOPICS_COUNT = 4;

/** A post on a card: the blog list, "More Articles" and the home page's news strip share this shape. */
export type BlogCard = {
  slug: string;
  title: string;
  /** Plain text, at most 150 characters. */
  excerpt: string;
  /** An http(s) or site-relative image, or null for the generated cover. */
  imageUrl: string | null;
  /** At most three. */
  tags: string[];
  /** ISO 8601. */
  publishedAt: string | null;
};

/** A support topic on a card. */
export type SupportTopicCard = { slug: string; title: string; category: string | null; summary: string };

export type BlogListQuery = { q: string; page: number };

/** The blog list's search and page from its URL. Never throws: a bad page is page 1, a huge one is capped. */
export function parseBlogQuery(params: URLSearchParams): BlogListQuery {
  const q = normalizeSearch(params.get("q") ?? "");
  const raw = params.get("page") ?? "";
  const page = /^\d{1,9}$/.test(raw) ? Math.min(Math.max(1, Number(raw)), BLOG_MAX_PAGE) : 1;
  return { q, page };
}

/** The URL of the blog list for a search and a page (defaults left out). */
export function blogListHref(query: Partial<BlogListQuery>): string {
  const params = new URLSearchParams();
  const q = normalizeSearch(query.q ?? "");
  if (q) params.set("q", q);
  if (query.page && query.page > 1) params.set("page", String(Math.min(query.page, BLOG_MAX_PAGE)));
  const search = params.toString();
  return search ? `/blog?${search}` : "/blog";
}

export function blogPostHref(slug: string): string {
  return `/blog/${slug}`;
}

/** The FAQ category the URL asks for, or null for all categories. */
export function parseFaqCategory(params: URLSearchParams): string | null {
  const value = (params.get("category") ?? "").replace(/\s+/g, " ").trim().slice(0, 80);
  return value === "" ? null : value;
}

export function faqHref(category: string | null): string {
  return category ? `/faq?${new URLSearchParams({ category })}` : "/faq";
}

/** The support topics search from the URL ("" for none). */
export function parseTopicSearch(params: URLSearchParams): string {
  return normalizeSearch(params.get("q") ?? "");
}

export function supportTopicHref(slug: string): string {
  return `/support-topics/${slug}`;
}

/** Slugs of posts and topics: lower-case letters, digits and hyphens. Anything else names nothing. */
export function isContentSlug(value: string): boolean {
  return /^[a-z0-9-]{1,200}$/.test(value);
}
