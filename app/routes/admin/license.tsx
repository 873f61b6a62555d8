/**
 * /admin/licenses/:licenseId: one license's billing as recorded from Stripe (its standing, dunning dates,
 * invoices and refunds), with the administrator's cancellation (now or at period end) and refund, each with a
 * reason (audited, emailed to the licensee).
 */
import { Link, useRevalidator } from "react-router";
import { LicenseBillingCard, StandingBadge } from "#app/components/billing/license-billing.tsx";
import { FormDialogButton } from "#app/components/data-table/index.ts";
import { SelectField } from "#app/components/forms/select-field.tsx";
import { TextField } from "#app/components/forms/text-field.tsx";
import { TextareaField } from "#app/components/forms/textarea-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { RotateCcw, XCircle } from "#app/components/ui/icons.tsx";
import { areaMeta } from "#app/lib/seo.ts";
import type { Answer } from "#kernel/answers.ts";
import { formatCents, formatDate } from "#kernel/format.ts";
import { adminCancelLicenseSchema, adminRefundSchema, parseDollarsAndCents } from "#kernel/schemas/billing.ts";
import { areaUser } from "#server/auth/guards.ts";
import { cancelLicenseAsAdmin } from "#server/domain/billing/cancel.ts";
import { refundLicenseInvoice } from "#server/domain/billing/refunds.ts";
import { licenseBillingForAdmin } from "#server/domain/billing/view.ts";
import { throwAsRouteError } from "#server/web/respond.ts";
import { actorFor, billingOptions, formAction, formIntent, services } from "#server/web/route-kit.ts";
import type { Route } from "./+types/license";

export const meta: Route.MetaFunction = ({ loaderData }) => areaMeta(loaderData?.license.what ?? "License", "Admin");

export async function loader({ params, context }: Route.LoaderArgs) {
  const s = services(context);
  const actor = actorFor(areaUser(context), context);
  const license = await licenseBillingForAdmin(s.db, actor, params.licenseId, { dunning: s.config.dunning }).catch(
    throwAsRouteError,
  );
  return { license, attempt: crypto.randomUUID() };
}

export async function action(args: Route.ActionArgs) {
  const licenseId = args.params.licenseId;
  if ((await formIntent(args.request, null)) === "refund") {
    return formAction(args, {
      schema: adminRefundSchema,
      refusals: "toast",
      run: async (value, { s, actor }) => {
        const r = await refundLicenseInvoice(
          s.db,
          actor,
          {
            licenseId,
            invoiceId: value.invoiceId,
            amountCents: parseDollarsAndCents(value.amount)!,
            reason: value.reason,
            attempt: value.attempt,
          },
          billingOptions(s),
        );
        return {
          ok: true as const,
          title: "Refund issued",
          message: `${formatCents(r.amountCents)} is refunded to the licensee's card; they have been emailed.`,
        };
      },
    });
  }
  return formAction(args, {
    schema: adminCancelLicenseSchema,
    refusals: "toast",
    run: async (value, { s, actor }) => {
      const r = await cancelLicenseAsAdmin(s.db, actor, { licenseId, ...value }, billingOptions(s));
      return {
        ok: true as const,
        title: r.mode === "now" ? "License ended" : "Cancellation scheduled",
        message:
          r.mode === "now"
            ? `${r.what} has ended; the territory is available again and its waitlist has been emailed.`
            : `${r.what} ends on ${formatDate(r.endsAt)}, the end of its paid period.`,
      };
    },
  });
}

