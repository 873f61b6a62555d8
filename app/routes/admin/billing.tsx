import { z } from "zod";
import { PeriodPicker } from "#app/components/analytics/period-picker.tsx";
import { SignedAmount } from "#app/components/billing/transaction-history.tsx";
import { DataTable, dataColumns, RowLink } from "#app/components/data-table/index.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/lib/utils.ts";
import { formatCents } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { PERIOD_PRESETS, resolvePeriod } from "#kernel/schemas/analytics.ts";
import { BILLING_ADMIN_TEXT } from "#kernel/schemas/billing-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import { businessDay } from "#server/domain/analytics/period.ts";
import { listLicenseeWallets } from "#server/domain/wallet/billing-admin.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/billing";

export const meta: Route.MetaFunction = () => [
  { title: "Billing · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/** The list in the URL: search, sort, page, and the period its top-ups and usage cover. */
const billing = defineList({
  sorts: { company: "asc", balance: "asc", topUps: "desc", usage: "desc" },
  defaultSort: "company",
  filters: {
    period: z.enum(PERIOD_PRESETS),
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const actor = actorFor(areaUser(context), context);
  const url = new URL(request.url);
  const query = billing.parse(url.searchParams);
  const period = resolvePeriod(url.searchParams, businessDay(new Date()));
  const page = await listLicenseeWallets(s.db, actor, query, period).catch(throwAsRouteError);
  return {
    query,
    period,
    total: page.total,
    licensees: page.rows.map((r) => ({ ...r, name: r.companyName || r.contactName || r.email })),
  };
}

type Row = Route.ComponentProps["loaderData"]["licensees"][number];

const money = (className?: string) => ({ className: cn("text-right tabular-nums whitespace-nowrap", className) });

const col = dataColumns<Row>();
const columns = col.columns([
  col.accessor("name", {
    id: "company",
    header: "Licensee",
    cell: (c) => {
      const r = c.row.original;
      return (
        <div className="grid gap-0.5">
          <RowLink to={`/admin/billing/${r.id}`} className="font-medium">
            {r.name}
          </RowLink>
          <span className="text-xs break-all text-muted-foreground">
            {r.contactName && r.contactName !== r.name ? `${r.contactName} · ` : ""}
            {r.email}
          </span>
          {r.status === "inactive" ? (
            <Badge variant="outline" className="w-fit">
              Deactivated
            </Badge>
          ) : null}
        </div>
      );
    },
    meta: { card: "title" },
  }),
  col.accessor("balanceCents", {
    id: "balance",
    header: "Balance",
    cell: (c) => (
      <span className={cn("font-semibold", c.getValue() < 0 && "text-destructive")}>{formatCents(c.getValue())}</span>
    ),
    meta: money(),
  }),
  col.accessor("topUpsCents", {
    id: "topUps",
    header: "Top-ups",
    cell: (c) => formatCents(c.getValue()),
    meta: money(),
  }),
  col.accessor("usageCents", {
    id: "usage",
    header: "Usage",
    cell: (c) => formatCents(c.getValue()),
    meta: money(),
  }),
  col.accessor("adjustmentsCents", {
    header: "Adjustments",
    cell: (c) => (c.getValue() === 0 ? formatCents(0) : <SignedAmount cents={c.getValue()} />),
    meta: money(),
  }),
]);

export default function AdminBilling({ loaderData }: Route.ComponentProps) {
  const { query, period, total, licensees } = loaderData;
  const keep = Object.fromEntries(
    [...billing.params({ ...query, page: 1, filters: {} }).entries()].filter(([name]) => name !== "page"),
  );
  return (
    <>
      <PageHeader title={BILLING_ADMIN_TEXT.title} subtitle={BILLING_ADMIN_TEXT.subtitle} />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        <PeriodPicker path="/admin/billing" period={period} keep={keep} />
        <p className="text-sm text-muted-foreground">
          Balances are as of now; top-ups, usage and adjustments are those dated in the period.
        </p>
        <DataTable
          list={billing}
          query={query}
          columns={columns}
          rows={licensees}
          total={total}
          getRowId={(r) => r.id}
          label="Licensee wallets"
          noun={{ one: "licensee", other: "licensees" }}
          search={{ label: "Search", placeholder: "Company, contact or email" }}
          emptyMessage={BILLING_ADMIN_TEXT.empty}
          noMatchMessage={BILLING_ADMIN_TEXT.noMatch}
        />
      </div>
    </>
  );
}
