import { useEffect, useId, useMemo, useRef } from "react";
import { Select } from "#app/components/ui/select.tsx";
import { cn } from "#app/lib/utils.ts";
import { normalizeMapStatus, STATUS_VOCABULARY } from "#kernel/territory-status.ts";
import type { MapTerritory } from "./types.ts";

export const PICKER_LABEL = "Choose a territory";
const PICKER_PLACEHOLDER = "Pick a state or portion…";

/** The picker's choices: every territory by name, each with its status, e.g. "Rhode Island (Fully Licensed)". */
export function pickerOptions(territories: readonly MapTerritory[]): { value: string; label: string }[] {
  return [...territories]
    .sort((a, b) => a.name.localeCompare(b.name, "en"))
    .map((t) => ({ value: t.key, label: `${t.name} (${STATUS_VOCABULARY[normalizeMapStatus(t.status)].mapLabel})` }));
}

/**
 * 'Choose a territory': a native list of every territory above the map on small screens, where Rhode Island or the
 * District of Columbia are a few pixels wide. Choosing one does what a tap on its shape does.
 */
export function TerritoryPicker({
  territories,
  selectedKey,
  onSelect,
  className,
}: {
  territories: readonly MapTerritory[];
  selectedKey: string | null;
  onSelect: ((key: string) => void) | undefined;
  className?: string;
}) {
  const id = useId();
  const options = useMemo(() => pickerOptions(territories), [territories]);
  const shown = selectedKey !== null && options.some((o) => o.value === selectedKey) ? selectedKey : "";
  // The list is uncontrolled so that a choice made before the page's script has run (a slow phone) survives
  // hydration, which would reset a controlled one: on mount it is acted on, as if made now. After that the list
  // follows the selection made elsewhere (a tap on the map).
  const ref = useRef<HTMLSelectElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    const select = ref.current;
    if (!select) return;
    const early = !mounted.current && select.value !== "" && select.value !== shown;
    mounted.current = true;
    if (early) onSelect?.(select.value);
    else if (select.value !== shown) select.value = shown;
  }, [shown, onSelect]);
  if (!onSelect || options.length === 0) return null;
  return (
    <div className={cn("grid gap-1.5 md:hidden", className)}>
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {PICKER_LABEL}
      </label>
      <Select
        ref={ref}
        id={id}
        defaultValue={shown}
        onChange={(e) => {
          if (e.target.value) onSelect(e.target.value);
        }}
      >
        <option value="">{PICKER_PLACEHOLDER}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
