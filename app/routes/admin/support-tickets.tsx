import { z } from "zod";
import { DataTable, dataColumns, RowLink } from "#app/components/data-table/index.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { TicketPriorityBadge, TicketStatusBadge } from "#app/components/support-tickets/ticket-badges.tsx";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "#kernel/enums.ts";
import { formatDateTime } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS, TICKET_TEXT } from "#kernel/schemas/support.ts";
import { listTicketsPage } from "#server/domain/support/admin.ts";
import { loadList } from "#server/web/list-loader.ts";
import type { Route } from "./+types/support-tickets";

export const meta: Route.MetaFunction = () => [
  { title: "Support Tickets · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/**
 * Every ticket in the URL: search (subject, name, email, company), status and priority filters, sort by created
 * (newest first, the default), last update, priority or status, 25 a page.
 */
const tickets = defineList({
  sorts: { created: "desc", updated: "desc", priority: "desc", status: "asc" },
  defaultSort: "created",
  filters: { status: z.enum(TICKET_STATUSES), priority: z.enum(TICKET_PRIORITIES) },
});

export async function loader(args: Route.LoaderArgs) {
  const { query, page } = await loadList(args, tickets, listTicketsPage);
  return {
    query,
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      priority: r.priority,
      status: r.status,
      ownerName: r.ownerName,
      ownerEmail: r.ownerEmail,
      company: r.company?.trim() ? r.company : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const when = (iso: string) => (
  <time dateTime={iso} className="whitespace-nowrap">
    {formatDateTime(iso)}
  </time>
);

const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("subject", {
    header: "Subject",
    cell: (c) => (
      <RowLink to={`/admin/support-tickets/${c.row.original.id}`} className="font-medium">
        {c.getValue()}
      </RowLink>
    ),
    meta: { card: "title" },
  }),
  col.accessor("ownerName", {
    header: "From",
    cell: (c) => {
      const r = c.row.original;
      return (
        <div className="grid gap-0.5">
          <span className="font-medium">{r.ownerName}</span>
          <span className="text-xs break-all text-muted-foreground">{r.ownerEmail}</span>
          {r.company ? <span className="text-xs text-muted-foreground">{r.company}</span> : null}
        </div>
      );
    },
  }),
  col.accessor("priority", { header: "Priority", cell: (c) => <TicketPriorityBadge priority={c.getValue()} /> }),
  col.accessor("status", { header: "Status", cell: (c) => <TicketStatusBadge status={c.getValue()} /> }),
  col.accessor("createdAt", { id: "created", header: "Created", cell: (c) => when(c.getValue()) }),
  col.accessor("updatedAt", { id: "updated", header: "Updated", cell: (c) => when(c.getValue()) }),
]);

const STATUS_OPTIONS = TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }));

export default function AdminSupportTickets({ loaderData }: Route.ComponentProps) {
  const { query, total, rows } = loaderData;
  return (
    <>
      <PageHeader title="Support Tickets" subtitle="Every licensee conversation: filter, reply and set its status." />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        <DataTable
          list={tickets}
          query={query}
          columns={columns}
          rows={rows}
          total={total}
          getRowId={(r) => r.id}
          label="Tickets"
          noun={{ one: "ticket", other: "tickets" }}
          search={{ label: "Search", placeholder: "Subject, name, email or company" }}
          filters={[
            { name: "status", label: "Status", allLabel: "All statuses", options: STATUS_OPTIONS },
            { name: "priority", label: "Priority", allLabel: "All priorities", options: PRIORITY_OPTIONS },
          ]}
          emptyMessage={TICKET_TEXT.emptyFilter}
          noMatchMessage={TICKET_TEXT.emptyFilter}
        />
      </div>
    </>
  );
}
