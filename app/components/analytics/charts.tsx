/**
 * The analytics charts, drawn with recharts. This module is loaded lazily (analytics-charts.tsx), so recharts is
 * downloaded by the analytics page alone, and only in the browser: the server renders each chart's title, summary
 * and data table, which are what assistive technology reads (the drawing itself is hidden from it, and its
 * keyboard layer is off: nothing hidden may take focus).
 */
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatCents } from "#kernel/format.ts";
import type { ChartPoint } from "./chart-data.ts";

const AXIS = { stroke: "var(--color-muted-foreground)", fontSize: 12, tickLine: false, axisLine: false } as const;
const GRID = { stroke: "var(--color-border)", strokeDasharray: "3 3", vertical: false } as const;
const TOOLTIP = {
  contentStyle: {
    background: "var(--color-card)",
    border: "1px solid var(--color-border)",
    borderRadius: 8,
    color: "var(--color-card-foreground)",
    fontSize: 13,
  },
  labelStyle: { fontWeight: 600, marginBottom: 4 },
  cursor: { fill: "var(--color-muted)", opacity: 0.5 },
} as const;

const compactUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});
/** Axis ticks only ($4.2K, $150): every amount a reader is given in full uses formatCents. */
const dollarsTick = (cents: number) => compactUsd.format(cents / 100);
const moneyValue = (value: unknown) => formatCents(Number(value));
/** Legend labels in the text colour (the series colour is in the swatch beside each), for contrast. */
const legendText = (value: unknown) => <span style={{ color: "var(--color-foreground)" }}>{String(value)}</span>;

export function ActivityChart({ data }: { data: ChartPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" {...AXIS} minTickGap={12} />
        <YAxis allowDecimals={false} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
        <Bar dataKey="leads" name="Leads" fill="var(--color-navy-400)" radius={[3, 3, 0, 0]} />
        <Bar dataKey="reservations" name="Reservations" fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
        <Bar dataKey="licensed" name="Became licenses" fill="var(--color-accent)" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function WalletChart({ data }: { data: ChartPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" {...AXIS} minTickGap={12} />
        <YAxis tickFormatter={dollarsTick} {...AXIS} />
        <Tooltip {...TOOLTIP} formatter={moneyValue} />
        <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
        <Bar dataKey="topUpsCents" name="Top-ups" fill="var(--color-accent)" radius={[3, 3, 0, 0]} />
        <Bar dataKey="usageCents" name="Usage" fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function RevenueChart({ data }: { data: ChartPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <defs>
          <linearGradient id="mrr-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--color-accent)" stopOpacity={0.45} />
            <stop offset="100%" stopColor="var(--color-accent)" stopOpacity={0.03} />
          </linearGradient>
        </defs>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" {...AXIS} minTickGap={12} />
        <YAxis tickFormatter={dollarsTick} {...AXIS} />
        <Tooltip {...TOOLTIP} formatter={moneyValue} />
        <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendText} />
        <Area
          type="monotone"
          dataKey="mrrCents"
          name="Monthly recurring revenue"
          stroke="var(--color-accent)"
          strokeWidth={2}
          fill="url(#mrr-fill)"
        />
        <Bar
          dataKey="collectedCents"
          name="Collected from licenses"
          fill="var(--color-primary)"
          radius={[3, 3, 0, 0]}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
