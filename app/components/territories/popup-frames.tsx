import { Popover } from "radix-ui";
import { DialogClose, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import { X } from "#app/components/ui/icons.tsx";
import type { MapTerritoryView } from "#kernel/catalogue.ts";
import { PopupBody } from "./popup-body.tsx";
import { type PopupState, popupTitle } from "./popup-data.ts";

const POPUP_TITLE_CLASS = "mt-1 text-lg leading-tight font-bold tracking-tight";
const CLOSE_CLASS =
  "-mt-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";

type FrameProps = {
  /** The open territory and its popup data; both null while closed. */
  territory: MapTerritoryView | null;
  state: PopupState | null;
  /** Gives the focus back to the territory on the map. */
  onCloseAutoFocus: (e: Event) => void;
};

/**
 * How far the popover keeps from the edges of its boundary (the map's card): the top leaves room for the sticky site
 * header when the card reaches the top of the window.
 */
export const POPOVER_COLLISION_PADDING = { top: 84, right: 12, bottom: 12, left: 12 } as const;

/**
 * The popup beside the territory, from 640 px up (inside a Popover.Root anchored to the territory). It stays inside
 * `boundary` (the map's card): beside a territory near the card's edge it moves or flips to the other side rather
 * than spill past the card.
 */
export function PopoverPopup({
  territory,
  state,
  onCloseAutoFocus,
  titleId,
  boundary,
}: FrameProps & { titleId: string; boundary: Element | null }) {
  return (
    <Popover.Portal>
      <Popover.Content
        side="right"
        align="center"
        sideOffset={12}
        collisionBoundary={boundary}
        collisionPadding={POPOVER_COLLISION_PADDING}
        aria-labelledby={titleId}
        onCloseAutoFocus={onCloseAutoFocus}
        className="z-50 max-h-[var(--radix-popover-content-available-height)] w-[21rem] overflow-y-auto overscroll-contain rounded-xl border border-border bg-popover p-5 text-popover-foreground shadow-lift outline-none motion-safe:data-[state=open]:animate-[dialog-in_150ms_ease-out]"
      >
        {territory && state ? (
          <PopupBody
            territory={territory}
            state={state}
            title={
              <h3 id={titleId} className={POPUP_TITLE_CLASS}>
                {popupTitle(territory, state)}
              </h3>
            }
            close={
              <Popover.Close className={CLOSE_CLASS}>
                <X className="size-4" aria-hidden="true" />
                <span className="sr-only">Close</span>
              </Popover.Close>
            }
          />
        ) : null}
        <Popover.Arrow className="fill-popover" width={14} height={7} />
      </Popover.Content>
    </Popover.Portal>
  );
}

/** The same content in a modal dialog on phones, which always has room (inside a Dialog root). */
export function DialogPopup({ territory, state, onCloseAutoFocus }: FrameProps) {
  return (
    <DialogContent hideClose className="max-w-sm p-5 sm:p-6" onCloseAutoFocus={onCloseAutoFocus}>
      {territory && state ? (
        <PopupBody
          territory={territory}
          state={state}
          title={<DialogTitle className={POPUP_TITLE_CLASS}>{popupTitle(territory, state)}</DialogTitle>}
          close={
            <DialogClose className={CLOSE_CLASS}>
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">Close</span>
            </DialogClose>
          }
        />
      ) : null}
      <DialogDescription className="sr-only">
        Area codes, population and the numbers available in this territory.
      </DialogDescription>
    </DialogContent>
  );
}
