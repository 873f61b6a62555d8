/**
 * The Hono app: request id, structured logs, security headers, compression, health, the auth handler,
 * static assets, and the React Router request handler with the app's services in its load context.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { compress } from "hono/compress";
import { csrf } from "hono/csrf";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { type AppServices, requestContext, servicesContext } from "../context.ts";
import { pageCache } from "./page-cache.ts";

export type HttpOptions = {
  services: AppServices;
  /** The production build, or a loader of it (development: through Vite). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Where build/client lives; undefined in development (Vite serves assets). */
  clientDir?: string;
  mode: "production" | "development";
};

export function createHttpApp(opts: HttpOptions) {
  const { services } = opts;
  const log = services.logger;
  const app = new Hono<{ Variables: RequestIdVariables }>();

  app.use(requestId());
  app.use(async (c, next) => {
    const start = performance.now();
    await next();
    const path = c.req.path;
    if (path.startsWith("/assets/") || path === "/api/health") return;
    log.info(
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      },
      "request",
    );
  });
  app.use(
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-origin",
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: services.config.isProduction ? "max-age=31536000; includeSubDomains" : false,
    }),
  );
  // Cache outside compression so cached pages are stored compressed; only in production (dev wants fresh renders).
  if (opts.mode === "production") {
    app.use(
      pageCache({
        bypass: (p) => p.startsWith("/dashboard") || p.startsWith("/admin") || p.startsWith("/reset-password"),
        jsonPaths: ["/resources/territories"],
      }),
    );
  }
  app.use(compress());

  // Cross-site form posts are refused (login CSRF included): the Origin must be this site. Better Auth checks its own
  // endpoints; signed webhooks come from elsewhere by design.
  const trusted = new Set([services.config.publicUrl]);
  const formGuard = csrf({ origin: (origin, c) => origin === new URL(c.req.url).origin || trusted.has(origin) });
  app.use(async (c, next) => {
    if (c.req.path.startsWith("/api/auth/") || c.req.path.startsWith("/api/webhooks/")) return next();
    return formGuard(c, next);
  });

  app.get("/api/health", async (c) => {
    return c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" });
  });

  app.on(["GET", "POST"], "/api/auth/*", (c) => services.auth.handler(c.req.raw));

  if (opts.clientDir) {
    const root = opts.clientDir;
    app.use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true, // .br/.gz written by scripts/compress-assets.ts at build time
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    app.use(
      "*",
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }

  const handler = createRequestHandler(opts.build, opts.mode);
  app.all("*", async (c) => {
    const ctx = new RouterContextProvider();
    ctx.set(servicesContext, services);
    let ip = "unknown";
    try {
      ip = getConnInfo(c).remote.address ?? "unknown";
    } catch {
      // not a node socket (tests calling app.fetch directly)
    }
    ctx.set(requestContext, { requestId: c.get("requestId"), ip });
    return handler(c.req.raw, ctx);
  });

  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse();
    log.error({ reqId: c.get("requestId"), err }, "unhandled error");
    return c.html(
      "<!doctype html><title>Something went wrong</title><h1>Something went wrong</h1><p>Please try again in a moment.</p>",
      500,
    );
  });

  return app;
}
