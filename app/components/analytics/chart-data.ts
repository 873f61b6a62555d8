/** One bucket of the period as the charts and their tables read it (the loader's series, with an axis label). */
export type ChartPoint = {
  label: string;
  /** First and last day of the bucket, `YYYY-MM-DD`. */
  start: string;
  end: string;
  leads: number;
  reservations: number;
  licensed: number;
  topUpsCents: number;
  usageCents: number;
  /** License invoices paid in the bucket. */
  collectedCents: number;
  /** License refunds in the bucket. */
  refundedCents: number;
  activeLicences: number;
  mrrCents: number;
};
