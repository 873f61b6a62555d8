/**
 * A route module's page-cache declaration. Only a route that exports one is ever cached, and only for anonymous
 * visitors (server/http/page-cache.ts); it says what its page shows, in the change keys writes record
 * (server/domain/changes.ts), and which query parameters it reads:
 *
 *   export const pageCache = cacheable({ keys: ({ params }) => shows.number(params.numberId), query: ["q"] });
 *
 * A write that changes what the page shows drops it, in every process; nothing else does, but the cache's TTL.
 */
import { CHANGE } from "#server/domain/changes.ts";

export type PageCacheArgs = { params: Readonly<Record<string, string | undefined>>; url: URL };

export type PageCachePolicy = {
  readonly kind: "page-cache";
  /** The change keys of what the page shows. */
  keys: (args: PageCacheArgs) => readonly string[];
  /** The query parameters the page reads (its cache key); any others are ignored, so they cannot churn the cache. */
  query: readonly string[];
};

export function cacheable(
  opts: { keys?: (args: PageCacheArgs) => readonly string[]; query?: readonly string[] } = {},
): PageCachePolicy {
  return { kind: "page-cache", keys: opts.keys ?? (() => []), query: opts.query ?? [] };
}

export function isPageCachePolicy(value: unknown): value is PageCachePolicy {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "page-cache";
}

/** Every territory's overall status over all numbers: the home map, browsing, the licensing guides. */
const catalogOverview = [CHANGE.catalog, CHANGE.territories, CHANGE.overview];

/** What a kind of page shows, in change keys. */
export const shows = {
  catalogOverview,
  /** One number with every territory, and optionally one territory of it. */
  number: (numberSlug: string, territorySlug?: string): string[] => [
    CHANGE.catalog,
    CHANGE.territories,
    CHANGE.number(numberSlug),
    ...(territorySlug ? [CHANGE.territory(territorySlug)] : []),
  ],
  /** The sitemap and each of its parts: the catalog, and every post, support topic and landing page. */
  sitemap: [...catalogOverview, CHANGE.blog, CHANGE.supportTopics, CHANGE.landingPages],
  /** A licensee's landing page: the pair, and every landing page's content and licensee (few, and rarely written). */
  landingPage: (numberSlug: string, territorySlug: string): string[] => [
    CHANGE.catalog,
    CHANGE.number(numberSlug),
    CHANGE.territory(territorySlug),
    CHANGE.landingPages,
  ],
} as const;
