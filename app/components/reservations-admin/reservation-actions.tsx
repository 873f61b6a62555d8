/** The row actions of the admin reservations queue: approve, extend a hold (a dialog), release (confirmed first). */
import { useRevalidator } from "react-router";
import { FormDialogButton } from "#app/components/data-table/index.ts";
import { TextField } from "#app/components/forms/text-field.tsx";
import { CalendarPlus, Check, Undo2 } from "#app/components/ui/icons.tsx";
import type { Answer } from "#kernel/answers.ts";
import type { OrderState } from "#kernel/enums.ts";
import { formatCents, formatDateTime } from "#kernel/format.ts";
import {
  approveReservationSchema,
  EXTEND_MAX_BUSINESS_DAYS,
  extendReservationSchema,
  releaseReservationSchema,
} from "#kernel/schemas/reservations-admin.ts";

export type QueueRowForActions = {
  id: string;
  name: string;
  territoryName: string;
  offeringName: string;
  /** ISO time the hold ends. */
  expiresAt: string;
  /** What approval would license the pair for now (null when it cannot be priced, or once approved). */
  price: { monthlyCents: number; setupCents: number } | null;
  /** Where the hold's order stands: only a held order can be approved. */
  orderState: OrderState | null;
};

/** The approve dialog's price line: the monthly fee and the deposit the agreement will ask for. */
export function approvalPriceText(price: QueueRowForActions["price"]): string {
  if (!price) return "The price is set when the license is approved.";
  return `${formatCents(price.monthlyCents)} a month, with a setup deposit of ${formatCents(price.setupCents)}: ${formatCents(price.monthlyCents + price.setupCents)} due at checkout once the agreement is signed.`;
}

export function ReservationActions({ row }: { row: QueueRowForActions }) {
  const revalidator = useRevalidator();
  const what = `${row.offeringName} in ${row.territoryName}`;
  const onOk = () => revalidator.revalidate();
  const approvable = (row.orderState ?? "held") === "held";
  return (
    <div className="flex flex-wrap gap-2">
      {approvable ? (
        <FormDialogButton<
          Answer,
          { reservationId: string; monthlyFeeCents: string; setupFeeCents: string; overrideReason: string }
        >
          trigger={
            <>
              <Check aria-hidden="true" /> Approve
              <span className="sr-only">
                {" "}
                {what} for {row.name}
              </span>
            </>
          }
          triggerSize="sm"
          action="/admin/reservations"
          schema={approveReservationSchema}
          hidden={{ intent: "approve", reservationId: row.id }}
          title={`Approve ${what}?`}
          description={`${row.name} is emailed an agreement to sign at the price below, then pays the deposit and first month by card (with an invitation to choose a password if they have no account). The territory is licensed once the payment clears.`}
          submitLabel="Approve"
          pendingLabel="Approving…"
          onOk={onOk}
        >
          {(fields) => (
            <div className="grid gap-4">
              <p className="rounded-lg bg-subtle p-3 text-sm" data-testid="approval-price">
                <span className="font-semibold">Price: </span>
                {approvalPriceText(row.price)}
              </p>
              <fieldset className="grid gap-3">
                <legend className="mb-1 text-sm font-semibold">Negotiated price (optional)</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField
                    meta={fields.monthlyFeeCents}
                    label="Monthly fee ($)"
                    optional
                    hint="Leave blank to keep the quote."
                  />
                  <TextField
                    meta={fields.setupFeeCents}
                    label="Setup deposit ($)"
                    optional
                    hint="Leave blank to keep the quote."
                  />
                </div>
                <TextField
                  meta={fields.overrideReason}
                  label="Reason for the price"
                  optional
                  hint="Required with a negotiated price; recorded in the audit log."
                />
              </fieldset>
            </div>
          )}
        </FormDialogButton>
      ) : null}
      <FormDialogButton<Answer, { reservationId: string; days: string }>
        trigger={
          <>
            <CalendarPlus aria-hidden="true" /> Extend<span className="sr-only"> the hold on {what}</span>
          </>
        }
        triggerVariant="outline"
        triggerSize="sm"
        action="/admin/reservations"
        schema={extendReservationSchema}
        hidden={{ intent: "extend", reservationId: row.id }}
        title={`Extend the hold on ${what}`}
        description={`Held until ${formatDateTime(row.expiresAt)}. The hold moves this many business days (Monday to Friday) later; a hold that has run out counts from now.`}
        submitLabel="Extend hold"
        pendingLabel="Extending…"
        onOk={onOk}
      >
        {(fields) => (
          <TextField
            meta={fields.days}
            label="Business days"
            type="number"
            hint={`1 to ${EXTEND_MAX_BUSINESS_DAYS}.`}
          />
        )}
      </FormDialogButton>
      <FormDialogButton<Answer, { reservationId: string }>
        trigger={
          <>
            <Undo2 aria-hidden="true" /> Release<span className="sr-only"> {what}</span>
          </>
        }
        triggerVariant="destructive"
        triggerSize="sm"
        action="/admin/reservations"
        schema={releaseReservationSchema}
        hidden={{ intent: "release", reservationId: row.id }}
        title={`Release ${what}?`}
        description={`${row.name}'s hold ends now. The territory becomes available again and its waitlist is emailed in the order people joined.`}
        submitLabel="Release"
        pendingLabel="Releasing…"
        onOk={onOk}
      >
        {() => null}
      </FormDialogButton>
    </div>
  );
}
