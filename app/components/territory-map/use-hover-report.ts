import { useEffect, useRef } from "react";
import { useLatest } from "./use-latest.ts";

/** Calls `onHover` whenever the highlighted key changes (not for the initial null). */
export function useHoverReport(activeKey: string | null, onHover: ((key: string | null) => void) | undefined): void {
  const onHoverRef = useLatest(onHover);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === activeKey) return;
    reported.current = activeKey;
    onHoverRef.current?.(activeKey);
  }, [activeKey, onHoverRef]);
}
