/**
 * The request-scoped bridge between the Hono server and React Router loaders/actions.
 * The server build bundles its own copy of this module, so the context key lives on globalThis
 * (Symbol.for) to be one object in both copies.
 */
import { createContext, type RouterContext } from "react-router";
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
};

export type RequestInfo = { requestId: string; ip: string };

const KEY = Symbol.for("poundcodes.services-context");
const REQ_KEY = Symbol.for("poundcodes.request-context");
const g = globalThis as unknown as Record<symbol, unknown>;

g[KEY] ??= createContext<AppServices>();
g[REQ_KEY] ??= createContext<RequestInfo>({ requestId: "-", ip: "unknown" });

export const servicesContext = g[KEY] as RouterContext<AppServices>;
export const requestContext = g[REQ_KEY] as RouterContext<RequestInfo>;
