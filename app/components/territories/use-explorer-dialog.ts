import { useEffect, useRef, useState } from "react";
import type { TerritoryView } from "#kernel/catalogue.ts";
import { cardStatus } from "#kernel/territory-status.ts";
import type { CategoryRef } from "./card-actions.ts";
import { reservationDetails } from "./price-story.ts";
import type { FormTarget } from "./types.ts";
import { useOnChange } from "./use-on-change.ts";

/** The form's territory is cleared about 300 ms after the dialog closes, once the dialog is gone. */
export const FORM_CLEAR_DELAY_MS = 300;

export type DialogState = {
  type: "reserve" | "waitlist";
  open: boolean;
  target: FormTarget;
  statusLabel: string;
  details: { label: string; value: string }[];
};

/**
 * Which dialog is open (reservation or waitlist) and for what. Closing keeps the target while the dialog animates
 * out, then clears it; a new `resetKey` clears it at once.
 */
export function useExplorerDialog(resetKey: string): {
  dialog: DialogState | null;
  open: (type: DialogState["type"], t: TerritoryView, category: CategoryRef) => void;
  onOpenChange: (open: boolean) => void;
} {
  const [dialog, setDialog] = useState<DialogState | null>(null);
  useOnChange(resetKey, () => setDialog(null));

  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
    },
    [],
  );

  const open = (type: DialogState["type"], t: TerritoryView, category: CategoryRef) => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
    setDialog({
      type,
      open: true,
      target: { territory: { id: t.id, name: t.name }, category },
      statusLabel: cardStatus(t.listStatus).label,
      details: reservationDetails(t, category.id),
    });
  };

  const onOpenChange = (isOpen: boolean) => {
    if (isOpen) return;
    setDialog((d) => (d ? { ...d, open: false } : d));
    if (clearTimer.current) clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setDialog((d) => (d && !d.open ? null : d)), FORM_CLEAR_DELAY_MS);
  };

  return { dialog, open, onOpenChange };
}
