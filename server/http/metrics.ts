/**
 * `GET /metrics` in Prometheus's text format (prom-client), for whoever runs the service to see it running. It exists
 * only when METRICS_TOKEN is set, and answers only a request carrying `Authorization: Bearer <METRICS_TOKEN>`.
 *
 * - Requests (`poundcodes_http_requests_total`) and their latency (`poundcodes_http_request_duration_seconds`) by
 *   method, route and status. The route is the pattern of the route table (`/number/:numberId`), or a fixed name
 *   for what answers outside React Router (`/assets/*`, `/api/auth/*`, a webhook's path): never the URL, so the
 *   number of series stays bounded whatever paths clients send.
 * - Load shedding: requests worked on now, the bound (MAX_IN_FLIGHT) and the requests refused over it.
 * - The page cache: lookups by result (hit, miss) and the hit ratio since start, and the pages kept.
 * - The database pool on node-postgres (connections open, idle, and requests waiting for one).
 * - The email outbox: messages by status (pending, sending, failed) and the age of the oldest undelivered one,
 *   read with one small query at most every few seconds.
 * - Background jobs (pg-boss): jobs completed and failed by queue, as this process's handlers ran them.
 * - The process itself (prom-client's defaults: resident memory, heap, CPU, event-loop delay, garbage collection).
 *
 * With several server processes (WEB_CONCURRENCY), every series carries the `process` label of its worker, and any
 * process asked for /metrics answers for all of them: it asks the supervisor, which gathers every worker's through
 * prom-client's cluster support (server/http/cluster-metrics.ts).
 */
