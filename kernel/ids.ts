/** Row ids are UUIDs: 8-4-4-4-12 hexadecimal digits, in either case. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the text is a UUID. A malformed id cannot name a row, so callers answer "not found" without a query. */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
