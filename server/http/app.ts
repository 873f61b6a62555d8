/**
 * The Hono app: health and readiness, metrics, request id, the edge (client address, internal headers, bad input,
 * same-origin writes), logs, security headers, rate limits, the page cache, load shedding, compression, the auth
 * handler, static assets, and the React Router request handler with the app's services in its load context.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { PRICING_CSV_MAX_BYTES } from "#kernel/schemas/pricing-upload.ts";
import { CLIENT_IP_HEADER } from "../auth/auth.ts";
import { forgetSessions, forgetSessionsOf, sessionOwner } from "../auth/guards.ts";
import { type AppServices, requestContext, servicesContext } from "../context.ts";
import { CHANGE, sessionOwners } from "../domain/changes.ts";
import { hitRateLimit, RATE_RULES, type RateRule } from "../domain/ratelimit/ratelimit.ts";
import { clearReadModels, enableReadModels, invalidateReadModels } from "../domain/read-models/catalogue-views.ts";
import { EVERYTHING_TAG, type InvalidationHub, SESSIONS_TAG } from "./cache-signal.ts";
import { compression } from "./compression.ts";
import { outageAnswer, unlessDatabaseFailed } from "./database-outage.ts";
import {
  canonicalPath,
  clientAddress,
  cspNonce,
  internalHeaders,
  privateWhenSignedIn,
  rejectBadInput,
  sameOriginWrites,
} from "./edge.ts";
import { loadShedding } from "./load-shedding.ts";
import { createMetrics, memoizeRoutes } from "./metrics.ts";
import { pageCache } from "./page-cache.ts";
import { readiness } from "./readiness.ts";
import { routePatterns, routePolicies } from "./route-policies.ts";
import { WEBHOOK_PATHS, webhookRoutes } from "./webhooks.ts";

export type HttpOptions = {
  services: AppServices;
  /** The production build, or a loader of it (development: through Vite). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Where build/client lives; undefined in development (Vite serves assets). */
  clientDir?: string;
  mode: "production" | "development";
  /** Whether the process is shutting down: readiness then answers 503, so a balancer stops sending it traffic. */
  isDraining?: () => boolean;
  /** Tests: answers in place of the React Router handler (it receives the same request and load context). */
  requestHandler?: (request: Request, context: RouterContextProvider) => Promise<Response>;
  /**
   * Where this app's writes announce what they changed, and whence it hears other processes' writes (default: the
   * process's hub, which the signal started by server/main.ts connects to the other processes).
   */
  invalidation?: InvalidationHub;
};

/**
 * The auth library's HTTP endpoints the product uses, by method and path under /api/auth: the two links its emails
 * carry (confirming an address, and the reset link, which hands its token to our /reset-password page). Every other
 * path under /api/auth answers 404. Sign-in, sign-up, password reset, sign-out and two-factor run through our own
 * form actions (rate limits, the spec's messages, audit), which call the library's server API; account changes the
 * product offers go through its own screens and domain verbs; administrators work through the audited /admin
 * screens. An endpoint the product starts to use over HTTP is added here, explicitly.
 */
export const OPEN_AUTH_ENDPOINTS: readonly { method: "GET" | "POST"; path: RegExp }[] = [
  { method: "GET", path: /^\/verify-email$/ },
  { method: "GET", path: /^\/reset-password\/[^/]+$/ },
];
const isOpenAuthEndpoint = (method: string, path: string) =>
  OPEN_AUTH_ENDPOINTS.some((e) => e.method === method && e.path.test(path));

/**
 * Cross-site by design and authenticated by their signature, these are the only writes exempt from the
 * same-origin check (and whose bodies the edge leaves raw). Add a webhook here, explicitly, when it exists.
 */
export const SIGNED_WEBHOOK_PATHS: readonly string[] = [WEBHOOK_PATHS.stripe, WEBHOOK_PATHS.usage];
const isSignedWebhook = (path: string) => SIGNED_WEBHOOK_PATHS.includes(path);

/** Per-address limits on write endpoints that have no limit of their own (matched on the canonical path). */
const EDGE_LIMITS: { path: RegExp; name: string; rule: RateRule }[] = [
  { path: /^\/resources\/theme(\.data)?$/, name: "theme", rule: RATE_RULES.theme },
];

