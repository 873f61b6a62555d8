/** /admin/licenses: every territory license with its licensee and fee; an active one can be ended. */
import { Link } from "react-router";
import { z } from "zod";
import { ActionAnswerNotice, DataTable, dataColumns } from "#app/components/data-table/index.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { EndLicenceButton } from "#app/components/reservations-admin/end-licence-button.tsx";
import { LicensingTabs } from "#app/components/reservations-admin/licensing-tabs.tsx";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { LICENSE_STATUSES } from "#kernel/enums.ts";
import { formatCents, formatDate } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { licenceAdminActionSchema, RESERVATION_ADMIN_ANSWERS } from "#kernel/schemas/reservations-admin.ts";
import { endLicence } from "#server/domain/licensing/licences-admin.ts";
import { listLicences } from "#server/domain/licensing/queue-admin.ts";
import { billingGateway } from "#server/integrations/stripe/client.ts";
import { loadList } from "#server/web/list-loader.ts";
import { formAction } from "#server/web/route-kit.ts";
import type { Route } from "./+types/licenses";

export const meta: Route.MetaFunction = () => [
  { title: "Licenses · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

const licensesList = defineList({
  sorts: { started: "desc", territory: "asc", fee: "desc" },
  defaultSort: "started",
  filters: { status: z.enum(LICENSE_STATUSES) },
});

export async function loader(args: Route.LoaderArgs) {
  const { query, page } = await loadList(args, licensesList, listLicences);
  return {
    query,
    total: page.total,
    rows: page.rows.map((l) => ({ ...l, startsAt: l.startsAt.toISOString(), endsAt: l.endsAt?.toISOString() ?? null })),
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: licenceAdminActionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      const r = await endLicence(s.db, actor, value, {
        publicUrl: s.config.publicUrl,
        gateway: billingGateway(s.config.stripe),
      });
      return { ok: true as const, ...RESERVATION_ADMIN_ANSWERS.ended(r.what, r.released, r.notified) };
    },
  });

/** The list's words for a license's status (the filter uses the same). */
const STATUS_LABELS: Record<string, string> = {
  pending: "Awaiting signature and payment",
  active: "Active",
  suspended: "Suspended",
  cancelled: "Ended",
  ended: "Ended (unpaid)",
  expired: "Expired",
};

type Row = Route.ComponentProps["loaderData"]["rows"][number];
const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("offeringName", {
    header: "Offering",
    // The card's heading names the territory too; the table has a column for it.
    cell: (c) => (
      <Link to={`/admin/licenses/${c.row.original.id}`} className="font-medium underline-offset-4 hover:underline">
        {c.getValue()}
        <span className="font-normal text-muted-foreground md:hidden"> in {c.row.original.territoryName}</span>
      </Link>
    ),
    meta: { card: "title" },
  }),
  col.accessor("territoryName", { id: "territory", header: "Territory", meta: { card: "hidden" } }),
  col.accessor("licensee", {
    header: "Licensee",
    cell: (c) => (
      <Link to={`/admin/users/${c.row.original.licenseeUserId}`} className="underline-offset-4 hover:underline">
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor("monthlyFeeCents", {
    id: "fee",
    header: "Monthly fee",
    cell: (c) => <span className="tabular-nums">{formatCents(c.getValue())}</span>,
  }),
  col.accessor("status", {
    header: "Status",
    cell: (c) =>
      c.getValue() === "active" && c.row.original.paymentOverdue ? (
        <Badge variant="negotiations">Payment overdue</Badge>
      ) : (
        <Badge variant={statusBadgeVariant(c.getValue())}>{STATUS_LABELS[c.getValue()] ?? c.getValue()}</Badge>
      ),
  }),
  col.accessor("startsAt", {
    id: "started",
    header: "Started",
    cell: (c) => (
      <span className="whitespace-nowrap">
        <time dateTime={c.getValue()}>{formatDate(c.getValue())}</time>
        {c.row.original.endsAt ? ` – ${formatDate(c.row.original.endsAt)}` : ""}
      </span>
    ),
  }),
]);

export default function AdminLicenses({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, rows } = loaderData;
  return (
    <>
      <PageHeader title="Licenses" subtitle="Territory licenses, their licensees and fees.">
        <LicensingTabs />
      </PageHeader>
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        <ActionAnswerNotice answer={actionData} />
        <DataTable
          list={licensesList}
          query={query}
          columns={columns}
          rows={rows}
          total={total}
          getRowId={(r) => r.id}
          label="Licenses"
          noun={{ one: "license", other: "licenses" }}
          search={{ label: "Search", placeholder: "Licensee, territory or offering" }}
          filters={[
            {
              name: "status",
              label: "Status",
              allLabel: "Any status",
              options: [
                { value: "pending", label: STATUS_LABELS.pending! },
                { value: "active", label: STATUS_LABELS.active! },
                { value: "suspended", label: STATUS_LABELS.suspended! },
                { value: "cancelled", label: STATUS_LABELS.cancelled! },
                { value: "ended", label: STATUS_LABELS.ended! },
                { value: "expired", label: STATUS_LABELS.expired! },
              ],
            },
          ]}
          rowActions={(r) => (r.status === "active" || r.status === "suspended" ? <EndLicenceButton row={r} /> : null)}
          emptyMessage="No licenses yet."
          noMatchMessage="No licenses match your search."
        />
      </div>
    </>
  );
}
