import type { Ref } from "react";
import { cn } from "#app/lib/utils.ts";
import { STATUS_VOCABULARY } from "#kernel/territory-status.ts";
import { formatAreaCodes, formatMonthlyPrice } from "./format.ts";
import type { MapTerritory } from "./types.ts";

/**
 * Floating card with the hovered or keyboard-focused territory. Positioned by its parent (a transform
 * set on the element); hidden from assistive technology, which gets the same facts from the shape's
 * label and description.
 */
export function MapTooltip({ territory, ref }: { territory: MapTerritory | null; ref?: Ref<HTMLDivElement> }) {
  const price = territory ? formatMonthlyPrice(territory.monthly?.cents) : null;
  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-testid="map-tooltip"
      className={cn(
        "pointer-events-none absolute top-0 left-0 z-10 w-52 max-w-[calc(100%-1rem)] rounded-xl border border-border bg-popover/95 p-3 text-popover-foreground text-xs shadow-lift backdrop-blur-sm @md:w-64 @md:p-4 @md:text-sm",
        territory ? "visible" : "invisible",
      )}
    >
      {territory && (
        <>
          <p className="font-semibold text-sm leading-tight tracking-tight @md:text-base">{territory.name}</p>
          <p className="mt-1.5 flex items-center gap-2 text-muted-foreground">
            <span
              aria-hidden="true"
              className={cn("size-2.5 shrink-0 rounded-full", STATUS_VOCABULARY[territory.status].classes.bg)}
            />
            {STATUS_VOCABULARY[territory.status].mapLabel}
          </p>
          <dl className="mt-2.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-border border-t pt-2.5 @md:mt-3 @md:gap-y-1.5 @md:pt-3">
            <dt className="text-muted-foreground">Area codes</dt>
            <dd className="font-medium tabular-nums">
              {territory.areaCodes.length > 0 ? formatAreaCodes(territory.areaCodes) : "—"}
            </dd>
            <dt className="text-muted-foreground">{territory.monthly?.label ?? "Monthly fee"}</dt>
            <dd className={cn("font-semibold tabular-nums", price ? "text-accent-text" : "font-medium")}>
              {price ?? "On request"}
            </dd>
          </dl>
        </>
      )}
    </div>
  );
}
