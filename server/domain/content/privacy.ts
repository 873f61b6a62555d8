/**
 * The privacy policy read model. Its sections are editable content rows whose key starts with privacy_policy_,
 * edited by administrators; the page shows them as collapsible sections with a "Last updated" date taken from the
 * newest row's updated_at.
 *
 * - Section order: the known keys in SECTION_ORDER first, then any other key in key order.
 * - privacy_policy_last_updated is not a section (its row still counts towards the date).
 * - A value is HTML when it contains a tag, otherwise plain text whose blank lines separate paragraphs. Either way
 *   it is sanitized here, on every read, so nothing unsafe reaches the page whatever was stored.
 * - When the read fails the page shows the built-in policy below; when there are no sections it says so
 *   (PRIVACY_EMPTY_MESSAGE).
 */
import { asc, like } from "drizzle-orm";
import { CONTACT } from "#kernel/links.ts";
import { PRIVACY_KEY_PREFIX, type PrivacyPolicy } from "#kernel/schemas/privacy.ts";
import type { DbOrTx } from "../../db/client.ts";
import { editableContent } from "../../db/schema/index.ts";
import { sanitizeHtml } from "./sanitize.ts";

/** Not a section: a date kept by editors, whose row only counts towards "Last updated". */
export const PRIVACY_DATE_KEY = `${PRIVACY_KEY_PREFIX}last_updated`;

/** The usual sections, in reading order, with their headings. Other keys follow in key order. */
const SECTION_ORDER: readonly { suffix: string; title: string }[] = [
  { suffix: "intro", title: "Introduction" },
  { suffix: "information_we_collect", title: "Information We Collect" },
  { suffix: "how_we_use", title: "How We Use Information" },
  { suffix: "sharing", title: "How We Share Information" },
  { suffix: "cookies", title: "Cookies and Analytics" },
  { suffix: "retention", title: "How Long We Keep Information" },
  { suffix: "security", title: "How We Protect Information" },
  { suffix: "your_rights", title: "Your Rights and Choices" },
  { suffix: "children", title: "Children's Privacy" },
  { suffix: "changes", title: "Changes to This Policy" },
  { suffix: "contact", title: "Contact Us" },
];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const LOOKS_LIKE_HTML = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;

/** Plain text as HTML paragraphs: blank lines separate paragraphs, single line breaks are kept. */
function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/[&<>"']/g, (c) => ESCAPES[c]!).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

/** A stored value as safe HTML. */
export function privacyValueToHtml(value: string): string {
  return sanitizeHtml(LOOKS_LIKE_HTML.test(value) ? value : textToHtml(value));
}

/** privacy_policy_your_rights → "Your Rights" (for keys without a known heading). */
function titleFromSuffix(suffix: string): string {
  return suffix
    .split("_")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

function rank(suffix: string): number {
  const i = SECTION_ORDER.findIndex((s) => s.suffix === suffix);
  return i === -1 ? SECTION_ORDER.length : i;
}

type Row = { contentKey: string; contentValue: string; updatedAt: Date };

/** The sections and date from the rows (pure; exported for tests). */
export function privacyPolicyFromRows(rows: readonly Row[]): PrivacyPolicy {
  const owned = rows.filter((r) => r.contentKey.startsWith(PRIVACY_KEY_PREFIX));
  const sections = owned
    .filter((r) => r.contentKey !== PRIVACY_DATE_KEY)
    .map((r) => ({ row: r, suffix: r.contentKey.slice(PRIVACY_KEY_PREFIX.length) }))
    .filter(({ suffix }) => suffix.length > 0)
    .map(({ row, suffix }) => ({
      key: row.contentKey,
      id: suffix.replaceAll("_", "-"),
      title: SECTION_ORDER.find((s) => s.suffix === suffix)?.title ?? titleFromSuffix(suffix),
      html: privacyValueToHtml(row.contentValue),
      order: rank(suffix),
    }))
    .filter((s) => s.html.trim().length > 0)
    .sort((a, b) => a.order - b.order || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ order: _order, ...s }) => s);
  if (sections.length === 0) return { source: "empty", sections: [], lastUpdated: null };
  const newest = owned.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), owned[0]!.updatedAt);
  return { source: "content", sections, lastUpdated: newest.toISOString() };
}

