/** Tests only: a started job runtime on a test database, polling fast, without the platform's schedules. */
import type { TestDb } from "../db/test-utils.ts";
import { createJobRuntime, type JobRuntime, type JobRuntimeOptions } from "./queue.ts";

const quiet = { info() {}, warn() {}, error() {} };

export async function startTestJobs(t: TestDb, opts: Partial<JobRuntimeOptions> = {}): Promise<JobRuntime> {
  const jobs = createJobRuntime(t.db, t.driver, {
    logger: quiet,
    pollingIntervalSeconds: 0.5,
    schedules: false,
    retryDelaySeconds: 1,
    ...opts,
  });
  await jobs.start();
  return jobs;
}
