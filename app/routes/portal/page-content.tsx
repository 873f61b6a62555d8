/**
 * /dashboard/page-content: the signed-in licensee's landing pages (read through their own licensee record), with a
 * form for each page's text. Changes are proposals: they go live once an administrator approves them at
 * /admin/content-approval. The page shows the proposal waiting ('Waiting for approval') and the last review's
 * decision and note; without an active licence for the page's #Code and territory it says why it cannot be edited.
 */
import type { SubmissionResult } from "@conform-to/react";
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { type ProposalDefaults, ProposalForm } from "#app/components/dynamic-pages/proposal-form.tsx";
import { textFormValues } from "#app/components/dynamic-pages/text-fields.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatDateTime } from "#kernel/format.ts";
import { PAGE_CONTENT_TEXT, proposePageSchema } from "#kernel/schemas/dynamic-pages.ts";
import { areaUser } from "#server/auth/guards.ts";
import { listOwnPages, proposePageChanges } from "#server/domain/landing-pages/revisions.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/page-content";

const PATH = "/dashboard/page-content";

export const meta: Route.MetaFunction = () => [
  { title: `${PAGE_CONTENT_TEXT.pageTitle} · PoundCodes` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const pages = await listOwnPages(services(context).db, actorFor(areaUser(context), context)).catch(throwAsRouteError);
  return {
    pages:
      pages?.map((p) => ({
        ...p,
        pending: p.pending ? { ...p.pending, submittedAt: p.pending.submittedAt.toISOString() } : null,
        lastReview: p.lastReview ? { ...p.lastReview, reviewedAt: p.lastReview.reviewedAt.toISOString() } : null,
      })) ?? null,
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: proposePageSchema,
    run: async (value, { s, actor }) => {
      const { intent: _intent, ...input } = value;
      const r = await proposePageChanges(s.db, actor, input, {
        publicUrl: s.config.publicUrl,
        deskEmail: s.config.supportEmail,
      });
      const done = r.replaced ? PAGE_CONTENT_TEXT.replaced : PAGE_CONTENT_TEXT.submitted;
      return redirectWithToast(s.config, `${PATH}#page-${input.pageId}`, {
        type: "success",
        title: done.title,
        description: done.message,
      });
    },
  });

type OwnPage = NonNullable<Route.ComponentProps["loaderData"]["pages"]>[number];

function PageCard({ page, actionData }: { page: OwnPage; actionData: Route.ComponentProps["actionData"] }) {
  const sent = actionData && "result" in actionData ? actionData.result : undefined;
  const mine = (sent?.initialValue as Record<string, unknown> | undefined)?.pageId === page.id;
  const defaults: ProposalDefaults = textFormValues({ ...page.current, ...page.pending?.changes });
  return (
    <Card id={`page-${page.id}`} className="scroll-mt-24 gap-5">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CardTitle as="h2">{page.name}</CardTitle>
          {page.pending ? (
            <Badge variant="pending_admin">{PAGE_CONTENT_TEXT.waiting}</Badge>
          ) : page.editable ? null : (
            <Badge variant="closed">Not editable</Badge>
          )}
        </div>
        <a
          href={page.path}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium underline-offset-4 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="size-4" /> View your page ({page.path})
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </CardHeader>
      <CardContent className="grid gap-5">
        {page.pending ? (
          <Alert variant="warning">
            <AlertTitle>{PAGE_CONTENT_TEXT.waiting}</AlertTitle>
            <AlertDescription>
              You submitted changes on{" "}
              <time dateTime={page.pending.submittedAt}>{formatDateTime(page.pending.submittedAt)}</time>. Your page
              shows its current text until they are approved. The form below holds your submitted changes.
            </AlertDescription>
          </Alert>
        ) : null}
        {page.lastReview ? (
          <div
            className="grid gap-1 rounded-lg border border-border bg-muted/40 px-4 py-3 text-sm"
            data-last-review={page.lastReview.status}
          >
            <p className="font-medium">
              {PAGE_CONTENT_TEXT.lastReview}:{" "}
              {page.lastReview.status === "approved" ? "changes approved" : "changes not approved"} on{" "}
              <time dateTime={page.lastReview.reviewedAt}>{formatDateTime(page.lastReview.reviewedAt)}</time>
            </p>
            {page.lastReview.note ? <p className="whitespace-pre-wrap">{page.lastReview.note}</p> : null}
          </div>
        ) : null}
        {page.editable ? (
          <ProposalForm
            key={`${page.id}-${page.pending?.submittedAt ?? "none"}`}
            pageId={page.id}
            pageName={page.name}
            defaults={defaults}
            replacing={Boolean(page.pending)}
            lastResult={mine ? (sent as SubmissionResult<string[]>) : undefined}
          />
        ) : (
          <Alert>
            <AlertTitle>You cannot edit this page</AlertTitle>
            <AlertDescription>
              {PAGE_CONTENT_TEXT.noLicence}{" "}
              <Link to="/dashboard/support-tickets" className="font-medium underline underline-offset-4">
                Open a support ticket
              </Link>
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

export default function PageContent({ loaderData, actionData }: Route.ComponentProps) {
  const { pages } = loaderData;
  return (
    <>
      <PageHeader title={PAGE_CONTENT_TEXT.pageTitle} subtitle={PAGE_CONTENT_TEXT.subtitle} />
      <div className="mx-auto grid w-full max-w-4xl gap-8 px-4 pb-24 sm:px-6">
        {pages === null ? (
          <Alert>
            <AlertTitle>{PAGE_CONTENT_TEXT.noLicensee}</AlertTitle>
            <AlertDescription>
              {PAGE_CONTENT_TEXT.noLicenseeMessage}{" "}
              <Link to="/dashboard/profile" className="font-medium underline underline-offset-4">
                Go to your profile
              </Link>
            </AlertDescription>
          </Alert>
        ) : pages.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border px-5 py-8 text-center text-muted-foreground">
            {PAGE_CONTENT_TEXT.noPages}
          </p>
        ) : (
          pages.map((p) => <PageCard key={p.id} page={p} actionData={actionData} />)
        )}
      </div>
    </>
  );
}