export default function AdminLicense({ loaderData }: Route.ComponentProps) {
  const { license, attempt } = loaderData;
  const revalidator = useRevalidator();
  const running = license.status === "active" || license.status === "suspended";
  const paid = license.invoices.filter((i) => i.refundableCents > 0);
  const actions = (
    <>
      {running && !license.cancelAt ? (
        <FormDialogButton<Answer, { when: string; reason: string }>
          trigger={
            <>
              <XCircle aria-hidden="true" /> Cancel license
            </>
          }
          triggerVariant="outline"
          triggerSize="sm"
          action={`/admin/licenses/${license.id}`}
          schema={adminCancelLicenseSchema}
          hidden={{ intent: "cancel" }}
          title={`Cancel ${license.licensee.name}'s license of ${license.what}?`}
          description={`At the end of the paid period${license.currentPeriodEnd ? ` (${formatDate(license.currentPeriodEnd)})` : ""}, or today. Ending today releases the territory to its waitlist at once; nothing is refunded unless you refund it.`}
          submitLabel="Cancel license"
          pendingLabel="Canceling…"
          onOk={() => revalidator.revalidate()}
        >
          {(fields) => (
            <>
              <SelectField
                meta={fields.when}
                label="When"
                placeholder="Choose…"
                options={[
                  { value: "period_end", label: "At the end of the paid period" },
                  { value: "now", label: "Today" },
                ]}
              />
              <TextareaField meta={fields.reason} label="Reason" hint="Recorded in the audit log." />
            </>
          )}
        </FormDialogButton>
      ) : null}
      {paid.length ? (
        <FormDialogButton<Answer, { invoiceId: string; amount: string; reason: string }>
          trigger={
            <>
              <RotateCcw aria-hidden="true" /> Refund
            </>
          }
          triggerVariant="outline"
          triggerSize="sm"
          action={`/admin/licenses/${license.id}`}
          schema={adminRefundSchema}
          hidden={{ intent: "refund", attempt }}
          title={`Refund ${license.licensee.name}`}
          description="The money goes back to the card that paid the invoice. The licensee is emailed."
          submitLabel="Refund"
          pendingLabel="Refunding…"
          onOk={() => revalidator.revalidate()}
        >
          {(fields) => (
            <>
              <SelectField
                meta={fields.invoiceId}
                label="Invoice"
                placeholder="Choose an invoice…"
                options={paid.map((i) => ({
                  value: i.id,
                  label: `${formatDate(i.paidAt ?? i.issuedAt)}: ${formatCents(i.refundableCents)} refundable`,
                }))}
              />
              <TextField meta={fields.amount} label="Amount (USD)" hint="For example 50.00." />
              <TextareaField
                meta={fields.reason}
                label="Reason"
                hint="Recorded in the audit log and sent to the licensee."
              />
            </>
          )}
        </FormDialogButton>
      ) : null}
    </>
  );
  return (
    <>
      <PageHeader title={license.what} subtitle={`Licensed to ${license.licensee.name}.`}>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <StandingBadge standing={license.standing} />
          <Link to={`/admin/users/${license.licensee.userId}`} className="underline-offset-4 hover:underline">
            {license.licensee.email}
          </Link>
          <Link to="/admin/licenses" className="underline-offset-4 hover:underline">
            All licenses
          </Link>
        </div>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 pb-24 sm:px-6">
        <dl className="grid gap-4 rounded-xl border border-border bg-card p-5 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">Monthly</dt>
            <dd className="font-semibold tabular-nums">{formatCents(license.monthlyCents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Setup deposit</dt>
            <dd className="font-semibold tabular-nums">{formatCents(license.setupFeeCents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Started</dt>
            <dd className="font-semibold">{formatDate(license.startsAt)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{license.endsAt ? "Ended" : license.cancelAt ? "Ends" : "Renews"}</dt>
            <dd className="font-semibold">
              {formatDate(license.endsAt ?? license.cancelAt ?? license.currentPeriodEnd) || "—"}
            </dd>
          </div>
          {license.overdueSince ? (
            <div className="sm:col-span-4">
              <dt className="text-muted-foreground">Payment overdue</dt>
              <dd className="font-semibold">
                Since {formatDate(license.overdueSince)}; suspended from {formatDate(license.suspendOn)}, ends{" "}
                {formatDate(license.endOn)} if still unpaid.
              </dd>
            </div>
          ) : null}
        </dl>
        <LicenseBillingCard license={license} actions={actions} />
      </div>
    </>
  );
}
