/**
 * `npm run bench`: starts the production server (fresh embedded database with the demo seed, NODE_ENV=production)
 * and measures, in one run:
 * - throughput: requests/s of dynamic endpoints against a static file of the same size served by the same process.
 *   Figures are ratios to that baseline, so they hold across machines. Each target runs a few seconds.
 * - Lighthouse (mobile, simulated slow 4G) on the public pages: scores, FCP/LCP/TBT/CLS and JavaScript transferred,
 *   against the budget below. Needs the `lighthouse` devDependency and Debian's Chromium; skipped with a note
 *   otherwise.
 * - the admin pricing upload: a 3,300-row territory CSV imported on embedded PGlite (target under 1 s), against
 *   parsing the same file alone (scripts/bench/pricing-import.ts).
 * - uncached: the pages the cache cannot serve (a request carrying a flash cookie bypasses it, as after any write;
 *   signed-in pages carry a session), each as a ratio to uncached `GET /login` measured just before and just after
 *   it (their mean), in three turns of half --duration each (the median ratio, the worst p99), with the server's own
 *   CPU time a request (from /proc) for the page and for /login;
 *   and `/api/health` against a bare Hono route (a separate process on the same machine, same Node, same server).
 * - overload: pages the cache cannot serve (and one it can) at 8 connections, about what the machine serves, and at
 *   200, with a 5 s client timeout as a proxy would have: p99 of the answers served as a ratio to the same page's
 *   8-connection p99, and the share refused with 503 (MAX_IN_FLIGHT, server/http/load-shedding.ts) or failed.
 * - memory: after the load phases, each server process's resident memory (VmRSS) and its peak (VmHWM), from /proc.
 * - mail: messages a second the email outbox delivers to an SMTP sink on loopback, a backlog drained and mail written
 *   while it delivers, against raw sends of as many messages to the same sink without the outbox (scripts/bench/mail.ts;
 *   in this process, on a database of its own; target ≥ 100/s). --mail-messages=2000.
 * Loopback only. Options: --port=3299, --duration=6 (s per throughput target), --connections=16,
 * --lighthouse-runs=3 (median kept), --lighthouse-pages=/,/contact (only those of the pages below; default all),
 * --only=throughput | --only=uncached | --only=overload | --only=lighthouse |
 * --only=import | --only=mail (no server started) | --only=soak,
 * --soak=600 (seconds; with --only=soak): every uncached page above in turn, public and signed in, at --connections
 *   for that long, the server's resident memory printed each minute and at the end against its memory once started,
 * --db=postgres (a fresh database created on TEST_DATABASE_URL's server for the run, dropped after; default PGlite),
 * --processes=2 (WEB_CONCURRENCY: server processes sharing the port; PostgreSQL only; default 1),
 * --scale=50 (default 1: off): the scale comparison instead of the phases above. A second server (--port + 2) runs on
 *   a data directory and database of its own, seeded with the demo as the first one is, then stopped, its database
 *   grown 50-fold (server/db/seed/scale.ts: #Codes, vanity numbers and their territory rows, some held or licensed),
 *   and started again (its caches empty). The uncached pages, with `GET /all-numbers` and `GET /sitemap.xml`, are then
 *   measured on both servers turn and turn about (each turn of a page on one, then on the other), so the two ratios
 *   of a page are taken within seconds of each other; both are printed side by side with their HTML bytes and each
 *   server's memory. Stopping the server is what lets the bench write to the embedded database (PGlite admits one
 *   process), so it works on PGlite and with --db=postgres alike.
 *   Only `--only=uncached` may go with it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { openPglite, openPostgres } from "#server/db/client.ts";
import { type GrowthCounts, growCatalogue } from "#server/db/seed/scale.ts";
import { SERVE_FLAGS } from "../serve-flags.ts";
import {
  auditPages,
  type LighthouseBudget,
  type LighthousePage,
  lighthouseTable,
  loadLighthouse,
} from "./lighthouse.ts";
import { benchMail, mailTable } from "./mail.ts";
import { benchPricingImport, importTable } from "./pricing-import.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const PORT = Number(option("port") ?? 3299);
const DURATION = Number(option("duration") ?? 6);
const LIGHTHOUSE_RUNS = Number(option("lighthouse-runs") ?? 3);
const LIGHTHOUSE_PAGES = option("lighthouse-pages")?.split(",");
const ONLY = option("only");
const CONNECTIONS = Number(option("connections") ?? 16);
const DB = option("db") === "postgres" ? "postgres" : "pglite";
const PROCESSES = Number(option("processes") ?? 1);
if (!Number.isInteger(PROCESSES) || PROCESSES < 1 || (PROCESSES > 1 && DB !== "postgres")) {
  throw new Error("--processes must be a whole number of processes, and above 1 needs --db=postgres");
}
const SCALE = Number(option("scale") ?? 1);
if (!Number.isInteger(SCALE) || SCALE < 1 || (SCALE > 1 && ONLY !== undefined && ONLY !== "uncached")) {
  throw new Error("--scale must be a whole number (1: off), and above 1 it goes with no --only but --only=uncached");
}
const SERVER = `${DB}${PROCESSES > 1 ? `, ${PROCESSES} server processes` : ""}`;

/** The dynamic endpoints to measure; later features add theirs here. */
export const TARGETS: { name: string; path: string; accept?: string }[] = [
  { name: "GET / (server-rendered, anonymous)", path: "/" },
  { name: "GET /number/hash-4law (server-rendered)", path: "/number/hash-4law" },
  {
    name: "GET /resources/territories?number=hash-4law (map data, JSON)",
    path: "/resources/territories?number=hash-4law",
    accept: "application/json",
  },
];

