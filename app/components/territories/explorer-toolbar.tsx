import { X } from "#app/components/ui/icons.tsx";
import { type ExplorerView, ViewToggle } from "./view-toggle.tsx";

/** The map / list toggle and, beside it, the selected territory with a clear button, or a hint. */
export function ExplorerToolbar({
  view,
  onViewChange,
  selectedName,
  onClear,
}: {
  view: ExplorerView;
  onViewChange: (view: ExplorerView) => void;
  selectedName: string | null;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <ViewToggle value={view} onChange={onViewChange} />
      {/* Always one line high, so selecting never moves the map or list. */}
      <div className="flex h-9 w-full min-w-0 items-center gap-2 text-sm sm:w-auto">
        {selectedName !== null ? (
          <>
            <span className="min-w-0 truncate text-muted-foreground">
              Selected: <span className="font-semibold text-foreground">{selectedName}</span>
            </span>
            <button
              type="button"
              onClick={onClear}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">Clear selection</span>
            </button>
          </>
        ) : (
          <span className="truncate text-muted-foreground">
            {view === "map" ? "Hover to preview, click to select." : "Select a territory to see its details."}
          </span>
        )}
      </div>
    </div>
  );
}
