/**
 * Admin billing read models: every licensee's wallet (the balance now, and the top-ups, usage and adjustments of a
 * period), and one licensee's ledger with the balance after each entry. Administrators only.
 *
 * The balance is the cached `licensees.minutes_sms_wallet_cents`; the ledger page also replays the ledger
 * ({@link replayBalance}) and says whether the two agree. Period figures sum the entries dated in the period
 * (Eastern-time days, as the analytics read them).
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { LicenseeStatus, WalletTransactionType } from "#kernel/enums.ts";
import { isUuid } from "#kernel/ids.ts";
import { type ListQuery, pageWindow, type SortDirection } from "#kernel/list-query.ts";
import type { AnalyticsPeriod } from "#kernel/schemas/analytics.ts";
import type { DbOrTx } from "../../db/client.ts";
import { clientWalletTransactions, licensees } from "../../db/schema/index.ts";
import { type Actor, assertAdmin } from "../actor.ts";
import { periodBounds } from "../analytics/period.ts";
import { listSql, type Page, pageOf, searchCondition, totalCount } from "../lists/list-sql.ts";
import { LicenseeNotFoundError } from "./adjustments-admin.ts";
import { type BalanceReplay, replayBalance } from "./ledger.ts";

// ---------------------------------------------------------------------------------------------------------------
// Every licensee's wallet

export type BillingSort = "company" | "balance" | "topUps" | "usage";
export type BillingFilters = { from: string; to: string };
export type BillingListQuery = ListQuery<BillingSort, Partial<BillingFilters>>;

export type LicenseeWalletRow = {
  id: string;
  companyName: string | null;
  contactName: string | null;
  email: string;
  status: LicenseeStatus;
  balanceCents: number;
  /** In the period: top-ups (credits), usage (a positive amount spent), adjustments (net, signed). */
  topUpsCents: number;
  usageCents: number;
  adjustmentsCents: number;
};

/** The licensees' wallets, searched (company, contact, email), sorted and paged; period sums per licensee. */
export async function listLicenseeWallets(
  db: DbOrTx,
  actor: Actor,
  query: BillingListQuery,
  period: AnalyticsPeriod,
): Promise<Page<LicenseeWalletRow>> {
  assertAdmin(actor);
  const { start, end } = periodBounds(period);
  const sumOf = (type: WalletTransactionType, sign: 1 | -1) =>
    sql<number>`(${sign} * coalesce((select sum(w.amount_cents) from client_wallet_transactions w
      where w.licensee_id = "licensees"."id" and w.transaction_type = ${type}
        and w.transaction_date >= ${start.toISOString()}::timestamptz
        and w.transaction_date < ${end.toISOString()}::timestamptz), 0))::bigint`.mapWith(Number);
  const topUps = sumOf("top_up", 1);
  const usage = sumOf("usage", -1);
  const adjustments = sumOf("adjustment", 1);
  const company = sql`coalesce(nullif(${licensees.companyName}, ''), ${licensees.email})`;
  const list = listSql(query, {
    sorts: { company: { by: sql`lower(${company})` }, balance: licensees.minutesSmsWalletCents, topUps, usage },
    search: [licensees.companyName, licensees.contactName, licensees.email],
    tiebreak: licensees.id,
  });
  const rows = await db
    .select({
      id: licensees.id,
      companyName: licensees.companyName,
      contactName: licensees.contactName,
      email: licensees.email,
      status: licensees.status,
      balanceCents: licensees.minutesSmsWalletCents,
      topUpsCents: topUps,
      usageCents: usage,
      adjustmentsCents: adjustments,
      total: totalCount(),
    })
    .from(licensees)
    .where(list.search)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  return pageOf(rows, list, () => db.$count(licensees, list.search));
}

// ---------------------------------------------------------------------------------------------------------------
// One licensee's ledger

export type LedgerSort = "date";
export type LedgerListQuery = ListQuery<LedgerSort, Record<string, never>>;

