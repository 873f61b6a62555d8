/**
 * The Hono app: request id, structured logs, security headers, compression, health, the auth handler,
 * static assets, and the React Router request handler with the app's services in its load context.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { csrf } from "hono/csrf";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "../auth/auth.ts";
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

const CLOSED_AUTH_PATHS = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/request-password-reset",
  "/forget-password",
  "/reset-password",
]);

/** Reset tokens travel in the path of the emailed link: keep them out of the logs. */
function redactTokens(path: string): string {
  return path.replace(/^\/api\/auth\/reset-password\/[^/]+/, "/api/auth/reset-password/[token]");
}

export function createHttpApp(opts: HttpOptions) {
  const { services } = opts;
  const log = services.logger;
  const app = new Hono<{ Variables: RequestIdVariables & { clientIp: string } }>();

  app.use(requestId());
  // The client's address: the socket's, or the first X-Forwarded-For entry when TRUST_PROXY says a proxy sets it.
  app.use(async (c, next) => {
    let ip = "unknown";
    const forwarded = services.config.trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
    if (forwarded) ip = forwarded;
    else {
      try {
        ip = getConnInfo(c).remote.address ?? "unknown";
      } catch {
        // not a node socket (tests calling app.fetch directly)
      }
    }
    c.set("clientIp", ip);
    await next();
  });
  app.use(async (c, next) => {
    const start = performance.now();
    await next();
    const path = c.req.path;
    if (path.startsWith("/assets/") || path === "/api/health") return;
    log.info(
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path: redactTokens(path),
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
  // gzip only, so the page cache's key (gzip | identity) always matches what was stored.
  app.use(compress({ encoding: "gzip" }));
  // Forms and JSON here are small; CSV uploads will get their own, larger limit.
  app.use(bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.text("Payload Too Large", 413) }));
  // A NUL byte can never be valid in a path or query, and PostgreSQL rejects it in text: answer 400, not 500.
  app.use(async (c, next) => {
    let decoded = c.req.url;
    try {
      decoded = decodeURIComponent(c.req.url);
    } catch {
      // malformed escapes: the routes answer 404
    }
    if (decoded.includes("\u0000")) return c.text("Bad Request", 400);
    return next();
  });

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

  // Sign-in, sign-up and password reset go through our form actions (rate limits, spec messages); their Better Auth
  // HTTP twins are closed so they cannot be used to get around those limits. Two-factor stays closed until its
  // sign-in screen exists.
  app.on(["GET", "POST"], "/api/auth/*", async (c): Promise<Response> => {
    const sub = c.req.path.slice("/api/auth".length);
    if (CLOSED_AUTH_PATHS.has(sub) || sub.startsWith("/two-factor/")) return c.json({ message: "Not found" }, 404);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    return services.auth.handler(new Request(c.req.raw, { headers }));
  });

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
    ctx.set(requestContext, { requestId: c.get("requestId"), ip: c.get("clientIp") });
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