/** The privacy policy rows, read from the database. Throws when the read fails. */
export async function readPrivacyPolicy(db: DbOrTx): Promise<PrivacyPolicy> {
  // Underscores are LIKE wildcards: escape them so only keys that really start with the prefix match.
  const pattern = `${PRIVACY_KEY_PREFIX.replaceAll("_", "\\_")}%`;
  const rows = await db
    .select({
      contentKey: editableContent.contentKey,
      contentValue: editableContent.contentValue,
      updatedAt: editableContent.updatedAt,
    })
    .from(editableContent)
    .where(like(editableContent.contentKey, pattern))
    .orderBy(asc(editableContent.contentKey));
  return privacyPolicyFromRows(rows);
}

/** The page's policy: the stored sections, or the built-in text when the read fails (onError hears why). */
export async function privacyPolicy(
  db: DbOrTx,
  opts: { onError?: (err: unknown) => void } = {},
): Promise<PrivacyPolicy> {
  try {
    return await readPrivacyPolicy(db);
  } catch (err) {
    opts.onError?.(err);
    return FALLBACK_PRIVACY_POLICY;
  }
}

/** The date of the built-in text. */
export const FALLBACK_PRIVACY_DATE = "2026-11-01T00:00:00.000Z";

const FALLBACK_TEXT: readonly [suffix: string, text: string][] = [
  [
    "intro",
    "This Privacy Policy explains how PoundCodes collects, uses and protects information about visitors to our website and about the businesses that license #Codes and vanity numbers from us. By using the website or our services, you agree to the practices described here.",
  ],
  [
    "information_we_collect",
    "We collect the information you give us, such as your name, company, email address, phone number and mailing address, when you create an account, reserve a territory, submit a form or contact support.\n\nFor licensees we also process call records (time, duration, calling number and general location), text messages and web form submissions received through licensed numbers. Our servers record technical data such as IP address, browser type and the pages visited.",
  ],
  [
    "how_we_use",
    "We use information to provide and route calls and messages, operate your account and wallet, prepare license agreements, answer support requests, send service notices, improve the website and meet our legal and accounting obligations. With your consent we may send marketing newsletters; every newsletter includes a way to unsubscribe.",
  ],
  [
    "sharing",
    "We do not sell personal information. We share it only with service providers that help us operate, such as telecommunications carriers, our payment processor and our hosting and email providers, under contracts that limit their use of it; with a licensee, for the calls, messages and leads addressed to that licensee's numbers; and when the law requires it or to protect our rights and our users.",
  ],
  [
    "security",
    "We protect information with encryption in transit, access limited to the staff who need it, hashed passwords and regular backups. No system is perfectly secure; if we learn of a breach that affects your information, we will notify you as the law requires.",
  ],
  [
    "your_rights",
    "You can review and update your account information from your dashboard at any time. You may ask us for a copy of your personal information, or ask us to correct or delete it, subject to the records we must keep for legal, tax or contractual reasons. Residents of some states have additional rights, which we honor on request.",
  ],
  [
    "contact",
    `For privacy questions or requests, use the form on our Contact page or call ${CONTACT.phone}, ${CONTACT.hours}. We respond to verified requests within 30 days.`,
  ],
];

/** The built-in policy shown when the content cannot be read. */
export const FALLBACK_PRIVACY_POLICY: PrivacyPolicy = {
  ...privacyPolicyFromRows(
    FALLBACK_TEXT.map(([suffix, text]) => ({
      contentKey: `${PRIVACY_KEY_PREFIX}${suffix}`,
      contentValue: text,
      updatedAt: new Date(FALLBACK_PRIVACY_DATE),
    })),
  ),
  source: "fallback",
};