/**
 * What the page cache cannot serve, measured with a flash cookie (which bypasses the cache, as the page after any
 * write does) and, for signed-in pages, the session of `as`. Each is a ratio to uncached `GET /login` in the same run.
 */
export const UNCACHED: { name: string; path: string; as?: "licensee" | "admin"; accept?: string }[] = [
  { name: "GET /", path: "/" },
  { name: "GET /number/hash-4law", path: "/number/hash-4law" },
  { name: "GET /number/hash-4law/georgia (territory)", path: "/number/hash-4law/georgia" },
  { name: "GET /number/hash-4law.data (loader alone)", path: "/number/hash-4law.data", accept: "*/*" },
  { name: "GET /all-numbers?q=law (search)", path: "/all-numbers?q=law" },
  { name: "GET /p/4law/georgia (landing page)", path: "/p/4law/georgia" },
  { name: "GET /dashboard (licensee)", path: "/dashboard", as: "licensee" },
  { name: "GET /dashboard/billing (licensee)", path: "/dashboard/billing", as: "licensee" },
  { name: "GET /admin/territories (admin)", path: "/admin/territories", as: "admin" },
  { name: "GET /admin/reservations (admin)", path: "/admin/reservations", as: "admin" },
];

/** What the scale comparison (--scale) measures besides {@link UNCACHED}: the pages that list the whole catalog. */
export const SCALE_PAGES: { name: string; path: string; accept?: string }[] = [
  { name: "GET /all-numbers", path: "/all-numbers" },
  { name: "GET /number/all-numbers (explorer)", path: "/number/all-numbers" },
  { name: "GET /products-services", path: "/products-services" },
  { name: "GET /sitemap.xml", path: "/sitemap.xml", accept: "application/xml" },
];

/**
 * Overload: each page at {@link OVERLOAD_CONNECTIONS} connections. Pages the cache cannot serve carry a flash cookie
 * (as the page after a write does) or a session; the cached home page is never refused, however many ask.
 */
export const OVERLOAD: { name: string; path: string; as?: "licensee"; cached?: true }[] = [
  { name: "GET / (cache bypassed)", path: "/" },
  { name: "GET /dashboard (licensee)", path: "/dashboard", as: "licensee" },
  { name: "GET / (cached)", path: "/", cached: true },
];
/** About what the 2-core bench machine serves, and 25 times that. The first is each page's baseline. */
const OVERLOAD_CONNECTIONS = [8, 200] as const;
/** The client gives up on an answer after this long, as a proxy in front would (seconds). */
const OVERLOAD_TIMEOUT_S = 5;

/** Signed-in accounts: the demo seed's licensee, and the administrator the bench server creates at start-up. */
const ACCOUNTS = {
  licensee: { email: "demo@poundcodes.test", password: "demo-password-2026" },
  admin: { email: "bench-admin@poundcodes.test", password: randomBytes(12).toString("hex") },
};

/**
 * The pages Lighthouse audits. The blog post and the landing page are the demo seed's; a page that answers 404 is
 * reported as skipped.
 */
export const PAGES: LighthousePage[] = [
  { name: "home", path: "/" },
  { name: "all numbers", path: "/all-numbers" },
  { name: "number", path: "/number/hash-4law" },
  { name: "number in a territory", path: "/number/hash-4law/georgia" },
  { name: "products & services", path: "/products-services" },
  { name: "about", path: "/about" },
  { name: "services", path: "/services" },
  { name: "licensing by state", path: "/licensing/by-state" },
  { name: "contact", path: "/contact" },
  { name: "FAQ", path: "/faq" },
  { name: "blog", path: "/blog" },
  { name: "blog post", path: "/blog/planning-your-first-pound-code-campaign" },
  { name: "landing page", path: "/p/4law/georgia" },
  { name: "privacy (legal)", path: "/privacy" },
  { name: "sign in", path: "/login" },
];

/** Mobile performance ≥ 95 on every page; at most 140 KB of JavaScript transferred on the home page. */
export const BUDGET: LighthouseBudget = { minPerformance: 95, maxJsKb: { "/": 140 }, perfectOn: ["/p/4law/georgia"] };

const HEADERS = { "accept-encoding": "gzip", accept: "text/html,application/json;q=0.9,*/*;q=0.8" };

async function waitForHealth(timeoutMs = 60_000, at = base) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const r = await fetch(`${at}/api/health`);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

