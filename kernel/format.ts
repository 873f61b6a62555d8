/**
 * Browser-safe formatting. Money is integer cents everywhere; it becomes dollars only here, always with two
 * decimals ($3,925.00, $0.50), so every price on every page reads the same way.
 */
const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatCents(cents: number | null | undefined): string {
  return usd.format((cents ?? 0) / 100);
}

// Formatters are built once: `toLocaleString` with options builds a new one on every call (~0.4 ms each on
// Node 24), which a list of a hundred rows pays a hundred times.
const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const easternDateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/New_York",
});

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  return longDate.format(typeof value === "string" ? new Date(value) : value);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "";
  return `${easternDateTime.format(typeof value === "string" ? new Date(value) : value)} ET`;
}
