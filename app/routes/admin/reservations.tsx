/**
 * /admin/reservations: the queue of holds with their requester, lead and expiry, and the steps an administrator
 * takes on each: approve (a priced licence, an agreement to sign, an invitation if needed), extend, release.
 */
import { z } from "zod";
import { ActionAnswerNotice, DataTable, dataColumns } from "#app/components/data-table/index.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { LicensingTabs } from "#app/components/reservations-admin/licensing-tabs.tsx";
import { ReservationActions } from "#app/components/reservations-admin/reservation-actions.tsx";
import { Badge, statusBadgeVariant } from "#app/components/ui/badge.tsx";
import { formatDateTime } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { ORDER_STATE_LABELS } from "#kernel/schemas/orders.ts";
import {
  RESERVATION_ADMIN_ANSWERS,
  RESERVATION_QUEUE_STATUSES,
  reservationAdminActionSchema,
} from "#kernel/schemas/reservations-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import { approveReservation } from "#server/domain/licensing/approve-admin.ts";
import { extendReservation, releaseReservation } from "#server/domain/licensing/holds-admin.ts";
import { listReservationQueue } from "#server/domain/licensing/queue-admin.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/reservations";

export const meta: Route.MetaFunction = () => [
  { title: "Reservations · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

const queueList = defineList({
  sorts: { expires: "asc", created: "desc", territory: "asc" },
  defaultSort: "expires",
  filters: { status: z.enum(RESERVATION_QUEUE_STATUSES) },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // The queue opens on the holds that need a decision.
  if (!params.has("status")) params.set("status", "active");
  const query = queueList.parse(params);
  const page = await listReservationQueue(services(context).db, actorFor(areaUser(context), context), query).catch(
    throwAsRouteError,
  );
  return {
    query,
    total: page.total,
    rows: page.rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString(), createdAt: r.createdAt.toISOString() })),
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: reservationAdminActionSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      const opts = { publicUrl: s.config.publicUrl, linkSecret: s.config.authSecret };
      switch (value.intent) {
        case "approve": {
          const r = await approveReservation(s.db, actor, value, opts);
          return {
            ok: true as const,
            ...RESERVATION_ADMIN_ANSWERS.approved(`${r.offeringName} in ${r.territoryName}`, r.licenseeName, r.invited),
          };
        }
        case "release": {
          const r = await releaseReservation(s.db, actor, value, opts);
          return { ok: true as const, ...RESERVATION_ADMIN_ANSWERS.released(r.what, r.released, r.notified) };
        }
        case "extend": {
          const r = await extendReservation(s.db, actor, value);
          return { ok: true as const, ...RESERVATION_ADMIN_ANSWERS.extended(r.what, formatDateTime(r.expiresAt)) };
        }
      }
    },
  });

/** The queue's words for a reservation's status (the filter uses the same). */
const STATUS_LABELS: Record<string, string> = {
  active: "Held",
  converted: "Licensed",
  cancelled: "Released",
  expired: "Expired",
};

type Row = Route.ComponentProps["loaderData"]["rows"][number];
const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("offeringName", {
    header: "Offering",
    // The card's heading names the territory too; the table has a column for it.
    cell: (c) => (
      <span className="font-medium">
        {c.getValue()}
        <span className="font-normal text-muted-foreground md:hidden"> in {c.row.original.territoryName}</span>
      </span>
    ),
    meta: { card: "title" },
  }),
  col.accessor("territoryName", { id: "territory", header: "Territory", meta: { card: "hidden" } }),
  col.accessor("name", {
    header: "Requester",
    meta: { className: "md:min-w-60" },
    cell: (c) => {
      const r = c.row.original;
      return (
        <span className="grid">
          <span>{r.name}</span>
          <a
            href={`mailto:${r.email}`}
            className="text-muted-foreground [overflow-wrap:anywhere] underline-offset-4 hover:underline"
          >
            {/* A long address breaks before its domain first. */}
            {r.email.split("@")[0]}
            <wbr />@{r.email.split("@").slice(1).join("@")}
          </a>
          <span className="text-xs text-muted-foreground">
            {r.hasAccount ? "Has an account" : "No account yet"} · {r.confirmed ? "confirmed" : "unconfirmed"}
          </span>
        </span>
      );
    },
  }),
  col.accessor("company", {
    header: "Lead",
    cell: (c) => {
      const r = c.row.original;
      return (
        <span className="grid text-sm">
          <span>{r.company ?? "—"}</span>
          {r.phone ? <span className="text-muted-foreground">{r.phone}</span> : null}
          {r.message ? <span className="line-clamp-2 text-muted-foreground">{r.message}</span> : null}
        </span>
      );
    },
  }),
  col.accessor("waitlist", { header: "Waitlist", meta: { className: "tabular-nums" } }),
  col.accessor("status", {
    header: "Status",
    cell: (c) => (
      <Badge variant={statusBadgeVariant(c.getValue())}>{STATUS_LABELS[c.getValue()] ?? c.getValue()}</Badge>
    ),
  }),
  col.accessor("orderState", {
    header: "Order",
    cell: (c) => {
      const state = c.getValue();
      return state ? <span className="text-sm">{ORDER_STATE_LABELS[state]}</span> : "—";
    },
  }),
  col.accessor("expiresAt", {
    id: "expires",
    header: "Hold ends",
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
    meta: { className: "whitespace-nowrap" },
  }),
]);

export default function AdminReservations({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, rows } = loaderData;
  return (
    <>
      <PageHeader
        title="Reservations"
        subtitle="Holds on their way to a license: approve, extend or release. A license goes live once signed and paid."
      >
        <LicensingTabs />
      </PageHeader>
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        <ActionAnswerNotice answer={actionData} />
        <DataTable
          list={queueList}
          query={query}
          columns={columns}
          rows={rows}
          total={total}
          getRowId={(r) => r.id}
          label="Reservations"
          noun={{ one: "reservation", other: "reservations" }}
          search={{ label: "Search", placeholder: "Requester, company, territory or offering" }}
          filters={[
            {
              name: "status",
              label: "Status",
              allLabel: "Any status",
              options: [
                { value: "active", label: "Held" },
                { value: "converted", label: STATUS_LABELS.converted! },
                { value: "cancelled", label: STATUS_LABELS.cancelled! },
                { value: "expired", label: STATUS_LABELS.expired! },
              ],
            },
          ]}
          rowActions={(r) => (r.status === "active" ? <ReservationActions row={r} /> : null)}
          emptyMessage="No reservations."
          noMatchMessage="No reservations match your search."
        />
      </div>
    </>
  );
}