/** Reset tokens travel in the path of the emailed link: keep them out of the logs (whatever the letter case). */
function redactTokens(path: string): string {
  return path.replace(/^\/api\/auth\/reset-password\/[^/]+/i, "/api/auth/reset-password/[token]");
}

const isPrivatePath = (p: string) =>
  p === "/dashboard" ||
  p.startsWith("/dashboard/") ||
  p.startsWith("/dashboard.") ||
  p === "/admin" ||
  p.startsWith("/admin/") ||
  p.startsWith("/admin.");

/** `path`: the request's path in the one form the edge's rules match ({@link canonicalPath}). */
type Vars = RequestIdVariables & { clientIp: string; cspNonce: string; staticFile: boolean; path: string };

/**
 * The request as React Router should see it. React Router refuses an action whose Origin is not the request URL's
 * own origin. Behind a proxy that ends TLS, the request arrives as `http://` (and nginx's `Host $host` drops a port),
 * while the browser's Origin is the public `https://` origin: every form post would be refused. A request whose Origin
 * is the public origin (PUBLIC_URL; the edge's same-origin check accepts exactly these, `sameOriginWrites`) is handed
 * on under that origin. Nothing else changes: any other Origin is compared with the URL as it came, as before.
 */
export function underPublicOrigin(request: Request, publicOrigin: string): Request {
  if (request.headers.get("origin") !== publicOrigin) return request;
  const url = new URL(request.url);
  if (url.origin === publicOrigin) return request;
  return new Request(`${publicOrigin}${url.pathname}${url.search}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // A streamed body (Node's fetch requires saying so).
    ...(request.body ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** Headers that matter on documents only, left off the hashed build assets under /assets/. */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "content-security-policy-report-only",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "permissions-policy",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
  "x-request-id",
];

export function createHttpApp(opts: HttpOptions) {
  const { services } = opts;
  const { config } = services;
  const log = services.logger;
  const app = new Hono<{ Variables: Vars }>();

  // Health answers before any middleware: it reads nothing from the request and carries no page, so the edge's work
  // (request id, client address, headers, CSP nonce, logs) would be all of its cost.
  app.get("/api/health", () =>
    Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } }),
  );
  // Readiness: whether the database answers (503 while it does not); health above stays liveness.
  app.get("/api/ready", readiness(services.db, { isDraining: opts.isDraining }));
  // A bound on the requests this process works on at once past the page cache (MAX_IN_FLIGHT): over it, 503 at
  // once. Build assets are files, never refused: a page would be broken without them.
  const shed = loadShedding({
    limit: config.maxInFlight,
    exempt: (c) => (c.get("path") as string).startsWith("/assets/"),
  });
  // /metrics exists only with METRICS_TOKEN, and answers only that bearer token. Its routes are patterns, never URLs.
  const routeOfPath = memoizeRoutes(typeof opts.build === "function" ? () => null : routePatterns(opts.build.routes));
  const metrics = config.metricsToken
    ? createMetrics({
        token: config.metricsToken,
        db: services.db,
        jobs: services.jobs,
        load: shed,
        pageCacheSize: () => cache.size(),
        routeOf: (c) => {
          const path = c.get("path") as string;
          if (path.startsWith("/assets/")) return "/assets/*";
          if (c.get("staticFile") === true) return "static file";
          if (path.startsWith("/api/auth/")) return "/api/auth/*";
          if (isSignedWebhook(path)) return path;
          return routeOfPath(path);
        },
      })
    : undefined;
  if (metrics) app.get("/metrics", metrics.endpoint);

  app.use(requestId());
  // Routes match a path in any letter case, with a trailing slash or escaped letters: the edge's rules below match
  // the one canonical form, so no other spelling of a path escapes them.
  app.use(async (c, next) => {
    c.set("path", canonicalPath(new URL(c.req.url).pathname));
    await next();
  });
  if (metrics) app.use(metrics.middleware);
  // The client's address: the socket's, or the X-Forwarded-For entry the configured number of proxies vouch for.
  app.use(async (c, next) => {
    let socket = "unknown";
    try {
      socket = getConnInfo(c).remote.address ?? "unknown";
    } catch {
      // not a node socket (tests calling app.request directly)
    }
    c.set("clientIp", clientAddress(c.req.header("x-forwarded-for"), socket, config.trustProxy));
    await next();
  });
  // Internal headers come from the connection only: whatever a client sends under their names is dropped, and the
  // client address the auth library stores on sessions is set here on every request that can create one (writes,
  // and the auth endpoints, whose emailed links sign in on GET). Other reads are left as they came, unrebuilt.
  app.use(
    internalHeaders((c): Record<string, string> => {
      const write = c.req.method !== "GET" && c.req.method !== "HEAD";
      return write || c.get("path").startsWith("/api/auth/") ? { [CLIENT_IP_HEADER]: c.get("clientIp") } : {};
    }),
  );
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
  // Build assets (scripts, styles, fonts, map data) are never documents: the policies below that only govern a page
  // (CSP, framing, permissions, referrer, opener…) do nothing on them and cost ~0.9 KB on each of a page's dozen
  // asset requests. They keep nosniff, their resource policy, HSTS and their cache headers.
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.get("staticFile") !== true) return;
    for (const name of DOCUMENT_ONLY_HEADERS) c.res.headers.delete(name);
  });
  app.use(
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-origin",
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      strictTransportSecurity: config.isProduction ? "max-age=31536000; includeSubDomains" : false,
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: [],
        usb: [],
        browsingTopics: [],
      },
    }),
  );
  app.use(
    privateWhenSignedIn({
      isPrivate: (c) => isPrivatePath(c.get("path")),
      // Stored images (`/media/…`) set their own caching: public for a published logo, private for an avatar.
      isStatic: (c) => c.get("staticFile") === true || c.req.path.startsWith("/media/"),
    }),
  );
  // Forms and JSON are small. File uploads get a larger limit on their own paths only: profile images and logos,
  // landing-page logos (sent with the page's form) and the editor's images (the configured upload size plus room
  // for the form around it), and the administrators' pricing CSVs.
  const tooLarge = (c: Context) => c.text("Payload Too Large", 413);
  const uploadLimit = bodyLimit({ maxSize: config.uploadMaxBytes + 64 * 1024, onError: tooLarge });
  const csvLimit = bodyLimit({ maxSize: PRICING_CSV_MAX_BYTES, onError: tooLarge });
  const formLimit = bodyLimit({ maxSize: 1024 * 1024, onError: tooLarge });
  app.use((c, next) => {
    const path = c.get("path");
    if (path.startsWith("/admin/pricing-upload")) return csvLimit(c, next);
    if (
      path.startsWith("/dashboard/profile") ||
      path.startsWith("/dashboard/page-content") ||
      path === "/resources/editor-image"
    ) {
      return uploadLimit(c, next);
    }
    return formLimit(c, next);
  });
  app.use(rejectBadInput({ skipBodies: isSignedWebhook }));
  app.use(sameOriginWrites({ trustedOrigins: [config.publicUrl], exempt: isSignedWebhook }));
  app.use(async (c, next) => {
    if (c.req.method !== "POST" || !config.rateLimit) return next();
    const limit = EDGE_LIMITS.find((l) => l.path.test(c.get("path")));
    if (!limit) return next();
    const r = await hitRateLimit(services.db, `${limit.name}:${c.get("clientIp")}`, limit.rule);
    if (!r.allowed) {
      return c.text("Too Many Requests", 429, {
        "Retry-After": String(r.retryAfterSeconds),
        "Cache-Control": "no-store",
      });
    }
    return next();
  });

  // Cache outside compression so cached pages are stored compressed; only in production (dev wants fresh renders).
  // Only the routes that declare themselves cacheable are cached (server/web/page-cache.ts).
  const cache = pageCache({
    policyFor: typeof opts.build === "function" ? () => null : routePolicies(opts.build.routes),
  });
  // What this process keeps of public data: the page cache (production) and the catalogue read models (always). A
  // committed write drops both here and, through the hub's signal, in every other process on the same database.
  enableReadModels(services.db);
  const hub = opts.invalidation ?? services.changes;
  const unsubscribe = hub.subscribe((tags) => {
    // Everything (the signal was lost, or a message could not be read): every session, page and read model kept.
    if (tags.includes(EVERYTHING_TAG)) {
      forgetSessions();
      cache.clear();
      clearReadModels(services.db);
      return;
    }
    if (tags.includes(SESSIONS_TAG)) forgetSessions();
    else forgetSessionsOf(sessionOwners(tags));
    if (opts.mode === "production") cache.invalidate(tags);
    invalidateReadModels(services.db, tags);
  });
  // A write request or an auth endpoint made with a session may change that account's sessions or the account (a
  // sign-out, a password, two-factor, the profile): the sessions this process keeps for the account are dropped
  // before it runs and after, and so are those of the other processes once it is done (server/auth/guards.ts). No
  // one else's are: a request without a session changes none, and a write that changes another account (a ban, a
  // role, a password reset by emailed link) records which (CHANGE.sessionsOf), heard through the hub above.
  app.use(async (c, next) => {
    const changes = !(c.req.method === "GET" || c.req.method === "HEAD") || c.get("path").startsWith("/api/auth/");
    if (!changes) return next();
    const owner = await sessionOwner(services.db, c.req.header("cookie") ?? null);
    if (!owner) return next();
    forgetSessionsOf([owner]);
    try {
      await next();
    } finally {
      hub.invalidate([CHANGE.sessionsOf(owner)]);
    }
  });
  if (opts.mode === "production") app.use(cache);
  // Past the cache: what the cache answers is never refused (load shedding, above).
  app.use(shed);
  // brotli or gzip, negotiated as the page cache's key is (br | gzip | identity).
  app.use(compression());
  // Inside the cache: a cached page is stored with the policy (and nonce) it was rendered with.
  app.use(
    cspNonce({
      https: config.publicUrl.startsWith("https://"),
      reportOnly: opts.mode === "development",
      // A Stripe stand-in (STRIPE_API_URL, tests and demos) serves its checkout page from its own origin.
      formTargets: config.stripe
        ? ["https://checkout.stripe.com", ...(config.stripe.apiUrl ? [new URL(config.stripe.apiUrl).origin] : [])]
        : [],
    }),
  );

  // Signed webhooks (Stripe, usage events): each mounted only when its secret is configured.
  app.route("/", webhookRoutes(services));

  // The auth library answers only the endpoints the product uses (an allow-list, OPEN_AUTH_ENDPOINTS); everything
  // else under /api/auth, whatever the method, is 404. The rest of what the library offers (sign-in and sign-up
  // without our limits, password and email changes, profile updates, session lists and revocation, two-factor, the
  // admin plugin's roles, bans and impersonation) runs only through our own pages, or not at all.
  app.all("/api/auth/*", async (c): Promise<Response> => {
    if (!isOpenAuthEndpoint(c.req.method, c.req.path.slice("/api/auth".length))) {
      return c.json({ message: "Not found" }, 404);
    }
    return services.auth.handler(c.req.raw);
  });

  if (opts.clientDir) {
    const root = opts.clientDir;
    app.use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true, // .br/.gz written by scripts/compress-assets.ts at build time
        onFound: (_path, c) => {
          c.set("staticFile", true);
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    const files = serveStatic({
      root,
      onFound: (_path, c) => {
        c.set("staticFile", true);
        c.header("Cache-Control", "public, max-age=3600");
      },
    });
    // Only a path with an extension can name a file there (favicon.svg): pages skip the file-system lookup.
    app.use("*", (c, next) => (/\.[^/]+$/.test(c.req.path) ? files(c, next) : next()));
  }

  const handler = opts.requestHandler ?? createRequestHandler(opts.build, opts.mode);
  const publicOrigin = new URL(config.publicUrl).origin;
  app.all("*", async (c) => {
    const ctx = new RouterContextProvider();
    ctx.set(servicesContext, services);
    ctx.set(requestContext, { requestId: c.get("requestId"), ip: c.get("clientIp"), nonce: c.get("cspNonce") });
    // A route that met a database outage answers 503 with Retry-After, not 500 (./database-outage.ts).
    const started = Date.now();
    return unlessDatabaseFailed(await handler(underPublicOrigin(c.req.raw, publicOrigin), ctx), started, c.req.path);
  });

  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse();
    const outage = outageAnswer(err);
    if (outage) {
      log.warn(
        { reqId: c.get("requestId"), err: { code: (err as { code?: unknown }).code, message: err.message } },
        "database unavailable",
      );
      return outage;
    }
    log.error({ reqId: c.get("requestId"), err }, "unhandled error");
    return c.html(
      "<!doctype html><title>Something went wrong</title><h1>Something went wrong</h1><p>Please try again in a moment.</p>",
      500,
    );
  });

  return Object.assign(app, { pageCache: cache, loadShedding: shed, close: unsubscribe });
}
