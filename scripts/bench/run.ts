/**
 * `npm run bench`: starts the production server (fresh embedded database with the demo seed) and measures, in
 * one run, requests/s of dynamic endpoints against a static file of the same size served by the same process.
 * Figures are ratios to that baseline, so they hold across machines. Bounded: each target runs a few seconds,
 * loopback only.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PORT = Number(process.argv.find((a) => a.startsWith("--port="))?.slice(7) ?? 3299);
const DURATION = Number(process.argv.find((a) => a.startsWith("--duration="))?.slice(11) ?? 6);
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
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const staticFiles: string[] = [];
try {
  await waitForHealth();
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
} finally {
  for (const f of staticFiles) rmSync(f, { force: true });
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
