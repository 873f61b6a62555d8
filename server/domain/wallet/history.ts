/**
 * What the billing screen shows: the caller's own balance and ledger, newest first, each entry with the balance
 * after it. Always read through the owner: the ledger of the licensee row the billing screen read for actor.userId
 * (billing/screen.ts), and one entry only if it is that licensee's (another's is "not found").
 */
import { and, eq, sql } from "drizzle-orm";
import type { WalletTransactionType } from "#kernel/enums.ts";
import { isUuid } from "#kernel/ids.ts";
import type { DbOrTx } from "../../db/client.ts";
import { builtOnce } from "../../db/prepared.ts";
import { clientWalletTransactions, type Licensee, licensees } from "../../db/schema/index.ts";
import type { Actor } from "../actor.ts";
import { LedgerEntryNotFoundError } from "./errors.ts";

/** The history shows the latest entries; older ones stay in the ledger (and in the balance). */
export const HISTORY_LIMIT = 200;

export type WalletEntry = {
  id: string;
  transactionDate: string;
  description: string;
  transactionType: WalletTransactionType;
  amountCents: number;
  /** The balance right after this entry. */
  balanceAfterCents: number;
};

export type WalletView = {
  licensee: { id: string; companyName: string | null; email: string } | null;
  balanceCents: number;
  lastMonthDepositCents: number;
  entries: WalletEntry[];
  /** All entries in the ledger (entries holds at most HISTORY_LIMIT of them). */
  totalEntries: number;
};

/** The caller's own licensee record (its id), or null. */
async function ownLicensee(db: DbOrTx, actor: Actor) {
  if (!actor.userId) return null;
  const [lic] = await db.select({ id: licensees.id }).from(licensees).where(eq(licensees.userId, actor.userId));
  return lic ?? null;
}

/** Orders entries as they happened: by date, then by when they were written, then by id (a stable tiebreak). */
const chronological = sql`${clientWalletTransactions.transactionDate}, ${clientWalletTransactions.createdAt}, ${clientWalletTransactions.id}`;

const ledgerOfLicensee = builtOnce((db) =>
  db
    .select({
      id: clientWalletTransactions.id,
      transactionDate: clientWalletTransactions.transactionDate,
      description: clientWalletTransactions.description,
      transactionType: clientWalletTransactions.transactionType,
      amountCents: clientWalletTransactions.amountCents,
      balanceAfter: sql<string>`sum(${clientWalletTransactions.amountCents}) over (order by ${chronological} rows between unbounded preceding and current row)`,
      total: sql<string>`count(*) over ()`,
    })
    .from(clientWalletTransactions)
    .where(eq(clientWalletTransactions.licenseeId, sql.placeholder("licenseeId")))
    .orderBy(
      sql`${clientWalletTransactions.transactionDate} desc, ${clientWalletTransactions.createdAt} desc, ${clientWalletTransactions.id} desc`,
    )
    .limit(HISTORY_LIMIT)
    .prepare("wallet_ledger_of_licensee"),
);

/** The wallet of a licensee already read (the billing screen reads the row once for all it shows); null: none. */
export async function walletOfLicensee(
  db: DbOrTx,
  lic: Pick<Licensee, "id" | "companyName" | "email" | "minutesSmsWalletCents" | "lastMonthDepositCents"> | null,
): Promise<WalletView> {
  if (!lic) return { licensee: null, balanceCents: 0, lastMonthDepositCents: 0, entries: [], totalEntries: 0 };
  const rows = await ledgerOfLicensee(db).execute({ licenseeId: lic.id });
  return {
    licensee: { id: lic.id, companyName: lic.companyName, email: lic.email },
    balanceCents: lic.minutesSmsWalletCents,
    lastMonthDepositCents: lic.lastMonthDepositCents,
    entries: rows.map((r) => ({
      id: r.id,
      transactionDate: r.transactionDate.toISOString(),
      description: r.description,
      transactionType: r.transactionType,
      amountCents: r.amountCents,
      balanceAfterCents: Number(r.balanceAfter),
    })),
    totalEntries: Number(rows[0]?.total ?? 0),
  };
}

export type WalletEntryDetail = {
  id: string;
  transactionDate: string;
  description: string;
  transactionType: WalletTransactionType;
  amountCents: number;
  paymentReference: string | null;
  details: Record<string, unknown>;
};

/** One of the caller's own entries; anyone else's, or none, is {@link LedgerEntryNotFoundError}. */
export async function getWalletEntry(db: DbOrTx, actor: Actor, entryId: string): Promise<WalletEntryDetail> {
  const lic = await ownLicensee(db, actor);
  if (!lic || !isUuid(entryId)) throw new LedgerEntryNotFoundError();
  const [row] = await db
    .select()
    .from(clientWalletTransactions)
    .where(and(eq(clientWalletTransactions.id, entryId), eq(clientWalletTransactions.licenseeId, lic.id)));
  if (!row) throw new LedgerEntryNotFoundError();
  return {
    id: row.id,
    transactionDate: row.transactionDate.toISOString(),
    description: row.description,
    transactionType: row.transactionType,
    amountCents: row.amountCents,
    paymentReference: row.paymentReference,
    details: row.details,
  };
}
