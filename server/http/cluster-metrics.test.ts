import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { answerMetricsRequests } from "./cluster-metrics.ts";

/**
 * /metrics with several server processes: this test's process is the supervisor, two forked workers count in
 * registries of their own, and the one asked gets both, each series labeled with its worker's `process`.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

const message = <T>(worker: Worker, pick: (m: unknown) => T | undefined) =>
  new Promise<T>((resolve) => {
    const on = (m: unknown) => {
      const value = pick(m);
      if (value === undefined) return;
      worker.off("message", on);
      resolve(value);
    };
    worker.on("message", on);
  });

describe("metrics across server processes", () => {
  it("any worker answers for every worker, each series labeled with its process", async () => {
    answerMetricsRequests();
    cluster.setupPrimary({ exec: path.join(here, "test-metrics-worker.ts"), execArgv: [], silent: true });
    const workers = [cluster.fork({ SERVED: "3" }), cluster.fork({ SERVED: "5" })];
    try {
      await Promise.all(workers.map((w) => message(w, (m) => (m === "ready" ? true : undefined))));
      const asked = workers[0]!;
      const reply = message(asked, (m) => {
        const r = m as { scraped?: string; failed?: string } | null;
        return r && (r.scraped !== undefined || r.failed !== undefined) ? r : undefined;
      });
      asked.send("scrape");
      const { scraped, failed } = await reply;
      expect(failed).toBeUndefined();
      expect(scraped).toContain(`test_served_total{process="${workers[0]!.id}"} 3`);
      expect(scraped).toContain(`test_served_total{process="${workers[1]!.id}"} 5`);
    } finally {
      for (const w of workers) w.kill();
    }
  }, 20_000);
});
