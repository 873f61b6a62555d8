/**
 * The request-scoped bridge between the Hono server and React Router loaders/actions.
 * The server build bundles its own copy of this module, so the context key lives on globalThis
 * (Symbol.for) to be one object in both copies.
 */
import type { ObjectStorage } from "./integrations/storage/storage.ts";
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { Auth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Logger } from "./logger.ts";
import type { Mail } from "./integrations/email/index.ts";

export type AppServices = {
  config: Config;
  db: Database;
  auth: Auth;
  mail: Mail;
  logger: Logger;
  storage: ObjectStorage;
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

const KEY = Symbol.for("poundcodes.services-context");
const REQ_KEY = Symbol.for("poundcodes.request-context");
const CACHE_KEY = Symbol.for("poundcodes.public-cache-context");
const g = globalThis as unknown as Record<symbol, unknown>;

g[KEY] ??= createContext<AppServices>();
g[REQ_KEY] ??= createContext<RequestInfo>({ requestId: "-", ip: "unknown" });
g[CACHE_KEY] ??= createContext<PublicCache>({ invalidate: () => {} });

export const servicesContext = g[KEY] as RouterContext<AppServices>;
export const requestContext = g[REQ_KEY] as RouterContext<RequestInfo>;
export const publicCacheContext = g[CACHE_KEY] as RouterContext<PublicCache>;

/** Call after a successful write that changes public data; a refused or failed write calls nothing. */
export function invalidatePublic(context: Readonly<RouterContextProvider>, tags: readonly string[]): void {
  context.get(publicCacheContext).invalidate(tags);
}