function run(
  url: string,
  headers: Record<string, string>,
  opts: {
    duration?: number;
    amount?: number;
    connections?: number;
    timeout?: number;
    /** Each answer's status and time (ms), as it arrives. */
    onAnswer?: (status: number, ms: number) => void;
  },
) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const limit = opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? DURATION };
    const timeout = opts.timeout ? { timeout: opts.timeout } : {};
    const instance = autocannon(
      { url, headers, connections: opts.connections ?? CONNECTIONS, ...limit, ...timeout },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    const onAnswer = opts.onAnswer;
    if (onAnswer) instance.on("response", (_client, status, _bytes, ms) => onAnswer(status, ms));
  });
}

async function measure(p: string, accept: string, extra: Record<string, string> = {}, at = base) {
  const headers = { ...HEADERS, accept, ...extra };
  await run(at + p, headers, { amount: 200, connections: 8 }); // warm-up (JIT, caches)
  return run(at + p, headers, { duration: DURATION });
}

/** The mail bench, in this process on a database of its own (on PostgreSQL, another fresh one, dropped after). */
async function mail() {
  const own = DB === "postgres" ? await createBenchDatabase() : null;
  try {
    const messages = Number(option("mail-messages") ?? 2000);
    console.log(`\n${mailTable(await benchMail({ messages, databaseUrl: own?.url }))}`);
  } finally {
    await own?.drop();
  }
}
if (ONLY === "mail") {
  await mail();
  process.exit(0);
}

/** On PostgreSQL, a database of its own on TEST_DATABASE_URL's server, dropped after the run. */
type BenchDatabase = { url: string; drop: () => Promise<void> };
/**
 * A bench server: its address, data directory and database, kept across restarts (the same secret too, so a restarted
 * server reads the same sessions), and its process while it runs.
 */
type Site = { base: string; env: NodeJS.ProcessEnv; dataDir: string; database: BenchDatabase | null; server: Server };
type Server = {
  process: ChildProcess;
  /** Resolves once every server process listens (each logs one line saying so). */
  allListening: Promise<void>;
};
const secret = randomBytes(32).toString("base64");
/** Every site the run opened, stopped and removed at the end. */
const sites: Site[] = [];
/** A fresh data directory and (with --db=postgres) database, and the server started on them at `port`. */
async function openSite(port: number): Promise<Site> {
  const at = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-bench-"));
  const database = DB === "postgres" ? await createBenchDatabase() : null;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // Info, to count the processes that listen (below); only warnings and errors are shown.
    LOG_LEVEL: "info",
    DATABASE_URL: database?.url ?? "",
    ADMIN_EMAIL: ACCOUNTS.admin.email,
    ADMIN_PASSWORD: ACCOUNTS.admin.password,
    ADMIN_2FA: "optional",
    RATE_LIMIT: "false",
    WEB_CONCURRENCY: String(PROCESSES),
    // As deployed: production pages (indexable, HSTS), which need their public URL and a secret.
    NODE_ENV: "production",
    PUBLIC_URL: at,
    BETTER_AUTH_SECRET: secret,
    // No mail server: the demo's mail stays in the dev mailbox, as production allows only when told.
    ALLOW_DEV_MAILBOX: "true",
  };
  const site: Site = { base: at, env, dataDir, database, server: startServer(env) };
  sites.push(site);
  return site;
}
/** Starts a server process with `env`; it answers before the server listens (see {@link Server.allListening}). */
function startServer(env: NodeJS.ProcessEnv): Server {
  const child = spawn(process.execPath, [...SERVE_FLAGS, path.join(root, "server/main.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const allListening = new Promise<void>((resolve) => {
    let listening = 0;
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      let entry: { level?: number; msg?: string } = {};
      try {
        entry = JSON.parse(line);
      } catch {
        console.log(line);
        return;
      }
      if ((entry.level ?? 0) >= 40) console.log(line);
      if (entry.msg?.startsWith("PoundCodes listening") && ++listening === PROCESSES) resolve();
    });
  });
  return { process: child, allListening };
}

/** Stops the server (SIGTERM: it drains and closes its database) and waits until it has exited. */
async function stopServer(s: Server): Promise<void> {
  if (s.process.exitCode !== null || s.process.signalCode !== null) return;
  const exited = new Promise((r) => s.process.once("exit", r));
  s.process.kill("SIGTERM");
  await exited;
}

const main = await openSite(PORT);
const base = main.base;
const staticFiles: string[] = [];
const bareServer: { process: ChildProcess | null } = { process: null };

async function createBenchDatabase(): Promise<BenchDatabase> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("--db=postgres needs TEST_DATABASE_URL (a role that may CREATE DATABASE)");
  const name = `pc_bench_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Signs in through the login form (as a browser without JavaScript does) and answers the session cookie. */
async function signIn(account: { email: string; password: string }, at = base): Promise<string> {
  const res = await fetch(`${at}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: at },
    body: new URLSearchParams(account).toString(),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.filter((c) => c?.includes("session_token")).join("; ");
  if (res.status !== 302 || !session) throw new Error(`sign-in as ${account.email} answered ${res.status}`);
  return session;
}

