/** The submissions screen's words (spec 2 §4, §8). */
export const SUBMISSIONS_TEXT = {
  title: "Form Submissions",
  subtitle: "Leads from your landing pages, newest first.",
  empty: "No Submissions Yet",
  emptyHint: "When a visitor sends the form on your landing page, the lead appears here and we email it to you.",
  failed: "Could not fetch your form submissions.",
  noLicensee: "No Licensee Profile",
  noLicenseeHint:
    "Form submissions belong to a licensee record, and this account does not have one yet. Contact us to license a #Code.",
  newStatus: "New",
} as const;

/** A stored snake_case word for people: "not_a_fit" → "Not a fit". */
export function humanize(value: string): string {
  const words = value.trim().replace(/[_-]+/g, " ").replace(/\s+/g, " ").toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "";
}

/** A submission with no status displays as 'New' (spec 2 §4). */
export function statusLabel(status: string | null): string {
  return status?.trim() ? humanize(status) : SUBMISSIONS_TEXT.newStatus;
}

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  message: "Message",
  territory: "Territory",
  pound_code: "#Code",
  source: "Source",
};

/** The fields shown in their own place on a card; every other stored field is listed after them. */
export const SHOWN_APART = ["name", "email", "phone", "message"] as const;

export function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? humanize(key);
}

/** The fields of a submission beyond name, email, phone and message, in a stable order. */
export function otherFields(data: Record<string, string>): [string, string][] {
  const order = Object.keys(FIELD_LABELS);
  return Object.entries(data)
    .filter(([k, v]) => !(SHOWN_APART as readonly string[]).includes(k) && v.trim() !== "")
    .sort(([a], [b]) => {
      const ia = order.indexOf(a);
      const ib = order.indexOf(b);
      return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib) || a.localeCompare(b);
    });
}