import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import { count, inArray, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.ts";
import { emailOutbox } from "../db/schema/index.ts";
import type { JobRuntime } from "../jobs/queue.ts";
import { allProcessesMetrics, reportToSupervisor } from "./cluster-metrics.ts";
import type { LoadShedding } from "./load-shedding.ts";

/** How long the outbox figures are reused between scrapes (one query per process at most this often). */
export const OUTBOX_STATS_TTL_MS = 5_000;
/** How long the outbox query may take before a scrape goes on with the last figures. */
const OUTBOX_QUERY_TIMEOUT_MS = 2_000;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const OUTBOX_STATUSES = ["pending", "sending", "failed"] as const;
/** Route labels are looked up once per path; past this many paths the memo starts over. */
const MEMO_SIZE = 2_000;

export type MetricsOptions = {
  token: string;
  db: Database;
  jobs: Pick<JobRuntime, "runs">;
  load: LoadShedding;
  /** The route label of a request: its path pattern, or a fixed name for what answers outside React Router. */
  routeOf: (c: Context) => string;
  pageCacheSize: () => number;
};

export type Metrics = {
  registry: Registry;
  /** Counts and times every request it wraps (everything but health, readiness and metrics). */
  middleware: MiddlewareHandler;
  /** The /metrics endpoint. */
  endpoint: (c: Context) => Promise<Response>;
};

/** Route labels by path, each looked up once (a path always reaches the same route), in a bounded memo. */
export function memoizeRoutes(patternOf: (path: string) => string | null): (path: string) => string {
  const memo = new Map<string, string>();
  return (path) => {
    let label = memo.get(path);
    if (label === undefined) {
      label = patternOf(path) ?? "unmatched";
      if (memo.size >= MEMO_SIZE) memo.clear();
      memo.set(path, label);
    }
    return label;
  };
}

export function createMetrics(opts: MetricsOptions): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (cluster.isWorker) reportToSupervisor(registry);
  collectDefaultMetrics({ register: registry });

  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "poundcodes_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: "poundcodes_http_request_duration_seconds",
    help: "Time to answer an HTTP request (until its answer is ready), by method, route pattern and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const { load } = opts;
  new Gauge({
    name: "poundcodes_http_in_flight_requests",
    help: "Requests being worked on past the page cache (what MAX_IN_FLIGHT bounds)",
    registers,
    collect() {
      this.set(load.inFlight());
    },
  });
  new Gauge({
    name: "poundcodes_http_in_flight_limit",
    help: "MAX_IN_FLIGHT: requests a process works on at once before it answers 503 (0: no limit)",
    registers,
    collect() {
      this.set(load.limit);
    },
  });
  new Counter({
    name: "poundcodes_http_shed_requests_total",
    help: "Requests answered 503 at once because MAX_IN_FLIGHT were already being worked on",
    registers,
    collect() {
      this.reset();
      this.inc(load.shed());
    },
  });

  let hits = 0;
  let misses = 0;
  const cacheLookups = new Counter({
    name: "poundcodes_page_cache_requests_total",
    help: "Requests for a cacheable page by an anonymous visitor, by result (hit: served from the cache)",
    labelNames: ["result"] as const,
    registers,
  });
  cacheLookups.inc({ result: "hit" }, 0);
  cacheLookups.inc({ result: "miss" }, 0);
  new Gauge({
    name: "poundcodes_page_cache_hit_ratio",
    help: "Share of the page cache's lookups it answered, since the process started",
    registers,
    collect() {
      this.set(hits + misses === 0 ? 0 : hits / (hits + misses));
    },
  });
  new Gauge({
    name: "poundcodes_page_cache_entries",
    help: "Pages kept in the page cache",
    registers,
    collect() {
      this.set(opts.pageCacheSize());
    },
  });

  const client = (opts.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = client;
    new Gauge({
      name: "poundcodes_db_pool_connections",
      help: "node-postgres pool: connections open (total) and idle, and queries waiting for a connection (waiting)",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
    new Gauge({
      name: "poundcodes_db_pool_max_connections",
      help: "node-postgres pool: the most connections it opens",
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }

  const outbox = outboxStats(opts.db);
  new Gauge({
    name: "poundcodes_email_outbox_messages",
    help: "Email outbox messages not delivered, by status (failed: given up after every attempt)",
    labelNames: ["status"] as const,
    aggregator: "max",
    registers,
    async collect() {
      const stats = await outbox();
      for (const status of OUTBOX_STATUSES) this.set({ status }, stats.counts[status]);
    },
  });
  new Gauge({
    name: "poundcodes_email_outbox_oldest_age_seconds",
    help: "Age of the oldest email waiting to be delivered (pending or sending); 0 when none waits",
    aggregator: "max",
    registers,
    async collect() {
      this.set((await outbox()).oldestAgeSeconds);
    },
  });

  new Counter({
    name: "poundcodes_job_runs_total",
    help: "Background jobs (pg-boss) this process's handlers ran, by queue and outcome (completed, failed)",
    labelNames: ["queue", "outcome"] as const,
    registers,
    collect() {
      this.reset();
      for (const [queue, r] of opts.jobs.runs) {
        this.inc({ queue, outcome: "completed" }, r.completed);
        this.inc({ queue, outcome: "failed" }, r.failed);
      }
    },
  });

  const middleware: MiddlewareHandler = async (c, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const seconds = (performance.now() - start) / 1000;
      const method = METHODS.has(c.req.method) ? c.req.method : "other";
      const labels = { method, route: opts.routeOf(c), status: String(c.res.status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
      const cached = c.res.headers.get("x-page-cache");
      if (cached === "hit") {
        hits++;
        cacheLookups.inc({ result: "hit" });
      } else if (cached === "miss") {
        misses++;
        cacheLookups.inc({ result: "miss" });
      }
    }
  };

  const expected = digest(opts.token);
  const endpoint = async (c: Context): Promise<Response> => {
    const auth = c.req.header("authorization") ?? "";
    const token = /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
    if (!token || !timingSafeEqual(digest(token), expected)) {
      return new Response("Unauthorized", {
        status: 401,
        headers: { "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" },
      });
    }
    const body = cluster.isWorker
      ? await allProcessesMetrics().catch(() => registry.metrics())
      : await registry.metrics();
    return new Response(body, {
      headers: {
        "Content-Type": registry.contentType,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  };
  return { registry, middleware, endpoint };
}

const digest = (s: string) => createHash("sha256").update(s).digest();

type OutboxStats = { counts: Record<(typeof OUTBOX_STATUSES)[number], number>; oldestAgeSeconds: number };

/** The outbox's figures, queried at most once per {@link OUTBOX_STATS_TTL_MS}; the last ones if the query fails. */
function outboxStats(db: Database): () => Promise<OutboxStats> {
  let last: OutboxStats = { counts: { pending: 0, sending: 0, failed: 0 }, oldestAgeSeconds: 0 };
  let fetched: { at: number; stats: Promise<OutboxStats> } | undefined;
  const query = async (): Promise<OutboxStats> => {
    const rows = await db
      .select({
        status: emailOutbox.status,
        n: count(),
        age: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)`.mapWith(Number),
      })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, [...OUTBOX_STATUSES]))
      .groupBy(emailOutbox.status);
    const stats: OutboxStats = { counts: { pending: 0, sending: 0, failed: 0 }, oldestAgeSeconds: 0 };
    for (const r of rows) {
      if (r.status === "pending" || r.status === "sending" || r.status === "failed") stats.counts[r.status] = r.n;
      if (r.status !== "failed") stats.oldestAgeSeconds = Math.max(stats.oldestAgeSeconds, r.age);
    }
    return stats;
  };
  return () => {
    const now = Date.now();
    if (!fetched || now - fetched.at >= OUTBOX_STATS_TTL_MS) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("outbox query timed out")), OUTBOX_QUERY_TIMEOUT_MS);
      });
      const stats = Promise.race([query(), late])
        .then((s) => {
          last = s;
          return s;
        })
        .catch(() => last)
        .finally(() => clearTimeout(timer));
      fetched = { at: now, stats };
    }
    return fetched.stats;
  };
}
