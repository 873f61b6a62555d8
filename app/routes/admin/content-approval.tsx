/**
 * /admin/content-approval (the admin dashboard's content-approval card): landing page changes proposed by
 * licensees, each with a field-by-field before and after, to approve (applied at once, the licensee emailed) or
 * reject with a note (the page unchanged, the licensee emailed the note); then the reviewed history, searchable and
 * filtered by decision. Approving changes a public page, so it drops the cached content pages.
 */
import { z } from "zod";
import { RevisionCard } from "#app/components/content-approval/revision-card.tsx";
import { ActionAnswerNotice } from "#app/components/data-table/action-answer.tsx";
import { DataTable, dataColumns, RowLink } from "#app/components/data-table/index.ts";
import { LoadError } from "#app/components/data-table/load-error.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { formatDateTime } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { approveRevisionSchema, CONTENT_APPROVAL_TEXT, rejectRevisionSchema } from "#kernel/schemas/dynamic-pages.ts";
import {
  approveRevision,
  listPendingRevisions,
  listRevisionHistory,
  rejectRevision,
} from "#server/domain/landing-pages/revisions.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/content-approval";

export const meta: Route.MetaFunction = () => [
  { title: `${CONTENT_APPROVAL_TEXT.pageTitle} · Admin · PoundCodes` },
  { name: "robots", content: "noindex" },
];

const historyList = defineList({
  sorts: { reviewed: "desc", page: "asc" },
  defaultSort: "reviewed",
  filters: { status: z.enum(["approved", "rejected"]) },
});

export async function loader(args: Route.LoaderArgs) {
  const {
    query,
    page: [pending, history],
  } = await loadList(args, historyList, (db, actor, query) =>
    Promise.all([listPendingRevisions(db, actor), listRevisionHistory(db, actor, query)]),
  );
  return {
    query,
    pending: pending.map((p) => ({ ...p, submittedAt: p.submittedAt.toISOString() })),
    total: history.total,
    history: history.rows.map((h) => ({ ...h, reviewedAt: h.reviewedAt.toISOString() })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [approveRevisionSchema, rejectRevisionSchema]);

/** Approve or reject one proposal; only an approval changes a public page. */
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: actionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      const opts = { publicUrl: s.config.publicUrl };
      if (value.intent === "approve") {
        const done = await approveRevision(s.db, actor, { revisionId: value.revisionId }, opts);
        return { ok: true as const, ...CONTENT_APPROVAL_TEXT.approved(done.pageName) };
      }
      const done = await rejectRevision(s.db, actor, { revisionId: value.revisionId, note: value.note }, opts);
      return { ok: true as const, ...CONTENT_APPROVAL_TEXT.rejected(done.pageName) };
    },
  });

type Row = Route.ComponentProps["loaderData"]["history"][number];
const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("reviewedAt", {
    id: "reviewed",
    header: "Reviewed",
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
    meta: { className: "whitespace-nowrap" },
  }),
  col.accessor("pageName", {
    id: "page",
    header: "Page",
    cell: (c) => (
      <RowLink to={`/admin/dynamic-pages/${c.row.original.pageId}`} className="font-medium">
        {c.getValue()}
      </RowLink>
    ),
    meta: { card: "title" },
  }),
  col.accessor("licenseeName", { header: "Licensee" }),
  col.accessor("status", {
    header: "Decision",
    cell: (c) => (
      <Badge variant={c.getValue() === "approved" ? "resolved" : "destructive"}>
        {c.getValue() === "approved" ? "Approved" : "Rejected"}
      </Badge>
    ),
  }),
  col.accessor("fields", { header: "Fields", cell: (c) => c.getValue().join(", ") }),
  col.accessor("note", {
    header: "Note",
    cell: (c) => c.getValue() ?? <span className="text-muted-foreground">—</span>,
    meta: { className: "max-w-80 break-words" },
  }),
  col.accessor("reviewerName", {
    header: "Reviewer",
    cell: (c) => c.getValue() ?? <span className="text-muted-foreground">—</span>,
  }),
]);

const DECISIONS = [
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
];

export default function AdminContentApproval({ loaderData, actionData }: Route.ComponentProps) {
  const { query, pending, total, history } = loaderData;
  return (
    <>
      <PageHeader title={CONTENT_APPROVAL_TEXT.pageTitle} subtitle={CONTENT_APPROVAL_TEXT.subtitle} />
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 pb-24 sm:px-6 lg:px-8">
        <ActionAnswerNotice answer={actionData} />
        <section aria-labelledby="pending-heading" className="grid gap-4">
          <h2 id="pending-heading" className="text-xl font-semibold tracking-tight">
            Waiting for approval <span className="text-base font-normal text-muted-foreground">({pending.length})</span>
          </h2>
          {pending.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border px-5 py-8 text-center text-muted-foreground">
              {CONTENT_APPROVAL_TEXT.emptyPending}
            </p>
          ) : (
            <div className="grid gap-6">
              {pending.map((r) => (
                <RevisionCard key={r.id} revision={r} />
              ))}
            </div>
          )}
        </section>
        <section aria-labelledby="history-heading" className="grid gap-4">
          <h2 id="history-heading" className="text-xl font-semibold tracking-tight">
            Reviewed changes
          </h2>
          <DataTable
            list={historyList}
            query={query}
            columns={columns}
            rows={history}
            total={total}
            getRowId={(h) => h.id}
            label="Reviewed changes"
            noun={{ one: "reviewed change", other: "reviewed changes" }}
            search={{ label: "Search", placeholder: "#Code, territory or licensee" }}
            filters={[{ name: "status", label: "Decision", allLabel: "All decisions", options: DECISIONS }]}
            emptyMessage={CONTENT_APPROVAL_TEXT.emptyHistory}
            noMatchMessage={CONTENT_APPROVAL_TEXT.noMatch}
          />
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <LoadError title={CONTENT_APPROVAL_TEXT.errorFetching} />;
}
