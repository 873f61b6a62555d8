import { ReservationDialog } from "./reservation-dialog.tsx";
import type { Reserved } from "./types.ts";
import type { DialogState } from "./use-explorer-dialog.ts";
import { WaitlistDialog } from "./waitlist-dialog.tsx";

/** The reservation and the waitlist dialog; `dialog` says which one is open and for what. */
export function ExplorerDialogs({
  dialog,
  onOpenChange,
  reserveAction,
  waitlistAction,
  onReserved,
}: {
  dialog: DialogState | null;
  onOpenChange: (open: boolean) => void;
  reserveAction: string;
  waitlistAction: string;
  onReserved: (reserved: Reserved) => void;
}) {
  return (
    <>
      <ReservationDialog
        open={dialog?.type === "reserve" && dialog.open}
        onOpenChange={onOpenChange}
        target={dialog?.type === "reserve" ? dialog.target : null}
        details={dialog?.type === "reserve" ? dialog.details : undefined}
        action={reserveAction}
        onReserved={onReserved}
      />
      <WaitlistDialog
        open={dialog?.type === "waitlist" && dialog.open}
        onOpenChange={onOpenChange}
        target={dialog?.type === "waitlist" ? dialog.target : null}
        statusLabel={dialog?.type === "waitlist" ? dialog.statusLabel : undefined}
        action={waitlistAction}
      />
    </>
  );
}
