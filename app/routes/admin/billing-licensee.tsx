import { Link } from "react-router";
import { SignedAmount } from "#app/components/billing/transaction-history.tsx";
import { AdjustmentForm } from "#app/components/billing-admin/adjustment-form.tsx";
import { DataTable, dataColumns } from "#app/components/data-table/index.ts";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Badge, type BadgeVariant } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ArrowLeft, CircleCheck, TriangleAlert } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import { cn } from "#app/lib/utils.ts";
import { isRefusal } from "#kernel/answers.ts";
import type { WalletTransactionType } from "#kernel/enums.ts";
import { formatCents, formatDateTime } from "#kernel/format.ts";
import { defineList } from "#kernel/list-query.ts";
import { TRANSACTION_TYPE_LABELS, WALLET_DESCRIPTION } from "#kernel/schemas/billing.ts";
import { adjustmentSchema, BILLING_ADMIN_TEXT } from "#kernel/schemas/billing-admin.ts";
import { areaUser } from "#server/auth/guards.ts";
import { adjustWallet } from "#server/domain/wallet/adjustments-admin.ts";
import { licenseeLedger } from "#server/domain/wallet/billing-admin.ts";
import { redirectWithToast } from "#server/web/flash.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, formAction, ledgerOptions, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/billing-licensee";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  areaMeta(loaderData?.licensee.name ?? "Licensee", "Billing", "Admin");

/** The ledger in the URL: newest first unless flipped, 25 a page. */
const ledgerList = defineList({ sorts: { date: "desc" }, defaultSort: "date" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const s = services(context);
  const actor = actorFor(areaUser(context), context);
  const query = ledgerList.parse(new URL(request.url).searchParams);
  const ledger = await licenseeLedger(s.db, actor, params.licenseeId, query).catch(throwAsRouteError);
  const l = ledger.licensee;
  return {
    query,
    licensee: { ...l, name: l.companyName || l.contactName || l.email },
    replay: ledger.replay,
    total: ledger.page.total,
    entries: ledger.page.rows.map((r) => ({ ...r, transactionDate: r.transactionDate.toISOString() })),
    // One token per rendered form: the adjustment's idempotency key.
    attempt: crypto.randomUUID(),
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: adjustmentSchema,
    run: async (value, { s, actor }) => {
      const path = `/admin/billing/${args.params.licenseeId}`;
      const r = await adjustWallet(s.db, actor, { ...value, licenseeId: args.params.licenseeId }, ledgerOptions(s));
      const done = r.recorded
        ? BILLING_ADMIN_TEXT.recorded(value.direction, value.amountCents, r.companyName, r.balanceCents)
        : BILLING_ADMIN_TEXT.alreadyRecorded;
      return redirectWithToast(s.config, path, { type: "success", title: done.title, description: done.message });
    },
  });

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

const TYPE_BADGE: Record<WalletTransactionType, BadgeVariant> = {
  top_up: "gold",
  usage: "outline",
  adjustment: "secondary",
  refund: "secondary",
};

const col = dataColumns<Entry>();
const columns = col.columns([
  col.accessor("transactionDate", {
    id: "date",
    header: "Date",
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
    meta: { className: "whitespace-nowrap text-muted-foreground" },
  }),
  col.accessor("description", {
    header: "Description",
    cell: (c) => {
      const e = c.row.original;
      return (
        <div className="grid gap-0.5">
          <span className="font-medium">{e.description}</span>
          {e.paymentReference && e.transactionType !== "adjustment" ? (
            <span className="text-xs break-all text-muted-foreground">Ref. {e.paymentReference}</span>
          ) : null}
        </div>
      );
    },
    meta: { card: "title" },
  }),
  col.accessor("transactionType", {
    header: "Type",
    cell: (c) => <Badge variant={TYPE_BADGE[c.getValue()]}>{TRANSACTION_TYPE_LABELS[c.getValue()]}</Badge>,
  }),
  col.accessor("amountCents", {
    header: "Amount",
    cell: (c) => <SignedAmount cents={c.getValue()} />,
    meta: { className: "text-right whitespace-nowrap" },
  }),
  col.accessor("balanceAfterCents", {
    header: "Balance after",
    cell: (c) => (
      <span className={cn("tabular-nums", c.getValue() < 0 ? "text-destructive" : "text-muted-foreground")}>
        {formatCents(c.getValue())}
      </span>
    ),
    meta: { className: "text-right whitespace-nowrap" },
  }),
]);

export default function AdminBillingLicensee({ loaderData, actionData }: Route.ComponentProps) {
  const { query, licensee, replay, total, entries, attempt } = loaderData;
  const refusal = isRefusal(actionData) ? actionData : null;
  return (
    <>
      <PageHeader title={licensee.name} subtitle="Wallet balance, ledger and manual adjustments.">
        <Link
          to="/admin/billing"
          className="inline-flex items-center gap-2 text-sm font-medium text-navy-100 underline-offset-4 hover:text-white hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          All licensee wallets
        </Link>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 pb-24 sm:px-6 lg:px-8">
        <div className="grid items-start gap-6 lg:grid-cols-5">
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle as="h2">Balance</CardTitle>
              <CardDescription>{WALLET_DESCRIPTION}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <p
                data-testid="wallet-balance"
                className={cn(
                  "text-4xl leading-none font-bold tracking-tight tabular-nums",
                  licensee.balanceCents < 0 && "text-destructive",
                )}
              >
                {formatCents(licensee.balanceCents)}
              </p>
              {replay.matches ? (
                <p className="flex items-start gap-2 text-sm text-muted-foreground">
                  <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                  The ledger adds up to this balance.
                </p>
              ) : (
                <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
                  <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                  The ledger adds up to {formatCents(replay.ledgerCents)}, not the stored{" "}
                  {formatCents(replay.cachedCents)}.
                </p>
              )}
              <dl className="grid gap-2 border-t border-border pt-4 text-sm">
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">Contact</dt>
                  <dd className="text-right">{licensee.contactName ?? "—"}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">Email</dt>
                  <dd className="text-right break-all">{licensee.email}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">Status</dt>
                  <dd className="text-right">{licensee.status === "active" ? "Active" : "Deactivated"}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
          <div className="lg:col-span-3">
            <AdjustmentForm
              key={attempt}
              attempt={attempt}
              result={refusal?.result ?? null}
              companyName={licensee.name}
            />
          </div>
        </div>
        <section aria-labelledby="ledger-title" className="grid gap-4">
          <h2 id="ledger-title" className="text-xl font-semibold tracking-tight">
            Ledger
          </h2>
          <DataTable
            list={ledgerList}
            query={query}
            columns={columns}
            rows={entries}
            total={total}
            getRowId={(e) => e.id}
            label="Ledger entries"
            noun={{ one: "entry", other: "entries" }}
            search={{ label: "Search", placeholder: "Description or reference" }}
            emptyMessage={BILLING_ADMIN_TEXT.ledgerEmpty}
            noMatchMessage="No entries match your search."
          />
        </section>
      </div>
    </>
  );
}
