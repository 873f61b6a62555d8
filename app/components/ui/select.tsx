import type * as React from "react";
import { ChevronDown } from "#app/components/ui/icons.tsx";
import { cn } from "#app/lib/utils.ts";
import { controlClasses } from "./input";

/**
 * A styled native <select>: works without JavaScript, posts with the form, keyboard and screen-reader friendly.
 * Pass <option> children. `wrapperClassName` sizes the wrapper (e.g. "w-48"); it is full width by default.
 */
export function Select({
  className,
  wrapperClassName,
  children,
  ...props
}: React.ComponentProps<"select"> & { wrapperClassName?: string }) {
  return (
    <div data-slot="select-wrapper" className={cn("relative w-full", wrapperClassName)}>
      <select
        data-slot="select"
        className={cn(controlClasses, "h-10 cursor-pointer appearance-none py-2 pr-10", className)}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
