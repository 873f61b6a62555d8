/**
 * /admin/dynamic-pages/{pageId}: one landing page with every field (spec 1 "Licensee landing page"), a link to the
 * public page, and delete with the list kit's confirmation. Saving redirects back with a toast (works without
 * JavaScript) and drops the cached public pages; a refused field keeps what was typed.
 */
import type { SubmissionResult } from "@conform-to/react";
import { isRouteErrorResponse, Link } from "react-router";
import { z } from "zod";
import { ActionAnswerNotice } from "#app/components/data-table/action-answer.tsx";
import { ConfirmDeleteButton, DeleteConfirmationHost } from "#app/components/data-table/confirm-delete.tsx";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { DynamicPageForm, pageFormValues } from "#app/components/dynamic-pages/page-form.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { ArrowLeft, ExternalLink } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { formatDateTime } from "#kernel/format.ts";
import { REQUIRED_PAGE_CONTENT } from "#kernel/landing-view.ts";
import { DYNAMIC_PAGES_TEXT, deletePageSchema, savePageSchema } from "#kernel/schemas/dynamic-pages.ts";
import { areaUser } from "#server/auth/guards.ts";
import { deleteDynamicPage, getDynamicPageForAdmin, updateDynamicPage } from "#server/domain/landing-pages/admin.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/dynamic-page";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  areaMeta(
    loaderData ? `${loaderData.page.poundCode} in ${loaderData.page.territory.name}` : "Landing page",
    "Dynamic Pages",
    "Admin",
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!UUID.test(params.pageId)) throw new Response(DYNAMIC_PAGES_TEXT.notFound, { status: 404 });
  const page = await getDynamicPageForAdmin(
    services(context).db,
    actorFor(areaUser(context), context),
    params.pageId,
  ).catch(throwAsRouteError);
  const { createdAt, updatedAt, ...rest } = page;
  return { page: { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() } };
}

const actionSchema = z.discriminatedUnion("intent", [savePageSchema, deletePageSchema]);

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    run: async (value, { s, actor }) => {
      const id = args.params.pageId;
      if (value.intent === "delete-page") {
        const gone = await deleteDynamicPage(s.db, actor, { id });
        const done = DYNAMIC_PAGES_TEXT.deleted(gone.name);
        // Back to the list (the confirmation's fetcher follows the redirect), with the answer as a toast.
        return redirectWithToast(s.config, "/admin/dynamic-pages", {
          type: "success",
          title: done.title,
          description: done.message,
        });
      }
      const { intent: _intent, ...content } = value;
      const saved = await updateDynamicPage(s.db, actor, { id, ...content });
      const answer = saved.changed.length
        ? DYNAMIC_PAGES_TEXT.updated(saved.name)
        : DYNAMIC_PAGES_TEXT.unchanged(saved.name);
      return redirectWithToast(s.config, `/admin/dynamic-pages/${id}`, {
        type: "success",
        title: answer.title,
        description: answer.message,
      });
    },
  });

export default function AdminDynamicPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const action = `/admin/dynamic-pages/${page.id}`;
  const name = `${page.poundCode} in ${page.territory.name}`;
  const answer = actionData && "title" in actionData && actionData.ok ? actionData : null;
  const refusal =
    actionData && "ok" in actionData && actionData.ok === false && actionData.code !== "invalid_input"
      ? actionData
      : null;
  const lastResult =
    actionData && "result" in actionData ? (actionData.result as SubmissionResult<string[]> | undefined) : undefined;
  return (
    <>
      <PageHeader
        title={name}
        subtitle={
          page.licensee
            ? `${page.licensee.name} · ${page.licensee.email}`
            : "No licensee: the page is not shown to visitors."
        }
      >
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <Link
            to="/admin/dynamic-pages"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-white/90 hover:text-white"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> All landing pages
          </Link>
          {page.isPublic ? (
            <a
              href={page.path}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-sm font-medium text-gold-300 hover:text-gold-200"
            >
              <ExternalLink aria-hidden="true" className="size-4" /> View public page
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : page.licensee ? (
            <span className="text-sm text-white/80">
              Not public yet: it needs {page.missing.map((m) => REQUIRED_PAGE_CONTENT[m].toLowerCase()).join(", ")}
            </span>
          ) : (
            // A page no licensee holds (its license ended) is not published.
            <span className="text-sm text-white/80">Not published: no licensee holds it</span>
          )}
        </div>
      </PageHeader>
      <DeleteConfirmationHost action={action}>
        <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
          <ActionAnswerNotice answer={answer ?? refusal} />
          {page.pendingRevisionId ? (
            <Alert variant="warning">
              <AlertTitle>Changes from the licensee are waiting for approval</AlertTitle>
              <p>
                Review them in{" "}
                <Link to="/admin/content-approval" className="font-medium underline underline-offset-4">
                  Content Approval
                </Link>
                . Approving applies only the fields they changed.
              </p>
            </Alert>
          ) : null}
          <p className="text-sm text-muted-foreground">
            Public address <span className="font-medium text-foreground">{page.path}</span> · last saved{" "}
            <time dateTime={page.updatedAt}>{formatDateTime(page.updatedAt)}</time>
          </p>
          <DynamicPageForm
            key={page.updatedAt}
            action={action}
            defaults={pageFormValues(page.content)}
            lastResult={lastResult}
          />
          <section
            aria-labelledby="danger-heading"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/30 p-5"
          >
            <div>
              <h2 id="danger-heading" className="font-semibold">
                Delete this page
              </h2>
              <p className="text-sm text-muted-foreground">{DYNAMIC_PAGES_TEXT.deleteWarning}</p>
            </div>
            <ConfirmDeleteButton
              intent="delete-page"
              id={page.id}
              itemName={name}
              title={`Delete the page for ${name}?`}
              warning={DYNAMIC_PAGES_TEXT.deleteWarning}
            />
          </section>
        </div>
      </DeleteConfirmationHost>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <LoadError
      title={DYNAMIC_PAGES_TEXT.errorFetching}
      message={notFound ? DYNAMIC_PAGES_TEXT.notFound : undefined}
      back={{ to: "/admin/dynamic-pages", label: "All landing pages" }}
    />
  );
}
