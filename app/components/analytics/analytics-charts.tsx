import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { formatCents } from "#kernel/format.ts";
import type { ChartPoint } from "./chart-data.ts";

/** recharts and the three charts, in their own chunk: only this page downloads them, and only in the browser. */
const loadCharts = () => import("./charts.tsx");
const ActivityChart = lazy(() => loadCharts().then((m) => ({ default: m.ActivityChart })));
const WalletChart = lazy(() => loadCharts().then((m) => ({ default: m.WalletChart })));
const RevenueChart = lazy(() => loadCharts().then((m) => ({ default: m.RevenueChart })));

type Column = { header: string; value: (p: ChartPoint) => string; numeric?: boolean };

/**
 * One chart: a titled card whose summary and data table are in the page for everyone (the table folds away under
 * "Show the figures"), and whose drawing appears once the page runs in the browser. The drawing is hidden from
 * assistive technology; the summary and table say the same.
 */
function ChartCard({
  title,
  summary,
  points,
  columns,
  children,
}: {
  title: string;
  summary: string;
  points: ChartPoint[];
  columns: Column[];
  children: ReactNode;
}) {
  const id = useId();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return (
    <Card aria-labelledby={`${id}-title`} role="region" className="gap-4">
      <CardHeader>
        <CardTitle as="h3" id={`${id}-title`}>
          {title}
        </CardTitle>
        <CardDescription id={`${id}-summary`}>{summary}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div aria-hidden="true" className="h-64 w-full sm:h-72">
          {inBrowser ? (
            <Suspense fallback={<Skeleton className="size-full" />}>{children}</Suspense>
          ) : (
            <Skeleton className="size-full" />
          )}
        </div>
        <details className="group rounded-lg border border-border">
          <summary className="cursor-pointer list-none px-4 py-2.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Show the figures</span>
            <span className="hidden group-open:inline">Hide the figures</span>
            <span className="sr-only"> of {title}</span>
          </summary>
          <div className="max-h-80 overflow-auto border-t border-border">
            <Table>
              <caption className="sr-only">{title}</caption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Period</TableHead>
                  {columns.map((c) => (
                    <TableHead key={c.header} scope="col" className={c.numeric ? "text-right" : undefined}>
                      {c.header}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {points.map((p) => (
                  <TableRow key={p.start}>
                    <TableCell className="whitespace-nowrap">{p.label}</TableCell>
                    {columns.map((c) => (
                      <TableCell key={c.header} className={c.numeric ? "text-right tabular-nums" : undefined}>
                        {c.value(p)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

const count = (n: number) => n.toLocaleString("en-US");
const total = (
  points: ChartPoint[],
  key: "leads" | "reservations" | "licensed" | "topUpsCents" | "usageCents" | "collectedCents" | "refundedCents",
) => points.reduce((a, p) => a + p[key], 0);

/** The three charts of the analytics page, one point per day, week or month of the period. */
export function AnalyticsCharts({ points, unitLabel }: { points: ChartPoint[]; unitLabel: string }) {
  const first = points[0];
  const last = points.at(-1);
  const busiest = points.reduce<ChartPoint | null>((best, p) => (!best || p.leads > best.leads ? p : best), null);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartCard
        title="Leads, reservations and licenses"
        summary={`${count(total(points, "leads"))} leads, ${count(total(points, "reservations"))} reservations and ${count(
          total(points, "licensed"),
        )} of those reservations licensed, by ${unitLabel}.${
          busiest && busiest.leads > 0 ? ` Most leads: ${busiest.label} (${count(busiest.leads)}).` : ""
        }`}
        points={points}
        columns={[
          { header: "Leads", value: (p) => count(p.leads), numeric: true },
          { header: "Reservations", value: (p) => count(p.reservations), numeric: true },
          { header: "Became licenses", value: (p) => count(p.licensed), numeric: true },
        ]}
      >
        <ActivityChart data={points} />
      </ChartCard>
      <ChartCard
        title="Wallet top-ups and usage"
        summary={`${formatCents(total(points, "topUpsCents"))} topped up and ${formatCents(
          total(points, "usageCents"),
        )} spent on usage, by ${unitLabel}.`}
        points={points}
        columns={[
          { header: "Top-ups", value: (p) => formatCents(p.topUpsCents), numeric: true },
          { header: "Usage", value: (p) => formatCents(p.usageCents), numeric: true },
        ]}
      >
        <WalletChart data={points} />
      </ChartCard>
      <div className="xl:col-span-2">
        <ChartCard
          title="Monthly recurring revenue and license payments"
          summary={
            first && last
              ? `What the subscriptions in force charge a month, at the end of each ${unitLabel}: ${formatCents(
                  first.mrrCents,
                )} at the end of the first, ${formatCents(last.mrrCents)} at the end of the period. ${formatCents(
                  total(points, "collectedCents"),
                )} collected from license invoices and ${formatCents(total(points, "refundedCents"))} refunded.`
              : "No figures for this period."
          }
          points={points}
          columns={[
            { header: "Active licenses", value: (p) => count(p.activeLicences), numeric: true },
            { header: "Monthly recurring revenue", value: (p) => formatCents(p.mrrCents), numeric: true },
            { header: "Collected from licenses", value: (p) => formatCents(p.collectedCents), numeric: true },
            { header: "Refunds", value: (p) => formatCents(p.refundedCents), numeric: true },
          ]}
        >
          <RevenueChart data={points} />
        </ChartCard>
      </div>
    </div>
  );
}