/**
 * A request once the server has finished the previous measurement's work. When autocannon stops it closes its
 * connections, but the server still renders what they had asked for, and those requests count against MAX_IN_FLIGHT
 * (16, as many as the bench's connections) until they finish: a request sent at once may be refused with 503 and
 * Retry-After, as any client would be. This one waits as told and asks again, a few times.
 */
async function settledFetch(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, init);
    if (res.status !== 503 || attempt === 5) return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after") ?? 1)));
  }
}

type Row = { name: string; bytes: number; rps: number; p99: number; baseRps: number; ratio: number };
/** `cpu`, `baseCpu`: the server's CPU time a request (ms) for the page and for /login around it (NaN without /proc). */
type UncachedRow = Row & { baseP99: number; cpu: number; baseCpu: number };

/**
 * How many turns a page and uncached `GET /login` take, each {@link TURN_SECONDS} long: the page's ratio is the
 * median of its turns' ratios. On this shared machine the speed swings within seconds (/login moved between 251 and
 * 415 req/s in one run), so one measurement of each put the same page up to 20% apart between two runs.
 */
const TURNS = 3;
const TURN_SECONDS = DURATION / 2;

/** What the CPU columns of the uncached tables are. */
const CPU_NOTE =
  "server CPU: the server process's own CPU time a request, the median of the turns (PGlite's work is in it, a PostgreSQL server's is not)";

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

type UncachedPage = { name: string; path: string; as?: "licensee" | "admin"; accept?: string };
type Turn = { rps: number; p99: number; cpu: number; baseRps: number; baseP99: number; baseCpu: number };

/**
 * Each of `pages` with the page cache bypassed, as a ratio to uncached `GET /login` around it: {@link TURNS} turns of
 * the page, each between two measurements of /login, and the median of the turns (the worst p99 of the page and of
 * the /login around it); the /login figures of the run come back too.
 * With several servers (`at`, the scale comparison's 1× and grown ones) each turn of a page runs on each of them in
 * turn, the order reversed every other turn: their figures for a page are measured within seconds of each other, so
 * the machine's swings fall on both alike. One row list and one /login list come back per server, in `at`'s order.
 */
async function uncachedPages(
  pages: readonly UncachedPage[],
  at: readonly Site[] = [main],
): Promise<{ rows: UncachedRow[]; loginRps: number[] }[]> {
  // Any flash cookie bypasses the page cache (its value need not be valid: an unsigned one is ignored).
  const bypass = "pc_flash=bench";
  const servers = await Promise.all(
    at.map(async (site) => {
      const origin = site.base;
      const session = {
        licensee: await signIn(ACCOUNTS.licensee, origin),
        admin: await signIn(ACCOUNTS.admin, origin),
      };
      return { site, origin, cookieOf: (as?: "licensee" | "admin") => (as ? `${bypass}; ${session[as]}` : bypass) };
    }),
  );
  type On = (typeof servers)[number];
  /** Checks once that `p` answers 200 past the page cache, and answers its size uncompressed. */
  const uncachedBytes = async (on: On, p: string, accept: string, as?: "licensee" | "admin") => {
    const cookie = on.cookieOf(as);
    const res = await settledFetch(on.origin + p, { headers: { ...HEADERS, accept, cookie }, redirect: "manual" });
    if (res.status !== 200) throw new Error(`${on.origin}${p} answered ${res.status}`);
    if (res.headers.get("x-page-cache")) throw new Error(`${on.origin}${p} came from the page cache`);
    const raw = await fetch(on.origin + p, { headers: { accept, cookie } }).then((r) => r.arrayBuffer());
    return raw.byteLength;
  };
  /** A turn of `p` after a warm-up, and the server's CPU time a request during it. */
  const measureTurn = async (on: On, p: string, accept: string, as?: "licensee" | "admin") => {
    const headers = { ...HEADERS, accept, cookie: on.cookieOf(as) };
    await run(on.origin + p, headers, { amount: 200, connections: 8 }); // warm-up (JIT, caches)
    const cpuBefore = serverCpuMs(on.site);
    const result = await run(on.origin + p, headers, { duration: TURN_SECONDS });
    return { result, cpu: (serverCpuMs(on.site) - cpuBefore) / result.requests.total };
  };
  // The baseline is measured before and after each turn of a page, and the turn is compared with their mean.
  const login = (on: On) => measureTurn(on, "/login", HEADERS.accept);
  const logins: { result: autocannon.Result; cpu: number }[][] = [];
  for (const on of servers) {
    await uncachedBytes(on, "/login", HEADERS.accept);
    logins.push([await login(on)]);
  }
  const rows: UncachedRow[][] = servers.map(() => []);
  for (const t of pages) {
    const accept = t.accept ?? HEADERS.accept;
    const bytes: number[] = [];
    for (const on of servers) bytes.push(await uncachedBytes(on, t.path, accept, t.as));
    const turns: Turn[][] = servers.map(() => []);
    for (let turn = 0; turn < TURNS; turn++) {
      const order = servers.map((_, i) => i);
      if (turn % 2) order.reverse();
      for (const i of order) {
        const on = servers[i] as On;
        const { result: m, cpu } = await measureTurn(on, t.path, accept, t.as);
        if (m.non2xx) throw new Error(`non-2xx responses during ${on.origin}${t.path}`);
        const before = logins[i]?.at(-1) as { result: autocannon.Result; cpu: number };
        const after = await login(on);
        logins[i]?.push(after);
        turns[i]?.push({
          rps: m.requests.average,
          p99: m.latency.p99,
          cpu,
          baseRps: (before.result.requests.average + after.result.requests.average) / 2,
          baseP99: Math.max(before.result.latency.p99, after.result.latency.p99),
          baseCpu: (before.cpu + after.cpu) / 2,
        });
      }
    }
    servers.forEach((_, i) => {
      const of = turns[i] as Turn[];
      rows[i]?.push({
        name: t.name,
        bytes: bytes[i] as number,
        rps: median(of.map((x) => x.rps)),
        p99: Math.max(...of.map((x) => x.p99)),
        baseRps: median(of.map((x) => x.baseRps)),
        baseP99: Math.max(...of.map((x) => x.baseP99)),
        ratio: median(of.map((x) => x.rps / x.baseRps)),
        cpu: median(of.map((x) => x.cpu)),
        baseCpu: median(of.map((x) => x.baseCpu)),
      });
    });
  }
  return servers.map((_, i) => ({
    rows: rows[i] as UncachedRow[],
    loginRps: (logins[i] as { result: autocannon.Result }[]).map((l) => l.result.requests.average),
  }));
}

