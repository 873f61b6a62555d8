import { Form, redirect } from "react-router";
import { z } from "zod";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { SubmissionCard } from "#app/components/submissions/submission-card.tsx";
import { SubmissionsPagination } from "#app/components/submissions/submissions-pagination.tsx";
import { SUBMISSIONS_TEXT } from "#app/components/submissions/texts.ts";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Download, Inbox } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { LEAD_STATUSES } from "#kernel/enums.ts";
import { defineList, pageRange } from "#kernel/list-query.ts";
import { LEAD_STATUS_LABELS } from "#kernel/schemas/landing-page.ts";
import { areaUser } from "#server/auth/guards.ts";
import { listOwnSubmissions } from "#server/domain/submissions/submissions.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/submissions";

export const meta: Route.MetaFunction = () => [
  { title: "Form Submissions · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/** Newest first, 12 cards a page; `?page=` (and `?size=`, capped) in the URL, so paging works without JavaScript. */
const submissionsList = defineList({
  sorts: { created: "desc" },
  defaultSort: "created",
  pageSize: 12,
  filters: { status: z.enum(LEAD_STATUSES) },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const url = new URL(request.url);
  const query = submissionsList.parse(url.searchParams);
  const filter = { q: query.q, status: query.filters.status };
  const page = await listOwnSubmissions(s.db, actorFor(areaUser(context), context), {
    ...query,
    ...filter,
  }).catch((err) => {
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
    q: query.q,
    status: query.filters.status ?? "",
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
  const { q, status, page, size, custom, failed, licensee, total, submissions } = loaderData;
  const filters = new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}) });
  const href = (p: number) =>
    `/dashboard/submissions?${new URLSearchParams({ ...Object.fromEntries(filters), page: String(p), ...(custom ? { size: String(size) } : {}) })}`;
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
        ) : (
          <Form
            method="get"
            role="search"
            aria-label="Search and filter your leads"
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <div className="grid flex-1 gap-1.5">
              <Label htmlFor="leads-q">Search</Label>
              <Input id="leads-q" name="q" type="search" defaultValue={q} placeholder="Name, email, phone or words" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="leads-status">Status</Label>
              <Select id="leads-status" name="status" defaultValue={status}>
                <option value="">Any status</option>
                {LEAD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {LEAD_STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex gap-2">
              <Button type="submit" variant="outline">
                Filter
              </Button>
              <Button asChild variant="ghost">
                <a href={`/dashboard/submissions/export.csv${filters.size ? `?${filters}` : ""}`} download>
                  <Download aria-hidden="true" /> Export CSV
                </a>
              </Button>
            </div>
          </Form>
        )}
        {failed || !licensee ? null : total === 0 && !q && !status ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
            <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
            <h2 className="text-xl font-semibold tracking-tight">{SUBMISSIONS_TEXT.empty}</h2>
            <p className="max-w-md text-sm text-muted-foreground">{SUBMISSIONS_TEXT.emptyHint}</p>
          </div>
        ) : total === 0 ? (
          <p className="text-muted-foreground">No leads match this search.</p>
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
