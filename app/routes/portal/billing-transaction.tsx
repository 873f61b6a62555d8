import { Link } from "react-router";
import { SignedAmount } from "#app/components/billing/transaction-history.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { ArrowLeft } from "#app/components/ui/icons.tsx";
import { formatCents, formatDateTime } from "#kernel/format.ts";
import { BILLING_PATH, TRANSACTION_TYPE_LABELS, USAGE_LABELS, type UsageKind } from "#kernel/schemas/billing.ts";
import { areaUser } from "#server/auth/guards.ts";
import { getWalletEntry } from "#server/domain/wallet/history.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/billing-transaction";

export const meta: Route.MetaFunction = () => [
  { title: "Transaction · PoundCodes" },
  { name: "robots", content: "noindex" },
];

/** One of the caller's own ledger entries; anyone else's is 404, like one that does not exist. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = actorFor(areaUser(context), context);
  const entry = await getWalletEntry(services(context).db, actor, params.transactionId).catch(throwAsRouteError);
  const d = entry.details;
  const kind = typeof d.kind === "string" && d.kind in USAGE_LABELS ? (d.kind as UsageKind) : null;
  // Only what the licensee should read: the unit, the quantity and the rate of a usage charge.
  const usage =
    kind && typeof d.quantity === "number" && typeof d.unitCents === "number"
      ? { kind, quantity: d.quantity, unitCents: d.unitCents }
      : null;
  return {
    entry: {
      id: entry.id,
      transactionDate: entry.transactionDate,
      description: entry.description,
      transactionType: entry.transactionType,
      amountCents: entry.amountCents,
      reference: entry.transactionType === "top_up" ? entry.paymentReference : null,
    },
    usage,
  };
}

export default function BillingTransaction({ loaderData }: Route.ComponentProps) {
  const { entry, usage } = loaderData;
  return (
    <>
      <PageHeader title="Transaction" subtitle={entry.description} />
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 pb-24 sm:px-6">
        <Card>
          <CardContent>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-8 gap-y-3 text-sm">
              <dt className="text-muted-foreground">Amount</dt>
              <dd>
                <SignedAmount cents={entry.amountCents} className="text-lg" />
              </dd>
              <dt className="text-muted-foreground">Type</dt>
              <dd>
                <Badge variant={entry.transactionType === "top_up" ? "gold" : "outline"}>
                  {TRANSACTION_TYPE_LABELS[entry.transactionType]}
                </Badge>
              </dd>
              <dt className="text-muted-foreground">Date</dt>
              <dd>{formatDateTime(entry.transactionDate)}</dd>
              <dt className="text-muted-foreground">Description</dt>
              <dd className="font-medium">{entry.description}</dd>
              {usage ? (
                <>
                  <dt className="text-muted-foreground">Quantity</dt>
                  <dd className="tabular-nums">
                    {usage.quantity}{" "}
                    {usage.quantity === 1 ? USAGE_LABELS[usage.kind].one : USAGE_LABELS[usage.kind].many}
                  </dd>
                  <dt className="text-muted-foreground">Rate</dt>
                  <dd className="tabular-nums">{formatCents(usage.unitCents)} each</dd>
                </>
              ) : null}
              {entry.reference ? (
                <>
                  <dt className="text-muted-foreground">Payment reference</dt>
                  <dd className="font-mono text-xs break-all">{entry.reference}</dd>
                </>
              ) : null}
            </dl>
          </CardContent>
        </Card>
        <div>
          <Button asChild variant="outline">
            <Link to={BILLING_PATH}>
              <ArrowLeft aria-hidden /> Back to Billing &amp; Wallet
            </Link>
          </Button>
        </div>
      </div>
    </>
  );
}