async function uncached() {
  const [{ rows, loginRps }] = (await uncachedPages(UNCACHED)) as [{ rows: UncachedRow[]; loginRps: number[] }];
  // /api/health against a bare Hono route: the same Node and server adapter in a process of its own.
  const barePort = PORT + 1;
  const bare = spawn(process.execPath, [path.join(root, "scripts/bench/bare-hono.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(barePort) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  bareServer.process = bare;
  await waitForHealth(10_000, `http://127.0.0.1:${barePort}`);
  const health = await measure("/api/health", "application/json");
  const bareResult = await measure("/api/health", "application/json", {}, `http://127.0.0.1:${barePort}`);
  bare.kill("SIGTERM");
  bareServer.process = null;

  console.log(
    `\nPoundCodes bench, uncached (${SERVER}) — ${CONNECTIONS} connections, ${TURNS} turns of ${TURN_SECONDS}s per target, loopback, gzip`,
  );
  console.log(
    `baseline: uncached GET /login, measured before and after each of a page's ${TURNS} turns (${Math.min(...loginRps).toFixed(0)}–${Math.max(...loginRps).toFixed(0)} req/s over the run); a turn's ratio is to the mean of its two, a page's is the median of its turns (p99: the worst); ${CPU_NOTE}\n`,
  );
  console.log(
    "| page (cache bypassed) | bytes (uncompressed) | req/s | p99 ms | server CPU ms/req | /login around it: req/s, worse p99, CPU ms/req | ratio to uncached /login |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.bytes} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.cpu.toFixed(2)} | ${r.baseRps.toFixed(0)}, ${r.baseP99} ms, ${r.baseCpu.toFixed(2)} | ${r.ratio.toFixed(3)} |`,
    );
  }
  const h = health.requests.average;
  const b = bareResult.requests.average;
  console.log(
    `| GET /api/health | — | ${h.toFixed(0)} | ${health.latency.p99} | bare Hono route: ${b.toFixed(0)}, ${bareResult.latency.p99} ms | ${(h / b).toFixed(3)} of the bare route |`,
  );
}

async function throughput() {
  const rows: Row[] = [];
  for (const t of TARGETS) {
    const accept = t.accept ?? HEADERS.accept;
    const res = await fetch(base + t.path, { headers: { accept } });
    if (!res.ok) throw new Error(`${t.path} answered ${res.status}`);
    const body = await res.text();
    const bytes = Buffer.byteLength(body);
    // A static file of the same size and kind, served by the same process.
    const ext = (res.headers.get("content-type") ?? "").includes("json") ? "json" : "html";
    const name = `bench-static-${bytes}.${ext}`;
    const file = path.join(root, "build/client", name);
    writeFileSync(
      file,
      body.replace(/[A-Za-z]/g, (c) => (c === "a" ? "b" : c)),
    );
    staticFiles.push(file);
    const dynamic = await measure(t.path, accept);
    const baseline = await measure(`/${name}`, accept);
    if (dynamic.non2xx || baseline.non2xx) throw new Error(`non-2xx responses during ${t.path}`);
    rows.push({
      name: t.name,
      bytes,
      rps: dynamic.requests.average,
      p99: dynamic.latency.p99,
      baseRps: baseline.requests.average,
      ratio: dynamic.requests.average / baseline.requests.average,
    });
  }
  console.log(
    `\nPoundCodes bench, cached (${SERVER}) — ${CONNECTIONS} connections, ${DURATION}s per target, loopback, gzip\n`,
  );
  console.log("| target | bytes | req/s | p99 ms | static same size req/s | ratio (dynamic/static) |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.bytes} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.baseRps.toFixed(0)} | ${r.ratio.toFixed(3)} |`,
    );
  }
}

type OverloadRow = {
  name: string;
  connections: number;
  answersPerSecond: number;
  servedPerSecond: number;
  p99: number;
  baseP99: number;
  refused: number;
  refusedP99: number;
  failed: number;
  timeouts: number;
  attempts: number;
};

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function overload() {
  const session = await signIn(ACCOUNTS.licensee);
  const rows: OverloadRow[] = [];
  for (const t of OVERLOAD) {
    const cookie = [t.cached ? "" : "pc_flash=bench", t.as ? session : ""].filter(Boolean).join("; ");
    const headers = { ...HEADERS, ...(cookie ? { cookie } : {}) };
    const probe = await fetch(base + t.path, {
      headers: { ...headers, "accept-encoding": "identity" },
      redirect: "manual",
    });
    const body = await probe.text();
    if (probe.status !== 200) throw new Error(`${t.path} answered ${probe.status}: ${body.slice(0, 300)}`);
    await run(base + t.path, headers, { amount: 200, connections: 8 }); // warm-up (JIT, caches)
    let baseP99 = 0;
    for (const connections of OVERLOAD_CONNECTIONS) {
      const refusedMs: number[] = [];
      const r = await run(base + t.path, headers, {
        duration: DURATION,
        connections,
        timeout: OVERLOAD_TIMEOUT_S,
        onAnswer: (status, ms) => {
          if (status === 503) refusedMs.push(ms);
        },
      });
      if (connections === OVERLOAD_CONNECTIONS[0]) baseP99 = r.latency.p99;
      const answers = r["2xx"] + r.non2xx;
      rows.push({
        name: t.name,
        connections,
        answersPerSecond: answers / r.duration,
        servedPerSecond: r["2xx"] / r.duration,
        // autocannon times the 2xx answers only: this is the p99 of the requests served.
        p99: r.latency.p99,
        baseP99,
        refused: refusedMs.length,
        refusedP99: percentile(refusedMs, 99),
        failed: r.non2xx - refusedMs.length + r.errors,
        timeouts: r.timeouts,
        attempts: answers + r.errors,
      });
    }
  }
  const pct = (n: number, of: number) => `${of === 0 ? "0" : ((100 * n) / of).toFixed(1)}%`;
  console.log(
    `\nPoundCodes bench, overload (${SERVER}) — ${OVERLOAD_CONNECTIONS.join(" and ")} connections, ${DURATION}s each, ` +
      `client timeout ${OVERLOAD_TIMEOUT_S} s, loopback, gzip`,
  );
  console.log(
    `baseline: each page's p99 at ${OVERLOAD_CONNECTIONS[0]} connections; p99 is of the answers served (2xx); refused: 503 at once (MAX_IN_FLIGHT); failed: timeouts, errors and other non-2xx\n`,
  );
  console.log(
    "| page | connections | answers/s | served/s | p99 served ms | p99 ratio to baseline | refused (503) | p99 refused ms | failed (timeouts) |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.connections} | ${r.answersPerSecond.toFixed(0)} | ${r.servedPerSecond.toFixed(0)} | ${r.p99} | ` +
        `${r.baseP99 > 0 ? (r.p99 / r.baseP99).toFixed(2) : "—"} | ${pct(r.refused, r.attempts)} | ` +
        `${r.refused ? r.refusedP99.toFixed(0) : "—"} | ${pct(r.failed, r.attempts)} (${r.timeouts}) |`,
    );
  }
}

