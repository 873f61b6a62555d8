/**
 * Tests only: a cluster worker for cluster-metrics.test.ts. It counts `SERVED` in a registry of its own, reports it to
 * the supervisor, and when told "scrape" asks for every worker's metrics as a worker asked for /metrics does.
 */
import { Counter, Registry } from "prom-client";
import { allProcessesMetrics, reportToSupervisor } from "./cluster-metrics.ts";

const registry = new Registry();
new Counter({ name: "test_served_total", help: "Requests this worker served", registers: [registry] }).inc(
  Number(process.env.SERVED ?? 1),
);
reportToSupervisor(registry);
process.on("message", (m: unknown) => {
  if (m !== "scrape") return;
  allProcessesMetrics().then(
    (text) => process.send?.({ scraped: text }),
    (err: Error) => process.send?.({ failed: err.message }),
  );
});
process.send?.("ready");
