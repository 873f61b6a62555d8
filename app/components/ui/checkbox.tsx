import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

/**
 * A native checkbox (posts with the form without JavaScript), styled with the brand colours.
 * Pair it with a <Label htmlFor> or wrap both in a <label>.
 */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        "peer size-4.5 shrink-0 cursor-pointer rounded-[5px] border border-input bg-background accent-navy-900 shadow-xs transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive dark:accent-gold-400",
        className,
      )}
      {...props}
    />
  );
}