/** The server's processes (the supervisor and its workers with --processes above 1), from /proc. */
function serverProcesses(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // no /proc (not Linux), or the process is gone
  }
  return [pid, ...children.flatMap(serverProcesses)];
}

type ProcessMemory = { role: string; pid: number; rssMb: number; peakMb: number };

/** Each server process's resident memory now (VmRSS) and at its peak (VmHWM), in MB; none without Linux's /proc. */
function serverMemory(site: Site = main): ProcessMemory[] {
  const pid = site.server.process.pid;
  const rows: ProcessMemory[] = [];
  for (const p of pid === undefined ? [] : serverProcesses(pid)) {
    let status = "";
    try {
      status = readFileSync(`/proc/${p}/status`, "utf8");
    } catch {
      continue;
    }
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    const role = p === pid ? (PROCESSES > 1 ? "supervisor" : "server") : "worker";
    rows.push({ role, pid: p, rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 });
  }
  return rows;
}

/**
 * The CPU time the site's server processes have used so far (user and system, ms), from /proc: Linux counts it in
 * ticks of 10 ms (USER_HZ, 100 on every Linux this runs on). PostgreSQL's is not in it. NaN without /proc.
 */
function serverCpuMs(site: Site): number {
  const pid = site.server.process.pid;
  if (pid === undefined) return Number.NaN;
  let ticks = 0;
  for (const p of serverProcesses(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      // The fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return Number.NaN;
    }
  }
  return ticks * 10;
}

