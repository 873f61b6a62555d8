/**
 * The portal's license billing: each license's standing, what it costs and when it renews, a warning while an
 * invoice is unpaid, its invoices and refunds, and the cancel dialog that says exactly what cancelling does.
 */
import type { ReactNode } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { FormDialogButton } from "#app/components/data-table/index.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge, type BadgeVariant } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { CreditCard, ExternalLink, FileText, XCircle } from "#app/components/ui/icons.tsx";
import type { Answer } from "#kernel/answers.ts";
import { formatCents, formatDate } from "#kernel/format.ts";
import {
  type InvoiceView,
  type LicenseBillingView,
  type LicenseStanding,
  STANDING_LABELS,
} from "#kernel/license-billing.ts";
import { cancelLicenseSchema } from "#kernel/schemas/billing.ts";

const STANDING_VARIANTS: Record<LicenseStanding, BadgeVariant> = {
  active: "available",
  overdue: "negotiations",
  suspended: "destructive",
  ending: "outline",
  ended: "closed",
  pending: "outline",
};

/** A license's standing as a badge (both screens). */
export function StandingBadge({ standing }: { standing: LicenseStanding }) {
  return (
    <Badge variant={STANDING_VARIANTS[standing]} data-testid="license-standing">
      {STANDING_LABELS[standing]}
    </Badge>
  );
}

const INVOICE_STATUS: Record<string, { label: string; variant: BadgeVariant }> = {
  paid: { label: "Paid", variant: "resolved" },
  open: { label: "Open", variant: "open" },
  failed: { label: "Payment failed", variant: "destructive" },
  action_required: { label: "Needs your confirmation", variant: "negotiations" },
  void: { label: "Void", variant: "closed" },
};

const invoiceLabel = (i: InvoiceView) =>
  i.kind === "first" ? "Setup deposit and first month" : i.kind === "monthly" ? "Monthly license fee" : "Invoice";

const period = (i: InvoiceView) =>
  i.periodStart && i.periodEnd ? `${formatDate(i.periodStart)} – ${formatDate(i.periodEnd)}` : formatDate(i.issuedAt);

function InvoiceAmount({ invoice: i }: { invoice: InvoiceView }) {
  return (
    <>
      {formatCents(i.status === "paid" ? i.amountPaidCents : i.amountDueCents)}
      {i.amountRefundedCents > 0 ? (
        <span className="block text-xs text-muted-foreground">{formatCents(i.amountRefundedCents)} refunded</span>
      ) : null}
    </>
  );
}

function InvoiceStatus({ invoice: i }: { invoice: InvoiceView }) {
  const status = INVOICE_STATUS[i.status] ?? { label: i.status, variant: "outline" as const };
  return <Badge variant={status.variant}>{status.label}</Badge>;
}

function InvoiceLinks({ invoice: i }: { invoice: InvoiceView }) {
  return (
    <span className="inline-flex flex-wrap gap-3">
      {i.hostedInvoiceUrl ? (
        <a
          href={i.hostedInvoiceUrl}
          className="inline-flex items-center gap-1 text-accent-text underline-offset-4 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="size-3.5" />
          {i.status === "paid" ? "Receipt" : "Pay invoice"}
          <span className="sr-only"> for {period(i)}</span>
        </a>
      ) : null}
      {i.invoicePdfUrl ? (
        <a
          href={i.invoicePdfUrl}
          className="inline-flex items-center gap-1 text-accent-text underline-offset-4 hover:underline"
        >
          <FileText aria-hidden="true" className="size-3.5" />
          PDF<span className="sr-only"> of the invoice for {period(i)}</span>
        </a>
      ) : null}
    </span>
  );
}

/** The newest invoices shown at once; older ones open under "Show … older invoices". */
const RECENT_INVOICES = 3;

/**
 * Invoices as a table; on a phone each row is a card with labelled lines (the `.data-table` rules in app.css), from
 * the same markup: the server renders the invoices once, not a table and a list.
 */
