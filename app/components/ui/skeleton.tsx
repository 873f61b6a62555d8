import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-navy-100 dark:bg-navy-800/70", className)}
      {...props}
    />
  );
}
