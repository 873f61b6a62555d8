import { type RefObject, useRef } from "react";

/**
 * Anchors the popup to the last territory opened on the map (a virtual element measuring its shape), and gives the
 * focus back when the popup closes (there is no trigger button): to the territory's shape, or to the territory list
 * above the map when that is where the popup was opened from.
 */
export function usePopupAnchor(): {
  /** The element around the map whose territory shapes are looked up. */
  mapWrapRef: RefObject<HTMLDivElement | null>;
  /** For Popover.Anchor's virtualRef. */
  anchorRef: RefObject<{ getBoundingClientRect: () => DOMRect }>;
  anchorTo: (key: string) => void;
  /** onCloseAutoFocus of the popover and the dialog. */
  restoreFocus: (e: Event) => void;
} {
  const mapWrapRef = useRef<HTMLDivElement>(null);
  const anchorKey = useRef<string | null>(null);
  const openedFrom = useRef<Element | null>(null);

  const shapeOf = (key: string | null): Element | null => {
    if (!key || !mapWrapRef.current) return null;
    return mapWrapRef.current.querySelector(`[data-key="${CSS.escape(key)}"][tabindex]`);
  };

  const anchorRef = useRef({
    getBoundingClientRect: (): DOMRect => {
      const el = shapeOf(anchorKey.current);
      return el ? el.getBoundingClientRect() : new DOMRect(0, 0, 0, 0);
    },
  });

  const restoreFocus = (e: Event) => {
    e.preventDefault();
    const from = openedFrom.current;
    const el = from instanceof HTMLSelectElement && from.isConnected ? from : shapeOf(anchorKey.current);
    if (el instanceof SVGElement || el instanceof HTMLElement) el.focus({ preventScroll: true });
  };

  return {
    mapWrapRef,
    anchorRef,
    anchorTo: (key) => {
      anchorKey.current = key;
      openedFrom.current = typeof document === "undefined" ? null : document.activeElement;
    },
    restoreFocus,
  };
}