export type LedgerRow = {
  id: string;
  transactionDate: Date;
  description: string;
  transactionType: WalletTransactionType;
  amountCents: number;
  /** The balance right after this entry, over the whole ledger in the order the entries happened. */
  balanceAfterCents: number;
  paymentReference: string | null;
  /** Who made a manual adjustment, and why (adjustments only). */
  reason: string | null;
};

export type LicenseeLedger = {
  licensee: {
    id: string;
    companyName: string | null;
    contactName: string | null;
    email: string;
    status: LicenseeStatus;
    balanceCents: number;
  };
  /** The ledger replayed against the cached balance. */
  replay: BalanceReplay;
  page: Page<LedgerRow>;
};

/**
 * One licensee's ledger, a page at a time (newest first unless asked otherwise), with the running balance. A
 * search (description or payment reference) narrows the rows shown; the balance after each is still over the whole
 * ledger.
 */
export async function licenseeLedger(
  db: DbOrTx,
  actor: Actor,
  licenseeId: string,
  query: Pick<LedgerListQuery, "dir" | "page" | "size"> & { q?: string },
): Promise<LicenseeLedger> {
  assertAdmin(actor);
  if (!isUuid(licenseeId)) throw new LicenseeNotFoundError();
  const [lic] = await db
    .select({
      id: licensees.id,
      companyName: licensees.companyName,
      contactName: licensees.contactName,
      email: licensees.email,
      status: licensees.status,
      balanceCents: licensees.minutesSmsWalletCents,
    })
    .from(licensees)
    .where(eq(licensees.id, licenseeId));
  if (!lic) throw new LicenseeNotFoundError();

  const { limit, offset } = pageWindow(query);
  const dir: SortDirection = query.dir === "asc" ? "asc" : "desc";
  const order = sql.raw(dir);
  const w = clientWalletTransactions;
  const running = db
    .select({
      id: w.id,
      transactionDate: w.transactionDate,
      createdAt: w.createdAt,
      description: w.description,
      transactionType: w.transactionType,
      amountCents: w.amountCents,
      paymentReference: w.paymentReference,
      reason: sql<string | null>`${w.details} ->> 'reason'`.as("reason"),
      balanceAfter:
        sql<string>`sum(${w.amountCents}) over (order by ${w.transactionDate}, ${w.createdAt}, ${w.id} rows between unbounded preceding and current row)`.as(
          "balance_after",
        ),
    })
    .from(w)
    .where(eq(w.licenseeId, lic.id))
    .as("running");
  const byDate: SQL[] = [
    sql`${running.transactionDate} ${order}`,
    sql`${running.createdAt} ${order}`,
    sql`${running.id} ${order}`,
  ];
  const search = searchCondition(query.q ?? "", [running.description, sql`coalesce(${running.paymentReference}, '')`]);
  const matching = db
    .select({
      id: running.id,
      transactionDate: running.transactionDate,
      createdAt: running.createdAt,
      description: running.description,
      transactionType: running.transactionType,
      amountCents: running.amountCents,
      paymentReference: running.paymentReference,
      reason: running.reason,
      balanceAfter: running.balanceAfter,
      total: sql<string>`count(*) over ()`.as("matching_total"),
    })
    .from(running)
    .where(search);
  const rows = await matching
    .orderBy(...byDate)
    .limit(limit)
    .offset(offset);
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : Number((await db.select({ n: sql<string>`count(*)` }).from(running).where(search))[0]?.n ?? 0);
  return {
    licensee: lic,
    replay: await replayBalance(db, lic.id),
    page: {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        transactionDate: r.transactionDate,
        description: r.description,
        transactionType: r.transactionType,
        amountCents: r.amountCents,
        balanceAfterCents: Number(r.balanceAfter),
        paymentReference: r.paymentReference,
        reason: r.transactionType === "adjustment" ? r.reason : null,
      })),
    },
  };
}
