/** The row actions of the admin reservations queue: approve, extend a hold (a dialog), release (confirmed first). */
import { CalendarPlus, Check, Undo2 } from "lucide-react";
import { useRevalidator } from "react-router";
import { FormDialogButton } from "#app/components/data-table/index.ts";
import { TextField } from "#app/components/forms/text-field.tsx";
import type { Answer } from "#kernel/answers.ts";
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
  /** What approval would license the pair for now (null when it cannot be priced). */
  price: { monthlyCents: number; setupCents: number } | null;
};

/** The approve dialog's price line: the monthly fee and the deposit the agreement will ask for. */
export function approvalPriceText(price: QueueRowForActions["price"]): string {
  if (!price) return "The price is set when the license is approved.";
  return `${formatCents(price.monthlyCents)} a month, with a setup deposit of ${formatCents(price.setupCents)} due when the agreement is signed.`;
}

export function ReservationActions({ row }: { row: QueueRowForActions }) {
  const revalidator = useRevalidator();
  const what = `${row.offeringName} in ${row.territoryName}`;
  const onOk = () => revalidator.revalidate();
  return (
    <div className="flex flex-wrap gap-2">
      <FormDialogButton<Answer, { reservationId: string }>
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
        description={`${row.name} becomes the licensee: the license is priced as below, the territory shows as licensed, and an agreement is drafted for signature (with an invitation to set a password if they have no account).`}
        submitLabel="Approve and license"
        pendingLabel="Approving…"
        onOk={onOk}
      >
        {() => (
          <p className="rounded-lg bg-subtle p-3 text-sm" data-testid="approval-price">
            <span className="font-semibold">Price: </span>
            {approvalPriceText(row.price)}
          </p>
        )}
      </FormDialogButton>
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
