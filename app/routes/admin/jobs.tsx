/**
 * /admin/jobs, "Background Jobs": every queue with its jobs counted by state, the recent failures with their
 * error and retry count (each with a Retry button, audited), and the schedules with their cron and next run.
 * Read from pg-boss on every load; the Retry button works without JavaScript.
 */
import { ActionAnswerNotice, RowActionForm } from "#app/components/data-table/index.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { AlertTriangle, CalendarClock, CheckCircle2, Clock, Layers } from "#app/components/ui/icons.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { formatDateTime } from "#kernel/format.ts";
import { JOB_LABELS, JOB_RETRIED, jobLabel, retryJobSchema } from "#kernel/schemas/jobs-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import { jobsOverview, retryFailedJob } from "#server/domain/jobs/admin.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = () => [
  { title: "Background Jobs · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const s = services(context);
  const actor = actorFor(areaUser(context), context);
  const overview = await jobsOverview(s.db, s.jobs, actor).catch(throwAsRouteError);
  return { ...overview, checkedAt: new Date().toISOString() };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: retryJobSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      await retryFailedJob(s.db, s.jobs, actor, { queue: value.queue, id: value.id });
      return { ok: true as const, ...JOB_RETRIED };
    },
  });

type Data = Route.ComponentProps["loaderData"];

