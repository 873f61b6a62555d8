import { useState } from "react";
import type { Hold } from "./holds.ts";
import { useOnChange } from "./use-on-change.ts";

/** The holds the visitor made on this page; they outlive fresh loader data, and a new `resetKey` forgets them. */
export function useHolds(resetKey: string): { holds: readonly Hold[]; add: (hold: Hold) => void } {
  const [holds, setHolds] = useState<Hold[]>([]);
  useOnChange(resetKey, () => setHolds([]));
  return { holds, add: (hold) => setHolds((list) => [...list, hold]) };
}
