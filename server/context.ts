/**
 * The request-scoped bridge between the Hono server and React Router loaders/actions. The server build imports this
 * very module (it leaves `#server/*` to Node, ADR 012), so the contexts set by the HTTP app are the ones loaders read.
 */

import { createContext, type RouterContext } from "react-router";
import type { Auth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { InvalidationHub } from "./http/cache-signal.ts";
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
  /** Where committed writes' changes go (server/domain/changes.ts), and whence the other processes' arrive. */
  changes: InvalidationHub;
};

export type RequestInfo = {
  requestId: string;
  /** The client's address as the server determined it from the connection (and trusted proxies). */
  ip: string;
  /** The Content-Security-Policy nonce of this response: every inline script the document renders carries it. */
  nonce?: string;
};

export const servicesContext: RouterContext<AppServices> = createContext<AppServices>();
export const requestContext: RouterContext<RequestInfo> = createContext<RequestInfo>({ requestId: "-", ip: "unknown" });
