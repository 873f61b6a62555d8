/** The minutes-and-SMS wallet ledger. */
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { WALLET_TRANSACTION_TYPES, type WalletTransactionType } from "#kernel/enums.ts";
import { cents, checkIn, createdAt, id, timestamptz } from "./columns.ts";
import { licensees } from "./licensees.ts";

/**
 * Append-only ledger. amount_cents is signed: credits > 0, debits < 0.
 * payment_reference (e.g. the payment provider's checkout session id) is unique, so a webhook delivered twice
 * books one entry: insert with onConflictDoNothing and credit the cached balance only when a row was inserted.
 */
export const clientWalletTransactions = pgTable(
  "client_wallet_transactions",
  {
    id: id(),
    licenseeId: uuid("licensee_id")
      .notNull()
      .references(() => licensees.id, { onDelete: "restrict" }),
    amountCents: cents("amount_cents").notNull(),
    description: text("description").notNull(),
    transactionType: text("transaction_type").$type<WalletTransactionType>().notNull(),
    paymentReference: text("payment_reference"),
    /**
     * What the entry was for, as recorded: a usage debit's kind, quantity and unit rate; a top-up's provider
     * session; an adjustment's reason and the administrator who made it.
     */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    transactionDate: timestamptz("transaction_date").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("client_wallet_transactions_payment_reference_unique").on(t.paymentReference),
    checkIn("client_wallet_transactions_type_check", t.transactionType, WALLET_TRANSACTION_TYPES),
    check("client_wallet_transactions_amount_nonzero_check", sql`${t.amountCents} <> 0`),
    check(
      "client_wallet_transactions_sign_check",
      sql`(${t.transactionType} <> 'top_up' or ${t.amountCents} > 0) and (${t.transactionType} <> 'usage' or ${t.amountCents} < 0)`,
    ),
    index("client_wallet_transactions_licensee_date_idx").on(t.licenseeId, t.transactionDate),
  ],
);

export type ClientWalletTransaction = typeof clientWalletTransactions.$inferSelect;
export type NewClientWalletTransaction = typeof clientWalletTransactions.$inferInsert;
