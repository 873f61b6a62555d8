/**
 * How a landing-page lead is billed (docs/decisions/016-lead-billing.md). A lead is always delivered to the firm;
 * only a `billed` one costs it the per-lead fee:
 *
 * - the phone must be a valid US number (libphonenumber-js with full metadata): otherwise the form is refused with
 *   a field error, and nothing is recorded;
 * - spam is recorded and never billed: a disposable email domain, or a form sent faster than a person can fill it;
 *   the honeypot is refused before this (server/web/public-forms.ts);
 * - a repeat — the same person (same email, or same phone) on the same page within {@link LEAD_REPEAT_DAYS} days of
 *   a billed lead — is recorded as a repeat, not billed;
 * - past the page's daily cap of billed leads (`LEAD_DAILY_CAP`, Eastern business day) a lead is delivered but not
 *   billed, and the firm and sales are told once that day;
 * - the firm may dispute a billed lead within {@link LEAD_DISPUTE_DAYS} days (./lead-disputes.ts).
 *
 * The decision runs under a transaction-scoped advisory lock on the page, so fifty concurrent submissions of one
 * person bill one lead; the form's one-time key makes a retried or double-clicked submission find its first row.
 */
import disposableDomains from "disposable-email-domains" with { type: "json" };
import { and, count, eq, gte, or, type SQL, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { LeadBilling } from "#kernel/enums.ts";
import type { Tx } from "#server/db/client.ts";
import { formSubmissions, leadCapNotices } from "#server/db/schema/index.ts";
import { businessDay, startOfBusinessDay } from "../analytics/period.ts";
import { ValidationError } from "../errors.ts";

/** A person's second lead on a page within this many days of a billed one is a repeat. */
export const LEAD_REPEAT_DAYS = 30;
/** A billed lead may be disputed for this many days. */
export const LEAD_DISPUTE_DAYS = 7;
/** A form sent sooner than this after the page showed it was not typed by a person. */
export const LEAD_MIN_FILL_SECONDS = 3;
/** The default of LEAD_DAILY_CAP: billed leads per page per business day. */
export const DEFAULT_LEAD_DAILY_CAP = 25;

export const INVALID_US_PHONE = "Enter a valid US phone number, for example (216) 555-0123.";

const DISPOSABLE: ReadonlySet<string> = new Set(disposableDomains as string[]);

/** The person's keys: the email lower-cased, the phone as E.164 (+12165550123). Refuses a phone that is not US. */
export function personKeys(email: string, phone: string): { emailKey: string; phoneKey: string } {
  const parsed = parsePhoneNumberFromString(phone, "US");
  if (!parsed?.isValid() || parsed.country !== "US") throw new ValidationError({ phone: [INVALID_US_PHONE] });
  return { emailKey: email.trim().toLowerCase(), phoneKey: parsed.number };
}

/** Why a lead is spam, or null: a disposable address, or a form filled faster than a person can. */
export function spamReason(emailKey: string, startedAtMs: number | null, nowMs: number): string | null {
  const domain = emailKey.split("@")[1] ?? "";
  if (DISPOSABLE.has(domain)) return "disposable email address";
  if (startedAtMs !== null && nowMs - startedAtMs >= 0 && nowMs - startedAtMs < LEAD_MIN_FILL_SECONDS * 1000) {
    return "sent faster than a person can fill the form";
  }
  return null;
}

export type LeadBillingDecision = { billing: LeadBilling; capReachedNow: boolean };

/**
 * Serializes the page's leads (call first in the lead's transaction) and answers how this one is billed. `unitCents`
 * is the territory's per-lead fee (0: free).
 */
export async function decideLeadBilling(
  tx: Tx,
  p: {
    pageId: string;
    emailKey: string;
    phoneKey: string;
    spam: string | null;
    unitCents: number;
    dailyCap: number;
    now: Date;
  },
): Promise<LeadBillingDecision> {
  if (p.spam) return { billing: "spam", capReachedNow: false };
  if (p.unitCents === 0) return { billing: "free", capReachedNow: false };
  const since = new Date(p.now.getTime() - LEAD_REPEAT_DAYS * 24 * 60 * 60 * 1000);
  const samePerson = or(eq(formSubmissions.emailKey, p.emailKey), eq(formSubmissions.phoneKey, p.phoneKey)) as SQL;
  const [earlier] = await tx
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.pageId, p.pageId),
        eq(formSubmissions.billing, "billed"),
        gte(formSubmissions.createdAt, since),
        samePerson,
      ),
    )
    .limit(1);
  if (earlier) return { billing: "repeat", capReachedNow: false };
  const day = businessDay(p.now);
  const dayStart = startOfBusinessDay(day);
  const [today] = await tx
    .select({ n: count() })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.pageId, p.pageId),
        eq(formSubmissions.billing, "billed"),
        gte(formSubmissions.createdAt, dayStart),
      ),
    );
  if ((today?.n ?? 0) < p.dailyCap) return { billing: "billed", capReachedNow: false };
  // Past the cap: delivered, not billed; the first such lead of the day tells the firm and sales.
  const [notice] = await tx
    .insert(leadCapNotices)
    .values({ pageId: p.pageId, day })
    .onConflictDoNothing()
    .returning({ pageId: leadCapNotices.pageId });
  return { billing: "over_cap", capReachedNow: Boolean(notice) };
}

/** Takes the page's lead lock for the rest of the transaction. */
export async function lockPageLeads(tx: Tx, pageId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-page:${pageId}`}))`);
}