/** Each server process's resident memory now (VmRSS) and at its peak (VmHWM), in MB, after the load phases. */
function memory() {
  const rows = serverMemory().map(
    (m) => `| ${m.role} (pid ${m.pid}) | ${m.rssMb.toFixed(0)} | ${m.peakMb.toFixed(0)} |`,
  );
  if (rows.length === 0) {
    console.log("\nServer memory: not measured (needs Linux's /proc).");
    return;
  }
  console.log(`\nServer memory after the load phases (${SERVER})\n`);
  console.log("| process | RSS MB | peak RSS MB |");
  console.log("|---|---:|---:|");
  for (const r of rows) console.log(r);
}

/**
 * The soak: the uncached pages (public with a flash cookie, signed-in ones with their session) in turn at
 * {@link CONNECTIONS} for `--soak` seconds, and the server's resident memory once started, each minute, and at the
 * end. Issue 27's target: ≤ 300 MB per server process on PostgreSQL after ten minutes at 16 connections.
 */
async function soak() {
  const seconds = Number(option("soak") ?? 600);
  const session = { licensee: await signIn(ACCOUNTS.licensee), admin: await signIn(ACCOUNTS.admin) };
  const requests = UNCACHED.map((t) => ({
    method: "GET" as const,
    path: t.path,
    headers: {
      ...HEADERS,
      accept: t.accept ?? "text/html",
      cookie: t.as ? session[t.as] : "pc_flash=soak",
    },
  }));
  const rss = () =>
    serverMemory()
      .map((m) => `${m.role} ${m.rssMb.toFixed(0)} MB`)
      .join(", ");
  const started = rss();
  console.log(`
Soak (${SERVER}): ${UNCACHED.length} uncached pages in turn, ${CONNECTIONS} connections, ${seconds} s`);
  console.log(`resident memory once started: ${started}`);
  const t0 = performance.now();
  const ticker = setInterval(
    () => console.log(`  after ${Math.round((performance.now() - t0) / 60_000)} min: ${rss()}`),
    60_000,
  );
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url: base, connections: CONNECTIONS, duration: seconds, requests }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  ).finally(() => clearInterval(ticker));
  console.log(
    `${result.requests.total} requests (${result.requests.average.toFixed(0)}/s), ${result.non2xx} not 2xx, ` +
      `p99 ${result.latency.p99} ms`,
  );
  console.log("\n| process | RSS MB once started | RSS MB after the soak | peak RSS MB |");
  console.log("|---|---:|---:|---:|");
  const first = new Map(started.split(", ").map((s) => [s.split(" ")[0], s.split(" ")[1]]));
  for (const m of serverMemory()) {
    console.log(
      `| ${m.role} (pid ${m.pid}) | ${first.get(m.role) ?? "—"} | ${m.rssMb.toFixed(0)} | ${m.peakMb.toFixed(0)} |`,
    );
  }
}

/** Grows a site's catalog (its server stopped: PGlite admits one process) and answers what it added. */
async function growBenchCatalogue(site: Site): Promise<GrowthCounts> {
  const handle = site.database
    ? await openPostgres(site.database.url, { max: 2 })
    : await openPglite(path.join(site.dataDir, "pglite"));
  try {
    const grown = await growCatalogue(handle.db, { scale: SCALE });
    if (!grown) throw new Error("the bench database's catalog was grown already");
    return grown;
  } finally {
    await handle.close();
  }
}

/** Waits until the site's server answers and every one of its processes listens. */
async function siteUp(site: Site) {
  await waitForHealth(60_000, site.base);
  await site.server.allListening;
}

/**
 * The scale comparison (--scale): the uncached pages and {@link SCALE_PAGES} on two servers side by side, one on the
 * demo catalog and one on a database of its own whose catalog was grown {@link SCALE}-fold (its server restarted after,
 * caches empty), measured turn and turn about, with each server's memory after.
 */
