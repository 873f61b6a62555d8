/**
 * Lighthouse (npm `lighthouse` 13, Node API) on Debian's Chromium: mobile emulation with simulated throttling (a
 * mid-range phone on slow 4G), the four categories, the metrics and the JavaScript each page transferred. Each page
 * runs a few times and the run with the median performance score is kept (one run moves by a few points).
 */
import { launchChromium } from "./chromium.ts";

export type LighthousePage = { name: string; path: string };

export type LighthouseRow = LighthousePage &
  (
    | { status: "skipped" | "failed"; note: string }
    | {
        status: "ok";
        scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
        /** Lowest and highest performance score over the runs. */
        performanceRange: [number, number];
        fcpMs: number;
        lcpMs: number;
        tbtMs: number;
        cls: number;
        /** Bytes on the wire (headers included), as Lighthouse counts them, and how many files. */
        jsBytes: number;
        jsFiles: number;
      }
  );

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
  runtimeError?: { code: string; message: string };
};
type RunLighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr } | undefined>;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/**
 * Lighthouse's Node API, or null while the `lighthouse` devDependency is not installed. The module name is held in a
 * variable so that this file typechecks either way.
 */
export async function loadLighthouse(): Promise<RunLighthouse | null> {
  const specifier = "lighthouse";
  try {
    return ((await import(specifier)) as { default: RunLighthouse }).default;
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_MODULE_NOT_FOUND" && String(err).includes(`'${specifier}'`))
      return null;
    throw err;
  }
}

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function summarize(lhr: Lhr) {
  const requests = (lhr.audits["network-requests"]?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  const scripts = requests.filter((r) => r.resourceType === "Script");
  return {
    scores: {
      performance: score(lhr, "performance"),
      accessibility: score(lhr, "accessibility"),
      bestPractices: score(lhr, "best-practices"),
      seo: score(lhr, "seo"),
    },
    fcpMs: metric(lhr, "first-contentful-paint"),
    lcpMs: metric(lhr, "largest-contentful-paint"),
    tbtMs: metric(lhr, "total-blocking-time"),
    cls: metric(lhr, "cumulative-layout-shift"),
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsFiles: scripts.length,
  };
}

/**
 * Audits each page of `base` `runs` times. A page answering 404 is skipped (not built yet); any other non-2xx answer
 * or a Lighthouse runtime error fails that page only.
 */
export async function auditPages(
  lighthouse: RunLighthouse,
  base: string,
  pages: LighthousePage[],
  runs: number,
): Promise<LighthouseRow[]> {
  const chromium = await launchChromium();
  try {
    const rows: LighthouseRow[] = [];
    for (const page of pages) {
      const answer = await fetch(base + page.path, { headers: { accept: "text/html" } });
      await answer.body?.cancel();
      if (answer.status === 404) {
        rows.push({ ...page, status: "skipped", note: "404: not built yet" });
        continue;
      }
      if (!answer.ok) {
        rows.push({ ...page, status: "failed", note: `answered ${answer.status}` });
        continue;
      }
      const results: ReturnType<typeof summarize>[] = [];
      let failure = "";
      // A run Lighthouse itself aborts (e.g. NO_NAVSTART: it could not record the trace) is retried, twice at most.
      for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
        const result = await lighthouse(base + page.path, {
          port: chromium.port,
          hostname: "127.0.0.1",
          logLevel: "error",
          onlyCategories: CATEGORIES,
        });
        if (!result) failure = "no result";
        else if (result.lhr.runtimeError)
          failure = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
        else results.push(summarize(result.lhr));
      }
      if (results.length < runs) {
        rows.push({ ...page, status: "failed", note: failure });
        continue;
      }
      const byPerformance = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
      const median = byPerformance[Math.floor(byPerformance.length / 2)]!;
      rows.push({
        ...page,
        status: "ok",
        ...median,
        performanceRange: [byPerformance[0]!.scores.performance, byPerformance.at(-1)!.scores.performance],
      });
    }
    return rows;
  } finally {
    await chromium.close();
  }
}

export type LighthouseBudget = {
  /** Lowest mobile performance score allowed on every page. */
  minPerformance: number;
  /** Most JavaScript (KB transferred, as Lighthouse counts it) allowed per page path. */
  maxJsKb: Record<string, number>;
  /** Pages held to full marks in the other categories (a firm's landing page is the product it pays for). */
  perfectOn?: string[];
};

/** What a row misses of the budget, or "" when it meets it (or was not measured). */
export function overBudget(row: LighthouseRow, budget: LighthouseBudget): string {
  if (row.status !== "ok") return "";
  const misses: string[] = [];
  if (row.scores.performance < budget.minPerformance) misses.push(`performance < ${budget.minPerformance}`);
  const maxJs = budget.maxJsKb[row.path];
  if (maxJs !== undefined && row.jsBytes / 1024 > maxJs) misses.push(`JS > ${maxJs} KB`);
  if (budget.perfectOn?.includes(row.path)) {
    const { accessibility, bestPractices, seo } = row.scores;
    for (const [name, value] of [
      ["accessibility", accessibility],
      ["best practices", bestPractices],
      ["SEO", seo],
    ] as const) {
      if (value < 100) misses.push(`${name} < 100`);
    }
  }
  return misses.join(", ");
}

/** A Markdown table of the rows. */
export function lighthouseTable(rows: LighthouseRow[], budget: LighthouseBudget): string {
  const lines = [
    "| page | performance (range) | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | CLS | JS KB (files) | budget |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    const page = `${row.name} \`${row.path}\``;
    if (row.status !== "ok") {
      lines.push(`| ${page} | ${row.status}: ${row.note} | | | | | | | | | |`);
      continue;
    }
    const [low, high] = row.performanceRange;
    const range = low === high ? "" : ` (${low}–${high})`;
    lines.push(
      [
        "",
        page,
        `${row.scores.performance}${range}`,
        row.scores.accessibility,
        row.scores.bestPractices,
        row.scores.seo,
        (row.fcpMs / 1000).toFixed(2),
        (row.lcpMs / 1000).toFixed(2),
        row.tbtMs.toFixed(0),
        row.cls.toFixed(3),
        `${(row.jsBytes / 1024).toFixed(1)} (${row.jsFiles})`,
        overBudget(row, budget) || "ok",
        "",
      ]
        .join(" | ")
        .trim(),
    );
  }
  return lines.join("\n");
}
