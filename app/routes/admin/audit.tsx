/**
 * /admin/audit: every write that matters (who, what, on which entity, with what before/after, from where), newest
 * first, filtered by actor, entity type and period. Read-only.
 */
import { z } from "zod";
import { DataTable, dataColumns } from "#app/components/data-table/index.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { formatDateTime } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { AUDIT_PERIODS, auditFilterChoices, listAuditPage } from "#server/domain/audit/admin.ts";
import { services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [
  { title: "Audit Log · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

const PERIOD_LABELS = { "24h": "Last 24 hours", "7d": "Last 7 days", "30d": "Last 30 days", "365d": "Last 12 months" };

const auditList = defineList({
  sorts: { created: "desc", action: "asc" },
  defaultSort: "created",
  filters: {
    actor: z.union([z.literal("system"), z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)]),
    entity: z.string().regex(/^[a-z_]{1,64}$/),
    period: z.enum(Object.keys(AUDIT_PERIODS) as [keyof typeof AUDIT_PERIODS]),
  },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const query = auditList.parse(new URL(request.url).searchParams);
  const [page, choices] = await Promise.all([listAuditPage(s.db, query), auditFilterChoices(s.db)]);
  return {
    query,
    total: page.total,
    choices,
    entries: page.rows.map((r) => ({
      id: r.id,
      action: r.action,
      entity: r.entityType,
      entityId: r.entityId,
      actor: r.actorEmail ?? (r.actorName ? r.actorName : "System or visitor"),
      ip: r.ip,
      details: r.details ? JSON.stringify(r.details, null, 2) : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

type Entry = Route.ComponentProps["loaderData"]["entries"][number];
const col = dataColumns<Entry>();
const columns = col.columns([
  col.accessor("createdAt", {
    id: "created",
    header: "When",
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
    meta: { className: "whitespace-nowrap" },
  }),
  col.accessor("actor", { header: "Who", meta: { className: "break-all" } }),
  col.accessor("action", {
    header: "Action",
    cell: (c) => <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{c.getValue()}</code>,
    meta: { card: "title" },
  }),
  col.accessor("entity", {
    header: "Entity",
    cell: (c) => (
      <span>
        {c.getValue()}
        {c.row.original.entityId ? (
          <span className="block max-w-48 truncate text-xs text-muted-foreground" title={c.row.original.entityId}>
            {c.row.original.entityId}
          </span>
        ) : null}
      </span>
    ),
  }),
  col.accessor("details", {
    header: "Details",
    cell: (c) =>
      c.getValue() ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium">Before / after</summary>
          <pre className="mt-2 max-h-64 max-w-md overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap">
            {c.getValue()}
          </pre>
        </details>
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  }),
  col.accessor("ip", {
    header: "From",
    cell: (c) => c.getValue() ?? <span className="text-muted-foreground">—</span>,
    meta: { className: "whitespace-nowrap text-xs" },
  }),
]);

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { query, total, entries, choices } = loaderData;
  return (
    <>
      <PageHeader title="Audit Log" subtitle="Every change made in the admin area and by the system, newest first." />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        <DataTable
          list={auditList}
          query={query}
          columns={columns}
          rows={entries}
          total={total}
          getRowId={(e) => e.id}
          label="Audit entries"
          noun={{ one: "entry", other: "entries" }}
          search={{ label: "Search", placeholder: "Action or entity id" }}
          filters={[
            {
              name: "actor",
              label: "Who",
              allLabel: "Everyone",
              options: [
                { value: "system", label: "System or visitor" },
                ...choices.actors.map((a) => ({ value: a.id, label: a.email })),
              ],
            },
            {
              name: "entity",
              label: "Entity",
              allLabel: "All entities",
              options: choices.entityTypes.map((e) => ({ value: e, label: e.replaceAll("_", " ") })),
            },
            {
              name: "period",
              label: "When",
              allLabel: "Any time",
              options: Object.entries(PERIOD_LABELS).map(([value, label]) => ({ value, label })),
            },
          ]}
          emptyMessage="Nothing has been recorded yet."
          noMatchMessage="No entries match your search and filters."
        />
      </div>
    </>
  );
}
