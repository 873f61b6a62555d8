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
 * Loopback only. Options: --port=3299, --duration=6 (s per throughput target), --lighthouse-runs=3 (median kept),
 * --only=throughput | --only=lighthouse | --only=import.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  auditPages,
  type LighthouseBudget,
  type LighthousePage,
  lighthouseTable,
  loadLighthouse,
} from "./lighthouse.ts";
import { benchPricingImport, importTable } from "./pricing-import.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const PORT = Number(option("port") ?? 3299);
const DURATION = Number(option("duration") ?? 6);
const LIGHTHOUSE_RUNS = Number(option("lighthouse-runs") ?? 3);
const ONLY = option("only");
const CONNECTIONS = 32;
const base = `http://127.0.0.1:${PORT}`;

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
 * The pages Lighthouse audits. The blog post and the landing page are the demo seed's; a page that answers 404 is
 * reported as skipped.
 */
export const PAGES: LighthousePage[] = [
  { name: "home", path: "/" },
  { name: "all numbers", path: "/all-numbers" },
  { name: "number", path: "/number/hash-4law" },
  { name: "blog", path: "/blog" },
  { name: "blog post", path: "/blog/planning-your-first-pound-code-campaign" },
  { name: "landing page", path: "/p/4law/georgia" },
];

/** Mobile performance ≥ 95 on every page; at most 160 KB of JavaScript transferred on the home page. */
export const BUDGET: LighthouseBudget = { minPerformance: 95, maxJsKb: { "/": 160 } };

const HEADERS = { "accept-encoding": "gzip", accept: "text/html,application/json;q=0.9,*/*;q=0.8" };

async function waitForHealth(timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const r = await fetch(`${base}/api/health`);
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
  opts: { duration?: number; amount?: number; connections?: number },
) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const limit = opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? DURATION };
    autocannon({ url, headers, connections: opts.connections ?? CONNECTIONS, ...limit }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

async function measure(p: string, accept: string) {
  const headers = { ...HEADERS, accept };
  await run(base + p, headers, { amount: 200, connections: 8 }); // warm-up (JIT, caches)
  return run(base + p, headers, { duration: DURATION });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "pc-bench-"));
const server = spawn(process.execPath, [path.join(root, "server/main.ts")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    // As deployed: production pages (indexable, HSTS), which need their public URL and a secret.
    NODE_ENV: "production",
    PUBLIC_URL: base,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const staticFiles: string[] = [];

async function throughput() {
  const rows: { name: string; bytes: number; rps: number; p99: number; baseRps: number; ratio: number }[] = [];
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
  console.log(`\nPoundCodes bench — ${CONNECTIONS} connections, ${DURATION}s per target, loopback, gzip\n`);
  console.log("| target | bytes | req/s | p99 ms | static same size req/s | ratio (dynamic/static) |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.bytes} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.baseRps.toFixed(0)} | ${r.ratio.toFixed(3)} |`,
    );
  }
}

async function lighthouse() {
  const run = await loadLighthouse();
  if (!run) {
    console.log(
      "\nLighthouse skipped: the `lighthouse` devDependency is not installed (npm install -D lighthouse@13).",
    );
    return;
  }
  const rows = await auditPages(run, base, PAGES, LIGHTHOUSE_RUNS).catch((err: Error) => {
    if (!err.message.startsWith("Chromium not found")) throw err;
    console.log(`\nLighthouse skipped: ${err.message}`);
    return null;
  });
  if (!rows) return;
  console.log(
    `\nLighthouse ${LIGHTHOUSE_RUNS > 1 ? `median of ${LIGHTHOUSE_RUNS} runs` : "1 run"} per page — mobile, simulated slow 4G`,
  );
  console.log(
    `budget: performance ≥ ${BUDGET.minPerformance} on every page; JavaScript ≤ ${BUDGET.maxJsKb["/"]} KB on /\n`,
  );
  console.log(lighthouseTable(rows, BUDGET));
}

try {
  await waitForHealth();
  if (!ONLY || ONLY === "throughput") await throughput();
  if (!ONLY || ONLY === "lighthouse") await lighthouse();
  if (!ONLY || ONLY === "import") console.log(`\n${importTable(await benchPricingImport())}`);
} finally {
  for (const f of staticFiles) rmSync(f, { force: true });
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
