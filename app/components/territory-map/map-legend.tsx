import { cn } from "#app/lib/utils.ts";
import { DISPLAY_STATUSES, STATUS_VOCABULARY } from "#kernel/territory-status.ts";

export function MapLegend({ className }: { className?: string }) {
  return (
    <ul
      aria-label="Map legend"
      className={cn(
        "flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground",
        className,
      )}
    >
      {DISPLAY_STATUSES.map((status) => (
        <li key={status} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={cn(
              "size-3 rounded-[4px] ring-1 ring-black/10 ring-inset dark:ring-white/15",
              STATUS_VOCABULARY[status].classes.bg,
            )}
          />
          {STATUS_VOCABULARY[status].mapLabel}
        </li>
      ))}
    </ul>
  );
}
