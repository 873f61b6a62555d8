/**
 * The Background Jobs screen's read model and its one write: every queue with its jobs counted by state, the
 * recent failures with their error and retry count, the schedules with their cron and next run, and retrying a
 * failed job (audited, in one transaction with the retry). Reads pg-boss's own tables (live counts; pg-boss's
 * cached queue statistics lag by up to a minute) and uses pg-boss's API for schedules and the retry.
 */
import { sql } from "drizzle-orm";
import { JOB_NOT_FAILED, JOB_NOT_FOUND, JOBS_NOT_RUNNING } from "#kernel/schemas/jobs-admin.ts";
import type { Database } from "#server/db/client.ts";
import { JOB_NAMES, JOB_SCHEDULES, JOBS_SCHEMA, type JobRuntime } from "#server/jobs/queue.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { DomainError, NotFoundError } from "../errors.ts";

/** What the screen needs of the job runtime. */
export type JobsSource = Pick<JobRuntime, "boss" | "dbOf" | "started">;

export const JOB_STATES = ["created", "retry", "active", "completed", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

export type QueueSummary = {
  name: string;
  /** Waiting to run now (created or retry, due). */
  ready: number;
  /** Waiting for a later time (a delayed job or a retry's backoff). */
  deferred: number;
  active: number;
  completed: number;
  failed: number;
  cancelled: number;
  lastRunAt: string | null;
};

export type FailedJob = {
  id: string;
  queue: string;
  error: string;
  /** Attempts after the first. */
  retryCount: number;
  retryLimit: number;
  failedAt: string | null;
  createdAt: string;
};

export type ScheduleSummary = {
  queue: string;
  cron: string;
  timezone: string;
  description: string | null;
  nextRunAt: string | null;
};

export type JobsOverview = {
  running: boolean;
  queues: QueueSummary[];
  failures: FailedJob[];
  schedules: ScheduleSummary[];
};

/** How many failures the screen lists (newest first). */
export const FAILURES_SHOWN = 25;

async function installed(db: Database): Promise<boolean> {
  const r = await db.execute<{ t: string | null }>(sql`select to_regclass(${`${JOBS_SCHEMA}.job`})::text as t`);
  return r.rows[0]?.t != null;
}

/** The error a failed job recorded (pg-boss stores the thrown error, serialized, as its output). */
export function errorOf(output: unknown): string {
  if (output && typeof output === "object") {
    const o = output as { message?: unknown; value?: unknown };
    if (typeof o.message === "string" && o.message) return o.message;
    if (o.value !== undefined) return String(o.value);
    return JSON.stringify(output);
  }
  return output == null ? "No error was recorded." : String(output);
}

export async function jobsOverview(db: Database, jobs: JobsSource, actor: Actor): Promise<JobsOverview> {
  assertAdmin(actor);
  if (!(await installed(db))) {
    return { running: false, queues: JOB_NAMES.map((name) => emptyQueue(name)), failures: [], schedules: [] };
  }
  const job = sql.raw(`${JOBS_SCHEMA}.job`);
  const counts = await db.execute<{
    name: string;
    ready: number;
    deferred: number;
    active: number;
    completed: number;
    failed: number;
    cancelled: number;
    last_run: Date | string | null;
  }>(sql`
    select name,
      count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
      count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
      count(*) filter (where state = 'active')::int as active,
      count(*) filter (where state = 'completed')::int as completed,
      count(*) filter (where state = 'failed')::int as failed,
      count(*) filter (where state = 'cancelled')::int as cancelled,
      max(started_on) as last_run
    from ${job}
    group by name`);
  const byName = new Map(counts.rows.map((r) => [r.name, r]));
  const names = [...JOB_NAMES, ...[...byName.keys()].filter((n) => !(JOB_NAMES as readonly string[]).includes(n))];
  const queues = names
    .filter((n) => !n.startsWith("__"))
    .map((name): QueueSummary => {
      const r = byName.get(name);
      if (!r) return emptyQueue(name);
      return {
        name,
        ready: r.ready,
        deferred: r.deferred,
        active: r.active,
        completed: r.completed,
        failed: r.failed,
        cancelled: r.cancelled,
        lastRunAt: r.last_run ? new Date(r.last_run).toISOString() : null,
      };
    });

  const failed = await db.execute<{
    id: string;
    name: string;
    output: unknown;
    retry_count: number;
    retry_limit: number;
    completed_on: Date | string | null;
    created_on: Date | string;
  }>(sql`
    select id, name, output, retry_count, retry_limit, completed_on, created_on
    from ${job}
    where state = 'failed' and name not like '\\_\\_%'
    order by completed_on desc nulls last, created_on desc, id
    limit ${FAILURES_SHOWN}`);
  const failures = failed.rows.map(
    (r): FailedJob => ({
      id: r.id,
      queue: r.name,
      error: errorOf(r.output),
      retryCount: r.retry_count,
      retryLimit: r.retry_limit,
      failedAt: r.completed_on ? new Date(r.completed_on).toISOString() : null,
      createdAt: new Date(r.created_on).toISOString(),
    }),
  );

  const described = new Map(JOB_SCHEDULES.map((s) => [s.name as string, s.description]));
  const stored = jobs.started ? await jobs.boss.getSchedules() : [];
  const schedules = stored
    .map((s): ScheduleSummary => {
      let nextRunAt: string | null = null;
      try {
        nextRunAt = jobs.boss.previewSchedule(s.cron, { tz: s.timezone, count: 1 })[0]?.toISOString() ?? null;
      } catch {
        nextRunAt = null;
      }
      return {
        queue: s.name,
        cron: s.cron,
        timezone: s.timezone,
        description: described.get(s.name) ?? null,
        nextRunAt,
      };
    })
    .sort((a, b) => a.queue.localeCompare(b.queue));

  return { running: jobs.started, queues, failures, schedules };
}

function emptyQueue(name: string): QueueSummary {
  return { name, ready: 0, deferred: 0, active: 0, completed: 0, failed: 0, cancelled: 0, lastRunAt: null };
}

/** Sends a failed job back to its queue to run again, and audits it. */
export async function retryFailedJob(
  db: Database,
  jobs: JobsSource,
  actor: Actor,
  input: { queue: string; id: string },
): Promise<void> {
  assertAdmin(actor);
  if (!jobs.started) throw new DomainError({ code: "jobs_not_running", status: 503, ...JOBS_NOT_RUNNING });
  const notFound = () => new NotFoundError("job_not_found", JOB_NOT_FOUND.title, JOB_NOT_FOUND.message);
  if (!(JOB_NAMES as readonly string[]).includes(input.queue)) throw notFound();
  await db.transaction(async (tx) => {
    const found = await tx.execute<{ state: string; retry_count: number; output: unknown }>(sql`
      select state::text as state, retry_count, output from ${sql.raw(`${JOBS_SCHEMA}.job`)}
      where name = ${input.queue} and id = ${input.id}
      for update`);
    const job = found.rows[0];
    if (!job) throw notFound();
    if (job.state !== "failed") throw new DomainError({ code: "job_not_failed", status: 409, ...JOB_NOT_FAILED });
    const r = await jobs.boss.retry(input.queue, input.id, { db: jobs.dbOf(tx) });
    if (!(r as { affected?: number }).affected)
      throw new DomainError({ code: "job_not_failed", status: 409, ...JOB_NOT_FAILED });
    await recordAudit(tx, actor, {
      action: "job.retry",
      entityType: "job",
      entityId: input.id,
      details: { queue: input.queue, error: errorOf(job.output), retryCount: job.retry_count },
    });
  });
}
