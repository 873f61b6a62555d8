import { useEffect } from "react";
import { useLatest } from "./use-latest.ts";

/** While `active`, Escape anywhere on the page calls `onEscape`. */
export function useEscapeKey(active: boolean, onEscape: () => void): void {
  const onEscapeRef = useLatest(onEscape);
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onEscapeRef.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active, onEscapeRef]);
}
