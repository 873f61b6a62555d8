/**
 * For server/cluster.test.ts: the supervisor of server/cluster.ts over stand-in workers. Each worker counts its start
 * in `FIXTURE_DIR/starts`, then does what `FIXTURE_MODE` says:
 * - `unavailable`: the first `FIXTURE_UNAVAILABLE` starts exit at once with the code of a process that found the
 *   database unavailable while it started; later ones listen;
 * - `crash`: listen, then exit 1 shortly after (a crash loop).
 */
import cluster from "node:cluster";
import { appendFileSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { supervise } from "#server/cluster.ts";
import { DATABASE_UNAVAILABLE_EXIT_CODE } from "#server/db/availability.ts";
import { createLogger } from "#server/logger.ts";

const dir = process.env.FIXTURE_DIR ?? ".";
if (cluster.isPrimary) {
  supervise({ processes: 2, logger: createLogger("info"), restartDelayMs: 20, stopTimeoutMs: 5_000 });
} else {
  const file = path.join(dir, "starts");
  appendFileSync(file, "x");
  const starts = readFileSync(file, "utf8").length;
  if (process.env.FIXTURE_MODE === "unavailable" && starts <= Number(process.env.FIXTURE_UNAVAILABLE ?? 0)) {
    process.exit(DATABASE_UNAVAILABLE_EXIT_CODE);
  }
  const server = createServer((_req, res) => res.end("ok"));
  server.listen(0, "127.0.0.1", () => {
    if (process.env.FIXTURE_MODE === "crash") setTimeout(() => process.exit(1), 100);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
