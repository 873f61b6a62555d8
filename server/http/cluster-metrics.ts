/**
 * /metrics with several server processes (WEB_CONCURRENCY): a worker asked for it answers for every worker. It asks
 * the supervisor, which gathers each worker's own metrics through prom-client's cluster support (each series
 * carries its worker's `process` label, so nothing is summed away) and hands them back. Kept apart from
 * ./metrics.ts so the supervisor loads prom-client alone, not the database code.
 */
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, type Registry } from "prom-client";

/** How long a worker waits for the supervisor's gathering of every process's metrics. */
const CLUSTER_TIMEOUT_MS = 5_000;

const METRICS_REQUEST = "poundcodes:metrics-request";
const METRICS_REPLY = "poundcodes:metrics-reply";
type MetricsReply = { type: typeof METRICS_REPLY; id: string; text?: string; error?: string };

/**
 * In a worker: label every series of `registry` with this worker's `process`, and answer the supervisor's requests
 * for this worker's own metrics with them.
 */
export function reportToSupervisor(registry: Registry): void {
  if (cluster.worker) registry.setDefaultLabels({ process: String(cluster.worker.id) });
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's listener for the supervisor's requests (once per process).
  new AggregatorRegistry();
}

/** In a worker: every process's metrics, gathered by the supervisor. */
export function allProcessesMetrics(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      const reply = m as Partial<MetricsReply> | null;
      if (reply?.type !== METRICS_REPLY || reply.id !== id) return;
      done();
      if (typeof reply.text === "string") resolve(reply.text);
      else reject(new Error(reply.error ?? "no metrics"));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error("the supervisor did not answer with the metrics in time"));
    }, CLUSTER_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      process.off("message", onMessage);
    };
    process.on("message", onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

/**
 * In the supervisor (server/cluster.ts): answers a worker's request for every process's metrics with prom-client's
 * gathering of each worker's own (series kept apart by their `process` label; figures of the whole database, such
 * as the outbox's, are the largest any process reports).
 */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, m: unknown) => {
    const request = m as { type?: unknown; id?: unknown } | null;
    if (request?.type !== METRICS_REQUEST || typeof request.id !== "string") return;
    const id = request.id;
    const reply = (r: Omit<MetricsReply, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: METRICS_REPLY, id, ...r });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: Error) => reply({ error: err.message }),
    );
  });
}