function InvoiceList({ what, invoices, older }: { what: string; invoices: InvoiceView[]; older?: boolean }) {
  const caption = `${older ? "Older invoices" : "Invoices"} of ${what}`;
  return (
    // `invoice-table`: the body's cells line up with the headers, flush with the card (app.css).
    <table className="data-table invoice-table w-full table-fixed text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="w-[28%] py-2 pr-3 font-medium">
            Invoice
          </th>
          <th scope="col" className="w-[30%] py-2 pr-3 font-medium">
            Period
          </th>
          <th scope="col" className="w-[14%] py-2 pr-3 text-right font-medium">
            Amount
          </th>
          <th scope="col" className="w-[14%] py-2 pr-3 font-medium">
            Status
          </th>
          <th scope="col" className="w-[14%] py-2 font-medium">
            <span className="sr-only">Links</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {/* Plain rows and cells: app.css styles an invoice table's body, so a line costs its content only. */}
        {invoices.map((i) => (
          <tr key={i.id} data-testid="license-invoice">
            <td data-card="title">{invoiceLabel(i)}</td>
            <td data-label="Period">{period(i)}</td>
            <td className="text-right whitespace-nowrap tabular-nums" data-label="Amount">
              <InvoiceAmount invoice={i} />
            </td>
            <td data-label="Status">
              <InvoiceStatus invoice={i} />
            </td>
            {i.hostedInvoiceUrl || i.invoicePdfUrl ? (
              <td data-card="actions">
                <InvoiceLinks invoice={i} />
              </td>
            ) : (
              <td data-card="hidden" />
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Manage payment method and invoices": opens Stripe's customer portal. */
export function ManageBillingButton({ enabled }: { enabled: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "portal";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="portal" />
      <Button type="submit" variant="outline" disabled={!enabled || busy}>
        <CreditCard aria-hidden="true" />
        {busy ? "Opening…" : "Manage payment method and invoices"}
      </Button>
    </Form>
  );
}

function CancelLicenseButton({ license }: { license: LicenseBillingView }) {
  const revalidator = useRevalidator();
  const terms = license.cancel;
  if (!terms) return null;
  const description =
    terms.mode === "now"
      ? `You are within the ${formatDate(terms.deadline)} refund window: the license ends today, your landing page is unpublished, and your setup deposit of ${formatCents(terms.refundCents)} is refunded to your card. No further charges are made.`
      : `The license stays active until ${formatDate(terms.endsOn)}, the end of the period you have paid for. It then ends and no further charges are made. The setup deposit is not refundable after the first 5 business days.`;
  return (
    <FormDialogButton<Answer, { licenseId: string }>
      trigger={
        <>
          <XCircle aria-hidden="true" /> Cancel license<span className="sr-only"> {license.what}</span>
        </>
      }
      triggerVariant="outline"
      triggerSize="sm"
      action="/dashboard/billing"
      schema={cancelLicenseSchema}
      hidden={{ intent: "cancel", licenseId: license.id }}
      title={
        terms.mode === "now"
          ? `Cancel ${license.what} today?`
          : `Cancel ${license.what} on ${formatDate(terms.endsOn)}?`
      }
      description={description}
      submitLabel={terms.mode === "now" ? "Cancel and refund deposit" : `Cancel on ${formatDate(terms.endsOn)}`}
      pendingLabel="Canceling…"
      onOk={() => revalidator.revalidate()}
    >
      {() => null}
    </FormDialogButton>
  );
}

function StandingNotice({ license, admin }: { license: LicenseBillingView; admin: boolean }) {
  if (admin) {
    if (license.standing === "overdue" || license.standing === "suspended") {
      return (
        <Alert variant={license.standing === "suspended" ? "destructive" : "warning"}>
          <AlertTitle>
            {license.standing === "suspended" ? "Suspended for an unpaid invoice" : "Payment overdue"}
          </AlertTitle>
          <AlertDescription>
            {license.standing === "suspended"
              ? `The landing page shows "temporarily unavailable" and usage is refused. The license ends on ${formatDate(license.endOn)} if the invoice is still unpaid; a payment reactivates it at once.`
              : `The licensee has been emailed. The license is suspended on ${formatDate(license.suspendOn)} and ends on ${formatDate(license.endOn)} if the invoice is still unpaid.`}
          </AlertDescription>
        </Alert>
      );
    }
    if (license.standing === "ending") {
      return (
        <Alert variant="neutral">
          <AlertTitle>Cancellation scheduled</AlertTitle>
          <AlertDescription>Ends on {formatDate(license.cancelAt)}, the end of its paid period.</AlertDescription>
        </Alert>
      );
    }
    return null;
  }
  if (license.standing === "overdue") {
    return (
      <Alert variant="warning">
        <AlertTitle>Payment overdue</AlertTitle>
        <AlertDescription>
          We could not collect your latest invoice. Update your card with "Manage payment method and invoices" before{" "}
          {formatDate(license.suspendOn)} to keep your landing page and calls running.
        </AlertDescription>
      </Alert>
    );
  }
  if (license.standing === "suspended") {
    return (
      <Alert variant="destructive">
        <AlertTitle>License suspended</AlertTitle>
        <AlertDescription>
          Your landing page shows a "temporarily unavailable" notice and new calls and texts are not taken. Pay the open
          invoice and everything comes back at once; if it is still unpaid on {formatDate(license.endOn)}, the license
          ends.
        </AlertDescription>
      </Alert>
    );
  }
  if (license.standing === "ending") {
    return (
      <Alert variant="neutral">
        <AlertTitle>Cancellation scheduled</AlertTitle>
        <AlertDescription>
          This license ends on {formatDate(license.cancelAt)}, the end of the period you have paid for. No further
          charges are made.
        </AlertDescription>
      </Alert>
    );
  }
  return null;
}

export function LicenseBillingCard({
  license,
  actions,
}: {
  license: LicenseBillingView;
  /**
   * The administrator's actions, replacing the licensee's "Cancel license" button: the card then speaks of the
   * licensee rather than to them, under the heading "Billing history".
   */
  actions?: ReactNode;
}) {
  const admin = actions !== undefined;
  const running = license.standing !== "ended" && license.standing !== "pending";
  return (
    <Card data-testid="license-billing">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle as={admin ? "h2" : "h3"}>{admin ? "Billing history" : license.what}</CardTitle>
          <CardDescription>
            {formatCents(license.monthlyCents)} a month
            {running && license.currentPeriodEnd && !license.cancelAt
              ? ` · renews ${formatDate(license.currentPeriodEnd)}`
              : ""}
            {license.standing === "ended" && license.endsAt
              ? ` · ended ${formatDate(license.endsAt)}${license.endReason === "unpaid" ? " (unpaid)" : ""}`
              : ""}
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StandingBadge standing={license.standing} />
          {admin ? actions : <CancelLicenseButton license={license} />}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <StandingNotice license={license} admin={admin} />
        {license.invoices.length ? (
          <>
            <InvoiceList what={license.what} invoices={license.invoices.slice(0, RECENT_INVOICES)} />
            {license.invoices.length > RECENT_INVOICES ? (
              <details className="group">
                <summary className="cursor-pointer text-sm font-medium text-accent-text underline-offset-4 hover:underline">
                  Show {license.invoices.length - RECENT_INVOICES} older invoices
                </summary>
                <div className="mt-3">
                  <InvoiceList what={license.what} invoices={license.invoices.slice(RECENT_INVOICES)} older />
                </div>
              </details>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        )}
        {license.refunds.length ? (
          <ul className="grid gap-1 text-sm" aria-label={`Refunds of ${license.what}`}>
            {license.refunds.map((r) => (
              <li key={r.id} data-testid="license-refund">
                Refunded {formatCents(r.amountCents)} on {formatDate(r.refundedAt)}
                {r.kind === "deposit" ? " (setup deposit)" : r.reason ? ` (${r.reason})` : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function LicenseBillingSection({
  licenses,
  portalEnabled,
}: {
  licenses: LicenseBillingView[];
  portalEnabled: boolean;
}) {
  return (
    <section aria-labelledby="license-billing-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="license-billing-heading" className="text-xl font-semibold tracking-tight">
            License fees
          </h2>
          <p className="text-sm text-muted-foreground">
            Charged monthly to your card by Stripe. Separate from your wallet, which pays for usage.
          </p>
        </div>
        <ManageBillingButton enabled={portalEnabled} />
      </div>
      {licenses.length ? (
        licenses.map((l) => <LicenseBillingCard key={l.id} license={l} />)
      ) : (
        <p className="text-sm text-muted-foreground">You have no licenses yet.</p>
      )}
    </section>
  );
}
