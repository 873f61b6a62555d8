import { Form, useNavigation } from "react-router";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { LoaderCircle } from "#app/components/ui/icons.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select } from "#app/components/ui/select.tsx";
import type { Refusal } from "#kernel/answers.ts";
import { TICKET_STATUSES, type TicketStatus } from "#kernel/enums.ts";
import { TICKET_STATUS_LABELS, TICKET_TEXT } from "#kernel/schemas/support.ts";

/**
 * The administrator's status selector: any status may be set directly (spec 2 §4). A plain form posting to the
 * page's own action, so it works without JavaScript; the page comes back with 'Status updated'.
 */
export function TicketStatusForm({
  ticketId,
  status,
  action,
  refusal,
}: {
  ticketId: string;
  status: TicketStatus;
  action: string;
  refusal: Refusal | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "status";
  const id = `status-${ticketId}`;
  return (
    <Form method="post" action={action} preventScrollReset className="grid gap-3">
      {refusal ? (
        <Alert variant="destructive">
          <AlertTitle>{TICKET_TEXT.errorUpdatingStatus}</AlertTitle>
          <p>{refusal.message}</p>
        </Alert>
      ) : null}
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="ticketId" value={ticketId} />
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Status</Label>
        {/* Keyed by the status: after a change (or another administrator's) it shows what is stored. */}
        <Select key={status} id={id} name="status" defaultValue={status}>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TICKET_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline" disabled={busy} aria-busy={busy || undefined}>
        {busy ? (
          <>
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
            Updating…
          </>
        ) : (
          "Update Status"
        )}
      </Button>
    </Form>
  );
}
