/**
 * The home map's popup frames, loaded on their own (`home-territory-map.tsx` imports this lazily): the popover beside
 * the territory from 640 px up, the dialog below. Neither is needed to draw the page, only once a territory opens.
 */
import { Popover } from "radix-ui";
import type { RefObject } from "react";
import { Dialog } from "#app/components/ui/dialog.tsx";
import type { MapTerritoryView } from "#kernel/catalogue.ts";
import type { PopupState } from "./popup-data.ts";
import { DialogPopup, PopoverPopup } from "./popup-frames.tsx";

export type HomeMapPopupsProps = {
  /** The open territory and its popup data; both null while closed. */
  territory: MapTerritoryView | null;
  state: PopupState | null;
  /** From 640 px up the popover, below the dialog. */
  wide: boolean;
  titleId: string;
  /** The territory's shape on the map, for the popover to sit beside. */
  anchorRef: RefObject<{ getBoundingClientRect: () => DOMRect }>;
  /** The map's card: the popover stays inside it. */
  boundary: Element | null;
  onOpenChange: (open: boolean) => void;
  /** Gives the focus back to the territory on the map. */
  onCloseAutoFocus: (e: Event) => void;
};

export default function HomeMapPopups({
  territory,
  state,
  wide,
  titleId,
  anchorRef,
  boundary,
  onOpenChange,
  onCloseAutoFocus,
}: HomeMapPopupsProps) {
  const open = territory !== null;
  return (
    <>
      <Popover.Root open={open && wide} onOpenChange={onOpenChange}>
        <Popover.Anchor virtualRef={anchorRef} />
        <PopoverPopup
          territory={territory}
          state={state}
          titleId={titleId}
          boundary={boundary}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      </Popover.Root>
      {/* Phones: the same content in a modal dialog, which always has room. */}
      <Dialog open={open && !wide} onOpenChange={onOpenChange}>
        <DialogPopup territory={territory} state={state} onCloseAutoFocus={onCloseAutoFocus} />
      </Dialog>
    </>
  );
}
