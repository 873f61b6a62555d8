/**
 * The wallet ledger: the one way money moves. `client_wallet_transactions` is the source of truth and
 * `licensees.minutes_sms_wallet_cents` a cache of its sum, so every entry goes through {@link recordLedgerEntry},
 * which inserts the row and moves the cached balance in the caller's transaction (and enqueues the low-balance
 * email when the balance falls under the threshold). {@link replayBalance} checks the cache against the ledger.
 *
 * Entries that come from outside (a paid checkout, a usage event, a lead) carry a `paymentReference`, unique in
 * the ledger: a second entry with the same reference inserts nothing and moves nothing, however many deliveries
 * race (the unique index decides; the losers wait for the winner's commit and then see the row).
 *
 * A balance may go below zero: usage is recorded as it happened (docs/decisions/006-negative-wallet-balance.md).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { WalletTransactionType } from "#kernel/enums.ts";
import { BILLING_PATH } from "#kernel/schemas/billing.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { clientWalletTransactions, licensees } from "../../db/schema/index.ts";
import { lowBalanceNotice } from "../../integrations/email/wallet-templates.ts";
import type { Actor } from "../actor.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { noteFall, type RechargeJobQueue } from "./recharge-trigger.ts";

/** The default low-balance threshold ($10.00), as LOW_BALANCE_CENTS defaults in config. */
export const DEFAULT_LOW_BALANCE_CENTS = 1_000;

export type LedgerOptions = {
  /** Under this balance the licensee is emailed, once per fall (config.lowBalanceCents). */
  lowBalanceCents: number;
  /** Base of the billing link in that email (config.publicUrl). */
  publicUrl: string;
  /** Where an auto-recharge's job goes when a debit takes the balance under the licensee's threshold. */
  recharge?: RechargeJobQueue | null;
};

export type LedgerEntryInput = {
  /** Recorded in the audit log for credits and adjustments (usage is its own record). */
  actor: Actor;
  licenseeId: string;
  /** Signed: credits > 0, debits < 0; never 0. top_up must be a credit and usage a debit (CHECKs). */
  amountCents: number;
  type: WalletTransactionType;
  description: string;
  /** The outside id that makes the entry happen once (checkout session, usage event, lead). */
  paymentReference?: string | null;
  details?: Record<string, unknown>;
  transactionDate?: Date;
};

export type LedgerResult =
  | { recorded: true; entryId: string; balanceCents: number; lowBalanceEmailed: boolean }
  | { recorded: false; duplicateOf: string };

/**
 * Inserts one ledger entry and moves the licensee's cached balance by its amount, in `tx`. With a reference that
 * is already in the ledger, nothing changes and the existing entry's id is returned. The licensee must exist (the
 * foreign key refuses otherwise).
 */
export async function recordLedgerEntry(tx: Tx, entry: LedgerEntryInput, opts: LedgerOptions): Promise<LedgerResult> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
    throw new Error(`A ledger entry needs a non-zero whole number of cents, got ${entry.amountCents}`);
  }
  const [row] = await tx
    .insert(clientWalletTransactions)
    .values({
      licenseeId: entry.licenseeId,
      amountCents: entry.amountCents,
      transactionType: entry.type,
      description: entry.description,
      paymentReference: entry.paymentReference ?? null,
      details: entry.details ?? {},
      ...(entry.transactionDate ? { transactionDate: entry.transactionDate } : {}),
    })
    .onConflictDoNothing({ target: clientWalletTransactions.paymentReference })
    .returning({ id: clientWalletTransactions.id });
  if (!row) {
    const [existing] = await tx
      .select({ id: clientWalletTransactions.id })
      .from(clientWalletTransactions)
      .where(eq(clientWalletTransactions.paymentReference, entry.paymentReference!));
    return { recorded: false, duplicateOf: existing!.id };
  }

  const [after] = await tx
    .update(licensees)
    .set({ minutesSmsWalletCents: sql`${licensees.minutesSmsWalletCents} + ${entry.amountCents}` })
    .where(eq(licensees.id, entry.licenseeId))
    .returning({
      balanceCents: licensees.minutesSmsWalletCents,
      notifiedAt: licensees.lowBalanceNotifiedAt,
      email: licensees.email,
      contactName: licensees.contactName,
    });
  if (!after) throw new Error(`Licensee ${entry.licenseeId} vanished while recording a ledger entry`);
  const balanceCents = after.balanceCents;

  // One email per fall under the threshold (an entry that takes the balance from at or over it to under it):
  // remembered on the licensee, forgotten when a credit lifts the balance back to the threshold.
  let lowBalanceEmailed = false;
  const previousCents = balanceCents - entry.amountCents;
  if (previousCents >= opts.lowBalanceCents && balanceCents < opts.lowBalanceCents && after.notifiedAt === null) {
    await enqueueEmail(
      tx,
      lowBalanceNotice({
        to: after.email,
        name: after.contactName,
        balanceCents,
        thresholdCents: opts.lowBalanceCents,
        billingUrl: `${opts.publicUrl.replace(/\/+$/, "")}${BILLING_PATH}`,
      }),
    );
    await tx.update(licensees).set({ lowBalanceNotifiedAt: new Date() }).where(eq(licensees.id, entry.licenseeId));
    lowBalanceEmailed = true;
  } else if (balanceCents >= opts.lowBalanceCents && after.notifiedAt !== null) {
    await tx.update(licensees).set({ lowBalanceNotifiedAt: null }).where(eq(licensees.id, entry.licenseeId));
  }

  // Auto-recharge: one per fall under the licensee's own threshold (./auto-recharge.ts).
  if (entry.amountCents < 0) await noteFall(tx, entry.licenseeId, previousCents, balanceCents, opts.recharge);

  if (entry.type !== "usage") {
    await recordAudit(tx, entry.actor, {
      action: `wallet.${entry.type}`,
      entityType: "client_wallet_transaction",
      entityId: row.id,
      details: {
        licenseeId: entry.licenseeId,
        amountCents: entry.amountCents,
        paymentReference: entry.paymentReference ?? null,
        balanceCents,
      },
    });
  }
  return { recorded: true, entryId: row.id, balanceCents, lowBalanceEmailed };
}

export type BalanceReplay = { licenseeId: string; ledgerCents: number; cachedCents: number; matches: boolean };

/** Sums the ledger of one licensee and compares it with the cached balance. */
export async function replayBalance(db: DbOrTx, licenseeId: string): Promise<BalanceReplay> {
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${clientWalletTransactions.amountCents}), 0)` })
    .from(clientWalletTransactions)
    .where(eq(clientWalletTransactions.licenseeId, licenseeId));
  const [lic] = await db
    .select({ cached: licensees.minutesSmsWalletCents })
    .from(licensees)
    .where(eq(licensees.id, licenseeId));
  const ledgerCents = Number(sum?.total ?? 0);
  const cachedCents = lic?.cached ?? 0;
  return { licenseeId, ledgerCents, cachedCents, matches: ledgerCents === cachedCents };
}

/** The entry with this reference, if any (tests and the fulfilment paths). */
export async function entryByReference(db: DbOrTx, licenseeId: string, reference: string) {
  const [row] = await db
    .select()
    .from(clientWalletTransactions)
    .where(
      and(
        eq(clientWalletTransactions.licenseeId, licenseeId),
        eq(clientWalletTransactions.paymentReference, reference),
      ),
    )
    .orderBy(desc(clientWalletTransactions.createdAt));
  return row ?? null;
}
