import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { DialogResponse } from "#app/components/forms/use-dialog-fetcher.ts";
import { toast } from "#app/components/ui/toast.ts";
import { cn } from "#app/lib/utils.ts";

/**
 * The featured number's active switch: a real button with role="switch" and aria-checked, in a one-button POST
 * form (`intent=toggle-featured`), so it works without JavaScript too. While the post runs it shows the state it
 * is moving to; the answer is toasted.
 */
export function ActiveToggle({ id, active, numberText }: { id: string; active: boolean; numberText: string }) {
  const fetcher = useFetcher<DialogResponse>();
  const data = fetcher.data;
  useEffect(() => {
    if (!data) return;
    if (data.ok) {
      if (data.title) toast.success(data.title, { description: data.message });
    } else toast.error(data.title ?? "Error updating status", { description: data.message });
  }, [data]);
  const busy = fetcher.state !== "idle";
  const shown = busy ? !active : active;
  return (
    <fetcher.Form method="post" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="intent" value="toggle-featured" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-label={`Active: ${numberText}`}
        aria-busy={busy || undefined}
        disabled={busy}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-70",
          shown ? "bg-emerald-600" : "bg-muted-foreground/40",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block size-5 rounded-full bg-white shadow transition-transform",
            shown ? "translate-x-5" : "translate-x-0",
          )}
        />
      </button>
      <span aria-hidden="true" className="text-sm text-muted-foreground">
        {shown ? "Active" : "Hidden"}
      </span>
    </fetcher.Form>
  );
}
