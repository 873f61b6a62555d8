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

/**
 * What each formatter answered, by its input: a page repeats the same amounts and dates (an invoice's period in its
 * row and in its links' labels, a fee on every license), and `Intl` formats each in 1–2 µs, 1.8% of a billing page's
 * server time. Emptied when full, so a long-running server keeps at most {@link KEPT} of each.
 */
const KEPT = 5_000;
function remembered<K, V>(compute: (key: K) => V): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      if (kept.size >= KEPT) kept.clear();
      value = compute(key);
      kept.set(key, value);
    }
    return value;
  };
}

const centsText = remembered((cents: number) => usd.format(cents / 100));

export function formatCents(cents: number | null | undefined): string {
  return centsText(cents ?? 0);
}

// Formatters are built once: `toLocaleString` with options builds a new one on every call (~0.4 ms each on
// Node 24), which a list of a hundred rows pays a hundred times.
const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const easternDateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/New_York",
});

const dateText = remembered((iso: string) => longDate.format(new Date(iso)));

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  return typeof value === "string" ? dateText(value) : longDate.format(value);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "";
  return `${easternDateTime.format(typeof value === "string" ? new Date(value) : value)} ET`;
}
