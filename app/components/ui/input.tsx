import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

/** Shared look of text-like controls (input, textarea, select). */
export const controlClasses =
  "w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs transition-[border-color,box-shadow] placeholder:text-muted-foreground/80 hover:border-navy-300 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm dark:bg-navy-950/40 dark:hover:border-navy-500";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        controlClasses,
        "h-10 py-2 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1 file:text-sm file:font-medium file:text-foreground",
        className,
      )}
      {...props}
    />
  );
}
