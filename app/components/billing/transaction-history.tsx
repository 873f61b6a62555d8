import { RowLink, useRowLinkClick } from "#app/components/data-table/row-link.tsx";
import { Badge, type BadgeVariant } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/utils.ts";
import type { WalletTransactionType } from "#kernel/enums.ts";
import { formatCents, formatDate } from "#kernel/format.ts";
import { NO_TRANSACTIONS, TRANSACTION_TYPE_LABELS } from "#kernel/schemas/billing.ts";

export type HistoryEntry = {
  id: string;
  transactionDate: string;
  description: string;
  transactionType: WalletTransactionType;
  amountCents: number;
  balanceAfterCents: number;
};

const TYPE_BADGE: Record<WalletTransactionType, BadgeVariant> = {
  top_up: "gold",
  usage: "outline",
  adjustment: "secondary",
  refund: "secondary",
};

const CREDIT_CLASSES = "font-semibold tabular-nums text-emerald-700 dark:text-emerald-400";
const DEBIT_CLASSES = "font-semibold tabular-nums text-foreground";

/** A credit shows its plus sign; a debit reads as a plain negative amount. */
export function SignedAmount({ cents, className }: { cents: number; className?: string }) {
  const own = cents > 0 ? CREDIT_CLASSES : DEBIT_CLASSES;
  return (
    // Without a className of its own (a line of a history) the classes need no merging.
    <span className={className ? cn(own, className) : own}>
      {cents > 0 ? `+${formatCents(cents)}` : formatCents(cents)}
    </span>
  );
}

export const entryHref = (id: string) => `/dashboard/billing/transactions/${id}`;

/** The ledger, newest first, each line with the balance after it; a table on wide screens, a list on phones. */
export function TransactionHistory({
  entries,
  totalEntries,
}: {
  entries: readonly HistoryEntry[];
  totalEntries: number;
}) {
  const followLink = useRowLinkClick();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Transaction history</CardTitle>
        <CardDescription>
          {totalEntries > entries.length
            ? `The latest ${entries.length} of ${totalEntries} transactions, newest first.`
            : "Every top-up and usage charge, newest first."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
            {NO_TRANSACTIONS}
          </p>
        ) : (
          // One rendering for every width: on a phone each row is a card (the `.data-table` rules in app.css).
          // One click handler follows every line's link (RowLink) in the page, as the admin lists do.
          // biome-ignore lint/a11y/noStaticElementInteractions: it only receives the clicks of the links inside
          // biome-ignore lint/a11y/useKeyWithClickEvents: a link followed with Enter is a click, which reaches it
          <div onClick={followLink}>
            <Table label="Transaction history" className="data-table" containerClassName="data-table-container">
              <TableHeader>
                <TableRow>
                  <TableHead>Date</TableHead>
                  <TableHead>Description</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead className="text-right">Balance</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {/* Plain rows and cells: app.css styles a data table's body, so a line costs its content only. */}
                {entries.map((e) => (
                  <tr key={e.id} data-testid="wallet-entry">
                    <td className="whitespace-nowrap text-muted-foreground" data-label="Date">
                      {formatDate(e.transactionDate)}
                    </td>
                    <td data-card="title">
                      <RowLink to={entryHref(e.id)} className="font-medium hover:text-accent-text hover:underline">
                        {e.description}
                      </RowLink>
                    </td>
                    <td data-label="Type">
                      <Badge variant={TYPE_BADGE[e.transactionType]}>
                        {TRANSACTION_TYPE_LABELS[e.transactionType]}
                      </Badge>
                    </td>
                    <td className="text-right" data-label="Amount">
                      <SignedAmount cents={e.amountCents} />
                    </td>
                    <td className="text-right tabular-nums text-muted-foreground" data-label="Balance">
                      {formatCents(e.balanceAfterCents)}
                    </td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
