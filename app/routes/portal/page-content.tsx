/**
 * /dashboard/page-content: the signed-in firm's landing pages (read through its own licensee record), each with an
 * editor of every field, its logo upload and a live preview at phone and desktop widths. Whether changes wait for an
 * administrator (/admin/content-approval) is LANDING_PAGE_APPROVAL: with approval required the page shows the
 * proposal waiting ('Waiting for approval') and the last review's decision and note; with it off, changes go live
 * when published. A page lacking its required content is marked "Not public yet" with what it needs. Without an
 * active license for the page's #Code and territory the page says why it cannot be edited.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { pageFormValues } from "#app/components/dynamic-pages/page-fields.tsx";
import { ProposalForm } from "#app/components/dynamic-pages/proposal-form.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { ExternalLink } from "#app/components/ui/icons.tsx";
import { formatDateTime } from "#kernel/format.ts";
import { REQUIRED_PAGE_CONTENT } from "#kernel/landing-view.ts";
import { PAGE_CONTENT_TEXT, proposePageSchema } from "#kernel/schemas/dynamic-pages.ts";
import { areaUser } from "#server/auth/guards.ts";
import { storePageLogo } from "#server/domain/landing-pages/page-logos.ts";
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
  const s = services(context);
  const pages = await listOwnPages(s.db, actorFor(areaUser(context), context)).catch(throwAsRouteError);
  return {
    approval: s.config.landingPageApproval,
    maxBytes: s.config.uploadMaxBytes,
    pages:
      pages?.map((p) => ({
        ...p,
        pending: p.pending ? { ...p.pending, submittedAt: p.pending.submittedAt.toISOString() } : null,
        lastReview: p.lastReview ? { ...p.lastReview, reviewedAt: p.lastReview.reviewedAt.toISOString() } : null,
      })) ?? null,
  };
}

/** The file a multipart form carries under `name`, or null when none was chosen (an empty, unnamed part). */
function pickedFile(form: FormData, name: string): File | null {
  const v = form.get(name);
  return v instanceof File && !(v.name === "" && v.size === 0) ? v : null;
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: proposePageSchema,
    run: async (value, { s, actor, form, context }) => {
      const { intent: _intent, removeLogo, ...input } = value;
      const file = pickedFile(form, "logoFile");
      const uploaded = file
        ? await storePageLogo(
            s.storage,
            actor,
            { name: file.name, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) },
            { maxBytes: s.config.uploadMaxBytes },
          )
        : null;
      const r = await proposePageChanges(
        s.db,
        actor,
        { ...input, lawFirmLogoUrl: uploaded ? uploaded.url : removeLogo ? null : undefined },
        {
          publicUrl: s.config.publicUrl,
          deskEmail: s.config.supportEmail,
          approval: s.config.landingPageApproval,
        },
      ).catch(async (err) => {
        // The proposal was refused: its logo is named nowhere, so it goes again.
        if (uploaded) {
          await s.storage.delete(uploaded.key).catch((e: unknown) => {
            services(context).logger.warn({ key: uploaded.key, err: e }, "uploaded page logo left behind");
          });
        }
        throw err;
      });
      const done = r.applied
        ? PAGE_CONTENT_TEXT.published
        : r.replaced
          ? PAGE_CONTENT_TEXT.replaced
          : PAGE_CONTENT_TEXT.submitted;
      return redirectWithToast(s.config, `${PATH}#page-${input.pageId}`, {
        type: "success",
        title: done.title,
        description: done.message,
      });
    },
  });

type Data = Route.ComponentProps["loaderData"];
type OwnPage = NonNullable<Data["pages"]>[number];

