/**
 * The request-scoped bridge between the Hono server and React Router loaders/actions. The server build imports this
 * very module (it leaves `#server/*` to Node, ADR 012), so the contexts set by the HTTP app are the ones loaders read.
 */

import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { Auth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Mail } from "./integrations/email/index.ts";
import type { ObjectStorage } from "./integrations/storage/storage.ts";
import type { JobRuntime } from "./jobs/queue.ts";
import type { Logger } from "./logger.ts";

export type AppServices = {
  config: Config;
  db: Database;
  auth: Auth;
  mail: Mail;
  logger: Logger;
  storage: ObjectStorage;
  /** Background jobs (pg-boss): enqueue inside a transaction, register handlers; started by server/main.ts. */
  jobs: JobRuntime;
};

export type RequestInfo = {
  requestId: string;
  /** The client's address as the server determined it from the connection (and trusted proxies). */
  ip: string;
  /** The Content-Security-Policy nonce of this response: every inline script the document renders carries it. */
  nonce?: string;
};

/**
 * The anonymous page cache, as the app's write paths see it. A write that changes what anonymous visitors see
 * invalidates by what it changed: "catalogue" (territories, numbers, categories, prices, availability), "content"
 * (site text, FAQ, blog, news), or one page's `path:/…`. Outside production there is no cache and this does nothing.
 */
export type PublicCache = { invalidate: (tags: readonly string[]) => void };

export const PUBLIC_TAGS = { catalogue: "catalogue", content: "content" } as const;

/** A number's key: its slug or #Code without the "hash-" prefix ("hash-4law", "4law" → "4law"), lower-cased. */
const numberKey = (slug: string) =>
  slug
    .trim()
    .toLowerCase()
    .replace(/^hash-/, "");

/**
 * Finer keys than {@link PUBLIC_TAGS}: each cached page also carries the keys of what it shows, and a write that
 * names keys instead of "catalogue" drops only the pages showing what it changed (the ADR on cache invalidation).
 * - `territories`: every page drawing every territory (all number pages, the overviews, the map JSON);
 * - `overview`: pages showing each territory's status over all numbers (home, browsing, licensing guides);
 * - `number(slug)`: one number's pages (/number/{slug}, /number/{slug}/…, its landing pages);
 * - `territory(slug)`: one territory's own pages (/number/…/{slug}, /p/…/{slug}), by its URL slug.
 */
export const PUBLIC_KEYS = {
  territories: "catalogue:territories",
  overview: "catalogue:overview",
  number: (slug: string) => `number:${numberKey(slug)}`,
  territory: (slug: string) => `territory:${slug.trim().toLowerCase()}`,
} as const;

/** What a catalogue write passes as `invalidates`, by what it changed (in place of the coarse "catalogue"). */
export const CATALOGUE_KEYS = {
  /** A territory's own data (fees, area codes, population, visibility): it is drawn on every number page. */
  territory: (territorySlug: string): string[] => [PUBLIC_KEYS.territories, PUBLIC_KEYS.territory(territorySlug)],
  /** One number's status in one territory (a reservation, a licence, a release). */
  pair: (numberSlug: string, territorySlug: string): string[] => [
    PUBLIC_KEYS.overview,
    PUBLIC_KEYS.number(numberSlug),
    PUBLIC_KEYS.territory(territorySlug),
  ],
  /** One number's own data (its name, fees, description) everywhere it shows. */
  number: (numberSlug: string): string[] => [PUBLIC_KEYS.overview, PUBLIC_KEYS.number(numberSlug)],
};

export const servicesContext: RouterContext<AppServices> = createContext<AppServices>();
export const requestContext: RouterContext<RequestInfo> = createContext<RequestInfo>({ requestId: "-", ip: "unknown" });
export const publicCacheContext: RouterContext<PublicCache> = createContext<PublicCache>({ invalidate: () => {} });

/** Call after a successful write that changes public data; a refused or failed write calls nothing. */
export function invalidatePublic(context: Readonly<RouterContextProvider>, tags: readonly string[]): void {
  context.get(publicCacheContext).invalidate(tags);
}
