import { lazy, Suspense, useState } from "react";
import type { Reserved } from "./types.ts";
import type { DialogState } from "./use-explorer-dialog.ts";

/*
 * The dialogs carry the form code (Conform, zod and the form schemas), which a page showing territories does not
 * need until a visitor opens one. So each dialog is its own chunk, loaded the first time it opens, or earlier when
 * the visitor points at or focuses the button that opens it (preloadExplorerDialog), so the first open is quick.
 */
const importReservationDialog = () => import("./reservation-dialog.tsx");
const importWaitlistDialog = () => import("./waitlist-dialog.tsx");

const ReservationDialog = lazy(() => importReservationDialog().then((m) => ({ default: m.ReservationDialog })));
const WaitlistDialog = lazy(() => importWaitlistDialog().then((m) => ({ default: m.WaitlistDialog })));

/** Starts loading a dialog's code (no-op once loaded; the browser caches the module). */
export function preloadExplorerDialog(type: DialogState["type"]): void {
  void (type === "reserve" ? importReservationDialog() : importWaitlistDialog()).catch(() => {
    // A failed preload is retried by the open itself, which shows the error boundary if it fails again.
  });
}

/**
 * The reservation and the waitlist dialog; `dialog` says which one is open and for what. A dialog is mounted the
 * first time it opens (loading its code then) and stays mounted, so it can animate out and open again at once.
 */
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
  const [mounted, setMounted] = useState<{ reserve: boolean; waitlist: boolean }>({
    reserve: false,
    waitlist: false,
  });
  // Mount on first open (setting state during render is React's pattern for state derived from props).
  if (dialog && !mounted[dialog.type]) setMounted({ ...mounted, [dialog.type]: true });

  return (
    <>
      {mounted.reserve ? (
        <Suspense fallback={null}>
          <ReservationDialog
            open={dialog?.type === "reserve" && dialog.open}
            onOpenChange={onOpenChange}
            target={dialog?.type === "reserve" ? dialog.target : null}
            details={dialog?.type === "reserve" ? dialog.details : undefined}
            action={reserveAction}
            onReserved={onReserved}
          />
        </Suspense>
      ) : null}
      {mounted.waitlist ? (
        <Suspense fallback={null}>
          <WaitlistDialog
            open={dialog?.type === "waitlist" && dialog.open}
            onOpenChange={onOpenChange}
            target={dialog?.type === "waitlist" ? dialog.target : null}
            statusLabel={dialog?.type === "waitlist" ? dialog.statusLabel : undefined}
            action={waitlistAction}
          />
        </Suspense>
      ) : null}
    </>
  );
}