function PageEditor({
  page,
  actionData,
  approval,
  maxBytes,
}: {
  page: OwnPage;
  actionData: Route.ComponentProps["actionData"];
  approval: Data["approval"];
  maxBytes: number;
}) {
  const sent = actionData && "result" in actionData ? actionData.result : undefined;
  const mine = (sent?.initialValue as Record<string, unknown> | undefined)?.pageId === page.id;
  const defaults = pageFormValues({ ...page.current, ...page.pending?.changes });
  const titleId = `page-${page.id}-title`;
  return (
    <section id={`page-${page.id}`} aria-labelledby={titleId} className="grid scroll-mt-24 gap-5">
      <div className="grid gap-2 border-b border-border pb-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={titleId} className="text-2xl font-semibold tracking-tight">
            {page.name}
          </h2>
          <div className="flex flex-wrap gap-2">
            {page.missing.length ? (
              <Badge variant="closed">{PAGE_CONTENT_TEXT.notPublic}</Badge>
            ) : (
              <Badge variant="resolved">{PAGE_CONTENT_TEXT.isPublic}</Badge>
            )}
            {page.pending ? (
              <Badge variant="pending_admin">{PAGE_CONTENT_TEXT.waiting}</Badge>
            ) : page.editable ? null : (
              <Badge variant="closed">Not editable</Badge>
            )}
          </div>
        </div>
        {page.missing.length ? (
          <p className="text-sm text-muted-foreground">Its address once public: {page.path}</p>
        ) : (
          <a
            href={page.path}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-1.5 text-sm font-medium underline-offset-4 hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-4" /> View your page ({page.path})
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
      {page.missing.length ? (
        <Alert variant="warning" data-testid="page-not-public">
          <AlertTitle>{PAGE_CONTENT_TEXT.notPublic}</AlertTitle>
          <AlertDescription>
            {PAGE_CONTENT_TEXT.notPublicMessage}{" "}
            {page.missing.map((m) => REQUIRED_PAGE_CONTENT[m].toLowerCase()).join(", ")}.
          </AlertDescription>
        </Alert>
      ) : null}
      {page.pending ? (
        <Alert variant="warning">
          <AlertTitle>{PAGE_CONTENT_TEXT.waiting}</AlertTitle>
          <AlertDescription>
            You submitted changes on{" "}
            <time dateTime={page.pending.submittedAt}>{formatDateTime(page.pending.submittedAt)}</time>. Your page shows
            its current content until they are approved. The form below holds your submitted changes.
          </AlertDescription>
        </Alert>
      ) : null}
      {page.lastReview ? (
        <div
          className="grid gap-1 rounded-lg border border-border bg-muted/40 px-4 py-3 text-sm"
          data-last-review={page.lastReview.status}
        >
          <p className="font-medium">
            {page.lastReview.byAdministrator ? (
              <>
                {PAGE_CONTENT_TEXT.lastReview}:{" "}
                {page.lastReview.status === "approved" ? "changes approved" : "changes not approved"} on{" "}
              </>
            ) : (
              "Last published on "
            )}
            <time dateTime={page.lastReview.reviewedAt}>{formatDateTime(page.lastReview.reviewedAt)}</time>
          </p>
          {page.lastReview.note ? <p className="whitespace-pre-wrap">{page.lastReview.note}</p> : null}
        </div>
      ) : null}
      {page.editable ? (
        <ProposalForm
          key={`${page.id}-${page.pending?.submittedAt ?? "none"}-${page.lastReview?.reviewedAt ?? ""}`}
          page={{ id: page.id, name: page.name, preview: page.preview }}
          defaults={defaults}
          replacing={Boolean(page.pending)}
          approval={approval}
          maxBytes={maxBytes}
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
    </section>
  );
}

export default function PageContent({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, approval, maxBytes } = loaderData;
  return (
    <>
      <PageHeader
        title={PAGE_CONTENT_TEXT.pageTitle}
        subtitle={approval === "off" ? PAGE_CONTENT_TEXT.subtitleDirect : PAGE_CONTENT_TEXT.subtitle}
      />
      <div className="mx-auto grid w-full max-w-7xl gap-16 px-4 pb-24 sm:px-6">
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
          pages.map((p) => (
            <PageEditor key={p.id} page={p} actionData={actionData} approval={approval} maxBytes={maxBytes} />
          ))
        )}
      </div>
    </>
  );
}
