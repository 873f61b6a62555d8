import { LayoutList, MapIcon } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";

export type ExplorerView = "map" | "list";

const OPTIONS: { value: ExplorerView; label: string; Icon: typeof MapIcon }[] = [
  { value: "map", label: "Map", Icon: MapIcon },
  { value: "list", label: "List", Icon: LayoutList },
];

/** Map / list segmented control: two toggle buttons, the current one pressed (the explorer opens on the map). */
export function ViewToggle({
  value,
  onChange,
  className,
}: {
  value: ExplorerView;
  onChange: (view: ExplorerView) => void;
  className?: string;
}) {
  return (
    <fieldset className={cn("inline-flex rounded-lg border border-border bg-muted p-1 shadow-xs", className)}>
      <legend className="sr-only">Territory view</legend>
      {OPTIONS.map(({ value: v, label, Icon }) => {
        const pressed = v === value;
        return (
          <button
            key={v}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(v)}
            className={cn(
              "inline-flex h-9 items-center gap-2 rounded-md px-4 text-sm font-semibold transition-[color,background-color,box-shadow] duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              pressed
                ? "bg-card text-foreground shadow-sm ring-1 ring-border"
                : "text-muted-foreground hover:bg-background/60 hover:text-foreground",
            )}
          >
            <Icon className={cn("size-4", pressed && "text-accent-text")} aria-hidden="true" />
            {label}
          </button>
        );
      })}
    </fieldset>
  );
}