async function scaleComparison() {
  const grownSite = await openSite(PORT + 2);
  await siteUp(grownSite);
  await stopServer(grownSite.server);
  const started = performance.now();
  const grown = await growBenchCatalogue(grownSite);
  const growMs = performance.now() - started;
  grownSite.server = startServer(grownSite.env);
  await siteUp(grownSite);
  const [demo, scaled] = (await uncachedPages([...UNCACHED, ...SCALE_PAGES], [main, grownSite])) as [
    { rows: UncachedRow[]; loginRps: number[] },
    { rows: UncachedRow[]; loginRps: number[] },
  ];
  const demoMemory = serverMemory(main);
  const scaledMemory = serverMemory(grownSite);
  const n = (x: number) => x.toLocaleString("en-US");
  const range = (rps: number[]) => `${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)}`;
  const at = `${SCALE}×`;
  console.log(
    `\nPoundCodes bench, uncached at 1× and ${at} (${SERVER}) — ${CONNECTIONS} connections, ${TURNS} turns of ${TURN_SECONDS}s per target, loopback, gzip`,
  );
  console.log(
    `${at}: ${n(grown.totals.poundCodes)} #Codes (+${n(grown.added.poundCodes)}) with ${n(grown.totals.territoryCategories)} ` +
      `territory × category rows, ${n(grown.totals.vanityNumbers)} vanity numbers (+${n(grown.added.vanityNumbers)}) with ` +
      `${n(grown.totals.territoryVanityNumbers)} territory rows; grown in ${(growMs / 1000).toFixed(1)} s on a database of ` +
      "its own, its server restarted (caches empty) and run beside the 1× one",
  );
  console.log(
    `baseline: uncached GET /login, measured before and after each of a page's ${TURNS} turns (1×: ${range(demo.loginRps)} req/s, ` +
      `${at}: ${range(scaled.loginRps)} req/s); a turn's ratio is to the mean of its two, a page's is the median of its turns ` +
      `(p99: the worst); ${CPU_NOTE}\n`,
  );
  console.log(
    `| page (cache bypassed) | bytes 1× | bytes ${at} | req/s 1× | req/s ${at} | p99 ms 1× | p99 ms ${at} | ` +
      `server CPU ms/req 1× · ${at} | ratio to /login 1× | ratio to /login ${at} | ${at} ratio over 1× |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  demo.rows.forEach((a, i) => {
    const b = scaled.rows[i] as UncachedRow;
    console.log(
      `| ${a.name} | ${a.bytes} | ${b.bytes} | ${a.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${a.p99} | ${b.p99} | ` +
        `${a.cpu.toFixed(2)} · ${b.cpu.toFixed(2)} | ${a.ratio.toFixed(3)} | ${b.ratio.toFixed(3)} | ${(b.ratio / a.ratio).toFixed(2)} |`,
    );
  });
  if (demoMemory.length === 0) {
    console.log("\nServer memory: not measured (needs Linux's /proc).");
    return;
  }
  console.log(`\nServer memory after the run (${SERVER}; each catalog's server)\n`);
  console.log(`| process | RSS MB 1× | peak RSS MB 1× | RSS MB ${at} | peak RSS MB ${at} |`);
  console.log("|---|---:|---:|---:|---:|");
  demoMemory.forEach((a, i) => {
    const b = scaledMemory[i];
    const mb = (x: number | undefined) => (x === undefined ? "—" : x.toFixed(0));
    console.log(`| ${a.role} | ${mb(a.rssMb)} | ${mb(a.peakMb)} | ${mb(b?.rssMb)} | ${mb(b?.peakMb)} |`);
  });
}

async function lighthouse() {
  const run = await loadLighthouse();
  if (!run) {
    console.log(
      "\nLighthouse skipped: the `lighthouse` devDependency is not installed (npm install -D lighthouse@13).",
    );
    return;
  }
  const pages = LIGHTHOUSE_PAGES ? PAGES.filter((p) => LIGHTHOUSE_PAGES.includes(p.path)) : PAGES;
  if (pages.length === 0) throw new Error(`--lighthouse-pages names none of: ${PAGES.map((p) => p.path).join(", ")}`);
  const rows = await auditPages(run, base, pages, LIGHTHOUSE_RUNS).catch((err: Error) => {
    if (!err.message.startsWith("Chromium not found")) throw err;
    console.log(`\nLighthouse skipped: ${err.message}`);
    return null;
  });
  if (!rows) return;
  console.log(
    `\nLighthouse ${LIGHTHOUSE_RUNS > 1 ? `median of ${LIGHTHOUSE_RUNS} runs` : "1 run"} per page — mobile, simulated slow 4G`,
  );
  console.log(
    `budget: performance ≥ ${BUDGET.minPerformance} on every page; JavaScript ≤ ${BUDGET.maxJsKb["/"]} KB on /; ` +
      `accessibility, best practices and SEO 100 on ${BUDGET.perfectOn?.join(", ")}\n`,
  );
  console.log(lighthouseTable(rows, BUDGET));
}

try {
  await siteUp(main);
  if (SCALE > 1) {
    await scaleComparison();
  } else {
    if (!ONLY || ONLY === "throughput") await throughput();
    if (!ONLY || ONLY === "throughput" || ONLY === "uncached") await uncached();
    if (!ONLY || ONLY === "overload") await overload();
    if (!ONLY || ONLY === "throughput" || ONLY === "uncached" || ONLY === "overload") memory();
    if (!ONLY || ONLY === "lighthouse") await lighthouse();
    if (!ONLY || ONLY === "import") console.log(`\n${importTable(await benchPricingImport())}`);
    if (ONLY === "soak") await soak();
    if (!ONLY) await mail();
  }
} finally {
  for (const f of staticFiles) rmSync(f, { force: true });
  bareServer.process?.kill("SIGTERM");
  for (const site of sites) {
    await stopServer(site.server);
    rmSync(site.dataDir, { recursive: true, force: true });
    await site.database?.drop();
  }
}
