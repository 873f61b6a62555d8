import { useRouteLoaderData } from "react-router";
import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import { TICKET_TEXT } from "#kernel/schemas/support.ts";

type RootData = { toast?: { type: string; title: string; description?: string } | null };

const TICKET_TOASTS: readonly string[] = [
  TICKET_TEXT.replyPosted,
  TICKET_TEXT.statusUpdated,
  TICKET_TEXT.created.title,
];

/**
 * The toast of the last ticket redirect ('Reply posted', 'Status updated', 'Ticket Created') also shown on the
 * page, where it is seen without JavaScript too. It goes with the next navigation or refresh of the thread.
 */
export function TicketFlashNotice() {
  const toast = (useRouteLoaderData("root") as RootData | undefined)?.toast;
  if (!toast || !TICKET_TOASTS.includes(toast.title)) return null;
  return (
    <Alert variant="success" data-testid="ticket-notice">
      <AlertTitle>{toast.title}</AlertTitle>
      {toast.description ? <p>{toast.description}</p> : null}
    </Alert>
  );
}
