/**
 * /admin/newsletter/campaigns/:campaignId: one newsletter's delivery. The progress (sent, failed, bounced, waiting)
 * updates live while it sends, from a small endpoint polled while the tab is visible; the addresses that did not
 * get it are listed with the mail server's answer, as are those waiting for a retry; below, the issue as sent.
 */
import { isRouteErrorResponse, Link } from "react-router";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { CampaignStatusBadge } from "#app/components/newsletter-admin/campaign-status.tsx";
import { IssuePreview } from "#app/components/newsletter-admin/issue-preview.tsx";
import { useCampaignProgress } from "#app/components/newsletter-admin/use-campaign-progress.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ArrowLeft, CircleAlert, CircleCheck, Clock, MailX } from "#app/components/ui/icons.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { formatDateTime } from "#kernel/format.ts";
import { areaUser } from "#server/auth/guards.ts";
import { getCampaign } from "#server/domain/newsletter/admin.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/newsletter-campaign";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  areaMeta(loaderData?.subject ?? "Newsletter", "Newsletter", "Admin");

export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = actorFor(areaUser(context), context);
  const c = await getCampaign(services(context).db, actor, params.campaignId).catch(throwAsRouteError);
  return {
    id: c.id,
    subject: c.subject,
    contentHtml: c.contentHtml,
    createdAt: c.createdAt.toISOString(),
    progress: c.progress,
    problems: c.problems.map((p) => ({ ...p, updatedAt: p.updatedAt.toISOString() })),
  };
}

const PROBLEM_LABEL = { failed: "Failed", bounced: "Bounced", pending: "Retrying" } as const;
const PROBLEM_VARIANT = { failed: "destructive", bounced: "licensed", pending: "pending_admin" } as const;

function Figure({ label, value, icon }: { label: string; value: number; icon: React.ReactNode }) {
  return (
    <div className="grid gap-1 rounded-lg border border-border bg-background px-4 py-3">
      <dt className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {icon}
        {label}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

export default function AdminNewsletterCampaign({ loaderData }: Route.ComponentProps) {
  const { id, subject, contentHtml, createdAt, problems } = loaderData;
  const progress = useCampaignProgress(`/admin/newsletter/campaigns/${id}/progress`, loaderData.progress);
  const finished = progress.sent + progress.failed + progress.bounced;
  const percent = progress.recipients > 0 ? Math.round((finished / progress.recipients) * 100) : 0;
  const failures = problems.filter((p) => p.status !== "pending");
  const retrying = problems.filter((p) => p.status === "pending");
  return (
    <>
      <PageHeader title={subject} subtitle={`Newsletter created ${formatDateTime(createdAt)}.`}>
        <Link
          to="/admin/newsletter"
          className="inline-flex items-center gap-1.5 text-sm font-medium underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          All newsletters
        </Link>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-8 px-4 pb-24 sm:px-6 lg:px-8">
        <Card>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1.5">
              <CardTitle as="h2" className="text-xl">
                Delivery
              </CardTitle>
              <CardDescription>
                {progress.status === "sending"
                  ? "Sending in batches; this updates by itself."
                  : progress.status === "sent"
                    ? `Finished ${progress.sentAt ? formatDateTime(progress.sentAt) : ""}.`
                    : "Not sent yet."}
              </CardDescription>
            </div>
            <CampaignStatusBadge status={progress.status} />
          </CardHeader>
          <CardContent className="grid gap-6">
            <div className="grid gap-2">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span id="delivery-progress-label" className="font-medium">
                  {finished.toLocaleString("en-US")} of {progress.recipients.toLocaleString("en-US")} processed
                </span>
                <span className="tabular-nums text-muted-foreground">{percent}%</span>
              </div>
              <div
                role="progressbar"
                aria-labelledby="delivery-progress-label"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-3 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full rounded-full bg-accent transition-[width] duration-500"
                  style={{ width: `${percent}%` }}
                />
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-live="polite" data-testid="campaign-counts">
              <Figure
                label="Sent"
                value={progress.sent}
                icon={<CircleCheck className="size-3.5" aria-hidden="true" />}
              />
              <Figure
                label="Failed"
                value={progress.failed}
                icon={<CircleAlert className="size-3.5" aria-hidden="true" />}
              />
              <Figure
                label="Bounced"
                value={progress.bounced}
                icon={<MailX className="size-3.5" aria-hidden="true" />}
              />
              <Figure
                label="Waiting"
                value={progress.pending}
                icon={<Clock className="size-3.5" aria-hidden="true" />}
              />
            </dl>
          </CardContent>
        </Card>

        <section aria-labelledby="failures-heading" className="grid gap-4">
          <h2 id="failures-heading" className="text-xl font-semibold tracking-tight">
            Not delivered
          </h2>
          {failures.length === 0 && retrying.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-6 text-sm text-muted-foreground">
              {progress.status === "sent" ? "Every address received this newsletter." : "No failures so far."}
            </p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-border bg-card">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Email</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Attempts</TableHead>
                    <TableHead>Mail server's answer</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {[...failures, ...retrying].map((p) => (
                    <TableRow key={p.id}>
                      <TableCell className="break-all">{p.email}</TableCell>
                      <TableCell>
                        <Badge variant={PROBLEM_VARIANT[p.status]}>{PROBLEM_LABEL[p.status]}</Badge>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{p.attempts}</TableCell>
                      <TableCell className="max-w-md text-sm break-words text-muted-foreground">
                        {p.lastError ?? "—"}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </section>

        <section aria-labelledby="issue-heading" className="grid gap-4">
          <h2 id="issue-heading" className="text-xl font-semibold tracking-tight">
            The issue
          </h2>
          <IssuePreview subject={subject} html={contentHtml} />
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <LoadError
      title={notFound ? "Newsletter not found" : "Error fetching newsletter"}
      message={notFound ? "This newsletter does not exist." : undefined}
      back={{ to: "/admin/newsletter", label: "Back to the newsletter" }}
    />
  );
}
