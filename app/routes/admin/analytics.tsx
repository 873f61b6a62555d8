import { AnalyticsCharts } from "#app/components/analytics/analytics-charts.tsx";
import { Breakdown, type BreakdownRow, KpiCards } from "#app/components/analytics/kpi-cards.tsx";
import { PeriodPicker } from "#app/components/analytics/period-picker.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import {
  BadgeDollarSign,
  CalendarCheck,
  CirclePause,
  Clock,
  Download,
  FileSignature,
  Inbox,
  Percent,
  Repeat,
  TrendingDown,
  Undo2,
  Wallet,
} from "#app/components/ui/icons.tsx";
import { formatCents } from "#kernel/format.ts";
import {
  ANALYTICS_TEXT,
  bucketLabel,
  formatRate,
  GRANULARITY_LABELS,
  periodSearch,
  RESERVATION_OUTCOME_LABELS,
  RESERVATION_OUTCOMES,
  resolvePeriod,
} from "#kernel/schemas/analytics.ts";
import { areaUser } from "#server/auth/guards.ts";
import { analyticsReport } from "#server/domain/analytics/analytics.ts";
import { businessDay } from "#server/domain/analytics/period.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () => [
  { title: "Analytics · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const actor = actorFor(areaUser(context), context);
  const period = resolvePeriod(new URL(request.url).searchParams, businessDay(new Date()));
  const report = await analyticsReport(s.db, actor, period, period.by).catch(throwAsRouteError);
  return { period, report, search: periodSearch(period) };
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { period, report, search } = loaderData;
  const { leads, reservations, conversion, wallet, billing } = report;
  const unit = GRANULARITY_LABELS[period.by].toLowerCase();
  const points = report.series.map((p) => ({ ...p, label: bucketLabel(p.start, period.by) }));
  const outcomeRows: BreakdownRow[] = RESERVATION_OUTCOMES.map((o) => ({
    key: o,
    label: RESERVATION_OUTCOME_LABELS[o],
    count: reservations[o],
  })).filter((r) => r.count > 0);
  return (
    <>
      <PageHeader title={ANALYTICS_TEXT.title} subtitle={ANALYTICS_TEXT.subtitle}>
        <Button asChild variant="gold">
          <a href={`/admin/analytics/export.csv${search}`} download>
            <Download aria-hidden />
            Download CSV
          </a>
        </Button>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 pb-24 sm:px-6 lg:px-8">
        <PeriodPicker path="/admin/analytics" period={period} withGranularity />

        <section aria-labelledby="kpi-title" className="grid gap-4">
          <h2 id="kpi-title" className="sr-only">
            Figures for the period
          </h2>
          <KpiCards
            items={[
              {
                key: "leads",
                label: "Leads",
                value: leads.total.toLocaleString("en-US"),
                icon: Inbox,
                note: "Contacts and landing-page leads received",
              },
              {
                key: "reservations",
                label: "Reservations",
                value: reservations.created.toLocaleString("en-US"),
                icon: CalendarCheck,
                note: `${reservations.pending.toLocaleString("en-US")} still on hold`,
              },
              {
                key: "conversion",
                label: "Reservation to license",
                value: formatRate(conversion.licensed, conversion.reservations),
                icon: Percent,
                note: `${conversion.licensed.toLocaleString("en-US")} of ${conversion.reservations.toLocaleString("en-US")} reservations licensed`,
              },
              {
                key: "licenses",
                label: "Active licenses",
                value: report.activeLicences.toLocaleString("en-US"),
                icon: FileSignature,
                note: "In force at the end of the period, suspended ones included",
              },
              {
                key: "mrr",
                label: "Monthly recurring revenue",
                value: formatCents(report.mrrCents),
                icon: Repeat,
                note: "What the subscriptions in force at the end of the period charge a month",
              },
              {
                key: "collected",
                label: "Collected from licenses",
                value: formatCents(billing.collectedCents),
                icon: BadgeDollarSign,
                note: `Paid on ${billing.paidInvoices.toLocaleString("en-US")} license ${billing.paidInvoices === 1 ? "invoice" : "invoices"} in the period`,
              },
              {
                key: "license-refunds",
                label: "Refunds",
                value: formatCents(billing.refundedCents),
                icon: Undo2,
                note: `${billing.refunds.toLocaleString("en-US")} ${billing.refunds === 1 ? "refund" : "refunds"} of license invoices in the period`,
              },
              {
                key: "overdue",
                label: "Overdue licenses",
                value: billing.overdueLicenses.toLocaleString("en-US"),
                icon: Clock,
                note: "Now: an invoice has failed and is still unpaid",
              },
              {
                key: "suspended",
                label: "Suspended licenses",
                value: billing.suspendedLicenses.toLocaleString("en-US"),
                icon: CirclePause,
                note: "Now: page and usage off until the overdue invoice is paid",
              },
              {
                key: "top-ups",
                label: "Wallet top-ups",
                value: formatCents(wallet.topUpsCents),
                icon: Wallet,
                note: `${wallet.topUpCount.toLocaleString("en-US")} ${wallet.topUpCount === 1 ? "top-up" : "top-ups"}`,
              },
              {
                key: "usage",
                label: "Wallet usage",
                value: formatCents(wallet.usageCents),
                icon: TrendingDown,
                note: `${wallet.usageCount.toLocaleString("en-US")} usage ${wallet.usageCount === 1 ? "charge" : "charges"}`,
              },
              {
                key: "adjustments",
                label: "Wallet adjustments and refunds",
                value: formatCents(wallet.adjustmentsCents + wallet.refundsCents),
                icon: BadgeDollarSign,
                note: `Adjustments ${formatCents(wallet.adjustmentsCents)} · refunds ${formatCents(wallet.refundsCents)}`,
              },
            ]}
          />
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Leads by source</CardTitle>
              <CardDescription>
                Each contact counts once under its source; each landing-page lead once under its form.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Breakdown
                testId="leads-by-source"
                rows={leads.sources.map((s) => ({ key: `${s.kind}:${s.source}`, label: s.label, count: s.count }))}
                total={leads.total}
                empty="No leads in this period."
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Reservations and their outcomes</CardTitle>
              <CardDescription>Reservations made in the period, by what has become of them so far.</CardDescription>
            </CardHeader>
            <CardContent>
              <Breakdown
                testId="reservation-outcomes"
                rows={outcomeRows}
                total={reservations.created}
                empty="No reservations in this period."
              />
            </CardContent>
          </Card>
        </div>

        <section aria-labelledby="charts-title" className="grid gap-4">
          <h2 id="charts-title" className="text-xl font-semibold tracking-tight">
            By {unit}
          </h2>
          <AnalyticsCharts points={points} unitLabel={unit} />
        </section>
      </div>
    </>
  );
}
