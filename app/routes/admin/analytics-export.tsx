/**
 * GET /admin/analytics/export.csv?period=…: the analytics figures of the period as a CSV download, behind the admin
 * layout's guard (and the domain's own check). One row per figure: section, figure, the days it covers, the value
 * and its unit. Money is in integer cents (unit "USD cents"), so the file sums exactly in a spreadsheet; a rate is
 * a percentage with one decimal. Monthly recurring revenue is what the subscriptions in force charge; the license
 * money collected and refunded comes from the recorded invoices and refunds; overdue and suspended licenses are
 * counted as of the download, whatever the period.
 */
import {
  ANALYTICS_TEXT,
  GRANULARITY_LABELS,
  RESERVATION_OUTCOME_LABELS,
  RESERVATION_OUTCOMES,
  resolvePeriod,
} from "#kernel/schemas/analytics.ts";
import { TRANSACTION_TYPE_LABELS } from "#kernel/schemas/billing.ts";
import { areaUser } from "#server/auth/guards.ts";
import { type AnalyticsReport, analyticsReport } from "#server/domain/analytics/analytics.ts";
import { businessDay } from "#server/domain/analytics/period.ts";
import { toCsv } from "#server/domain/crm/csv.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/analytics-export";

type CsvRow = { section: string; figure: string; from: string; to: string; value: number | null; unit: string };

const [SECTION, FIGURE, FROM, TO, VALUE, UNIT] = ANALYTICS_TEXT.csvHeader;
const COLUMNS = [
  { header: SECTION, value: (r: CsvRow) => r.section },
  { header: FIGURE, value: (r: CsvRow) => r.figure },
  { header: FROM, value: (r: CsvRow) => r.from },
  { header: TO, value: (r: CsvRow) => r.to },
  { header: VALUE, value: (r: CsvRow) => r.value },
  { header: UNIT, value: (r: CsvRow) => r.unit },
];

/** The report as CSV rows: the headline figures, the breakdowns, then the series. */
export function analyticsCsvRows(report: AnalyticsReport): CsvRow[] {
  const { from, to } = report.period;
  const row = (section: string, figure: string, value: number | null, unit: string): CsvRow => ({
    section,
    figure,
    from,
    to,
    value,
    unit,
  });
  const rate = report.conversion.rate === null ? null : Math.round(report.conversion.rate * 1000) / 10;
  const out: CsvRow[] = [
    row("Summary", "Leads", report.leads.total, "count"),
    row("Summary", "Reservations", report.reservations.created, "count"),
    row("Summary", "Reservations licensed", report.conversion.licensed, "count"),
    row("Summary", "Reservation to license conversion", rate, "percent"),
    row("Summary", "Active licenses at period end", report.activeLicences, "count"),
    row("Summary", "Monthly recurring revenue at period end (subscriptions)", report.mrrCents, "USD cents"),
    row("Summary", "Collected from licenses", report.billing.collectedCents, "USD cents"),
    row("Summary", "License invoices paid", report.billing.paidInvoices, "count"),
    row("Summary", "License refunds", report.billing.refundedCents, "USD cents"),
    row("Summary", "Overdue licenses now", report.billing.overdueLicenses, "count"),
    row("Summary", "Suspended licenses now", report.billing.suspendedLicenses, "count"),
    row("Summary", "Wallet top-ups", report.wallet.topUpsCents, "USD cents"),
    row("Summary", "Wallet usage", report.wallet.usageCents, "USD cents"),
    ...report.leads.sources.map((s) => row("Leads by source", s.label, s.count, "count")),
    ...RESERVATION_OUTCOMES.map((o) =>
      row("Reservation outcomes", RESERVATION_OUTCOME_LABELS[o], report.reservations[o], "count"),
    ),
    ...report.wallet.byType.flatMap((t) => [
      row("Wallet by type", `${TRANSACTION_TYPE_LABELS[t.type]} entries`, t.count, "count"),
      row("Wallet by type", `${TRANSACTION_TYPE_LABELS[t.type]} total`, t.totalCents, "USD cents"),
    ]),
  ];
  const section = `By ${GRANULARITY_LABELS[report.by].toLowerCase()}`;
  for (const p of report.series) {
    const at = (figure: string, value: number, unit: string): CsvRow => ({
      section,
      figure,
      from: p.start,
      to: p.end,
      value,
      unit,
    });
    out.push(
      at("Leads", p.leads, "count"),
      at("Reservations", p.reservations, "count"),
      at("Reservations licensed", p.licensed, "count"),
      at("Wallet top-ups", p.topUpsCents, "USD cents"),
      at("Wallet usage", p.usageCents, "USD cents"),
      at("Collected from licenses", p.collectedCents, "USD cents"),
      at("License refunds", p.refundedCents, "USD cents"),
      at("Active licenses at end", p.activeLicences, "count"),
      at("Monthly recurring revenue at end", p.mrrCents, "USD cents"),
    );
  }
  return out;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const actor = actorFor(areaUser(context), context);
  const period = resolvePeriod(new URL(request.url).searchParams, businessDay(new Date()));
  const report = await analyticsReport(s.db, actor, period, period.by).catch(throwAsRouteError);
  const body = toCsv(analyticsCsvRows(report), COLUMNS);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="poundcodes-analytics-${period.from}-to-${period.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
