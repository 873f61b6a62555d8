/**
 * Usage debits: what makes the wallet mean something. The telephony side reports call minutes, SMS and web-form
 * leads as signed events (server/http/webhooks.ts checks the signature); each becomes one ledger debit at the
 * licensee's per-unit rate from the pricing engine, once per event id. Landing-page leads are debited from inside
 * the lead's own transaction by {@link debitLead}.
 *
 * Rates: with a licence named, the quote of that licence's territory (its minutes and SMS multipliers, ADR 003);
 * without one, the product's base rates the engine starts from. A web-form lead is always the engine's fixed
 * price. The balance may go below zero (ADR 006).
 */
import { and, eq } from "drizzle-orm";
import { formatCents } from "#kernel/format.ts";
import { USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { USAGE_LABELS, USAGE_TOLERANCE_SECONDS, type UsageEvent, type UsageKind } from "#kernel/schemas/billing.ts";
import type { Database, Tx } from "../../db/client.ts";
import { clientWalletTransactions, licensees, territoryLicenses } from "../../db/schema/index.ts";
import { SYSTEM_ACTOR } from "../actor.ts";
import { quoteFor } from "../pricing/quote.ts";
import { LicenseNotLiveError, UnknownLicenseError, UnknownLicenseeError, UsageDateOutOfRangeError } from "./errors.ts";
import { type LedgerOptions, recordLedgerEntry } from "./ledger.ts";

export type UsageRates = { perMinuteCents: number; perSmsCents: number; perWebFormLeadCents: number };

/** The per-unit rates of one territory, or the base rates when no territory is known. */
export async function usageRates(tx: Tx, territoryId: string | null): Promise<UsageRates> {
  if (!territoryId) {
    return {
      perMinuteCents: USAGE_BASE_RATES_CENTS.perMinute,
      perSmsCents: USAGE_BASE_RATES_CENTS.perSms,
      perWebFormLeadCents: USAGE_BASE_RATES_CENTS.perWebFormLead,
    };
  }
  const q = await quoteFor(tx, { territoryId });
  return { perMinuteCents: q.perMinuteCents, perSmsCents: q.perSmsCents, perWebFormLeadCents: q.perWebFormLeadCents };
}

function unitRate(rates: UsageRates, kind: UsageKind): number {
  if (kind === "call_minutes") return rates.perMinuteCents;
  if (kind === "sms") return rates.perSmsCents;
  return rates.perWebFormLeadCents;
}

export function usageDescription(kind: UsageKind, quantity: number, unitCents: number): string {
  const label = USAGE_LABELS[kind];
  return `${quantity} ${quantity === 1 ? label.one : label.many} at ${formatCents(unitCents)}`;
}

export type UsageResult =
  | { status: "recorded"; entryId: string; amountCents: number; balanceCents: number }
  | { status: "duplicate"; entryId: string }
  /** The territory prices this unit at $0.00: nothing to debit. */
  | { status: "free" };

/**
 * The ledger reference of a usage event: the sender's id in a namespace of its own, per licensee (two licensees'
 * events may carry the same id, and neither is then taken for the other's duplicate).
 */
export const usageReference = (licenseeId: string, eventId: string) => `usage:${licenseeId}:${eventId}`;
/** The reference usage events had before it named the licensee: an event recorded then is still a duplicate. */
const legacyUsageReference = (eventId: string) => `usage:${eventId}`;

/**
 * Debits one usage event. Refuses an unknown licensee, a license that is not theirs, one that is not active
 * (suspended for an unpaid invoice, or ended), and an `occurred_at` outside the license's term (the licensee's
 * existence when no license is named) or more than {@link USAGE_TOLERANCE_SECONDS} ahead of the clock — nothing
 * written; the same event id again for the same licensee is a duplicate (nothing written), answered with the
 * licensee's own entry.
 */
export async function recordUsage(
  db: Database,
  event: UsageEvent,
  opts: LedgerOptions & { now?: Date },
): Promise<UsageResult> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const [lic] = await tx
      .select({ id: licensees.id, createdAt: licensees.createdAt })
      .from(licensees)
      .where(eq(licensees.id, event.licensee_id));
    if (!lic) throw new UnknownLicenseeError(event.licensee_id);
    let territoryId: string | null = null;
    let term: { from: Date; to: Date | null } = { from: lic.createdAt, to: null };
    if (event.license_id) {
      const [licence] = await tx
        .select({
          territoryId: territoryLicenses.territoryId,
          status: territoryLicenses.status,
          startsAt: territoryLicenses.startsAt,
          endsAt: territoryLicenses.endsAt,
        })
        .from(territoryLicenses)
        .where(and(eq(territoryLicenses.id, event.license_id), eq(territoryLicenses.licenseeId, lic.id)));
      if (!licence) throw new UnknownLicenseError(event.license_id);
      // A suspended license takes no new usage until its invoice is paid; an ended one none at all.
      if (licence.status !== "active") throw new LicenseNotLiveError(licence.status);
      territoryId = licence.territoryId;
      term = { from: licence.startsAt, to: licence.endsAt };
    }
    const occurredAt = event.occurred_at ? new Date(event.occurred_at) : null;
    if (occurredAt) {
      const latest = now.getTime() + USAGE_TOLERANCE_SECONDS * 1_000;
      const end = term.to ? Math.min(term.to.getTime(), latest) : latest;
      if (occurredAt.getTime() < term.from.getTime() || occurredAt.getTime() > end) {
        throw new UsageDateOutOfRangeError(Boolean(event.license_id));
      }
    }
    const unitCents = unitRate(await usageRates(tx, territoryId), event.kind);
    const amountCents = -(unitCents * event.quantity);
    if (amountCents === 0) {
      return { status: "free" as const };
    }
    const [earlier] = await tx
      .select({ id: clientWalletTransactions.id })
      .from(clientWalletTransactions)
      .where(
        and(
          eq(clientWalletTransactions.licenseeId, lic.id),
          eq(clientWalletTransactions.paymentReference, legacyUsageReference(event.id)),
        ),
      );
    if (earlier) return { status: "duplicate" as const, entryId: earlier.id };
    const result = await recordLedgerEntry(
      tx,
      {
        actor: SYSTEM_ACTOR,
        licenseeId: lic.id,
        amountCents,
        type: "usage",
        description: usageDescription(event.kind, event.quantity, unitCents),
        paymentReference: usageReference(lic.id, event.id),
        details: {
          source: "telephony",
          eventId: event.id,
          kind: event.kind,
          quantity: event.quantity,
          unitCents,
          licenseId: event.license_id ?? null,
          territoryId,
          occurredAt: event.occurred_at ?? null,
        },
        ...(occurredAt ? { transactionDate: occurredAt } : {}),
      },
      opts,
    );
    return result.recorded
      ? { status: "recorded" as const, entryId: result.entryId, amountCents, balanceCents: result.balanceCents }
      : { status: "duplicate" as const, entryId: result.duplicateOf };
  });
}

export type LeadDebit = {
  licenseeId: string;
  submissionId: string;
  territoryId: string;
  territoryName: string;
  poundCode: string;
};

/**
 * Debits the per-lead fee for a landing-page lead, inside the lead's own transaction (so a lead and its fee are
 * recorded together or not at all). Once per submission.
 */
export async function debitLead(tx: Tx, lead: LeadDebit, opts: LedgerOptions): Promise<void> {
  const unitCents = (await usageRates(tx, lead.territoryId)).perWebFormLeadCents;
  if (unitCents === 0) return;
  await recordLedgerEntry(
    tx,
    {
      actor: SYSTEM_ACTOR,
      licenseeId: lead.licenseeId,
      amountCents: -unitCents,
      type: "usage",
      description: `Web-form lead: ${lead.poundCode} ${lead.territoryName} landing page at ${formatCents(unitCents)}`,
      paymentReference: `lead:${lead.submissionId}`,
      details: {
        source: "landing_page",
        kind: "web_form_lead",
        quantity: 1,
        unitCents,
        submissionId: lead.submissionId,
        territoryId: lead.territoryId,
        poundCode: lead.poundCode,
      },
    },
    opts,
  );
}