/** "* * * * *" → "Every minute"; the common shapes in words, anything else as written. */
export function describeCron(cron: string): string {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return cron;
  const [min, hour, dom, mon, dow] = parts;
  const rest = dom === "*" && mon === "*" && dow === "*";
  if (rest && min === "*" && hour === "*") return "Every minute";
  const every = /^\*\/(\d+)$/.exec(min ?? "");
  if (rest && every && hour === "*") return `Every ${every[1]} minutes`;
  if (rest && /^\d+$/.test(min ?? "") && hour === "*") return `Hourly, at ${String(min).padStart(2, "0")} past`;
  if (rest && /^\d+$/.test(min ?? "") && /^\d+$/.test(hour ?? ""))
    return `Daily at ${String(hour).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
  return cron;
}

function Count({ label, value, tone }: { label: string; value: number; tone?: "danger" | "muted" }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd
        className={
          tone === "danger" && value > 0
            ? "text-xl font-semibold text-destructive tabular-nums"
            : "text-xl font-semibold tabular-nums"
        }
      >
        {value}
      </dd>
    </div>
  );
}

function QueueCard({ q }: { q: Data["queues"][number] }) {
  const waiting = q.ready + q.deferred;
  return (
    <Card className="gap-4 py-5" data-testid={`queue-${q.name}`}>
      <CardHeader className="px-5">
        <div className="flex items-start justify-between gap-3">
          <CardTitle as="h3" className="text-base">
            {jobLabel(q.name)}
          </CardTitle>
          {q.failed > 0 ? (
            <Badge variant="destructive">{q.failed} failed</Badge>
          ) : q.active > 0 ? (
            <Badge variant="open">Running</Badge>
          ) : waiting > 0 ? (
            <Badge variant="pending_admin">Waiting</Badge>
          ) : (
            <Badge variant="resolved">Idle</Badge>
          )}
        </div>
        <CardDescription>{JOB_LABELS[q.name]?.description ?? "Background work."}</CardDescription>
        <p className="font-mono text-xs text-muted-foreground">{q.name}</p>
      </CardHeader>
      <CardContent className="mt-auto px-5">
        <dl className="grid grid-cols-3 gap-x-4 gap-y-3">
          <Count label="Ready" value={q.ready} />
          <Count label="Later" value={q.deferred} />
          <Count label="Running" value={q.active} />
          <Count label="Done" value={q.completed} />
          <Count label="Failed" value={q.failed} tone="danger" />
          <Count label="Canceled" value={q.cancelled} />
        </dl>
        <p className="mt-4 text-xs text-muted-foreground">
          {q.lastRunAt ? (
            <>
              Last run <time dateTime={q.lastRunAt}>{formatDateTime(q.lastRunAt)}</time>
            </>
          ) : (
            "Not run yet"
          )}
        </p>
      </CardContent>
    </Card>
  );
}

function SectionTitle({ icon: Icon, children, id }: { icon: typeof Layers; children: string; id: string }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-xl font-semibold tracking-tight">
      <Icon aria-hidden="true" className="size-5 text-gold-500" />
      {children}
    </h2>
  );
}

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { running, queues, failures, schedules, checkedAt } = loaderData;
  return (
    <>
      <PageHeader
        title="Background Jobs"
        subtitle="The work the site does on its own: sending emails, releasing lapsed reservations, housekeeping and newsletters. See what is waiting, what failed and why, and when each scheduled job runs next."
      />
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 pb-24 sm:px-6 lg:px-8">
        {running ? null : (
          <Alert variant="warning">
            <AlertTitle>Background jobs are not running on this server</AlertTitle>
            <p>Nothing is being processed here yet. The counts below fill in once the jobs have started.</p>
          </Alert>
        )}
        <ActionAnswerNotice answer={actionData} />

        <section aria-labelledby="queues-title" className="grid gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <SectionTitle icon={Layers} id="queues-title">
              Queues
            </SectionTitle>
            <p className="text-xs text-muted-foreground">
              As of <time dateTime={checkedAt}>{formatDateTime(checkedAt)}</time>. Finished jobs are kept for 7 days.
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {queues.map((q) => (
              <QueueCard key={q.name} q={q} />
            ))}
          </div>
        </section>

        <section aria-labelledby="failures-title" className="grid gap-4">
          <SectionTitle icon={AlertTriangle} id="failures-title">
            Recent Failures
          </SectionTitle>
          {failures.length === 0 ? (
            <Card className="flex-row items-center gap-3 px-6 py-5">
              <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
              <p className="text-sm">No failed jobs. Every job has run, or is waiting its turn.</p>
            </Card>
          ) : (
            <ul className="grid gap-3">
              {failures.map((f) => (
                <li key={f.id}>
                  <Card className="gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
                    <div className="grid min-w-0 gap-1.5">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="font-semibold">{jobLabel(f.queue)}</h3>
                        <Badge variant="destructive">Failed</Badge>
                      </div>
                      <p className="font-mono text-sm break-words text-destructive">{f.error}</p>
                      <p className="text-xs text-muted-foreground">
                        Tried {f.retryCount + 1} {f.retryCount === 0 ? "time" : "times"} ({f.retryCount}{" "}
                        {f.retryCount === 1 ? "retry" : "retries"} of {f.retryLimit})
                        {f.failedAt ? (
                          <>
                            {" · "}failed <time dateTime={f.failedAt}>{formatDateTime(f.failedAt)}</time>
                          </>
                        ) : null}
                        {" · "}
                        <span className="font-mono">{f.id}</span>
                      </p>
                    </div>
                    <div className="shrink-0">
                      <RowActionForm
                        intent="retry"
                        values={{ queue: f.queue, id: f.id }}
                        context={`the failed ${jobLabel(f.queue).toLowerCase()} job`}
                        pendingLabel="Retrying…"
                      >
                        Retry
                      </RowActionForm>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="schedules-title" className="grid gap-4">
          <SectionTitle icon={CalendarClock} id="schedules-title">
            Schedules
          </SectionTitle>
          {schedules.length === 0 ? (
            <Card className="flex-row items-center gap-3 px-6 py-5">
              <Clock aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <p className="text-sm">No schedules yet: they are installed when background jobs start.</p>
            </Card>
          ) : (
            <>
              {/* Phones: one card per schedule. */}
              <ul className="grid gap-3 sm:hidden">
                {schedules.map((s) => (
                  <li key={s.queue}>
                    <Card className="gap-2 px-5 py-4">
                      <h3 className="font-semibold">{jobLabel(s.queue)}</h3>
                      {s.description ? <p className="text-sm text-muted-foreground">{s.description}</p> : null}
                      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                        <dt className="text-muted-foreground">Runs</dt>
                        <dd>{describeCron(s.cron)}</dd>
                        <dt className="text-muted-foreground">Cron (UTC)</dt>
                        <dd>
                          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{s.cron}</code>
                        </dd>
                        <dt className="text-muted-foreground">Next run</dt>
                        <dd>{s.nextRunAt ? <time dateTime={s.nextRunAt}>{formatDateTime(s.nextRunAt)}</time> : "—"}</dd>
                      </dl>
                    </Card>
                  </li>
                ))}
              </ul>
              <Table label="Scheduled jobs" containerClassName="hidden sm:block">
                <TableHeader>
                  <TableRow>
                    <TableHead>Job</TableHead>
                    <TableHead>Runs</TableHead>
                    <TableHead>Cron (UTC)</TableHead>
                    <TableHead>Next run</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {schedules.map((s) => (
                    <TableRow key={`${s.queue}`}>
                      <TableCell>
                        <div className="font-medium">{jobLabel(s.queue)}</div>
                        {s.description ? <div className="text-xs text-muted-foreground">{s.description}</div> : null}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{describeCron(s.cron)}</TableCell>
                      <TableCell>
                        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs whitespace-nowrap">
                          {s.cron}
                        </code>
                        {s.timezone !== "UTC" ? <span className="ml-2 text-xs">{s.timezone}</span> : null}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {s.nextRunAt ? <time dateTime={s.nextRunAt}>{formatDateTime(s.nextRunAt)}</time> : "—"}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </section>
      </div>
    </>
  );
}
