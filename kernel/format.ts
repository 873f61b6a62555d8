/** Browser-safe formatting. Money is integer cents everywhere; it becomes dollars only here. */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export function formatCents(cents: number | null | undefined): string {
  return usd.format((cents ?? 0) / 100);
}

/** Whole dollars when the amount has no cents ($1,250), two decimals otherwise ($0.05). */
export function formatCentsShort(cents: number | null | undefined): string {
  const c = cents ?? 0;
  return c % 100 === 0 ? usdWhole.format(c / 100) : usd.format(c / 100);
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  const d = typeof value === "string" ? new Date(value) : value;
  return d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "";
  const d = typeof value === "string" ? new Date(value) : value;
  return `${d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" })} ET`;
}
