import { Inbox } from "lucide-react";
import { redirect } from "react-router";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { SubmissionCard } from "#app/components/submissions/submission-card.tsx";
import { SubmissionsPagination } from "#app/components/submissions/submissions-pagination.tsx";
import { SUBMISSIONS_TEXT } from "#app/components/submissions/texts.ts";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { defineList, pageRange } from "#kernel/list-query.ts";
import { areaUser } from "#server/auth/guards.ts";
import { listOwnSubmissions } from "#server/domain/submissions/submissions.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/submissions";

export const meta: Route.MetaFunction = () => [
  { title: "Form Submissions · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/** Newest first, 12 cards a page; `?page=` (and `?size=`, capped) in the URL, so paging works without JavaScript. */
const submissionsList = defineList({ sorts: { created: "desc" }, defaultSort: "created", pageSize: 12 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const url = new URL(request.url);
  const query = submissionsList.parse(url.searchParams);
  const page = await listOwnSubmissions(s.db, actorFor(areaUser(context), context), query).catch((err) => {
    s.logger.error({ err }, "form submissions failed");
    return null;
  });
  // Past the last page: the last page.
  const { pageCount } = pageRange(query, page?.total ?? 0);
  if (page && page.total > 0 && query.page > pageCount) {
    url.searchParams.set("page", String(pageCount));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  return {
    page: query.page,
    size: query.size,
    custom: url.searchParams.has("size"),
    failed: page === null,
    licensee: page?.licensee ?? true,
    total: page?.total ?? 0,
    submissions: (page?.rows ?? []).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export default function Submissions({ loaderData }: Route.ComponentProps) {
  const { page, size, custom, failed, licensee, total, submissions } = loaderData;
  const href = (p: number) => `/dashboard/submissions?page=${p}${custom ? `&size=${size}` : ""}`;
  return (
    <>
      <PageHeader title={SUBMISSIONS_TEXT.title} subtitle={SUBMISSIONS_TEXT.subtitle} />
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 pb-24 sm:px-6">
        {failed ? (
          <Alert variant="destructive">{SUBMISSIONS_TEXT.failed}</Alert>
        ) : !licensee ? (
          <Alert variant="neutral">
            <AlertTitle>{SUBMISSIONS_TEXT.noLicensee}</AlertTitle>
            <p>{SUBMISSIONS_TEXT.noLicenseeHint}</p>
          </Alert>
        ) : total === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
            <h2 className="text-xl font-semibold tracking-tight">{SUBMISSIONS_TEXT.empty}</h2>
            <p className="max-w-md text-sm text-muted-foreground">{SUBMISSIONS_TEXT.emptyHint}</p>
          </div>
        ) : (
          <>
            <h2 className="sr-only">Your submissions</h2>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {submissions.map((sub) => (
                <li key={sub.id}>
                  <SubmissionCard submission={sub} />
                </li>
              ))}
            </ul>
            <SubmissionsPagination page={page} size={size} total={total} href={href} />
          </>
        )}
      </div>
    </>
  );
}
